//! The reversed tables grouped for the questions the interpreter asks at every node: who
//! attacks a square ([`KindsAlong`] per slider, the leapers' side-by-side table), which pieces
//! pin ([`PinRay`], [`PinLine`]), and which kinds the legal generator moves by its plain loop.

use super::Rules;
use super::lookup::Slider;
use super::movetable::{KindTables, LeapAttacks};
use crate::core::{Bitboard, Color};
use std::sync::Arc;

/// A reversed slider table with the kinds (bit mask) that capture along it.
#[derive(Clone, Debug)]
pub struct KindsAlong<B> {
    /// The table, looked up from the attacked square.
    pub slider: Arc<Slider<B>>,
    /// The kinds that capture along it.
    pub kinds: u32,
}

/// A reversed rider direction with the kinds (bit mask) that capture along it.
#[derive(Clone, Copy, Debug)]
pub struct PinRay {
    /// The ray's index in [`Rules::rays`].
    pub ray: usize,
    /// The kinds that capture along it.
    pub kinds: u32,
}

/// Which of a color's [`PinRay`]s a rider on one square reaches a royal piece on another along:
/// none, one, or more than one (two ranges or steps in one direction). One byte, as the table
/// holds one per pair of squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PinLine(u8);

impl PinLine {
    /// No ray.
    pub const NONE: PinLine = PinLine(u8::MAX);
    /// More than one ray.
    pub const MANY: PinLine = PinLine(u8::MAX - 1);

    /// The index of the one ray, if there is exactly one.
    #[inline(always)]
    pub fn single(self) -> Option<usize> {
        (self.0 < Self::MANY.0).then_some(usize::from(self.0))
    }

    /// This line with ray `index` added.
    fn with(self, index: usize) -> PinLine {
        match u8::try_from(index) {
            Ok(i) if self == Self::NONE && i < Self::MANY.0 => PinLine(i),
            _ => Self::MANY,
        }
    }
}

/// Whether `t` (a reversed table) captures by anything but riding.
fn captures_by_leaps<B: Bitboard>(t: &KindTables<B>) -> bool {
    // Initial captures (riding ones included: the slider tables cover normal moves only) are
    // answered from the kind's reversed initial table.
    t.reverse_initial.is_some() || t.reverse.leap_capture.iter().any(|b| !b.is_empty()) || blockable(t)
}

/// Whether pieces arriving on or leaving other squares can open or close `t`'s captures.
fn blockable<B: Bitboard>(t: &KindTables<B>) -> bool {
    let r = &t.reverse;
    !r.hoppers.is_empty() || !r.reverse_grass.is_empty() || !r.lame.is_empty() || !r.screened.is_empty()
}

impl<B: Bitboard> Rules<B> {
    /// `color`'s attack sets, pin lines and generator loops, from its kinds' tables (promotion
    /// zones compiled).
    pub(super) fn compile_attack_sets(&mut self, color: Color) {
        let c = color.index();
        let tables = &self.tables[c];
        let (mut pin_rays, mut sliders) = (Vec::<PinRay>::new(), Vec::<KindsAlong<B>>::new());
        let (mut leap_attack, mut blockable_kinds) = (Vec::new(), Vec::new());
        for (k, t) in tables.iter().enumerate() {
            for m in &t.reverse.riders {
                match pin_rays.iter_mut().find(|p| p.ray == m.ray) {
                    Some(p) => p.kinds |= 1 << k,
                    None => pin_rays.push(PinRay {
                        ray: m.ray,
                        kinds: 1 << k,
                    }),
                }
            }
            for m in &t.reverse.sliders {
                match sliders.iter_mut().find(|s| Arc::ptr_eq(&s.slider, &m.slider)) {
                    Some(s) => s.kinds |= 1 << k,
                    None => sliders.push(KindsAlong {
                        slider: Arc::clone(&m.slider),
                        kinds: 1 << k,
                    }),
                }
            }
            if captures_by_leaps(t) {
                leap_attack.push(k);
            }
            if blockable(t) {
                blockable_kinds.push(k);
            }
        }
        let regional = (0..self.kinds)
            .filter(|&k| tables[k].region != self.board)
            .fold(0u32, |m, k| m | 1 << k);
        // Plain leapers that may stand anywhere are answered from one table side by side.
        let (plain, other): (Vec<usize>, Vec<usize>) = leap_attack
            .iter()
            .partition(|&&k| regional >> k & 1 == 0 && tables[k].reverse_initial.is_none() && !blockable(&tables[k]));
        let table = (0..self.squares)
            .flat_map(|s| plain.iter().map(move |&k| tables[k].reverse.leap_capture[s]))
            .collect();
        self.initial_captures[c] = tables.iter().any(|t| t.reverse_initial.is_some());
        self.plain_checks[c] = blockable_kinds.is_empty() && !self.initial_captures[c];
        self.regional_kinds[c] = regional;
        self.plain_leap_attacks[c] = LeapAttacks { kinds: plain, table };
        self.leap_attack_kinds[c] = other;
        self.blockable_kinds[c] = blockable_kinds;
        self.attack_sliders[c] = sliders;
        self.pin_line[c] = self.pin_lines(&pin_rays);
        self.pin_rays[c] = pin_rays;
        (self.uniform_kinds[c], self.general_kinds[c]) = (0..self.kinds).partition(|&k| self.plain_loop(color, k));
    }

    /// `pin_line` of a color with `pin_rays`: `[royal * squares + sniper]`.
    fn pin_lines(&self, pin_rays: &[PinRay]) -> Vec<PinLine> {
        let squares = self.squares;
        let mut lines = vec![PinLine::NONE; squares * squares];
        for (i, pin) in pin_rays.iter().enumerate() {
            for r in 0..squares {
                for s in self.rays[pin.ray].limited[r].squares() {
                    let entry = &mut lines[r * squares + s.index()];
                    *entry = entry.with(i);
                }
            }
        }
        lines
    }

    /// Whether the legal generator's plain loop moves `color`'s `kind` (see
    /// [`Rules::uniform_kinds`]).
    fn plain_loop(&self, color: Color, kind: usize) -> bool {
        let t = self.kind(color, kind);
        t.normal.uniform.is_some()
            && t.initial.is_none()
            && self.regional_kinds[color.index()] >> kind & 1 == 0
            && !self.is_pawn(kind)
            && !self.takes_en_passant(kind)
            && !self.is_royal(kind)
            && !self.is_pseudo_royal(kind)
            && t.attention_to.is_empty()
    }
}
