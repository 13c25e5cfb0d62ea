//! `nue check`: its arguments and the check of variant files, every problem printed.

use super::CliError;

/// Checks variant files (`.toml`, or Fairy-Stockfish `.ini` files section by section);
/// prints every problem as `FILE:LINE:COL: key: message` and exits 1 if there is any.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  nue check variants/*.toml\n  nue check my-variant.toml\n  nue check variants.ini")]
pub struct CheckArgs {
    /// Variant files (`.toml`) or built-in names.
    #[arg(required = true)]
    files: Vec<String>,
}

impl CheckArgs {
    /// Prints a line per variant checked (or per problem); an error when there is any problem.
    ///
    /// # Errors
    /// [`CliError::CheckFailed`] when any file has problems.
    pub fn run(self) -> Result<(), CliError> {
        let mut bad = 0;
        // A Fairy-Stockfish .ini file is checked section by section (FILE.ini:NAME).
        let mut specs = Vec::new();
        for file in &self.files {
            match nue::engine::registry::expand(file) {
                Ok(v) => specs.extend(v),
                Err(e) => {
                    println!("{e}");
                    bad += 1;
                }
            }
        }
        for file in &specs {
            match nue::engine::registry::check(file) {
                Ok(def) => println!(
                    "{file}: ok ({}, {}x{}, {} piece kinds)",
                    def.name,
                    def.files,
                    def.ranks,
                    def.pieces.len()
                ),
                Err(e) => {
                    println!("{e}");
                    bad += 1;
                }
            }
        }
        match bad {
            0 => Ok(()),
            _ => Err(CliError::CheckFailed {
                bad,
                total: specs.len().max(bad),
            }),
        }
    }
}
