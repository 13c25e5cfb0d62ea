//! Betza atoms into move tables: the [`Builder`]'s methods that walk each atom over the board
//! ([`MoveTable`]s, the set-wise steps of leapers) and share the rays and the slider tables
//! riders are looked up in: one [`Slider`] per set of directions (orthogonal, diagonal, each
//! other line) and range, split into lines where a table would be too large.

use super::build::{Builder, RayKey};
use super::lookup::{Ray, Slider, gcd};
use super::movetable::{LeapVariant, MoveTable, PathMove, RayMove, SetLeap, SliderMove};
use crate::core::{Bitboard, Color, Square};
use crate::variant::betza::{Atom, Reach, lame_path};
use std::sync::Arc;

/// The most entries a [`Slider`] table may hold (16 bytes each on the widest bitboards): a set
/// of directions that would need more is split into lines (a ray and its opposite). A rook on
/// 8x8 needs 102,400.
const SLIDER_ENTRIES: usize = 1 << 17;

impl RayMove {
    /// The move of `atom` along ray `ray`.
    fn of(ray: usize, atom: &Atom) -> RayMove {
        RayMove {
            ray,
            quiet: atom.quiet,
            capture: atom.capture,
        }
    }
}

impl<B> PathMove<B> {
    /// The move of `atom` to `to` over `path`.
    fn of(to: Square, path: B, atom: &Atom) -> PathMove<B> {
        PathMove {
            to,
            path,
            quiet: atom.quiet,
            capture: atom.capture,
        }
    }
}

impl<B: Bitboard> Builder<B> {
    /// The square `(df, dr)` from `sq`, if on the board.
    pub(super) fn on_board(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        let f = sq.file(self.files) as i32 + df;
        let r = sq.rank(self.files) as i32 + dr;
        (0..self.files as i32).contains(&f).then_some(())?;
        (0..self.ranks as i32).contains(&r).then_some(())?;
        Some(Square::new(f as u8, r as u8, self.files))
    }

    /// The index of the ray of step `(df, dr)` and `range` (0: unlimited), built if new: rays
    /// are shared by every piece that uses the same step and range.
    pub(super) fn ray_index(&mut self, df: i32, dr: i32, range: u8) -> usize {
        let key = RayKey { df, dr, range };
        if let Some(i) = self.ray_keys.iter().position(|k| *k == key) {
            return i;
        }
        let mut full = vec![B::EMPTY; self.squares];
        let mut limited = vec![B::EMPTY; self.squares];
        for s in 0..self.squares {
            let sq = Square(s as u8);
            let mut cur = sq;
            let mut n = 0u8;
            while let Some(next) = self.on_board(cur, df, dr) {
                full[s] |= B::square(next);
                n += 1;
                if range == 0 || n <= range {
                    limited[s] |= B::square(next);
                }
                cur = next;
            }
        }
        let positive = dr * self.files as i32 + df > 0;
        self.rays.push(Ray {
            positive,
            full,
            limited,
            range,
        });
        self.ray_keys.push(key);
        self.rays.len() - 1
    }

