//! Betza's "funny notation" for piece moves, parsed into concrete move vectors.
//!
//! The dialect is Fairy-Stockfish's (its `piece.cpp` defines it; Wikipedia, "Betza's funny
//! notation", and H. G. Muller's "Betza notation (extended)" describe the notation): atoms
//! `W F D N A H L C J Z G K` (leapers) and `R B Q` (riders), a doubled atom (`NN`) or an atom
//! with a digit (`R2`) for a rider of that step and range; prefixes `m` (moves only) and `c`
//! (captures only), `p` (hops over exactly one piece, like the xiangqi cannon) and `g` (lands
//! just beyond the hurdle, the grasshopper), `n` (lame: blocked by a piece on the way, like the
//! xiangqi horse), `i` (only from the initial region), `e` (may capture en passant), and the
//! directions `f b l r v s h` alone or in pairs (`fl`, `fs`, `ff`, ...).
//!
//! A hopper's digit limits how far it goes, the hurdle included (`pB2`, cannon shogi's). Each
//! atom keeps its own range: Fairy-Stockfish keeps one per direction and kind of move, so where
//! a piece also moves unlimited along a direction it hops (`mBpB2`), its hops there go as far.
//!
//! Unlike Fairy-Stockfish, which ignores what it does not understand and yields a piece with
//! fewer moves, every character must mean something here: anything else is an error naming its
//! position in the string.

use std::fmt;

/// How a move vector is traveled.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Reach {
    /// One jump to the target, never blocked.
    Leap,
    /// A jump blocked by a piece on any square of its path (the xiangqi horse and elephant).
    Lame,
    /// Repeated steps until blocked, at most this many (0: unlimited).
    Ride(u8),
    /// Slides to a hurdle, then moves to empty squares beyond it or captures the first piece
    /// beyond it (the xiangqi cannon's capture), at most this many squares from its start,
    /// the hurdle's included (0: unlimited; cannon shogi's `pB2`).
    Hop(u8),
    /// Slides to a hurdle and lands on the square just beyond it (the grasshopper).
    Grasshop,
}

/// One move vector of a piece, for the first player (forward = towards higher ranks).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Atom {
    /// File offset (positive: towards higher files).
    pub df: i8,
    /// Rank offset (positive: forward for the first player).
    pub dr: i8,
    /// How far it goes: a single leap, or a ride.
    pub reach: Reach,
    /// Whether the vector may be used to move to an empty square.
    pub quiet: bool,
    /// Whether it may be used to capture.
    pub capture: bool,
    /// Whether it is only available from the piece's initial region.
    pub initial: bool,
    /// Whether it is only available from the piece's advanced region (a piece's
    /// `advanced_betza`: the xiangqi soldier's sideways steps across the river). The parser
    /// never sets it.
    pub advanced: bool,
    /// Whether it moves only along the variant's diagonal lines, from a square of them to a
    /// square of them (a piece's `diagonal_betza`: janggi's palace diagonals). The parser never
    /// sets it.
    pub on_lines: bool,
}

/// A parsed Betza string.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Betza {
    /// The move vectors.
    pub atoms: Vec<Atom>,
    /// The string carried an `e`: the piece may capture en passant.
    pub en_passant: bool,
}

/// A Betza string the parser cannot honor.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BetzaError {
    /// Character index of the fault in the string.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.message, self.at + 1)
    }
}

