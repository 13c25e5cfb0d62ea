//! [`AnyEval`]: the evaluator a session uses, chosen at run time (hand-crafted or an NNUE of one
//! of the supported widths) behind one type, so the search is compiled once per game. And the
//! rules for finding a net: the `EvalFile` option (`none` forces the hand-crafted evaluation),
//! else the variant's embedded default (given by the caller, or the embedded net whose header
//! records the variant's layout hash), else a net under `nets/` (in the working directory or
//! beside the executable) whose header records the variant's layout hash, `<variant>.nnue`
//! first, whatever the other files are called; else the hand-crafted evaluation. A net is
//! bound to its variant by the layout hash, never by its file name alone.

use crate::eval::Evaluator;
use crate::eval::hce::Hce;
use crate::game::{Game, Position};
use crate::nnue::format::{self, NetError};
use crate::nnue::{FeatureLayout, NnueEval};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Hidden widths nets may have.
pub const WIDTHS: [usize; 4] = [64, 128, 256, 512];

/// Any evaluator of game `G`.
#[derive(Clone)]
pub enum AnyEval<G: Game> {
    /// The hand-crafted evaluation.
    Hce(Hce),
    /// An NNUE with 64 hidden neurons per perspective.
    Nnue64(NnueEval<G, 64>),
    /// An NNUE with 128 hidden neurons per perspective.
    Nnue128(NnueEval<G, 128>),
    /// An NNUE with 256 hidden neurons per perspective.
    Nnue256(NnueEval<G, 256>),
    /// An NNUE with 512 hidden neurons per perspective.
    Nnue512(NnueEval<G, 512>),
}

macro_rules! dispatch {
    ($self:expr, $e:ident => $body:expr) => {
        match $self {
            AnyEval::Hce($e) => $body,
            AnyEval::Nnue64($e) => $body,
            AnyEval::Nnue128($e) => $body,
            AnyEval::Nnue256($e) => $body,
            AnyEval::Nnue512($e) => $body,
        }
    };
}

impl<G: Game> Evaluator<G> for AnyEval<G> {
    #[inline]
    fn reset(&mut self, pos: &Position<G>) {
        dispatch!(self, e => e.reset(pos))
    }
    #[inline]
    fn play(&mut self, pos: &mut Position<G>, mv: G::Move) {
        dispatch!(self, e => e.play(pos, mv))
    }
    #[inline]
    fn play_null(&mut self, pos: &mut Position<G>) -> bool {
        dispatch!(self, e => e.play_null(pos))
    }
    #[inline]
    fn undo(&mut self, pos: &mut Position<G>) {
        dispatch!(self, e => e.undo(pos))
    }
    #[inline]
    fn evaluate(&mut self, pos: &Position<G>) -> i32 {
        dispatch!(self, e => e.evaluate(pos))
    }
}

impl<G: Game> AnyEval<G> {
    /// A short description for `info string` lines.
    pub fn describe(&self) -> String {
        match self {
            AnyEval::Hce(_) => "hand-crafted evaluation".to_string(),
            AnyEval::Nnue64(e) => format!("NNUE {}x64 '{}'", e.network().layout.inputs, e.network().description),
            AnyEval::Nnue128(e) => format!("NNUE {}x128 '{}'", e.network().layout.inputs, e.network().description),
            AnyEval::Nnue256(e) => format!("NNUE {}x256 '{}'", e.network().layout.inputs, e.network().description),
            AnyEval::Nnue512(e) => format!("NNUE {}x512 '{}'", e.network().layout.inputs, e.network().description),
        }
    }

    /// An NNUE evaluator from net bytes, for `layout`.
    ///
    /// # Errors
    /// The file does not parse, does not match the layout, or has an unsupported width.
    pub fn from_bytes(bytes: &[u8], source: &str, layout: &FeatureLayout) -> Result<AnyEval<G>, NetError> {
        let header = format::read_header(bytes, source)?;
        Ok(match header.hidden {
            64 => AnyEval::Nnue64(NnueEval::new(Arc::new(format::read::<64>(bytes, source, layout)?))),
            128 => AnyEval::Nnue128(NnueEval::new(Arc::new(format::read::<128>(bytes, source, layout)?))),
            256 => AnyEval::Nnue256(NnueEval::new(Arc::new(format::read::<256>(bytes, source, layout)?))),
            512 => AnyEval::Nnue512(NnueEval::new(Arc::new(format::read::<512>(bytes, source, layout)?))),
            other => {
                return Err(NetError {
                    source: source.to_string(),
                    message: format!("hidden width {other} is not supported (supported: {WIDTHS:?})"),
                });
            }
        })
    }

