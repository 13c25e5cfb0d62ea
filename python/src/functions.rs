//! pyffish's module functions, with its names, arguments (positional, the optional ones also
//! by keyword) and return values.

use crate::fen;
use crate::registry;
use nue::core::Outcome;
use nue::engine::api::Board;
use pyo3::prelude::*;
use pyo3::types::PyModule;

pyo3::create_exception!(
    nue,
    error,
    pyo3::exceptions::PyValueError,
    "Bad input: an unknown variant, a malformed FEN, an illegal move."
);

/// pyffish's value of a won game (for the side to move).
pub const VALUE_MATE: i32 = 32000;

/// The value pyffish gives an outcome for the side to move.
pub fn value(o: Outcome) -> i32 {
    match o {
        Outcome::Win => VALUE_MATE,
        Outcome::Draw => 0,
        Outcome::Loss => -VALUE_MATE,
    }
}

/// The board of `variant` after `moves` from `fen`, read as Fairy-Stockfish reads it (a side
/// not to move in check passes).
pub fn board(variant: &str, fen: &str, moves: &[String], chess960: bool) -> PyResult<Box<dyn Board>> {
    let v = registry::get(variant)?;
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    v.board_as_fairy_stockfish(Some(fen), &moves, chess960)
        .map_err(|e| error::new_err(e.0))
}

/// The engine's version as (major, minor, patch).
#[pyfunction]
fn version() -> (u32, u32, u32) {
    let mut parts = env!("CARGO_PKG_VERSION").split('.').map(|p| p.parse().unwrap_or(0));
    (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    )
}

/// A line naming the engine.
#[pyfunction]
fn info() -> String {
    format!("nue {} (pyffish-compatible rules API)", env!("CARGO_PKG_VERSION"))
}

/// Every variant name known: built-in and loaded.
#[pyfunction]
fn variants() -> Vec<String> {
    registry::names()
}

/// Sets an engine option. `VariantPath` loads a variant file (TOML or Fairy-Stockfish ini);
/// the search options (`Threads`, `Hash`, `UCI_Variant`, ...) are accepted for compatibility
/// and have no effect on the rules functions.
#[pyfunction]
fn set_option(name: &str, value: Bound<'_, PyAny>) -> PyResult<()> {
    const ACCEPTED: [&str; 9] = [
        "uci_variant",
        "threads",
        "hash",
        "multipv",
        "uci_chess960",
        "skill level",
        "use nnue",
        "evalfile",
        "ponder",
    ];
    let lower = name.to_ascii_lowercase();
    if lower == "variantpath" {
        let path: String = value.str()?.to_string();
        let text = std::fs::read_to_string(&path).map_err(|e| error::new_err(format!("{path}: {e}")))?;
        return load(&text);
    }
    if ACCEPTED.contains(&lower.as_str()) {
        Ok(())
    } else {
        Err(error::new_err(format!("No such option {name}")))
    }
}

fn load(text: &str) -> PyResult<()> {
    let (loaded, problems) = nue::engine::api::load_config(text);
    if loaded.is_empty() && !problems.is_empty() {
        return Err(error::new_err(problems.join("\n")));
    }
    registry::add(loaded);
    if !problems.is_empty() {
        // The sections that load are kept; the others are reported, as pyffish prints them.
        eprintln!("{}", problems.join("\n"));
    }
    Ok(())
}

/// Loads variants from text: a Fairy-Stockfish configuration (`[name:parent]` sections) or a
/// nue TOML variant. Sections that cannot be expressed are reported on stderr; the others load.
#[pyfunction]
fn load_variant_config(config: &str) -> PyResult<()> {
    load(config)
}

/// The variant's start position.
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    Ok(registry::get(variant)?.start_fen())
}

/// Whether the variant is played on two boards whose captures pass to the partner (bughouse).
#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    Ok(registry::get(variant)?.two_boards())
}

/// Whether captured pieces go to the capturer's hand.
#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    Ok(registry::get(variant)?.captures_to_hand())
}

/// The legal moves after `movelist` (UCI), none where a rule of the variant ended the game.
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false))]
fn legal_moves(variant: &str, fen: &str, movelist: Vec<String>, chess960: bool) -> PyResult<Vec<String>> {
    Ok(board(variant, fen, &movelist, chess960)?.legal_moves())
}