/// The basic vector of a leaper atom (rank offset `a` >= file offset `b`), and the vectors of
/// compound atoms.
fn atom_vectors(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'W' | 'R' => &[(1, 0)],
        'F' | 'B' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' | 'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The eight images of a vector `(a, b)` (rank, file) with the direction pairs that select
/// each, as Fairy-Stockfish defines them: `(dr, df, tags)`.
fn images(a: i8, b: i8) -> [(i8, i8, &'static [&'static str]); 8] {
    [
        (a, b, &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        (-a, -b, &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        (-b, a, &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        (b, -a, &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        (b, a, &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        (-b, -a, &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        (-a, b, &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        (a, -b, &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// Parses a Betza string.
///
/// # Errors
/// [`BetzaError`] at the first character that is not part of the supported notation, for a
/// hopper or lame modifier on an atom it cannot apply to, or for modifiers with no atom after
/// them.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    let err = |at: usize, message: String| Err(BetzaError { at, message });
    let mut out = Betza::default();
    let (mut quiet, mut capture, mut hop, mut grass, mut lame, mut initial) =
        (false, false, false, false, false, false);
    let mut dirs: Vec<String> = Vec::new();
    let mut pending: Option<usize> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => quiet = true,
            'c' => capture = true,
            'p' => hop = true,
            'g' => grass = true,
            'n' => lame = true,
            'i' => initial = true,
            'e' => out.en_passant = true,
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let pair = chars.get(i + 1).copied().filter(|&c2| {
                    c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
                });
                match pair {
                    Some(c2) => {
                        dirs.push(format!("{c}{c2}"));
                        i += 1;
                    }
                    None => dirs.push(format!("{c}{c}")),
                }
            }
            _ => {
                let Some(vectors) = atom_vectors(c) else {
                    let what = match c {
                        'a' => "multi-leg moves ('a') are not supported".to_string(),
                        't' | 'j' | 'o' | 'z' | 'q' | 'x' | 'u' | 'y' | 'k' | 'd' => {
                            format!("modifier '{c}' is not supported")
                        }
                        _ => format!("unknown character '{}'", c.escape_debug()),
                    };
                    return err(i, what);
                };
                let start = pending.take().unwrap_or(i);
                let mut reach = if "RBQ".contains(c) { Reach::Ride(0) } else { Reach::Leap };
                match chars.get(i + 1) {
                    Some(&d) if d.is_ascii_digit() => {
                        let range = d as u8 - b'0';
                        if range == 0 {
                            return err(i + 1, "a rider's range must be 1-9".to_string());
                        }
                        reach = Reach::Ride(range);
                        i += 1;
                    }
                    Some(&d) if d == c && !"RBQ".contains(c) => {
                        reach = Reach::Ride(0);
                        i += 1;
                    }
                    _ => {}
                }
                if hop || grass {
                    if hop && grass {
                        return err(start, "'p' and 'g' cannot be combined".to_string());
                    }
                    reach = match reach {
                        Reach::Ride(range) if hop => Reach::Hop(range),
                        Reach::Ride(0) => Reach::Grasshop,
                        Reach::Ride(_) => {
                            return err(start, "a grasshopper ('g') needs an unlimited rider".to_string());
                        }
                        _ => return err(start, "a hopper ('p', 'g') needs a rider".to_string()),
                    };
                }
                if lame {
                    if reach != Reach::Leap {
                        return err(start, "a lame leaper ('n') must be a single leap".to_string());
                    }
                    if matches!(c, 'W' | 'F' | 'K') {
                        return err(
                            start,
                            format!("'{c}' has no square to be blocked on; 'n' does not apply"),
                        );
                    }
                    reach = Reach::Lame;
                }
                let (q, cap) = if quiet || capture {
                    (quiet, capture)
                } else {
                    (true, true)
                };
                for &(a, b) in vectors {
                    // Orthogonal atoms split mixed pairs ("fs" = forward and sideways), as FSF does.
                    let mut selected: Vec<String> = Vec::new();
                    for d in &dirs {
                        let bytes = d.as_bytes();
                        if vectors.len() == 1 && b == 0 && bytes[0] != bytes[1] {
                            selected.push(format!("{0}{0}", bytes[0] as char));
                            selected.push(format!("{0}{0}", bytes[1] as char));
                        } else {
                            selected.push(d.clone());
                        }
                    }
                    for (dr, df, tags) in images(a, b) {
                        if !selected.is_empty() && !tags.iter().any(|t| selected.iter().any(|s| s == t)) {
                            continue;
                        }
                        let atom = Atom {
                            df,
                            dr,
                            reach,
                            quiet: q,
                            capture: cap,
                            initial,
                            advanced: false,
                            on_lines: false,
                        };
                        if !out.atoms.contains(&atom) {
                            out.atoms.push(atom);
                        }
                    }
                }
                (quiet, capture, hop, grass, lame, initial) = (false, false, false, false, false, false);
                dirs.clear();
            }
        }
        if pending.is_none() && !matches!(c, 'e') && atom_vectors(c).is_none() {
            pending = Some(i);
        }
        i += 1;
    }
    if let Some(at) = pending {
        return err(at, "modifiers with no atom after them".to_string());
    }
    Ok(out)
}

/// The squares strictly between a lame leap's origin and target, in Fairy-Stockfish's order:
/// step along the longer remaining axis, diagonally when both are equal.
pub fn lame_path(df: i8, dr: i8) -> Vec<(i8, i8)> {
    let (mut f, mut r) = (0i8, 0i8);
    let mut path = Vec::new();
    loop {
        let (rf, rr) = (df - f, dr - r);
        let (af, ar) = (rf.abs(), rr.abs());
        if af <= 1 && ar <= 1 {
            break;
        }
        if af > ar {
            f += rf.signum();
        } else if ar > af {
            r += rr.signum();
        } else {
            f += rf.signum();
            r += rr.signum();
        }
        path.push((f, r));
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<(i8, i8)> = parse(text).expect("valid").atoms.iter().map(|a| (a.df, a.dr)).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn standard_pieces_have_the_right_vectors() {
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("K").len(), 8);
        assert_eq!(vectors("fN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vectors("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(vectors("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(vectors("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(vectors("WfF").len(), 6);
        let pawn = parse("fmWfceF").expect("valid");
        assert!(
            pawn.atoms
                .iter()
                .any(|a| (a.df, a.dr) == (0, 1) && a.quiet && !a.capture)
        );
        assert!(pawn.atoms.iter().filter(|a| a.capture).all(|a| a.dr == 1 && a.df != 0));
        assert!(pawn.en_passant);
    }

    #[test]
    fn riders_hoppers_and_lame_leapers() {
        let nightrider = parse("NN").expect("valid");
        assert!(nightrider.atoms.iter().all(|a| a.reach == Reach::Ride(0)));
        assert!(
            parse("R2")
                .expect("valid")
                .atoms
                .iter()
                .all(|a| a.reach == Reach::Ride(2))
        );
        let cannon = parse("mRcpR").expect("valid");
        assert_eq!(
            cannon
                .atoms
                .iter()
                .filter(|a| a.reach == Reach::Hop(0) && a.capture)
                .count(),
            4
        );
        let limited = parse("mBpB2").expect("valid");
        assert_eq!(limited.atoms.iter().filter(|a| a.reach == Reach::Hop(2)).count(), 4);
        assert!(parse("gR2").is_err(), "a grasshopper's range is not limited");
        assert!(parse("pN").is_err(), "a hopper rides");
        assert!(
            parse("gQ")
                .expect("valid")
                .atoms
                .iter()
                .all(|a| a.reach == Reach::Grasshop)
        );
        assert!(parse("nN").expect("valid").atoms.iter().all(|a| a.reach == Reach::Lame));
        assert_eq!(lame_path(1, 2), vec![(0, 1)]);
        assert_eq!(lame_path(2, 2), vec![(1, 1)]);
        assert_eq!(lame_path(2, 3), vec![(0, 1), (1, 2)]);
        let initial = parse("ifmnD").expect("valid");
        assert!(
            initial
                .atoms
                .iter()
                .all(|a| a.initial && a.quiet && !a.capture && (a.df, a.dr) == (0, 2))
        );
    }

    #[test]
    fn errors_point_at_the_fault() {
        assert_eq!(parse("X").map_err(|e| e.at), Err(0));
        assert_eq!(parse("NaN").map_err(|e| e.at), Err(1));
        assert_eq!(parse("Wf").map_err(|e| e.at), Err(1));
        assert_eq!(parse("R0").map_err(|e| e.at), Err(1));
        assert!(parse("pN").is_err());
        assert!(parse("nR").is_err());
        assert!(parse("nW").is_err());
        assert!(parse("").expect("empty is an immobile piece").atoms.is_empty());
    }
}
