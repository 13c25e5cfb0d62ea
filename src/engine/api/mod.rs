//! Every variant's rules and the search behind two object-safe traits that name no game type,
//! in text (FEN, UCI moves), for bindings: the Python package (`python/`) and other front ends
//! that cannot be generic over [`Game`]. A [`Variant`] comes from a name ([`variant`]) or from
//! a variant file's text ([`load_config`]); a [`Board`] from a FEN and moves.
//!
//! Positions and moves are in the UCI dialect Fairy-Stockfish speaks (shogi too: FEN with the
//! hand in brackets, squares `a1`-`i9`, drops `P@e5`), so that pyffish's callers can switch.

mod board;
mod dialect;

pub use board::{GameBoard, Line, ReadFen};

use crate::core::{Color, Outcome, Square};
use crate::engine::registry::{self, ForGame};
use crate::game::{Dialect, Game};
use crate::search::Limits;
use crate::variant::Definition;
use crate::variant::material::{self, Placed};
use std::sync::Arc;

/// Why a call was refused, in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ApiError {}

/// One variant's rules.
pub trait Variant: Send + Sync {
    /// The variant's name.
    fn name(&self) -> &str;
    /// The start position's FEN.
    fn start_fen(&self) -> String;
    /// Whether captured pieces go to the capturer's hand (crazyhouse, shogi).
    fn captures_to_hand(&self) -> bool;
    /// Whether the game is played on two boards whose captures pass to the partner (bughouse).
    fn two_boards(&self) -> bool;
    /// The position after `moves` (UCI) from `fen` (the start position for `None`); with
    /// `chess960`, castling reads and prints as king-takes-rook.
    ///
    /// # Errors
    /// A FEN the variant refuses, or a move that is malformed or illegal where it is played
    /// (the message names it).
    fn board(&self, fen: Option<&str>, moves: &[&str], chess960: bool) -> Result<Box<dyn Board>, ApiError>;
    /// As [`Variant::board`], the FEN read as Fairy-Stockfish reads it (pyffish's functions):
    /// in the interpreter's variants a side not to move in check passes
    /// ([`crate::game::Notation::from_fen_unchecked`]), and its royal piece may then be taken,
    /// after which the game ends as the variant's rules say of a side without one.
    ///
    /// # Errors
    /// As [`Variant::board`].
    fn board_as_fairy_stockfish(
        &self,
        fen: Option<&str>,
        moves: &[&str],
        chess960: bool,
    ) -> Result<Box<dyn Board>, ApiError>;
    /// Checks a FEN as Fairy-Stockfish's validator does: a side not to move in check passes
    /// ([`crate::game::Notation::from_fen_unchecked`]). The error names the FEN field at fault and what is
    /// wrong with it.
    ///
    /// # Errors
    /// The field (`board`, `castling`, ... as [`crate::core::PositionError`] names them) and
    /// the message.
    fn validate(&self, fen: &str, chess960: bool) -> Result<(), (&'static str, String)>;
    /// `[white, black]`: whether each side lacks the material to win after `moves` from `fen`
    /// (as [`Variant::board_as_fairy_stockfish`]), by Fairy-Stockfish's rule
    /// ([`crate::variant::material`]).
    ///
    /// # Errors
    /// As [`Variant::board`].
    fn insufficient_material(&self, fen: Option<&str>, moves: &[&str], chess960: bool) -> Result<[bool; 2], ApiError>;
}

/// A piece on a [`Board`]: its owner, its kind's FEN token in lower case (`"+p"` for a promoted
/// form) and its square (0-based file and rank).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceAt {
    /// Its owner.
    pub color: Color,
    /// Its kind's FEN token, lower case.
    pub token: String,
    /// 0-based file.
    pub file: u8,
    /// 0-based rank.
    pub rank: u8,
}

