//! [`Rules::build`]: a checked [`Definition`] compiled for one bitboard width. A [`Builder`]
//! owns the scratch state (the board's shape, the rays and slider tables made so far, shared by
//! every kind that uses them); the rules are assembled from its tables and the definition's
//! fields, then each derived part is compiled in turn: promotions, attack sets, drops, and the
//! move generator's strategy flags.

use super::castling::castle_paths;
use super::lookup::{Ray, Slider};
use super::movetable::{KindTables, LeapAttacks, MoveTable, RayMove};
use super::{Chasing, DropRules, FlagRule, Keys, PromotionRules, Rules};
use crate::core::{Bitboard, Color, Square};
use crate::variant::Definition;
use crate::variant::betza::Atom;
use std::sync::Arc;

/// A ray's step and range (0: unlimited): rays with the same key are one ray.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct RayKey {
    pub df: i32,
    pub dr: i32,
    pub range: u8,
}

/// The scratch state of a build: the board's shape, and the rays and slider tables made so far
/// with the keys that share them. Its rays and sliders end in the [`Rules`].
pub(super) struct Builder<B> {
    pub files: u8,
    pub ranks: u8,
    pub squares: usize,
    /// Janggi's palace diagonals, along which [`Atom::on_lines`] atoms move.
    pub diagonal_lines: B,
    pub rays: Vec<Ray<B>>,
    pub ray_keys: Vec<RayKey>,
    pub sliders: Vec<Arc<Slider<B>>>,
    /// The rays of each slider, sorted.
    pub slider_keys: Vec<Vec<usize>>,
}

/// Every square of a board of `squares` squares.
pub(super) fn board_mask<B: Bitboard>(squares: usize) -> B {
    (0..squares).fold(B::EMPTY, |b, s| b | B::square(Square(s as u8)))
}

/// The squares of `rank` (0-based) on a board `files` wide.
pub(super) fn rank_mask<B: Bitboard>(rank: u8, files: u8) -> B {
    (0..files).fold(B::EMPTY, |b, f| b | B::square(Square::new(f, rank, files)))
}

/// `squares` as a bitboard.
pub(super) fn region<B: Bitboard>(squares: &[Square]) -> B {
    squares.iter().fold(B::EMPTY, |b, &s| b | B::square(s))
}

/// The kinds of `def` for which `test` holds, as a bit mask.
pub(super) fn kind_mask(def: &Definition, test: impl Fn(u8) -> bool) -> u32 {
    (0..def.pieces.len() as u8)
        .filter(|&k| test(k))
        .fold(0, |m, k| m | 1 << k)
}

/// `kinds` as a bit mask.
pub(super) fn mask_of(kinds: &[u8]) -> u32 {
    kinds.iter().fold(0, |m, &k| m | 1 << k)
}

/// Pieces of each kind (both colors) in `def`'s start position, on the board and in hand.
pub(super) fn start_counts(def: &Definition) -> Vec<u32> {
    let mut counts = vec![0; def.pieces.len()];
    for c in start_pieces(def) {
        if let Some(k) = def.kind_of(c) {
            counts[usize::from(k)] += 1;
        }
    }
    counts
}

/// Royal pieces of each color in `def`'s start position, on the board and in hand.
fn royal_counts(def: &Definition) -> [u32; 2] {
    let mut counts = [0; 2];
    for c in start_pieces(def) {
        if def.kind_of(c).is_some_and(|k| def.pieces[usize::from(k)].royal) {
            counts[usize::from(c.is_ascii_lowercase())] += 1;
        }
    }
    counts
}

/// The letters of `def`'s start position: its placement, then its hand (`[...]`) if any.
fn start_pieces(def: &Definition) -> impl Iterator<Item = char> + '_ {
    let placement = def.start_fen.split_whitespace().next().unwrap_or("");
    let hand = def.start_fen.split_whitespace().nth(1).filter(|f| f.starts_with('['));
    placement.chars().chain(hand.unwrap_or("").chars())
}