    /// Reads a net file.
    ///
    /// # Errors
    /// The file cannot be read or is refused (see [`AnyEval::from_bytes`]).
    pub fn from_file(path: &Path, layout: &FeatureLayout) -> Result<AnyEval<G>, NetError> {
        let source = path.display().to_string();
        let bytes = crate::core::fs::read_capped(path, MAX_NET_BYTES).map_err(|e| NetError {
            source: source.clone(),
            message: format!("cannot read: {e}"),
        })?;
        AnyEval::from_bytes(&bytes, &source, layout)
    }
}

/// Largest net file read (bytes): the widest supported net of the largest variants is far
/// smaller; anything bigger is refused before it is read.
pub const MAX_NET_BYTES: u64 = 256 << 20;

/// The folders searched for nets: `nets/` in the working directory, then beside the
/// executable (and two levels up, for `target/release/nue` in a checkout).
pub fn net_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![PathBuf::from("nets")];
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
    {
        dirs.push(dir.join("nets"));
        dirs.push(dir.join("../../nets"));
    }
    dirs
}

/// The `.nnue` files in `dirs` whose header records `layout_hash`, `<variant>.nnue` before the
/// others and each folder in order; files that are no nets or are for other layouts are left
/// out (reading only their headers).
pub fn find_nets(dirs: &[PathBuf], variant: &str, layout_hash: u64) -> Vec<PathBuf> {
    let preferred = format!("{variant}.nnue");
    let mut found = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "nnue") && p.is_file())
            .collect();
        files.sort_by_key(|p| (p.file_name().is_none_or(|n| *n != *preferred), p.clone()));
        for file in files {
            if header_hash(&file) == Some(layout_hash) && !found.iter().any(|f: &PathBuf| same_file(f, &file)) {
                found.push(file);
            }
        }
    }
    found
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The layout hash in a net file's header, reading at most its first 64 KiB.
fn header_hash(path: &Path) -> Option<u64> {
    use std::io::Read;
    let mut head = Vec::with_capacity(1 << 16);
    std::fs::File::open(path)
        .ok()?
        .take(1 << 16)
        .read_to_end(&mut head)
        .ok()?;
    format::read_header(&head, &path.display().to_string())
        .ok()
        .map(|h| h.layout_hash)
}

/// The evaluator for a game's `variant` given the `EvalFile` setting (`""` = automatic, `none` = HCE) and
/// an embedded default net. Returns it with a line saying what was chosen.
///
/// # Errors
/// An explicit `EvalFile` that cannot be used.
pub fn choose<G: Game>(
    variant: &G::Variant,
    eval_file: &str,
    embedded: Option<&[u8]>,
) -> Result<(AnyEval<G>, String), NetError> {
    let layout = &FeatureLayout::of::<G>(variant);
    let variant = &layout.spec.variant;
    if eval_file.eq_ignore_ascii_case("none") {
        return Ok((
            AnyEval::Hce(Hce),
            "using the hand-crafted evaluation (EvalFile none)".into(),
        ));
    }
    if !eval_file.is_empty() && eval_file != "<empty>" {
        let e = AnyEval::from_file(Path::new(eval_file), layout)?;
        let line = format!("using {} from {eval_file}", e.describe());
        return Ok((e, line));
    }
    if let Some(bytes) = embedded {
        let e = AnyEval::from_bytes(bytes, "<embedded>", layout)?;
        let line = format!("using the embedded {}", e.describe());
        return Ok((e, line));
    }
    if let Some((name, bytes)) = super::nets::for_layout(variant, layout.hash) {
        let e = AnyEval::from_bytes(bytes, &format!("<embedded {name}.nnue>"), layout)?;
        let line = format!("using the embedded {} (nets/{name}.nnue)", e.describe());
        return Ok((e, line));
    }
    if let Some(path) = find_nets(&net_dirs(), variant, layout.hash).into_iter().next() {
        let e = AnyEval::from_file(&path, layout)?;
        let line = format!("using {} from {}", e.describe(), path.display());
        return Ok((e, line));
    }
    Ok((
        AnyEval::Hce(Hce),
        format!("no net for variant '{variant}': using the hand-crafted evaluation"),
    ))
}