/// The FEN after `movelist`; `sfen` writes shogi's SFEN; a running count as `count_started`
/// reads it (`Board::count`).
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false, sfen = false, show_promoted = false, count_started = 0))]
#[allow(clippy::too_many_arguments)]
fn get_fen(
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: i64,
) -> PyResult<String> {
    let b = board(variant, fen, &movelist, chess960)?;
    let mut text = if show_promoted {
        b.fen_showing_promoted()
    } else {
        b.fen()
    };
    if let Some(count) = b.count(count_started).filter(|_| count_started != 0) {
        text = fen::with_count(&text, count);
    }
    Ok(if sfen { fen::sfen(&text) } else { text })
}

/// Whether the side to move after `movelist` is in check (pyffish's meaning).
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false))]
fn gives_check(variant: &str, fen: &str, movelist: Vec<String>, chess960: bool) -> PyResult<bool> {
    Ok(board(variant, fen, &movelist, chess960)?.in_check())
}

/// Whether `move` takes a piece after `movelist`.
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, r#move, chess960 = false))]
fn is_capture(variant: &str, fen: &str, movelist: Vec<String>, r#move: &str, chess960: bool) -> PyResult<bool> {
    board(variant, fen, &movelist, chess960)?
        .is_capture(r#move)
        .map_err(|e| error::new_err(e.0))
}

/// The piece the last move of `movelist` took, as a letter in its owner's case ("" if none).
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false))]
fn piece_to_partner(variant: &str, fen: &str, movelist: Vec<String>, chess960: bool) -> PyResult<String> {
    Ok(board(variant, fen, &movelist, chess960)?
        .last_capture()
        .map(String::from)
        .unwrap_or_default())
}

/// The game's value for the side to move where it has no legal move (or a rule of the
/// variant ended the game): `VALUE_MATE`, `-VALUE_MATE` or `VALUE_DRAW`.
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false))]
fn game_result(variant: &str, fen: &str, movelist: Vec<String>, chess960: bool) -> PyResult<i32> {
    let b = board(variant, fen, &movelist, chess960)?;
    Ok(value(b.rule_outcome().unwrap_or_else(|| b.no_move_outcome())))
}

/// Whether a rule of the variant has ended the game, and its value for the side to move.
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false))]
fn is_immediate_game_end(variant: &str, fen: &str, movelist: Vec<String>, chess960: bool) -> PyResult<(bool, i32)> {
    let b = board(variant, fen, &movelist, chess960)?;
    Ok(b.rule_outcome().map_or((false, 0), |o| (true, value(o))))
}

/// Whether the side to move may claim the game's end (move rule, counting, repetition), and
/// its value.
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false, count_started = 0))]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
    count_started: i64,
) -> PyResult<(bool, i32)> {
    let b = board(variant, fen, &movelist, chess960)?;
    Ok(b.claimable_outcome(count_started)
        .map_or((false, 0), |o| (true, value(o))))
}

/// `(white, black)`: whether each side lacks the material to win (Fairy-Stockfish's rule: no
/// hands, no win but checkmate, and no piece or pieces able to force it).
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    let moves: Vec<&str> = movelist.iter().map(String::as_str).collect();
    let [white, black] = registry::get(variant)?
        .insufficient_material(Some(fen), &moves, chess960)
        .map_err(|e| error::new_err(e.0))?;
    Ok((white, black))
}

/// `move` in written notation (`notation`: a `NOTATION_*` constant; the default is SAN, or
/// shogi's Hodges with numbers for the shogi family).
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = 0))]
fn get_san(variant: &str, fen: &str, r#move: &str, chess960: bool, notation: i64) -> PyResult<String> {
    board(variant, fen, &[], chess960)?
        .san(r#move, notation)
        .map_err(|e| error::new_err(e.0))
}

/// Each move of `movelist` in written notation, played one after the other from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false, notation = 0))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
    notation: i64,
) -> PyResult<Vec<String>> {
    let mut b = board(variant, fen, &[], chess960)?;
    let mut out = Vec::with_capacity(movelist.len());
    for mv in &movelist {
        out.push(b.san(mv, notation).map_err(|e| error::new_err(e.0))?);
        b.push(mv).map_err(|e| error::new_err(e.0))?;
    }
    Ok(out)
}

/// `FEN_OK`, or a negative code saying what is wrong with the FEN (pyffish's codes).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    if fen.is_empty() {
        return Ok(0);
    }
    let v = registry::get(variant)?;
    Ok(match v.validate(fen, chess960) {
        Ok(()) => fen::FEN_OK,
        Err((field, message)) => fen::error_code(field, &message),
    })
}

/// The FEN as the side to move sees it in fog of war: unseen squares as `*`.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn get_fog_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    Ok(fen::fog(board(variant, fen, &[], chess960)?.as_ref()))
}

/// Adds the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("error", m.py().get_type::<error>())?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    Ok(())
}