impl<B: Bitboard> Builder<B> {
    fn new(def: &Definition) -> Builder<B> {
        Builder {
            files: def.files,
            ranks: def.ranks,
            squares: usize::from(def.files) * usize::from(def.ranks),
            diagonal_lines: region(&def.diagonal_lines),
            rays: Vec::new(),
            ray_keys: Vec::new(),
            sliders: Vec::new(),
            slider_keys: Vec::new(),
        }
    }

    /// Every kind's tables for `color`, promotion zones aside (see
    /// [`Rules::compile_promotions`]).
    fn kind_tables(&mut self, def: &Definition, color: Color) -> Vec<KindTables<B>> {
        (0..def.pieces.len()).map(|k| self.kind_table(def, color, k)).collect()
    }

    fn kind_table(&mut self, def: &Definition, color: Color, k: usize) -> KindTables<B> {
        let piece = &def.pieces[k];
        let atoms = &piece.betza.atoms;
        let (initial, normal): (Vec<Atom>, Vec<Atom>) = atoms.iter().partition(|a| a.initial);
        let advanced = region(&piece.advanced_region[color.index()]);
        let normal_t = self.table(&normal, color, false, advanced);
        let reverse = self.table(&normal, color, true, advanced);
        let initial_t = (!initial.is_empty()).then(|| self.table(&initial, color, false, advanced));
        // Initial moves that never capture (the pawn's double step) attack nothing.
        let reverse_initial = initial
            .iter()
            .any(|a| a.capture)
            .then(|| self.table(&initial, color, true, advanced));
        let region = piece.region[color.index()]
            .as_deref()
            .map_or_else(|| board_mask(self.squares), region);
        let capture_span = (0..self.squares)
            .map(|sq| normal_t.reach(&self.rays, Square(sq as u8), B::EMPTY).1 & region)
            .collect();
        KindTables {
            region,
            // Set with the promotions, once every kind's tables are built.
            promo_zone: B::EMPTY,
            attention_to: B::EMPTY,
            capture_span,
            mobile: self.mobile(&normal_t),
            set_leaps: self.set_leaps(atoms, color, advanced),
            normal: normal_t,
            initial: initial_t,
            reverse,
            reverse_initial,
        }
    }

    /// The squares from which `t` has some move on an empty board.
    fn mobile(&self, t: &MoveTable<B>) -> B {
        let rides = |moves: &[RayMove], s: usize| moves.iter().any(|m| !self.rays[m.ray].full[s].is_empty());
        (0..self.squares)
            .filter(|&s| {
                !(t.leap_quiet[s] | t.leap_capture[s]).is_empty()
                    || !t.lame.at(Square(s as u8)).is_empty()
                    || rides(&t.riders, s)
                    || rides(&t.hoppers, s)
                    || rides(&t.grasshoppers, s)
            })
            .fold(B::EMPTY, |m, s| m | B::square(Square(s as u8)))
    }

    /// The orthogonal slider tables along which royal pieces see each other (the flying general,
    /// bikjang).
    fn royal_lines(&mut self) -> Vec<Arc<Slider<B>>> {
        let rook: Vec<RayMove> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .map(|&(df, dr)| RayMove {
                ray: self.ray_index(df, dr, 0),
                quiet: true,
                capture: true,
            })
            .collect();
        self.group_riders(&rook).into_iter().map(|m| m.slider).collect()
    }

    /// The eight (or fewer) squares around each square.
    fn rings(&self) -> Vec<B> {
        let steps = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
        (0..self.squares)
            .map(|s| {
                let around = steps
                    .iter()
                    .filter_map(|&(df, dr)| self.on_board(Square(s as u8), df, dr));
                around.fold(B::EMPTY, |ring, t| ring | B::square(t))
            })
            .collect()
    }
}