/// A position with the moves that led to it.
pub trait Board: Send + Sync {
    /// The position's FEN.
    fn fen(&self) -> String;
    /// The FEN with every piece made by a pawn's promotion marked `~` (Fairy-Stockfish's
    /// `showPromoted`), also where the variant's FEN leaves the marks out (makruk).
    fn fen_showing_promoted(&self) -> String;
    /// Every legal move (UCI), none where the game is over by a rule of the variant.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move.
    ///
    /// # Errors
    /// The move is malformed or illegal; the board is unchanged.
    fn push(&mut self, mv: &str) -> Result<(), ApiError>;
    /// Takes back the last move pushed (or given at creation) and returns it.
    fn pop(&mut self) -> Option<String>;
    /// The moves played since the FEN, in UCI.
    fn moves(&self) -> Vec<String>;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Whether `mv` takes a piece (en passant included, castling not).
    ///
    /// # Errors
    /// The move is malformed or illegal.
    fn is_capture(&self, mv: &str) -> Result<bool, ApiError>;
    /// Whether `mv` gives check.
    ///
    /// # Errors
    /// The move is malformed or illegal.
    fn gives_check(&self, mv: &str) -> Result<bool, ApiError>;
    /// `mv` in written notation: pyffish's notation number (0 for the game's default: SAN, or
    /// shogi's Hodges with numbers).
    ///
    /// # Errors
    /// The move is malformed or illegal, or the notation is one nue does not write.
    fn san(&self, mv: &str, notation: i64) -> Result<String, ApiError>;
    /// The pieces on the board.
    fn pieces(&self) -> Vec<PieceAt>;
    /// Pieces in `color`'s hand, all kinds together.
    fn hand_total(&self, color: Color) -> u32;
    /// The piece the last move took, as it goes to a hand: its letter (a promoted piece's base,
    /// a pawn for a promoted pawn) in its owner's case; `None` if it took none.
    fn last_capture(&self) -> Option<char>;
    /// The result a rule of the variant has already decided (extinction, a flag reached, the
    /// checks counted, ...), for the side to move; `None` where play goes on by those rules.
    fn rule_outcome(&self) -> Option<Outcome>;
    /// The result where the side to move has no legal move (checkmate or stalemate value).
    fn no_move_outcome(&self) -> Outcome;
    /// The result a player may claim now (the move rule, a counting rule, repetition with its
    /// perpetual-check value), for the side to move; the count read as [`Board::count`] does.
    fn claimable_outcome(&self, count_started: i64) -> Option<Outcome>;
    /// A counting rule's running `(limit, count)` in plies, `None` where none runs, read as
    /// Fairy-Stockfish's `countStarted` argument says: 0, as the position counts; below 0, the
    /// board's honor count not started; above 0, the board's honor count started at that game
    /// ply (0 for the first move). A count the board's honor gives (pawns on the board, or
    /// both sides with more than a king) is then the board's, and Cambodian's 63-move board
    /// count replaces a longer pieces' honor count.
    fn count(&self, count_started: i64) -> Option<(u16, u16)>;
    /// The game's result by every rule, if it is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Side to move: 0 for the first player (White, sente, red), 1 for the second.
    fn side_to_move(&self) -> usize;
    /// Searches the position within `limits` with `threads` threads and `multipv` lines, with
    /// the variant's own net (or the hand-crafted evaluation where it has none, or always with
    /// `hce`).
    fn analyse(&self, limits: &Limits, multipv: usize, threads: usize, hce: bool) -> Vec<Line>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn Board>;
}

/// A variant of game `G`.
struct GameVariant<G: Game> {
    name: String,
    variant: G::Variant,
    embedded: Option<&'static [u8]>,
    /// The variant's definition (every variant has one: chess and shogi as their files): its
    /// start position as its file writes it, and its rules for the checks done on text.
    definition: Option<Arc<Definition>>,
}

