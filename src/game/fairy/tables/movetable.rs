//! What a piece kind reaches, compiled per color: [`MoveTable`] (leaps, lame leaps, riders by
//! [`Slider`] lookup, hoppers and grasshoppers along [`Ray`]s), the set-wise steps of leapers
//! ([`SetLeap`]: every piece of a kind moved at once by a shift), the reversed tables that answer
//! "who attacks this square" ([`LeapAttacks`]) and each kind's bundle ([`KindTables`]).

use super::lookup::{Ray, Slider, shift};
use crate::core::{Bitboard, Square};
use std::sync::Arc;

/// A ray a piece rides, hops or grasshops along: its index in [`Rules::rays`](super::Rules::rays)
/// and the moves it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RayMove {
    /// The ray's index.
    pub ray: usize,
    /// Whether it gives moves to empty squares.
    pub quiet: bool,
    /// Whether it gives captures.
    pub capture: bool,
}

/// A slider table as a move table reads it, with the moves it gives.
#[derive(Clone, Debug)]
pub struct SliderMove<B> {
    /// The table, shared by every kind whose riders it covers.
    pub slider: Arc<Slider<B>>,
    /// Whether it gives moves to empty squares.
    pub quiet: bool,
    /// Whether it gives captures.
    pub capture: bool,
}

/// A move its path decides (a lame leap, a screened hop): where it goes, the squares in between
/// and the moves it gives.
#[derive(Clone, Copy, Debug)]
pub struct PathMove<B> {
    /// The target.
    pub to: Square,
    /// The squares in between: all empty for a lame leap, exactly one occupied for a hop.
    pub path: B,
    /// Whether it moves to an empty square.
    pub quiet: bool,
    /// Whether it captures.
    pub capture: bool,
}

/// What one set of atoms (a piece's normal or initial moves, for one color) reaches. In
/// declaration order (`repr(C)`): what the generator reads first comes first.
#[repr(C)]
#[derive(Clone, Debug, Default)]
pub struct MoveTable<B> {
    /// Where every atom both moves and captures and is a plain leap or a ride covered by at
    /// most two slider tables (most pieces of most variants): those tables, for a lookup
    /// without the general case's lists.
    pub uniform: Option<[Option<Arc<Slider<B>>>; 2]>,
    /// Whether every atom is a plain leap (pawns, most of all): the leap tables are the whole
    /// answer.
    pub only_leaps: bool,
    /// Where every atom is a plain leap or a ride covered by at most two slider tables, but
    /// some only move or only capture (New Zealand's rooks and knights, Hoppel-Poppel's): those
    /// tables, read inline beside the leap tables instead of through the general case's lists.
    pub split: Option<[Option<SliderMove<B>>; 2]>,
    /// Whether any atom is a leap or a lame leap (the per-square tables are worth reading).
    pub leaps: bool,
    /// Plain leaps per square: to empty squares, and captures.
    pub leap_quiet: Vec<B>,
    /// Plain leaps per square that capture.
    pub leap_capture: Vec<B>,
    /// The riders grouped into lookup tables.
    pub sliders: Vec<SliderMove<B>>,
    /// Lame leaps per square (the squares in between must be empty).
    pub lame: SquareLists<B>,
    /// Hops along fixed lines per square (janggi's palace diagonals; exactly one of the squares
    /// in between must be occupied).
    pub screened: SquareLists<B>,
    /// Cannon-style hoppers, one per direction.
    pub hoppers: Vec<RayMove>,
    /// Grasshoppers (land right behind the hurdle).
    pub grasshoppers: Vec<RayMove>,
    /// Riders, one per direction.
    pub riders: Vec<RayMove>,
    /// Reversed grasshoppers (attack tables only): ray index.
    pub reverse_grass: Vec<usize>,
}

/// Per square, a list of [`PathMove`]s: no
/// storage at all where no square has one, so that the hot loops of the many tables without
/// such moves test a length held in the table rather than read a list per square.
#[derive(Clone, Debug, Default)]
pub struct SquareLists<B> {
    lists: Vec<Vec<PathMove<B>>>,
}

impl<B: Copy> SquareLists<B> {
    /// The moves from `sq`.
    #[inline(always)]
    pub fn at(&self, sq: Square) -> &[PathMove<B>] {
        self.lists.get(sq.index()).map_or(&[], Vec::as_slice)
    }

    /// Adds a move from `sq` on a board of `squares` squares.
    pub fn push(&mut self, squares: usize, sq: Square, entry: PathMove<B>) {
        self.lists.resize(squares, Vec::new());
        self.lists[sq.index()].push(entry);
    }

    /// Whether no square has a move.
    pub fn is_empty(&self) -> bool {
        self.lists.iter().all(Vec::is_empty)
    }
}

