//! Datagen's resume point, kept beside its data file as `<file>.resume` and rewritten after
//! every game, so a run killed without warning (a closed session, a lost machine) continues
//! where it was: the games it wrote are kept, none is played or stored twice, and the bytes
//! an interrupted write left past the last recorded game are cut off.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Largest checkpoint file read (bytes): a few lines of TOML.
const MAX_BYTES: u64 = 4096;

/// What a data file holds of one seed's run, after its last recorded game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The run's seed.
    pub seed: u64,
    /// The run's shard, `[i, n]` (see [`super::datagen::DatagenConfig::shard`]).
    pub shard: [u64; 2],
    /// Where the run continues: every game before it was written or given up.
    pub next_game: u64,
    /// Length of the data file (bytes) after the last recorded game.
    pub bytes: u64,
    /// Games of this seed's run in the file.
    pub games: u64,
    /// Positions of this seed's run in the file.
    pub positions: u64,
}

/// The checkpoint file of the data file `data`: `data` with `.resume` appended.
pub fn path_for(data: &Path) -> PathBuf {
    let mut name = data.as_os_str().to_owned();
    name.push(".resume");
    PathBuf::from(name)
}

impl Checkpoint {
    /// Writes the checkpoint of `data` (to a temporary file renamed over the old one, so a
    /// kill leaves the old checkpoint or the new one, never half of one).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, data: &Path) -> Result<(), String> {
        let path = path_for(data);
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        let tmp = path.with_extension("resume.tmp");
        std::fs::write(
            &tmp,
            format!("# nue datagen's resume point for {}\n{text}", data.display()),
        )
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The checkpoint of `data` if it has one made by the run of `seed` and `shard`, after
    /// cutting the data file back to the checkpoint's length. `None`: no checkpoint, or one of
    /// another run (the file then continues as it is).
    ///
    /// # Errors
    /// The checkpoint cannot be read or parsed, or the data file is shorter than it records
    /// (changed since), or cannot be cut.
    pub fn recover(data: &Path, seed: u64, shard: (u64, u64)) -> Result<Option<Checkpoint>, String> {
        let path = path_for(data);
        if !path.exists() {
            return Ok(None);
        }
        let text =
            crate::core::fs::read_text_capped(&path, MAX_BYTES).map_err(|e| format!("{}: {e}", path.display()))?;
        let c: Checkpoint = toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if c.seed != seed || c.shard != [shard.0, shard.1] {
            return Ok(None);
        }
        let len = std::fs::metadata(data)
            .map_err(|e| format!("{}: {e}", data.display()))?
            .len();
        if len < c.bytes {
            return Err(format!(
                "{}: {len} bytes, shorter than the {} its checkpoint {} records; remove the checkpoint to start over",
                data.display(),
                c.bytes,
                path.display()
            ));
        }
        if len > c.bytes {
            std::fs::OpenOptions::new()
                .write(true)
                .open(data)
                .and_then(|f| f.set_len(c.bytes))
                .map_err(|e| format!("{}: {e}", data.display()))?;
        }
        Ok(Some(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recover_cuts_unrecorded_bytes_and_ignores_other_runs() {
        let dir = std::env::temp_dir().join(format!("nue-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let data = dir.join("d.data");
        std::fs::write(&data, [7u8; 100]).expect("write");
        assert_eq!(Checkpoint::recover(&data, 1, (0, 1)), Ok(None));
        let c = Checkpoint {
            seed: 1,
            shard: [0, 1],
            next_game: 9,
            bytes: 60,
            games: 8,
            positions: 40,
        };
        c.save(&data).expect("save");
        assert_eq!(Checkpoint::recover(&data, 2, (0, 1)), Ok(None), "another seed");
        assert_eq!(Checkpoint::recover(&data, 1, (1, 2)), Ok(None), "another shard");
        assert_eq!(std::fs::metadata(&data).expect("meta").len(), 100);
        assert_eq!(Checkpoint::recover(&data, 1, (0, 1)), Ok(Some(c)));
        assert_eq!(
            std::fs::metadata(&data).expect("meta").len(),
            60,
            "cut to the last game"
        );
        std::fs::write(&data, [7u8; 10]).expect("write");
        let err = Checkpoint::recover(&data, 1, (0, 1)).expect_err("shorter than recorded");
        assert!(err.contains("shorter"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