impl<G: Game> Variant for GameVariant<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn start_fen(&self) -> String {
        self.definition
            .as_ref()
            .map_or_else(|| G::start(&self.variant).to_fen(), |d| d.start_fen.clone())
    }

    fn captures_to_hand(&self) -> bool {
        self.definition
            .as_ref()
            .is_some_and(|d| d.drops.as_ref().is_some_and(|d| d.captures_to_hand))
    }

    fn two_boards(&self) -> bool {
        self.definition.as_ref().is_some_and(|d| d.two_boards)
    }

    fn board(&self, fen: Option<&str>, moves: &[&str], chess960: bool) -> Result<Box<dyn Board>, ApiError> {
        self.play(fen, moves, chess960, G::from_fen)
    }

    fn board_as_fairy_stockfish(
        &self,
        fen: Option<&str>,
        moves: &[&str],
        chess960: bool,
    ) -> Result<Box<dyn Board>, ApiError> {
        self.play(fen, moves, chess960, G::from_fen_unchecked)
    }

    fn validate(&self, fen: &str, chess960: bool) -> Result<(), (&'static str, String)> {
        let _ = chess960;
        G::from_fen_unchecked(&self.variant, &self.normalize(fen))
            .map(|_| ())
            .map_err(|e| (e.field, e.message))
    }

    fn insufficient_material(&self, fen: Option<&str>, moves: &[&str], chess960: bool) -> Result<[bool; 2], ApiError> {
        let Some(def) = self.definition.as_deref() else {
            return Ok([false; 2]);
        };
        let board = self.board_as_fairy_stockfish(fen, moves, chess960)?;
        let pieces: Vec<Placed> = board
            .pieces()
            .iter()
            .filter_map(|p| {
                let kind = kind_of_token(def, &p.token)?;
                let square = Square::new(p.file, p.rank, def.files);
                Some(Placed {
                    color: p.color,
                    kind,
                    square,
                })
            })
            .collect();
        let in_hand = [Color::White, Color::Black].map(|c| board.hand_total(c) > 0);
        Ok(material::insufficient(def, &pieces, in_hand))
    }
}

impl<G: Game> GameVariant<G> {
    /// The board of `fen` (the start position for `None`) read by `read`, after the variant's
    /// FEN dialect is normalized and impossible castling rights are dropped.
    /// The position after `moves` from `fen` read by `read`.
    fn play(
        &self,
        fen: Option<&str>,
        moves: &[&str],
        chess960: bool,
        read: ReadFen<G>,
    ) -> Result<Box<dyn Board>, ApiError> {
        let mut board = Box::new(self.open(fen, chess960, read)?);
        for mv in moves {
            board.push(mv)?;
        }
        Ok(board)
    }

    fn open(&self, fen: Option<&str>, chess960: bool, read: ReadFen<G>) -> Result<GameBoard<G>, ApiError> {
        let fen = fen.map(|f| self.without_impossible_castling(&self.normalize(f)));
        GameBoard::new(&self.variant, self.embedded, fen.as_deref(), chess960, read)
    }

    /// `fen` without the castling rights its position cannot have (no king or rook where the
    /// right needs one), which Fairy-Stockfish drops while reading a FEN (its validator, like
    /// [`Variant::validate`], refuses them).
    fn without_impossible_castling(&self, fen: &str) -> String {
        let refused = |f: &str| G::from_fen(&self.variant, f).err().map(|e| e.field);
        let mut fields: Vec<String> = fen.split_ascii_whitespace().map(str::to_string).collect();
        if fields.len() < 3 || refused(fen) != Some("castling") {
            return fen.to_string();
        }
        let with = |fields: &[String], rights: &str| {
            let mut f = fields.to_vec();
            f[2] = rights.to_string();
            f.join(" ")
        };
        let kept: String = fields[2]
            .chars()
            .filter_map(|c| {
                // In S-chess a right without its king keeps the gate of its rook's square.
                [Some(c), self.gate_of_right(c)]
                    .into_iter()
                    .flatten()
                    .find(|&r| refused(&with(&fields, &r.to_string())) != Some("castling"))
            })
            .collect();
        fields[2] = if kept.is_empty() { "-".to_string() } else { kept };
        fields.join(" ")
    }

