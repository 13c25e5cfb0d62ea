//! [`Rules`]: a variant [`Definition`] compiled for one bitboard width: per-square leaper tables,
//! ray tables for riders and hoppers, the reversed tables that answer "who attacks this
//! square", regions as bitboards, zobrist keys and evaluation terms.
//!
//! Sliding attacks use the classical ray approach (chessprogramming wiki, "Classical Approach"):
//! the ray from a square, cut behind its first blocker (lowest bit for rays towards higher
//! squares, highest for the others). It works for any step, so nightriders, limited-range
//! riders and hoppers along any line share one table kind.

use crate::core::zobrist::splitmix64;
use crate::core::{Bitboard, Color, Square};
use crate::eval::EvalTerms;
use crate::variant::betza::{Atom, Reach, lame_path};
use crate::variant::{Definition, Diagnostics};

/// A ray direction's table: for each square, the squares along the step (`full`) and the ones a
/// rider of this range reaches on an empty board (`limited`).
#[derive(Clone, Debug)]
pub struct Ray<B> {
    /// Whether the step goes towards higher square indices (the first blocker is the lowest bit).
    pub positive: bool,
    pub full: Vec<B>,
    pub limited: Vec<B>,
}

impl<B: Bitboard> Ray<B> {
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
    /// including the next one.
    #[inline(always)]
    pub fn hop(&self, sq: Square, occ: B) -> B {
        let blockers = self.full[sq.index()] & occ;
        if blockers.is_empty() {
            return B::EMPTY;
        }
        let beyond = self.full[self.first(blockers).index()];
        let second = beyond & occ;
        if second.is_empty() {
            beyond
        } else {
            beyond & !self.full[self.first(second).index()]
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

/// What one set of atoms (a piece's normal or initial moves, for one color) reaches.
#[derive(Clone, Debug, Default)]
pub struct MoveTable<B> {
    /// Plain leaps per square: to empty squares, and captures.
    pub leap_quiet: Vec<B>,
    pub leap_capture: Vec<B>,
    /// Lame leaps per square: (target, squares that must be empty, quiet, capture).
    pub lame: Vec<Vec<(Square, B, bool, bool)>>,
    /// Riders: (ray index, quiet, capture).
    pub riders: Vec<(usize, bool, bool)>,
    pub hoppers: Vec<(usize, bool, bool)>,
    pub grasshoppers: Vec<(usize, bool, bool)>,
    /// Reversed grasshoppers (attack tables only): ray index.
    pub reverse_grass: Vec<usize>,
    pub empty: bool,
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
    #[inline]
    pub fn reach(&self, rays: &[Ray<B>], sq: Square, occ: B) -> (B, B) {
        let i = sq.index();
        let mut quiet = self.leap_quiet[i];
        let mut capture = self.leap_capture[i];
        for &(target, path, q, c) in &self.lame[i] {
            if (path & occ).is_empty() {
                if q {
                    quiet |= B::square(target);
                }
                if c {
                    capture |= B::square(target);
                }
            }
        }
        for &(r, q, c) in &self.riders {
            let a = rays[r].ride(sq, occ);
            if q {
                quiet |= a;
            }
            if c {
                capture |= a;
            }
        }
        for &(r, q, c) in &self.hoppers {
            let a = rays[r].hop(sq, occ);
            if q {
                quiet |= a;
            }
            if c {
                capture |= a;
            }
        }
        for &(r, q, c) in &self.grasshoppers {
            let a = rays[r].grasshop(sq, occ);
            if q {
                quiet |= a;
            }
            if c {
                capture |= a;
            }
        }
        (quiet, capture)
    }

    /// The squares from which a piece with the table this one reverses captures on `sq`.
    #[inline]
    pub fn attackers(&self, rays: &[Ray<B>], sq: Square, occ: B) -> B {
        let i = sq.index();
        let mut a = self.leap_capture[i];
        for &(target, path, _, _) in &self.lame[i] {
            if (path & occ).is_empty() {
                a |= B::square(target);
            }
        }
        // Riders are handled by [`Rules::attack_rays`], one ray per direction for all kinds.
        for &(r, _, _) in &self.hoppers {
            a |= rays[r].hop(sq, occ);
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

/// Per-color, per-kind move tables.
#[derive(Clone, Debug)]
pub struct KindTables<B> {
    pub normal: MoveTable<B>,
    /// Moves only from the initial region (`i`), when the piece has any.
    pub initial: Option<MoveTable<B>>,
    /// Reversed capture vectors, for attack detection.
    pub reverse: MoveTable<B>,
    pub reverse_initial: Option<MoveTable<B>>,
    /// Squares from which the piece has some move on an empty board (promotion may not strand a
    /// pawn where it could never move again).
    pub mobile: B,
    /// Where the piece may stand (its mobility region; the whole board by default).
    pub region: B,
}

/// Zobrist keys sized for the variant.
#[derive(Clone, Debug)]
pub struct Keys {
    /// `piece[(color * kinds + kind) * squares + square]`.
    pub piece: Vec<u64>,
    pub side: u64,
    pub castling: [u64; 4],
    /// Per file of the en-passant square.
    pub ep: Vec<u64>,
    /// Per color and checks remaining (0..=15).
    pub checks: [[u64; 16]; 2],
    /// Per square holding a first-move right.
    pub rights: Vec<u64>,
}

/// A variant ready to play on bitboards of type `B`.
#[derive(Debug)]
pub struct Rules<B> {
    pub def: Definition,
    pub files: u8,
    pub ranks: u8,
    pub squares: usize,
    pub kinds: usize,
    /// Every square of the board.
    pub board: B,
    pub rays: Vec<Ray<B>>,
    /// (file step, rank step, range) of each ray, to share them.
    ray_keys: Vec<(i32, i32, u8)>,
    /// `tables[color][kind]`.
    pub tables: [Vec<KindTables<B>>; 2],
    /// Per color: each reversed rider direction with the kinds (bit mask) that capture along
    /// it. A square is attacked along a ray only by the ray's first piece.
    pub attack_rays: [Vec<(usize, u32)>; 2],
    pub royal_kinds: Vec<u8>,
    pub pawn_kinds: Vec<u8>,
    /// Kinds that may capture en passant.
    pub ep_kinds: Vec<u8>,
    pub promotion_zone: [B; 2],
    pub initial_region: [B; 2],
    /// Where each color may capture en passant.
    pub ep_region: [B; 2],
    pub flag_region: [B; 2],
    /// The eight (or fewer) squares around each square: explosions, and kings' immunity to
    /// each other in atomic variants.
    pub ring: Vec<B>,
    pub keys: Keys,
    pub terms: EvalTerms,
}

fn board_mask<B: Bitboard>(squares: usize) -> B {
    (0..squares).fold(B::EMPTY, |b, s| b | B::square(Square(s as u8)))
}

fn region<B: Bitboard>(squares: &[Square]) -> B {
    squares.iter().fold(B::EMPTY, |b, &s| b | B::square(s))
}

impl<B: Bitboard> Rules<B> {
    fn on_board(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        let f = sq.file(self.files) as i32 + df;
        let r = sq.rank(self.files) as i32 + dr;
        (0..self.files as i32).contains(&f).then_some(())?;
        (0..self.ranks as i32).contains(&r).then_some(())?;
        Some(Square::new(f as u8, r as u8, self.files))
    }

    fn ray_index(&mut self, df: i32, dr: i32, range: u8) -> usize {
        // Rays are built on demand and shared by every piece that uses the same step and range.
        let key = (df, dr, range);
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
        });
        self.ray_keys.push(key);
        self.rays.len() - 1
    }

    fn table(&mut self, atoms: &[Atom], color: Color, reverse: bool) -> MoveTable<B> {
        let mut t = MoveTable {
            leap_quiet: vec![B::EMPTY; self.squares],
            leap_capture: vec![B::EMPTY; self.squares],
            lame: vec![Vec::new(); self.squares],
            empty: atoms.is_empty(),
            ..MoveTable::default()
        };
        let sign = if color == Color::White { 1 } else { -1 };
        for a in atoms {
            if reverse && !a.capture {
                continue;
            }
            let (mut df, mut dr) = (a.df as i32, a.dr as i32 * sign);
            if reverse {
                (df, dr) = (-df, -dr);
            }
            match a.reach {
                Reach::Leap => {
                    for s in 0..self.squares {
                        if let Some(to) = self.on_board(Square(s as u8), df, dr) {
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
                        let mut mask = B::EMPTY;
                        let mut ok = true;
                        for &(pf, pr) in &path {
                            match self.on_board(origin, pf as i32, pr as i32 * sign) {
                                Some(p) => mask |= B::square(p),
                                None => ok = false,
                            }
                        }
                        if ok {
                            t.lame[s].push((to, mask, a.quiet, a.capture));
                        }
                    }
                }
                Reach::Ride(range) => {
                    let r = self.ray_index(df, dr, range);
                    t.riders.push((r, a.quiet, a.capture));
                }
                Reach::Hop => {
                    let r = self.ray_index(df, dr, 0);
                    t.hoppers.push((r, a.quiet, a.capture));
                }
                Reach::Grasshop => {
                    let r = self.ray_index(df, dr, 0);
                    if reverse {
                        t.reverse_grass.push(r);
                    } else {
                        t.grasshoppers.push((r, a.quiet, a.capture));
                    }
                }
            }
        }
        t
    }

    /// Compiles `def` for bitboards of type `B` and checks its start position.
    ///
    /// # Errors
    /// A start FEN that is not a legal position, reported at the `start_fen` key.
    pub fn build(def: Definition) -> Result<&'static Rules<B>, Diagnostics> {
        let files = def.files;
        let ranks = def.ranks;
        let squares = files as usize * ranks as usize;
        let kinds = def.pieces.len();
        let mut seed = 0x6E75_6566_6169_7279 ^ squares as u64 ^ (kinds as u64) << 8;
        let mut rules = Rules {
            files,
            ranks,
            squares,
            kinds,
            board: board_mask(squares),
            rays: Vec::new(),
            ray_keys: Vec::new(),
            tables: [Vec::new(), Vec::new()],
            attack_rays: [Vec::new(), Vec::new()],
            royal_kinds: (0..kinds as u8).filter(|&k| def.pieces[k as usize].royal).collect(),
            pawn_kinds: (0..kinds as u8).filter(|&k| def.pieces[k as usize].pawn).collect(),
            ep_kinds: (0..kinds as u8)
                .filter(|&k| def.pieces[k as usize].betza.en_passant)
                .collect(),
            promotion_zone: [region(&def.promotion.zone[0]), region(&def.promotion.zone[1])],
            initial_region: [region(&def.initial_region[0]), region(&def.initial_region[1])],
            ep_region: [region(&def.en_passant_region[0]), region(&def.en_passant_region[1])],
            flag_region: def
                .flag
                .as_ref()
                .map_or([B::EMPTY; 2], |f| [region(&f.region[0]), region(&f.region[1])]),
            ring: Vec::new(),
            keys: Keys {
                piece: (0..2 * kinds * squares).map(|_| splitmix64(&mut seed)).collect(),
                side: splitmix64(&mut seed),
                castling: std::array::from_fn(|_| splitmix64(&mut seed)),
                ep: (0..files).map(|_| splitmix64(&mut seed)).collect(),
                checks: std::array::from_fn(|_| std::array::from_fn(|_| splitmix64(&mut seed))),
                rights: (0..squares).map(|_| splitmix64(&mut seed)).collect(),
            },
            terms: EvalTerms {
                kinds,
                squares,
                psqt: Vec::new(),
                phase: Vec::new(),
                max_phase: 0,
                hand: Vec::new(),
                see: Vec::new(),
                tempo: 0,
            },
            def,
        };
        rules.ring = (0..squares)
            .map(|s| {
                let mut ring = B::EMPTY;
                for (df, dr) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
                    if let Some(t) = rules.on_board(Square(s as u8), df, dr) {
                        ring |= B::square(t);
                    }
                }
                ring
            })
            .collect();
        for color in [Color::White, Color::Black] {
            for k in 0..kinds {
                let atoms = rules.def.pieces[k].betza.atoms.clone();
                let (initial, normal): (Vec<Atom>, Vec<Atom>) = atoms.iter().partition(|a| a.initial);
                let normal_t = rules.table(&normal, color, false);
                let reverse = rules.table(&normal, color, true);
                let (initial_t, reverse_initial) = if initial.is_empty() {
                    (None, None)
                } else {
                    (
                        Some(rules.table(&initial, color, false)),
                        Some(rules.table(&initial, color, true)),
                    )
                };
                let mut mobile = B::EMPTY;
                for s in 0..squares {
                    if !(normal_t.leap_quiet[s] | normal_t.leap_capture[s]).is_empty()
                        || !normal_t.lame[s].is_empty()
                        || [&normal_t.riders, &normal_t.hoppers, &normal_t.grasshoppers]
                            .iter()
                            .any(|v| v.iter().any(|&(r, _, _)| !rules.rays[r].full[s].is_empty()))
                    {
                        mobile |= B::square(Square(s as u8));
                    }
                }
                for &(ray, _, _) in &reverse.riders {
                    let rays = &mut rules.attack_rays[color.index()];
                    match rays.iter_mut().find(|(r, _)| *r == ray) {
                        Some((_, mask)) => *mask |= 1 << k,
                        None => rays.push((ray, 1 << k)),
                    }
                }
                let region = match &rules.def.pieces[k].region[color.index()] {
                    Some(squares) => region(squares),
                    None => rules.board,
                };
                rules.tables[color.index()].push(KindTables {
                    region,
                    normal: normal_t,
                    initial: initial_t,
                    reverse,
                    reverse_initial,
                    mobile,
                });
            }
        }
        rules.terms = super::terms::derive(&rules);
        let rules: &'static Rules<B> = Box::leak(Box::new(rules));
        if let Err(e) = super::Fairy::<B>::parse_fen(rules, &rules.def.start_fen) {
            let mut d = rules.def.start_fen_at.clone();
            d.message.push_str(&e.to_string());
            return Err(Diagnostics(vec![d]));
        }
        Ok(rules)
    }

    /// The kind index's tables for `color`.
    #[inline(always)]
    pub fn kind(&self, color: Color, kind: usize) -> &KindTables<B> {
        &self.tables[color.index()][kind]
    }
}
