//! Fairy-Stockfish's built-in piece types ([`PIECE_TYPES`]) and the names the shipped files
//! give some of them.

/// Fairy-Stockfish's piece types with their Betza strings (its `piece.cpp`), in its enum order
/// (the order it writes hands in, the interpreter's `DropRules::hand_order`; aliases beside their
/// type), and whether they are pawns, royal or immune to their own kind (janggi's cannon). Types
/// whose rules go beyond Betza (janggi's elephant) are missing: using one is reported.
pub const PIECE_TYPES: &[(&str, &str, &str)] = &[
    ("pawn", "fmWfceF", "pawn"),
    ("knight", "N", ""),
    ("bishop", "B", ""),
    ("rook", "R", ""),
    ("queen", "Q", ""),
    ("fers", "F", ""),
    ("met", "F", ""),
    ("alfil", "A", ""),
    ("fersAlfil", "FA", ""),
    ("silver", "FfW", ""),
    ("khon", "FfW", ""),
    ("aiwok", "RNF", ""),
    ("bers", "RF", ""),
    ("dragon", "RF", ""),
    ("archbishop", "BN", ""),
    ("chancellor", "RN", ""),
    ("amazon", "QN", ""),
    ("knibis", "mNcB", ""),
    ("biskni", "mBcN", ""),
    ("kniroo", "mNcR", ""),
    ("rookni", "mRcN", ""),
    ("shogiPawn", "fW", ""),
    ("lance", "fR", ""),
    ("shogiKnight", "fN", ""),
    ("gold", "WfF", ""),
    ("dragonHorse", "BW", ""),
    ("clobber", "cW", ""),
    ("breakthrough", "fmWfF", ""),
    ("immobile", "", ""),
    ("cannon", "mRcpR", ""),
    ("janggiCannon", "pR", "immune"),
    ("soldier", "fsW", ""),
    ("horse", "nN", ""),
    ("elephant", "nA", ""),
    ("banner", "RcpRnN", ""),
    ("wazir", "W", ""),
    ("commoner", "K", ""),
    ("centaur", "KN", ""),
    ("king", "K", "royal"),
];

/// Our names for Fairy-Stockfish's piece types where the shipped files use another one.
const NAME_ALIASES: &[(&str, &str)] = &[
    ("fers", "ferz"),
    ("met", "ferz"),
    ("silver", "khon"),
    ("commoner", "mann"),
];

/// Whether our piece name `ours` is Fairy-Stockfish's type `fsf`: the same name, or the one
/// the shipped files use for it ([`NAME_ALIASES`]).
pub(super) fn names_type(ours: &str, fsf: &str) -> bool {
    let alias = NAME_ALIASES.iter().find(|(f, _)| *f == fsf).map_or(fsf, |(_, o)| o);
    ours.eq_ignore_ascii_case(fsf) || ours.eq_ignore_ascii_case(alias)
}