    /// The gate a castling right (`K`, `q`) names in S-chess: its rook's start file.
    fn gate_of_right(&self, right: char) -> Option<char> {
        let def = self.definition.as_deref()?;
        def.drops.as_ref().filter(|d| d.gating)?;
        let [queen, king] = def.castling.as_ref()?.rook_files;
        let file = match right.to_ascii_lowercase() {
            'k' => king,
            'q' => queen,
            _ => return None,
        };
        let letter = (b'a' + file) as char;
        Some(if right.is_ascii_uppercase() {
            letter.to_ascii_uppercase()
        } else {
            letter
        })
    }

    /// `fen` in Fairy-Stockfish's own form ([`dialect`]).
    fn normalize(&self, fen: &str) -> String {
        match &self.definition {
            Some(def) => dialect::normalize(def, fen),
            None => fen.to_string(),
        }
    }
}

/// The kind of a FEN token (`"p"`, or `"+p"` for the promoted form of `p`).
fn kind_of_token(def: &Definition, token: &str) -> Option<u8> {
    match token.strip_prefix('+') {
        Some(base) => {
            let base = def.kind_of(base.chars().next()?)?;
            def.pieces
                .iter()
                .position(|p| p.promoted_from == Some(base))
                .map(|k| k as u8)
        }
        None => def.kind_of(token.chars().next()?),
    }
}

/// Builds a [`GameVariant`] for whichever game the registry selects.
struct Make {
    definition: Option<Arc<Definition>>,
}

impl ForGame for Make {
    type Output = Arc<dyn Variant>;
    fn run<G: Game>(self, variant: &G::Variant, name: &str, embedded: Option<&'static [u8]>) -> Arc<dyn Variant> {
        Arc::new(GameVariant::<G> {
            name: name.to_string(),
            variant: G::in_dialect(variant, Dialect::Uci),
            embedded,
            definition: self.definition,
        })
    }
}

/// The variant called `name` (built in, loaded with [`load_config`], or a path to a `.toml`
/// or `.ini` file).
///
/// # Errors
/// An unknown name, or the problems of a variant file.
pub fn variant(name: &str) -> Result<Arc<dyn Variant>, ApiError> {
    // Native chess and shogi are asked through their variant files (chess.toml, shogi.toml).
    let def = registry::check(name).ok();
    let make = Make {
        definition: def.map(Arc::new),
    };
    registry::with_game(name, make).map_err(|e| ApiError(e.to_string()))
}

/// The variants a configuration loaded, by name, and the problems of those it could not.
pub type Loaded = (Vec<(String, Arc<dyn Variant>)>, Vec<String>);

/// Loads variant definitions from text: one nue TOML variant, or a Fairy-Stockfish
/// configuration (`[name:parent]` sections, which TOML cannot parse). Returns the variants
/// that load, by name, and the problems of those that do not (the others still load).
pub fn load_config(text: &str) -> Loaded {
    let definitions = if toml::from_str::<toml::Table>(text).is_ok() {
        vec![crate::variant::toml_definition("<config>", text)]
    } else {
        crate::variant::ini_definitions("<config>", text)
    };
    let mut loaded = Vec::new();
    let mut problems = Vec::new();
    for def in definitions {
        let made = def.and_then(|d| {
            let make = Make {
                definition: Some(Arc::new(d.clone())),
            };
            let name = d.name.clone();
            registry::with_definition(d, make).map(|v| (name, v))
        });
        match made {
            Ok(v) => loaded.push(v),
            Err(d) => problems.push(d.to_string()),
        }
    }
    (loaded, problems)
}
