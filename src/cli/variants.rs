//! `nue variants`: its arguments, the list of known variants, and `--toml`'s variant file.

use super::CliError;

/// Lists the variants the engine knows (name, board size, pieces).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nue variants\n  nue variants --toml capablanca > my-variant.toml\n  nue variants --toml variants.ini:orda"
)]
pub struct VariantsArgs {
    /// Print this variant as a TOML variant file instead (a name, a `.toml` file, or a
    /// Fairy-Stockfish `.ini` file or `FILE.ini:NAME` section, translated).
    #[arg(long, value_name = "VARIANT")]
    toml: Option<String>,
}

impl VariantsArgs {
    /// Prints the list, or `--toml`'s variant file.
    ///
    /// # Errors
    /// `--toml` names an unknown variant or an unreadable or invalid file.
    pub fn run(self) -> Result<(), CliError> {
        match self.toml {
            Some(spec) => print_toml(&spec),
            None => {
                list();
                Ok(())
            }
        }
    }
}

/// Every known variant with its board and pieces.
fn list() {
    for name in nue::engine::registry::variant_names() {
        match nue::engine::registry::check(&name) {
            Ok(def) => {
                let letters: String = def.pieces.iter().map(|p| p.letter).collect();
                println!("{name}\t{}x{}\t{letters}", def.files, def.ranks);
            }
            // Native games have no variant file.
            Err(_) => println!("{name}\tnative"),
        }
    }
}

/// `--toml SPEC`: the variant as a TOML file, on stdout.
fn print_toml(spec: &str) -> Result<(), CliError> {
    let text = nue::engine::registry::toml_text(spec).map_err(CliError::Variant)?;
    print!("{text}");
    Ok(())
}