impl<B: Bitboard> Rules<B> {
    /// Compiles `def` for bitboards of type `B` (whose width must hold `def`'s squares). The
    /// start position is not checked here: that takes the interpreter, which reads these rules.
    pub fn build(def: &Definition) -> Rules<B> {
        let mut builder = Builder::new(def);
        let tables = [Color::White, Color::Black].map(|c| builder.kind_tables(def, c));
        let royal_lines = if def.flying_general || def.bikjang {
            builder.royal_lines()
        } else {
            Vec::new()
        };
        let mut rules = Rules::assemble(def, builder, tables, royal_lines);
        rules.compile_promotions(def);
        for color in [Color::White, Color::Black] {
            rules.compile_attack_sets(color);
        }
        if let Some(drops) = &def.drops {
            rules.compile_drops(def, drops);
        }
        rules.choose_strategies();
        rules
    }

    /// The rules of `def` over `builder`'s tables, before the derived parts are compiled.
    fn assemble(
        def: &Definition,
        builder: Builder<B>,
        tables: [Vec<KindTables<B>>; 2],
        royal_lines: Vec<Arc<Slider<B>>>,
    ) -> Rules<B> {
        let (files, ranks, squares) = (def.files, def.ranks, builder.squares);
        let kinds = def.pieces.len();
        let piece = |k: u8| &def.pieces[usize::from(k)];
        // A partner's board may pass over a whole second set.
        let sets = if def.two_boards { 2 } else { 1 };
        let piece_limit = start_counts(def).iter().sum::<u32>() as usize * sets;
        let region_pair = |r: &[Vec<Square>; 2]| [region(&r[0]), region(&r[1])];
        Rules {
            squares,
            kinds,
            files,
            ranks,
            board: board_mask(squares),
            tables,
            uniform_kinds: [Vec::new(), Vec::new()],
            general_kinds: [Vec::new(), Vec::new()],
            attack_sliders: [Vec::new(), Vec::new()],
            pin_rays: [Vec::new(), Vec::new()],
            pin_line: [Vec::new(), Vec::new()],
            blockable_kinds: [Vec::new(), Vec::new()],
            leap_attack_kinds: [Vec::new(), Vec::new()],
            regional_kinds: [0; 2],
            royal_kinds: (0..kinds as u8).filter(|&k| piece(k).royal).collect(),
            royal_set: kind_mask(def, |k| piece(k).royal),
            pawn_set: kind_mask(def, |k| piece(k).pawn),
            move_rule_set: kind_mask(def, |k| piece(k).resets_move_rule),
            move_rule_tested: kind_mask(def, |k| {
                piece(k).resets_move_rule && piece(k).betza.atoms.iter().any(|a| a.quiet && a.dr <= 0)
            }),
            ep_set: kind_mask(def, |k| piece(k).betza.en_passant),
            pseudo_royal_set: kind_mask(def, |k| def.pseudo_royal_kind(k)),
            initial_captures: [false; 2],
            plain_checks: [false; 2],
            immune_set: kind_mask(def, |k| piece(k).same_kind_immune),
            rare_rules: false,
            set_wise: false,
            plain_legality: false,
            ends_by_rule: false,
            must_capture: def.must_capture,
            checking: def.checking,
            blast_on_capture: def.blast_on_capture,
            en_passant: def.en_passant,
            castle_king_royal: def
                .castling
                .as_ref()
                .is_some_and(|c| piece(c.king_kind).royal || def.pseudo_royal_kind(c.king_kind)),
            castling: def.castling.clone(),
            castle_rank: def
                .castling
                .as_ref()
                .map_or([B::EMPTY; 2], |c| c.rank.map(|r| rank_mask(r, files))),
            castle_paths: def
                .castling
                .as_ref()
                .map_or([Vec::new(), Vec::new()], |c| castle_paths(c, files)),
            coords: (0..squares)
                .map(|s| (Square(s as u8).file(files), Square(s as u8).rank(files)))
                .collect(),
            royal_right_lost_to: mask_of(&def.royal_right_lost_to),
            drops: DropRules::new(def),
            promotion: PromotionRules::new(def),
            end: def.end.clone(),
            flag: def.flag.as_ref().map(FlagRule::new),
            // Set once the hands are known.
            extinction_cached: false,
            bikjang: def.bikjang,
            flying_general: def.flying_general,
            chasing: def.axf_chasing.then(|| Chasing::build(def)),
            makpong: def.makpong,
            pass: def.pass,
            pass_on_stalemate: def.pass_on_stalemate,
            duck_walling: def.duck_walling,
            flip: def.flip,
            after_move: false,
            duple_check: def.end.extinction.as_ref().is_some_and(|e| e.duple_check),
            first_move_rights: def.first_move_rights,
            keys: Keys::new(squares, kinds, files, def.drops.is_some().then_some(piece_limit)),
            plain_leap_attacks: [LeapAttacks::default(), LeapAttacks::default()],
            steady: [0; 2],
            immobility_illegal: def.immobility_illegal,
            royal_lines,
            diagonal_lines: builder.diagonal_lines,
            blast_immune: mask_of(&def.blast_immune),
            initial_region: region_pair(&def.initial_region),
            ep_region: region_pair(&def.en_passant_region),
            ring: builder.rings(),
            name: def.name.clone(),
            start_fen: def.start_fen.clone(),
            letters: def.pieces.iter().map(|p| p.letter).collect(),
            chess_pawns: kind_mask(def, |k| matches!(piece(k).betza_text.as_str(), "fmWfceF" | "fmWfcF")),
            san_letters: def.pieces.iter().map(|p| p.san_letter).collect(),
            values: def.pieces.iter().map(|p| p.value).collect(),
            mirror_symmetric: def.pieces.iter().all(|p| {
                let atoms = &p.betza.atoms;
                atoms.iter().all(|a| {
                    atoms
                        .iter()
                        .any(|b| b.df == -a.df && b.dr == a.dr && b.reach == a.reach)
                })
            }),
            king_buckets: def.king_buckets,
            piece_limit,
            royal_limit: royal_counts(def),
            rays: builder.rays,
            sliders: builder.sliders,
        }
    }