    /// The table of `atoms` for `color` (reversed: who captures on a square), the
    /// [`Atom::advanced`] ones only from the squares of `advanced`.
    pub(super) fn table(&mut self, atoms: &[Atom], color: Color, reverse: bool, advanced: B) -> MoveTable<B> {
        let mut t = MoveTable {
            leap_quiet: vec![B::EMPTY; self.squares],
            leap_capture: vec![B::EMPTY; self.squares],
            leaps: atoms
                .iter()
                .any(|a| (a.on_lines || matches!(a.reach, Reach::Leap | Reach::Lame)) && (a.capture || !reverse)),
            ..MoveTable::default()
        };
        // Black's moves are White's turned half a turn, as in Fairy-Stockfish: forward is down
        // and left is towards the higher files (torishogi's quails move differently to the left
        // and to the right).
        let sign = if color == Color::White { 1 } else { -1 };
        for a in atoms {
            if reverse && !a.capture {
                continue;
            }
            let (mut df, mut dr) = (a.df as i32 * sign, a.dr as i32 * sign);
            if reverse {
                (df, dr) = (-df, -dr);
            }
            if a.on_lines {
                self.line_moves(&mut t, a, df, dr);
                continue;
            }
            match a.reach {
                Reach::Leap => {
                    for s in 0..self.squares {
                        if let Some(to) = self.on_board(Square(s as u8), df, dr) {
                            // Seen from the target when reversed.
                            let origin = if reverse { to } else { Square(s as u8) };
                            if a.advanced && !advanced.has(origin) {
                                continue;
                            }
                            if a.quiet {
                                t.leap_quiet[s] |= B::square(to);
                            }
                            if a.capture {
                                t.leap_capture[s] |= B::square(to);
                            }
                        }
                    }
                }
                Reach::Lame => {
                    // The path of the forward move; reversed, it is seen from the target.
                    let path = lame_path(a.df, a.dr);
                    for s in 0..self.squares {
                        let sq = Square(s as u8);
                        let Some(to) = self.on_board(sq, df, dr) else { continue };
                        let origin = if reverse { to } else { sq };
                        if a.advanced && !advanced.has(origin) {
                            continue;
                        }
                        let mut mask = B::EMPTY;
                        let mut ok = true;
                        for &(pf, pr) in &path {
                            match self.on_board(origin, pf as i32 * sign, pr as i32 * sign) {
                                Some(p) => mask |= B::square(p),
                                None => ok = false,
                            }
                        }
                        if ok {
                            t.lame.push(self.squares, Square(s as u8), PathMove::of(to, mask, a));
                        }
                    }
                }
                Reach::Ride(range) => {
                    let ray = self.ray_index(df, dr, range);
                    t.riders.push(RayMove::of(ray, a));
                }
                Reach::Hop(range) => {
                    let ray = self.ray_index(df, dr, range);
                    t.hoppers.push(RayMove::of(ray, a));
                }
                Reach::Grasshop => {
                    let ray = self.ray_index(df, dr, 0);
                    if reverse {
                        t.reverse_grass.push(ray);
                    } else {
                        t.grasshoppers.push(RayMove::of(ray, a));
                    }
                }
            }
        }
        t.sliders = self.group_riders(&t.riders);
        if !reverse
            && atoms
                .iter()
                .all(|a| !a.on_lines && matches!(a.reach, Reach::Leap | Reach::Ride(_)))
            && t.sliders.len() <= 2
        {
            if atoms.iter().all(|a| a.quiet && a.capture) {
                let slot = |i: usize| t.sliders.get(i).map(|m| Arc::clone(&m.slider));
                t.uniform = Some([slot(0), slot(1)]);
            } else {
                let slot = |i: usize| t.sliders.get(i).cloned();
                t.split = Some([slot(0), slot(1)]);
            }
        }
        t.only_leaps = atoms
            .iter()
            .filter(|a| a.capture || !reverse)
            .all(|a| a.reach == Reach::Leap);
        t
    }

    /// The moves of an [`Atom::on_lines`] atom of vector `(df, dr)` (already turned for the color
    /// and reversed where the table is), into `t`: from each square of the diagonal lines to
    /// the squares of the lines along the vector, as leaps, lame leaps (a ride: the squares
    /// between must be empty) or screened hops (exactly one of them occupied). The lines hold
    /// every square between two of theirs, so the reversed table is the same walk.
    fn line_moves(&self, t: &mut MoveTable<B>, a: &Atom, df: i32, dr: i32) {
        for s in self.diagonal_lines.squares() {
            let mut path = B::EMPTY;
            let mut at = s;
            for step in 1.. {
                let Some(to) = self.on_board(at, df, dr).filter(|&to| self.diagonal_lines.has(to)) else {
                    break;
                };
                match a.reach {
                    Reach::Leap => {
                        if a.quiet {
                            t.leap_quiet[s.index()] |= B::square(to);
                        }
                        if a.capture {
                            t.leap_capture[s.index()] |= B::square(to);
                        }
                        break;
                    }
                    Reach::Ride(_) => t.lame.push(self.squares, s, PathMove::of(to, path, a)),
                    _ if step >= 2 => t.screened.push(self.squares, s, PathMove::of(to, path, a)),
                    _ => {}
                }
                if let Reach::Ride(range) = a.reach
                    && range != 0
                    && step >= usize::from(range)
                {
                    break;
                }
                path |= B::square(to);
                at = to;
            }
        }
    }

