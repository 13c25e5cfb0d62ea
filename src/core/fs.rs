//! Reading files whose size the engine does not control (variant files, nets, training data,
//! state files) with a cap, so a special file (`/dev/zero`, a FIFO) or a huge file is refused
//! with a clear error instead of reading until memory runs out.

use std::io::{Error, ErrorKind, Read};
use std::path::Path;

/// Reads at most `max_bytes` bytes of the regular file `path`.
///
/// # Errors
/// The file cannot be opened or read, is not a regular file, or is larger than `max_bytes`.
pub fn read_capped(path: &Path, max_bytes: u64) -> Result<Vec<u8>, Error> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(Error::new(ErrorKind::InvalidInput, "not a regular file"));
    }
    if meta.len() > max_bytes {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!("{} bytes, more than the {max_bytes} allowed", meta.len()),
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The size can change while reading: never take more than the cap.
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!("more than the {max_bytes} bytes allowed"),
        ));
    }
    Ok(bytes)
}

/// [`read_capped`] for a UTF-8 text file.
///
/// # Errors
/// As [`read_capped`], or the text is not UTF-8.
pub fn read_text_capped(path: &Path, max_bytes: u64) -> Result<String, Error> {
    String::from_utf8(read_capped(path, max_bytes)?).map_err(|_| Error::new(ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_and_large_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("nue-fs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let small = dir.join("small.txt");
        std::fs::write(&small, "hello").expect("write");
        assert_eq!(read_text_capped(&small, 5).expect("fits"), "hello");
        assert!(read_text_capped(&small, 4).is_err());
        assert!(read_capped(&dir, 100).is_err(), "a directory is no regular file");
        if Path::new("/dev/zero").exists() {
            assert!(read_capped(Path::new("/dev/zero"), 1 << 20).is_err());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