    /// The move generator's and make-move's strategy flags, once every table is compiled.
    fn choose_strategies(&mut self) {
        self.extinction_cached = self
            .end
            .extinction
            .as_ref()
            .is_some_and(|e| e.kinds.is_some() || self.drops.hands);
        self.ends_by_rule = self.end.extinction.is_some()
            || self.flag.is_some()
            || self.end.check_counting
            || self.pass
            || self.bikjang
            || self.pass_on_stalemate
            || self.end.full_board;
        self.after_move = self.drops.gating || self.flip.is_some() || self.duck_walling;
        self.set_wise = self.checking
            && !self.pass_on_stalemate
            && !self.duck_walling
            && !self.makpong
            && !self.blast_on_capture
            && !self.end.extinction.as_ref().is_some_and(|e| e.pseudo_royal);
        self.plain_legality = self.set_wise && self.immune_set == 0 && !self.bikjang;
        // Hands, drops and shogi-style promotions (from inside the zone) are among the rare
        // rules: the chess-like variants' generator keeps fewer bitboards live, their make-move
        // skips the hand.
        let shogi_promotion = (0..self.kinds).any(|k| {
            [Color::White, Color::Black]
                .iter()
                .any(|&c| !self.zone_from(c, k).is_empty())
        });
        self.rare_rules = self.drops.gating
            || self.promotion.sittuyin
            || self.pass
            || self.pass_on_stalemate
            || self.duck_walling
            || self.flip.is_some()
            || self.bikjang
            || self.flying_general
            || self.makpong
            || self.immune_set != 0
            || self.duple_check
            || self.drops.allowed
            || self.drops.captures_to_hand
            || shogi_promotion;
    }
}