impl<B: Bitboard> MoveTable<B> {
    /// (quiet targets, capture targets) from `sq`, before removing own pieces: quiet targets are
    /// empty squares, capture targets occupied ones.
    #[inline]
    pub fn targets(&self, rays: &[Ray<B>], sq: Square, occ: B) -> (B, B) {
        let (quiet, capture) = self.reach(rays, sq, occ);
        (quiet & !occ, capture & occ)
    }

    /// The squares the moves and the captures from `sq` reach with occupancy `occ`, whether
    /// those squares are empty or not.
    #[inline(always)]
    pub fn reach(&self, rays: &[Ray<B>], sq: Square, occ: B) -> (B, B) {
        if let Some(uniform) = self.uniform_reach() {
            let a = uniform.at(sq, occ);
            return (a, a);
        }
        if self.only_leaps {
            return (self.leap_quiet[sq.index()], self.leap_capture[sq.index()]);
        }
        if let Some(split) = &self.split {
            return self.reach_split(split, sq, occ);
        }
        self.reach_general(rays, sq, occ)
    }

    /// The lookups of a [`MoveTable::uniform`] table, resolved once for many squares.
    #[inline(always)]
    pub fn uniform_reach(&self) -> Option<UniformReach<'_, B>> {
        let [first, second] = self.uniform.as_ref()?;
        Some(UniformReach {
            // Both leap tables are the same here.
            leaps: &self.leap_quiet,
            first: first.as_deref(),
            second: second.as_deref(),
        })
    }

    /// [`MoveTable::reach`] of a [`MoveTable::split`] table: a call of its own, as inlined into
    /// the generator's loop over the other kinds it cost the chess-like variants registers.
    #[inline(never)]
    fn reach_split(&self, split: &[Option<SliderMove<B>>; 2], sq: Square, occ: B) -> (B, B) {
        let (mut quiet, mut capture) = (self.leap_quiet[sq.index()], self.leap_capture[sq.index()]);
        for m in split.iter().flatten() {
            let a = m.slider.attacks(sq, occ);
            if m.quiet {
                quiet |= a;
            }
            if m.capture {
                capture |= a;
            }
        }
        (quiet, capture)
    }

    #[inline(never)]
    fn reach_general(&self, rays: &[Ray<B>], sq: Square, occ: B) -> (B, B) {
        let (mut quiet, mut capture) = (B::EMPTY, B::EMPTY);
        if self.leaps {
            let i = sq.index();
            quiet = self.leap_quiet[i];
            capture = self.leap_capture[i];
            for m in self.lame.at(sq) {
                if (m.path & occ).is_empty() {
                    if m.quiet {
                        quiet |= B::square(m.to);
                    }
                    if m.capture {
                        capture |= B::square(m.to);
                    }
                }
            }
            for m in self.screened.at(sq) {
                if (m.path & occ).count() == 1 {
                    if m.quiet {
                        quiet |= B::square(m.to);
                    }
                    if m.capture {
                        capture |= B::square(m.to);
                    }
                }
            }
        }
        for m in &self.sliders {
            let a = m.slider.attacks(sq, occ);
            if m.quiet {
                quiet |= a;
            }
            if m.capture {
                capture |= a;
            }
        }
        for m in &self.hoppers {
            let a = rays[m.ray].hop(sq, occ);
            if m.quiet {
                quiet |= a;
            }
            if m.capture {
                capture |= a;
            }
        }
        for m in &self.grasshoppers {
            let a = rays[m.ray].grasshop(sq, occ);
            if m.quiet {
                quiet |= a;
            }
            if m.capture {
                capture |= a;
            }
        }
        (quiet, capture)
    }

    /// The squares from which a piece with the table this one reverses captures on `sq`.
    #[inline]
    pub fn attackers(&self, rays: &[Ray<B>], sq: Square, occ: B) -> B {
        let i = sq.index();
        let mut a = B::EMPTY;
        if self.leaps {
            a = self.leap_capture[i];
            for m in self.lame.at(sq) {
                if (m.path & occ).is_empty() {
                    a |= B::square(m.to);
                }
            }
            for m in self.screened.at(sq) {
                if (m.path & occ).count() == 1 {
                    a |= B::square(m.to);
                }
            }
        }
        // Riders are handled by [`Rules::attack_sliders`](super::Rules::attack_sliders), one table per set of directions for
        // all kinds.
        for m in &self.hoppers {
            a |= rays[m.ray].hop(sq, occ);
        }
        for &r in &self.reverse_grass {
            // The hurdle is the square next to `sq`; the attacker is the first piece behind it.
            let ray = &rays[r];
            let line = ray.full[i];
            if !line.is_empty() {
                let hurdle = ray.first(line);
                if occ.has(hurdle) {
                    a |= ray.first_blocker(hurdle, occ);
                }
            }
        }
        a & occ
    }
}

/// A uniform move table's leap table and slider tables (see [`MoveTable::uniform`]).
pub struct UniformReach<'a, B> {
    leaps: &'a [B],
    first: Option<&'a Slider<B>>,
    second: Option<&'a Slider<B>>,
}

