//! Line lookups on any board, for any bitboard width: [`Ray`] tables (the classical approach:
//! the ray from a square, cut behind its first blocker, lowest bit for rays towards higher
//! squares, highest for the others; chessprogramming wiki, "Classical Approach") for hoppers,
//! pins and single lines, and [`Slider`] tables for riders (the blocking squares' occupancy,
//! packed by PEXT, indexes every subset's attacks; same wiki, "BMI2"). Both work for any step,
//! so nightriders, limited-range riders and hoppers along any line are as fast as rooks.

use crate::core::{Bitboard, Square};

/// A ray direction's table: for each square, the squares along the step (`full`) and the ones a
/// rider of this range reaches on an empty board (`limited`).
#[derive(Clone, Debug)]
pub struct Ray<B> {
    /// Whether the step goes towards higher square indices (the first blocker is the lowest bit).
    pub positive: bool,
    /// Per square, every square along the step to the board's edge.
    pub full: Vec<B>,
    /// Per square, the squares a rider of this range reaches on an empty board.
    pub limited: Vec<B>,
    /// The range (0: unlimited), which cuts a hop as it cuts a ride.
    pub range: u8,
}

impl<B: Bitboard> Ray<B> {
    /// The first square of `bb` along the step (the nearest blocker).
    #[inline(always)]
    pub fn first(&self, bb: B) -> Square {
        if self.positive { bb.lsb() } else { bb.msb() }
    }

    /// The squares a rider reaches from `sq`, its first blocker included.
    #[inline(always)]
    pub fn ride(&self, sq: Square, occ: B) -> B {
        let mut a = self.limited[sq.index()];
        let blockers = a & occ;
        if !blockers.is_empty() {
            a &= !self.full[self.first(blockers).index()];
        }
        a
    }

    /// The squares a cannon-like hopper reaches from `sq`: beyond the first blocker, up to and
    /// including the next one, within the ray's range.
    #[inline(always)]
    pub fn hop(&self, sq: Square, occ: B) -> B {
        let blockers = self.full[sq.index()] & occ;
        if blockers.is_empty() {
            return B::EMPTY;
        }
        let beyond = self.full[self.first(blockers).index()];
        let second = beyond & occ;
        let reach = if second.is_empty() {
            beyond
        } else {
            beyond & !self.full[self.first(second).index()]
        };
        if self.range == 0 {
            reach
        } else {
            reach & self.limited[sq.index()]
        }
    }

    /// The square a grasshopper lands on from `sq`: just beyond the first blocker.
    #[inline(always)]
    pub fn grasshop(&self, sq: Square, occ: B) -> B {
        let blockers = self.full[sq.index()] & occ;
        if blockers.is_empty() {
            return B::EMPTY;
        }
        let beyond = self.full[self.first(blockers).index()];
        if beyond.is_empty() {
            beyond
        } else {
            B::square(self.first(beyond))
        }
    }

    /// The squares strictly between `from` and `to`, a square along the ray from `from`.
    #[inline(always)]
    pub fn between(&self, from: Square, to: Square) -> B {
        self.full[from.index()] & !self.full[to.index()] & !B::square(to)
    }

    /// The first piece along the ray from `sq` (the reversed grasshopper's attacker).
    #[inline(always)]
    pub fn first_blocker(&self, sq: Square, occ: B) -> B {
        let blockers = self.full[sq.index()] & occ;
        if blockers.is_empty() {
            blockers
        } else {
            B::square(self.first(blockers))
        }
    }
}

/// The attacks of riders along a set of rays (one range each) from every square, by occupancy
/// lookup: `attacks[offset + occ.extract(mask)]` with `(mask, offset) = squares[sq]`. The mask
/// holds the squares that can block (each ray's reach from `sq` but its last square, which is
/// reached whatever stands on it).
#[derive(Clone, Debug)]
pub struct Slider<B> {
    /// Per square, (mask, offset): one read, one bounds check (two vectors would need two).
    squares: Vec<(B, u32)>,
    attacks: Vec<B>,
}

impl<B: Bitboard> Slider<B> {
    /// The squares riders along the table's rays reach from `sq` with occupancy `occ`, each
    /// ray's first blocker included.
    #[inline(always)]
    pub fn attacks(&self, sq: Square, occ: B) -> B {
        let (mask, offset) = self.squares[sq.index()];
        self.attacks[offset as usize + occ.extract(mask)]
    }

    /// The squares riders along the table's rays reach from `sq` on an empty board.
    #[inline(always)]
    pub fn reach(&self, sq: Square) -> B {
        self.attacks[self.squares[sq.index()].1 as usize]
    }

    /// The table of `rays` on a board of `squares` squares; `None` when it would hold more than
    /// `limit` entries.
    pub fn build(all: &[Ray<B>], rays: &[usize], squares: usize, limit: usize) -> Option<Slider<B>> {
        let mut mask = Vec::with_capacity(squares);
        let mut offset = Vec::with_capacity(squares);
        let mut total = 0usize;
        for s in 0..squares {
            let m = rays.iter().fold(B::EMPTY, |m, &r| {
                let reach = all[r].limited[s];
                if reach.is_empty() {
                    return m;
                }
                let last = if all[r].positive { reach.msb() } else { reach.lsb() };
                m | (reach & !B::square(last))
            });
            mask.push(m);
            offset.push(u32::try_from(total).ok()?);
            total += 1usize << m.count();
            if total > limit {
                return None;
            }
        }
        let mut attacks = vec![B::EMPTY; total];
        for s in 0..squares {
            let sq = Square(s as u8);
            let m = mask[s];
            // Every subset of the mask (Carry-Rippler enumeration, same wiki page as above).
            let mut occ = B::EMPTY;
            loop {
                attacks[offset[s] as usize + occ.extract(m)] =
                    rays.iter().fold(B::EMPTY, |a, &r| a | all[r].ride(sq, occ));
                occ = subset_after(occ, m);
                if occ.is_empty() {
                    break;
                }
            }
        }
        Some(Slider {
            squares: mask.into_iter().zip(offset).collect(),
            attacks,
        })
    }
}

/// The next subset of `mask` after `occ` (a subset of it), counting in binary on the mask's
/// bits (the Carry-Rippler order of the same wiki page); empty after the last.
fn subset_after<B: Bitboard>(occ: B, mask: B) -> B {
    let rest = !occ & mask;
    if rest.is_empty() {
        return B::EMPTY;
    }
    // The carry: the lowest clear mask bit is set; the mask bits below it (all set) clear.
    let low = rest.lsb();
    (occ & (B::FULL << u32::from(low.0))) | B::square(low)
}

/// Moves `bb` by `shift` bits (up where positive).
#[inline(always)]
pub fn shift<B: Bitboard>(bb: B, shift: i32) -> B {
    if shift >= 0 {
        bb << shift as u32
    } else {
        bb >> shift.unsigned_abs()
    }
}

/// The greatest common divisor of `a` and `b` (a step's count of equal steps).
pub fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}
