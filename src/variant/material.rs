//! Whether a side lacks the material to win: Fairy-Stockfish's rule (`has_insufficient_material`
//! in its `apiutil.h`, which pyffish and variant servers call to adjudicate), read from a
//! [`Definition`] and a placement, so that it answers for every variant alike.
//!
//! A side has insufficient material when no rule but checkmate can win for it (no hands, no
//! extinction, flag or repetition win) and its pieces cannot force mate: each piece kind is a
//! major piece (mates with the king: rook, queen, the compounds, silver, gold, commoner, and
//! every piece Fairy-Stockfish has no built-in type for), a colour-bound one (bishop, ferz,
//! alfil, ferz-alfil, the xiangqi elephant) or a minor one (knight, pawns, cannons, ...), and
//! pieces that cannot reach the enemy king's region (xiangqi's advisors and elephants) count
//! for nothing.

use super::Definition;
use super::ini::PIECE_TYPES;
use crate::core::{Color, Outcome, Square};

/// Built-in types that mate with the king alone (Fairy-Stockfish's `MAJOR_PIECES`), by Betza.
const MAJOR: &[&str] = &["R", "Q", "BN", "RN", "FfW", "WfF", "K", "KN", "QN", "RF"];
/// Built-in types bound to one square colour (its `COLORBOUND_PIECES`), by Betza.
const COLOR_BOUND: &[&str] = &["B", "F", "FA", "A", "nA"];
/// Built-in types of Fairy-Stockfish that our files write with Betza its list lacks (janggi's
/// elephant): minor pieces, not custom ones.
const OTHER_BUILT_IN: &[&str] = &["nZ"];

/// A piece on the board: its color, kind (index into [`Definition::pieces`]) and square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Its owner.
    pub color: Color,
    /// Its kind.
    pub kind: u8,
    /// Where it stands (`Square::new(file, rank, def.files)`).
    pub square: Square,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Major,
    ColorBound,
    Minor,
}

fn class(def: &Definition, kind: u8) -> Class {
    let p = &def.pieces[usize::from(kind)];
    let betza = p.betza_text.as_str();
    let built_in = PIECE_TYPES.iter().any(|&(_, b, _)| b == betza) || OTHER_BUILT_IN.contains(&betza);
    if p.pawn {
        Class::Minor
    } else if COLOR_BOUND.contains(&betza) {
        Class::ColorBound
    } else if MAJOR.contains(&betza) || !built_in {
        // Fairy-Stockfish assumes every custom piece can mate, to avoid false draws.
        Class::Major
    } else {
        Class::Minor
    }
}

/// The squares a kind may stand on for `color` (`None`: the whole board).
fn region(def: &Definition, kind: u8, color: Color) -> Option<&[Square]> {
    def.pieces[usize::from(kind)].region[color.index()].as_deref()
}

fn royal_kind(def: &Definition) -> Option<u8> {
    def.pieces.iter().position(|p| p.royal).map(|k| k as u8)
}

/// Whether two regions (`None`: everywhere) share a square.
fn overlap(a: Option<&[Square]>, b: Option<&[Square]>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.iter().any(|s| b.contains(s)),
        _ => true,
    }
}

/// Whether `color` wins by some rule other than checkmate, or plays where a stalemate or a
/// repetition is not a draw: then no material is too little.
fn other_win_rule(def: &Definition, pieces: &[Placed], in_hand: bool, color: Color) -> bool {
    def.drops.as_ref().is_some_and(|d| d.captures_to_hand)
        || in_hand
        || def.end.extinction.as_ref().is_some_and(|e| !e.pseudo_royal)
        || def.end.n_fold_rule > 0 && def.end.n_fold_value != Outcome::Draw
        || def.flag.as_ref().is_some_and(|f| {
            !f.region[color.index()].is_empty() && pieces.iter().any(|p| p.color == color && p.kind == f.kind)
        })
}

/// `[white, black]`: whether each side has too little material to win (Fairy-Stockfish's
/// `has_insufficient_material`, the same answers). `in_hand`: whether each side holds pieces
/// in hand.
pub fn insufficient(def: &Definition, pieces: &[Placed], in_hand: [bool; 2]) -> [bool; 2] {
    [Color::White, Color::Black].map(|c| insufficient_for(def, pieces, in_hand[c.index()], c))
}

fn insufficient_for(def: &Definition, pieces: &[Placed], in_hand: bool, c: Color) -> bool {
    if other_win_rule(def, pieces, in_hand, c) {
        return false;
    }
    let count = |kind: u8| pieces.iter().filter(|p| p.color == c && p.kind == kind).count();
    let promoting_pawn = pieces
        .iter()
        .any(|p| p.color == c && def.pieces[usize::from(p.kind)].pawn);
    let king = royal_kind(def);
    let enemy_king_region = king.and_then(|k| region(def, k, !c));
    // Per piece: restricted (kings, pieces that cannot reach the enemy king) or colour-bound.
    let mut restricted: Vec<bool> = pieces.iter().map(|p| def.pieces[usize::from(p.kind)].royal).collect();
    let mut bound = vec![false; pieces.len()];
    for kind in 0..def.pieces.len() as u8 {
        let blasted_royal = def.blast_on_capture && def.pseudo_royal_kind(kind);
        if Some(kind) == king || !overlap(region(def, kind, c), enemy_king_region) || blasted_royal {
            for (i, p) in pieces.iter().enumerate() {
                restricted[i] |= p.color == c && p.kind == kind;
            }
            continue;
        }
        match class(def, kind) {
            Class::Major => {
                if count(kind) > 0 || promoting_pawn && def.promotion.kinds[c.index()].contains(&kind) {
                    return false;
                }
            }
            Class::ColorBound => {
                for (i, p) in pieces.iter().enumerate() {
                    bound[i] |= p.kind == kind;
                }
            }
            Class::Minor => {}
        }
    }
    let unbound = |i: usize| !restricted[i] && !bound[i];
    let ours = |i: usize| pieces[i].color == c;
    let dark = |s: Square| (s.file(def.files) + s.rank(def.files)).is_multiple_of(2);
    let any_bound = |want: bool| (0..pieces.len()).any(|i| bound[i] && dark(pieces[i].square) == want);
    let harsh = def.end.stalemate_value != Outcome::Draw || def.end.check_counting || def.makpong;
    if (0..pieces.len()).any(|i| bound[i] && ours(i))
        && (any_bound(true) && any_bound(false) || (0..pieces.len()).any(unbound) || harsh)
    {
        return false;
    }
    let free = (0..pieces.len()).filter(|&i| !restricted[i]).count();
    if (0..pieces.len()).any(|i| unbound(i) && ours(i)) && (free >= 2 || harsh) {
        return false;
    }
    // A lone king of its own moves where stalemate is not a draw (wazir kings) may still win.
    let custom_king = king.filter(|&k| def.pieces[usize::from(k)].betza_text != "K");
    !custom_king.is_some_and(|k| {
        def.end.stalemate_value != Outcome::Draw && count(k) > 0 && overlap(region(def, k, c), region(def, k, !c))
    })
}