impl<B: Bitboard> UniformReach<'_, B> {
    /// The squares the piece moves to or captures on from `sq` with occupancy `occ`, empty or
    /// not.
    #[inline(always)]
    pub fn at(&self, sq: Square, occ: B) -> B {
        let mut a = self.leaps[sq.index()];
        if let Some(s) = self.first {
            a |= s.attacks(sq, occ);
        }
        if let Some(s) = self.second {
            a |= s.attacks(sq, occ);
        }
        a
    }
}

/// One step of a leaping kind, for moving every piece of the kind at once: a piece moves to the
/// square `shift` bits higher (lower where negative) by the variants of the step.
#[derive(Clone, Debug)]
pub struct SetLeap<B> {
    /// Bits a piece moves by (towards higher squares where positive).
    pub shift: i32,
    /// Where the plain variants (no path, not initial-only) may move to an empty square, and
    /// capture: most leaps have no other.
    pub quiet_from: B,
    /// Where the plain variants may capture.
    pub capture_from: B,
    /// The other variants: lame paths and initial moves.
    pub variants: Vec<LeapVariant<B>>,
}

impl<B: Bitboard> SetLeap<B> {
    /// Which of `movers` may take this step with occupancy `occ`, `initial` holding the squares
    /// whose pieces may make initial moves: (to an empty square, only as an initial move (and
    /// not otherwise), capturing). The targets are the origins shifted by [`SetLeap::shift`].
    #[inline(always)]
    pub fn origins(&self, movers: B, occ: B, initial: B) -> (B, B, B) {
        let (mut quiet, mut capture) = (movers & self.quiet_from, movers & self.capture_from);
        let mut first_only = B::EMPTY;
        for v in &self.variants {
            let mut o = movers & v.from;
            if v.initial {
                o &= initial;
            }
            for &p in &v.path {
                o &= !shift(occ, -p);
            }
            if v.quiet {
                if v.initial {
                    first_only |= o;
                } else {
                    quiet |= o;
                }
            }
            if v.capture {
                capture |= o;
            }
        }
        (quiet, first_only & !quiet, capture)
    }
}

/// A way a [`SetLeap`] may be used: from which squares (where the step and its path stay on
/// the board), the path offsets (bits) that must be empty (lame leaps), quiet or capturing,
/// and whether only as an initial move.
#[derive(Clone, Debug)]
pub struct LeapVariant<B> {
    /// Squares the variant may be used from.
    pub from: B,
    /// Bit offsets (from the origin) of the squares that must be empty.
    pub path: Vec<i32>,
    /// Whether it moves to empty squares.
    pub quiet: bool,
    /// Whether it captures.
    pub capture: bool,
    /// Whether only as an initial move.
    pub initial: bool,
}
/// The kinds of one color that capture by plain leaps only, and for each square the squares from
/// which each of them captures there: `table[square * kinds.len() + i]` for `kinds[i]`.
#[derive(Clone, Debug, Default)]
pub struct LeapAttacks<B> {
    /// The kinds, in table order.
    pub kinds: Vec<usize>,
    /// `table[square * kinds.len() + i]`: where `kinds[i]` captures on `square` from.
    pub table: Vec<B>,
}

/// Per-color, per-kind move tables. In declaration order (`repr(C)`): what the generator reads
/// at every node comes first; the reversed and initial tables, read more rarely, after.
#[repr(C)]
#[derive(Clone, Debug)]
pub struct KindTables<B> {
    /// The normal moves.
    pub normal: MoveTable<B>,
    /// Where the piece may stand (its mobility region; the whole board by default).
    pub region: B,
    /// The zone of its promotion (a pawn's, or a shogi-style promotion's, or with
    /// `piece_demotion` a promoted form's demotion); empty for kinds that never change.
    pub promo_zone: B,
    /// The targets whose moves need more than a plain move (the promotion zone, squares where
    /// the piece could not move again); the origins all of whose moves do are
    /// [`Rules::zone_from`](super::Rules::zone_from). Here rather than in a table of their own:
    /// the generator reads them with the kind's other tables, on the cache lines those bring
    /// in (tables of their own missed the cache).
    pub attention_to: B,
    /// The moves as set-wise steps, where every move of the kind is a leap or a lame leap.
    pub set_leaps: Option<Vec<SetLeap<B>>>,
    /// Per square, where the piece's normal moves capture on an empty board: a superset of its
    /// captures for leapers and riders (not for hoppers), to rule out a check at once.
    pub capture_span: Vec<B>,
    /// Reversed capture vectors, for attack detection.
    pub reverse: MoveTable<B>,
    /// Moves only from the initial region (`i`), when the piece has any.
    pub initial: Option<MoveTable<B>>,
    /// Reversed initial capture vectors, for attack detection.
    pub reverse_initial: Option<MoveTable<B>>,
    /// Squares from which the piece has some move on an empty board (promotion may not strand a
    /// pawn where it could never move again).
    pub mobile: B,
}