    /// `atoms` as set-wise steps for `color`, grouped by step; `None` if some atom is not a
    /// leap or a lame leap.
    pub(super) fn set_leaps(&self, atoms: &[Atom], color: Color, advanced: B) -> Option<Vec<SetLeap<B>>> {
        if atoms.iter().any(|a| a.on_lines) {
            return None;
        }
        let sign = if color == Color::White { 1 } else { -1 };
        let files = self.files as i32;
        let mut out: Vec<SetLeap<B>> = Vec::new();
        for a in atoms {
            let path = match a.reach {
                Reach::Leap => Vec::new(),
                Reach::Lame => lame_path(a.df, a.dr),
                _ => return None,
            };
            let (df, dr) = (a.df as i32 * sign, a.dr as i32 * sign);
            let mut from = B::EMPTY;
            for s in 0..self.squares {
                let sq = Square(s as u8);
                let fits = self.on_board(sq, df, dr).is_some()
                    && path
                        .iter()
                        .all(|&(pf, pr)| self.on_board(sq, pf as i32 * sign, pr as i32 * sign).is_some());
                if fits && (!a.advanced || advanced.has(sq)) {
                    from |= B::square(sq);
                }
            }
            let variant = LeapVariant {
                from,
                path: path
                    .iter()
                    .map(|&(pf, pr)| (pr as i32 * files + pf as i32) * sign)
                    .collect(),
                quiet: a.quiet,
                capture: a.capture,
                initial: a.initial,
            };
            let step = dr * files + df;
            let index = match out.iter().position(|l| l.shift == step) {
                Some(i) => i,
                None => {
                    out.push(SetLeap {
                        shift: step,
                        quiet_from: B::EMPTY,
                        capture_from: B::EMPTY,
                        variants: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            let leap = &mut out[index];
            if variant.path.is_empty() && !variant.initial {
                if variant.quiet {
                    leap.quiet_from |= variant.from;
                }
                if variant.capture {
                    leap.capture_from |= variant.from;
                }
            } else {
                leap.variants.push(variant);
            }
        }
        Some(out)
    }

    /// The [`Slider`]s covering `riders`: one per modality and class of direction (orthogonal,
    /// diagonal, each other line), split into lines, then single rays, where a table would be
    /// too large. Tables are shared by every piece that uses the same rays.
    pub(super) fn group_riders(&mut self, riders: &[RayMove]) -> Vec<SliderMove<B>> {
        let class = |RayKey { df, dr, .. }: RayKey| {
            if df == 0 || dr == 0 {
                (0, 0)
            } else if df.abs() == dr.abs() {
                (1, 1)
            } else {
                let g = gcd(df.unsigned_abs(), dr.unsigned_abs()) as i32;
                (df.abs() / g, dr.abs() / g * (df * dr).signum())
            }
        };
        // (quiet, capture, class) and the rays of the group.
        type Key = (bool, bool, (i32, i32));
        let mut groups: Vec<(Key, Vec<usize>)> = Vec::new();
        for m in riders {
            let key = (m.quiet, m.capture, class(self.ray_keys[m.ray]));
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, rays)) => rays.push(m.ray),
                None => groups.push((key, vec![m.ray])),
            }
        }
        let mut out = Vec::new();
        for ((quiet, capture, _), rays) in groups {
            let uses = |slider: usize, this: &Self| SliderMove {
                slider: Arc::clone(&this.sliders[slider]),
                quiet,
                capture,
            };
            if let Some(s) = self.slider(&rays, SLIDER_ENTRIES) {
                out.push(uses(s, self));
                continue;
            }
            let mut left = rays;
            while let Some(r) = left.pop() {
                let RayKey { df, dr, .. } = self.ray_keys[r];
                let mut line = vec![r];
                if let Some(i) = left
                    .iter()
                    .position(|&o| (self.ray_keys[o].df, self.ray_keys[o].dr) == (-df, -dr))
                {
                    line.push(left.swap_remove(i));
                }
                if let Some(s) = self.slider(&line, 2 * SLIDER_ENTRIES) {
                    out.push(uses(s, self));
                    continue;
                }
                for single in line {
                    if let Some(s) = self.slider(&[single], usize::MAX) {
                        out.push(uses(s, self));
                    }
                }
            }
        }
        out
    }

    /// The index of the slider over `rays`, built if new; `None` if it would hold more than
    /// `limit` entries.
    fn slider(&mut self, rays: &[usize], limit: usize) -> Option<usize> {
        let mut key = rays.to_vec();
        key.sort_unstable();
        if let Some(i) = self.slider_keys.iter().position(|k| *k == key) {
            return Some(i);
        }
        // Shared with the move tables that use it, freed with the last of them.
        self.sliders
            .push(Arc::new(Slider::build(&self.rays, &key, self.squares, limit)?));
        self.slider_keys.push(key);
        Some(self.sliders.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use crate::core::zobrist::splitmix64;
    use crate::core::{Bitboard, Color, Square};
    use crate::game::fairy::tables::Rules;

    fn build<B: Bitboard>(text: &str) -> Rules<B> {
        let def =
            crate::variant::load_source(crate::variant::Source::inline("test.toml", text), "test").expect("valid");
        Rules::<B>::build(&def)
    }

    /// Every kind's slider lookups reach what its rays reach, ray by ray, on random occupancies.
    fn sliders_agree_with_rays<B: Bitboard>(rules: &Rules<B>) {
        let mut seed = 0x5eed;
        for color in [Color::White, Color::Black] {
            for k in 0..rules.kinds {
                let t = &rules.kind(color, k).normal;
                for _ in 0..64 {
                    let random = (0..B::BITS / 64).fold(B::EMPTY, |b, i| {
                        let word = splitmix64(&mut seed) & splitmix64(&mut seed);
                        b | (0..64)
                            .filter(|j| word >> j & 1 != 0)
                            .fold(B::EMPTY, |w, j| w | B::square(Square((i * 64 + j) as u8)))
                    });
                    let occ = random & rules.board;
                    for s in 0..rules.squares {
                        let sq = Square(s as u8);
                        let by_rays = |q: bool| {
                            t.riders
                                .iter()
                                .filter(|m| if q { m.quiet } else { m.capture })
                                .fold(B::EMPTY, |a, m| a | rules.rays[m.ray].ride(sq, occ))
                        };
                        let by_sliders = |q: bool| {
                            t.sliders
                                .iter()
                                .filter(|m| if q { m.quiet } else { m.capture })
                                .fold(B::EMPTY, |a, m| a | m.slider.attacks(sq, occ))
                        };
                        assert_eq!(by_sliders(true), by_rays(true), "kind {k} quiet from {s}");
                        assert_eq!(by_sliders(false), by_rays(false), "kind {k} capture from {s}");
                    }
                }
            }
        }
    }

    #[test]
    fn slider_tables_reach_what_the_rays_reach() {
        sliders_agree_with_rays(&build::<u64>("inherits = \"chess\"\n[pieces]\nn = { betza = \"NN\" }"));
        // A 16x8 board: the rook's and queen's orthogonal tables are too large whole and are
        // split into lines; limited ranges and modalities make their own tables.
        let wide = build::<u128>(
            "name = \"wide\"\nfiles = 16\nranks = 8\nstart_fen = \"k15/16/16/16/16/16/16/K14Q w - - 0 1\"\n\
             [pieces]\nk = { betza = \"K\", royal = true }\nq = { betza = \"QmNNcR3\" }",
        );
        assert!(wide.sliders.len() > 4, "{} tables", wide.sliders.len());
        sliders_agree_with_rays(&wide);
    }
}
