//! Make-move for the fairy interpreter: a move's pieces, captures, explosions, castling and
//! first-move rights, en passant targets, the counting rules, the checkers afterwards and the
//! incremental zobrist key.

use super::moves::{FairyMove, Special};
use super::{Fairy, NO_SQUARE};
use crate::core::{Bitboard, Color, Square};
use crate::game::fairy::tables::PinLine;
use crate::game::fairy::tables::lookup::gcd;
use crate::game::{Dirty, Piece};
use crate::variant::{Counting, CountingMaterial, CountingRule, Enclosing};

impl<B: Bitboard> Fairy<B> {
    /// Squares strictly between `from` and `to` on a straight line of equal steps.
    #[inline]
    pub(super) fn passed_squares(&self, from: Square, to: Square) -> B {
        let coords = &self.rules().coords;
        let (df, dr) = (
            i32::from(coords[to.index()].0) - i32::from(coords[from.index()].0),
            i32::from(coords[to.index()].1) - i32::from(coords[from.index()].1),
        );
        let (adf, adr) = (df.unsigned_abs(), dr.unsigned_abs());
        // Orthogonal and diagonal steps (all pawns' double steps) without the division.
        let steps = if adf == 0 || adr == 0 || adf == adr {
            adf.max(adr)
        } else {
            gcd(adf, adr)
        } as i32;
        if steps < 2 {
            return B::EMPTY;
        }
        // Equal steps on the board are equal steps of the index.
        let step = (i32::from(to.0) - i32::from(from.0)) / steps;
        (1..steps).fold(B::EMPTY, |b, i| {
            b | B::square(Square((i32::from(from.0) + step * i) as u8))
        })
    }

    /// En-passant targets among `passed` that a piece of `by` could capture on.
    pub(super) fn capturable_ep(&self, passed: B, by: Color) -> B {
        let rules = &self.variant.rules;
        let occ = self.occupied() | passed;
        let mut out = B::EMPTY;
        for sq in (passed & rules.ep_region[by.index()]).squares() {
            let mut kinds = rules.ep_kinds();
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let pieces = self.by_kind[k] & self.state.by_color[by.index()];
                if !pieces.is_empty()
                    && !(rules.kind(by, k).reverse.attackers(&rules.rays, sq, occ) & pieces).is_empty()
                {
                    out |= B::square(sq);
                }
            }
        }
        out
    }

    pub(super) fn update_checkers(&mut self) {
        let us = self.state.side;
        let occ = self.occupied();
        let mut checkers = B::EMPTY;
        let blasts = self.rules().blast_on_capture;
        for r in self.royals(us).squares() {
            if !blasts || self.royal_attacked(r, us, occ, B::EMPTY) {
                checkers |= self.attackers_to(r, !us, occ, B::EMPTY);
            }
        }
        if self.rules().duple_check {
            checkers |= self.duple_checkers(us, occ);
        }
        self.state.checkers = checkers;
    }

    /// The checkers after `mover` played a plain move (not castling, en passant or an explosion)
    /// from `from` to `to` (`None`: a drop on `to`), where that can be told from the moved piece
    /// alone: a single royal piece, checks given only by moved pieces and discovered riders
    /// ([`Rules::plain_checks`](crate::game::fairy::tables::Rules::plain_checks)), and `from` on no line along which a rider of the mover's
    /// reaches the royal piece. `None`: compute them all.
    /// With `RARE` false, only for a variant without [`Rules::rare_rules`](crate::game::fairy::tables::Rules::rare_rules) (no duple check).
    #[inline(always)]
    fn checkers_after_plain_move<const RARE: bool>(&self, mover: Color, from: Option<Square>, to: Square) -> Option<B> {
        let rules = &self.variant.rules;
        let royals = self.royals(!mover);
        if royals.more_than_one() || !rules.plain_checks[mover.index()] || RARE && !self.duple_pieces(!mover).is_empty()
        {
            return None;
        }
        if royals.is_empty() {
            return Some(B::EMPTY);
        }
        let r = royals.lsb();
        // A drop opens no line; a move from a rider's line to the royal piece may.
        if let Some(from) = from
            && rules.pin_line[mover.index()][r.index() * rules.squares + from.index()] != PinLine::NONE
        {
            return None;
        }
        let kind = usize::from(self.state.board[to.index()] & 31);
        let t = rules.kind(mover, kind);
        // No hoppers here (`plain_checks`): a piece that could not take the royal piece on an
        // empty board does not check it.
        if !t.capture_span[to.index()].has(r) {
            return Some(B::EMPTY);
        }
        let (_, capture) = t.normal.reach(&rules.rays, to, self.occupied());
        Some(if (capture & t.region).has(r) {
            B::square(to)
        } else {
            B::EMPTY
        })
    }

    /// Plays a pseudo-legal move (no legality test).
    pub(super) fn play_unchecked(&mut self, mv: FairyMove, dirty: &mut Dirty) {
        if self.rules().rare_rules {
            self.play_with::<true>(mv, dirty);
        } else {
            self.play_with::<false>(mv, dirty);
        }
    }

    /// [`Fairy::play_unchecked`]; with `RARE` false only for a variant without
    /// [`Rules::rare_rules`](crate::game::fairy::tables::Rules::rare_rules) (no passes, gating, bikjang or hands, so no pieces marked as
    /// promoted), whose tests are then compiled out.
    #[inline(always)]
    fn play_with<const RARE: bool>(&mut self, mv: FairyMove, dirty: &mut Dirty) {
        let us = self.state.side;
        let them = !us;
        let from = Square(mv.from());
        let to = Square(mv.to());
        let ep_victim = self.state.ep_victim;
        let (castle_before, rights_before) = (self.state.castle, self.state.rights);
        let drop = mv.special() == Special::Drop;
        let pass = RARE && mv.special() == Special::Pass;
        self.state.key ^= self.rules().keys.side ^ self.ep_key();
        // A drop's origin field is a kind, not a square: it changes no right; nor does a pass.
        if !drop && !pass {
            self.state.rights &= !B::square(from) & !B::square(to);
        }
        self.state.ep = B::EMPTY;
        self.state.ep_victim = NO_SQUARE;
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        if us == Color::Black {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        if self.state.counting_limit > 0 {
            self.state.counting_ply = self.state.counting_ply.saturating_add(1);
        }
        let mut captured_kind = None;
        // Castling rights go with the king and with the rooks' squares.
        if let Some(c) = &self.rules().castling
            && !drop
            && !pass
        {
            let moving = self.piece_at(from).unwrap_or(Piece::new(us, 0));
            if moving.kind == c.king_kind {
                self.state.castle[us.index() * 2] = NO_SQUARE;
                self.state.castle[us.index() * 2 + 1] = NO_SQUARE;
            }
            for r in &mut self.state.castle {
                if *r == from.0 || *r == to.0 {
                    *r = NO_SQUARE;
                }
            }
        }
        match mv.special() {
            Special::Pass => {}
            Special::Castle => self.play_castle(mv, dirty),
            Special::Drop => self.play_drop(mv, dirty),
            special => captured_kind = self.play_move::<RARE>(mv, special, ep_victim, dirty),
        }
        if RARE && self.rules().after_move {
            self.after_move(mv, pass, dirty);
        }
        if self.rules().royal_right_lost_to != 0 && !self.state.rights.is_empty() && !pass {
            self.royal_rights_under_attack(to);
        }
        // Counts change only with captures (explosions), promotions, drops and gatings.
        if self.rules().extinction_cached
            && (captured_kind.is_some()
                || mv.promotion().is_some()
                || !matches!(mv.special(), Special::Normal | Special::DoubleStep | Special::Castle)
                || RARE && self.rules().drops.gating)
        {
            self.state.extinct = self.extinction_counts();
        }
        self.state.side = them;
        if let Some(counting) = self.rules().end.counting {
            self.update_count(&counting, captured_kind, mv.promotion().is_some());
        }
        let plain = matches!(mv.special(), Special::Normal | Special::DoubleStep | Special::Drop)
            && !self.rules().blast_on_capture
            && (!RARE || !self.rules().drops.gating || mv.gate().is_none());
        let from = (!drop).then_some(from);
        match plain
            .then(|| self.checkers_after_plain_move::<RARE>(us, from, to))
            .flatten()
        {
            Some(checkers) => self.state.checkers = checkers,
            None => self.update_checkers(),
        }
        if self.rules().end.check_counting && !self.state.checkers.is_empty() {
            self.count_check(us, dirty);
        }
        self.state.key ^= self.ep_key();
        if self.state.castle != castle_before {
            self.state.key ^= self.castle_key(castle_before) ^ self.castle_key(self.state.castle);
        }
        // Rights are only lost: the changed squares are the lost ones.
        self.state.key ^= self.rights_key(rights_before ^ self.state.rights);
        // Without passes the record stays 0.
        if RARE {
            self.state.passes = (self.state.passes << 1 | u8::from(pass)) & 3;
        }
        if RARE && self.rules().bikjang {
            self.state.facing = (self.state.facing << 1 | u8::from(self.kings_face())) & 3;
        }
    }

    /// The castling `mv` on the board: king and rook to their targets, promotion marks along.
    #[inline(always)]
    fn play_castle(&mut self, mv: FairyMove, dirty: &mut Dirty) {
        let (from, to) = (Square(mv.from()), Square(mv.to()));
        let targets = self.castle_targets(mv);
        let king = self.take(from);
        let rook = self.take(to);
        let (king_to, rook_to) = targets.map_or((from, to), |(_, k, r)| (k, r));
        self.put(king, king_to);
        self.put(rook, rook_to);
        if !self.state.promoted.is_empty() {
            let (king_promoted, rook_promoted) = (self.state.promoted.has(from), self.state.promoted.has(to));
            self.state.promoted &= !(B::square(from) | B::square(to));
            if king_promoted {
                self.state.promoted |= B::square(king_to);
            }
            if rook_promoted {
                self.state.promoted |= B::square(rook_to);
            }
        }
        dirty.remove(king, from);
        dirty.remove(rook, to);
        dirty.add(king, king_to);
        dirty.add(rook, rook_to);
    }

    /// The drop `mv` on the board: from the hand as its kind, onto the board as it or its
    /// promoted form.
    #[inline(always)]
    fn play_drop(&mut self, mv: FairyMove, dirty: &mut Dirty) {
        let (us, to) = (self.state.side, Square(mv.to()));
        // Endless hands (`free` drops) hold `u8::MAX` and give nothing.
        if self.state.hand[us.index()][usize::from(mv.from())] != u8::MAX {
            self.add_to_hand(us, mv.from(), -1, dirty);
        }
        let piece = Piece::new(us, mv.promotion().unwrap_or(mv.from()));
        self.put(piece, to);
        dirty.add(piece, to);
        // Every drop resets the move counter, as in Fairy-Stockfish.
        self.state.halfmove = 0;
        if self.rules().drops.castling_dropped_piece {
            self.castling_rights_of_drop(piece, to);
        }
    }

    /// A board move `mv` (not a castling, drop or pass) of kind `special`, `ep_victim` the
    /// en-passant victim's square before it. Returns the captured kind.
    #[inline(always)]
    fn play_move<const RARE: bool>(
        &mut self,
        mv: FairyMove,
        special: Special,
        ep_victim: u8,
        dirty: &mut Dirty,
    ) -> Option<u8> {
        let (us, them) = (self.state.side, !self.state.side);
        let (from, to) = (Square(mv.from()), Square(mv.to()));
        let mut captured_kind = None;
        let victim_sq = if special == Special::EnPassant {
            Square(ep_victim)
        } else {
            to
        };
        if let Some(victim) = self.piece_at(victim_sq).filter(|p| p.color == them) {
            // A captured castling king (where kings are not royal) takes its rights along.
            if self
                .rules()
                .castling
                .as_ref()
                .is_some_and(|c| c.king_kind == victim.kind)
            {
                self.state.castle[them.index() * 2] = NO_SQUARE;
                self.state.castle[them.index() * 2 + 1] = NO_SQUARE;
            }
            self.take(victim_sq);
            dirty.remove(victim, victim_sq);
            self.state.halfmove = 0;
            captured_kind = Some(victim.kind);
            if RARE && self.rules().drops.captures_to_hand && !self.rules().is_royal(usize::from(victim.kind)) {
                // A promoted piece goes back as the pawn it was, a promoted form as
                // its base.
                let kind = match self.rules().drops.demoted_kind {
                    Some(pawn) if self.state.promoted.has(victim_sq) => pawn,
                    _ => self.rules().in_hand_kind(victim.kind),
                };
                self.add_to_hand(us, kind, 1, dirty);
            }
            if !self.state.promoted.is_empty() {
                self.state.promoted &= !B::square(victim_sq);
            }
        }
        let captured = self.state.halfmove == 0;
        let piece = self.take(from);
        dirty.remove(piece, from);
        let was_promoted = !self.state.promoted.is_empty() && self.state.promoted.has(from);
        if was_promoted {
            self.state.promoted &= !B::square(from);
        }
        if captured && self.rules().blast_on_capture {
            self.explode(to, dirty);
        } else {
            let placed = Piece::new(us, mv.promotion().unwrap_or(piece.kind));
            self.put(placed, to);
            dirty.add(placed, to);
            // A pawn's promotion is marked (`~`); a `+` form is a kind of its own.
            let marked = mv
                .promotion()
                .is_some_and(|p| self.rules().base_of(usize::from(p)).is_none())
                && self.rules().promotion.marks_promoted
                && self.rules().is_pawn(usize::from(piece.kind));
            if was_promoted || marked {
                self.state.promoted |= B::square(to);
            }
        }
        // Pawn moves and promotions are irreversible (Kyoto's turning over is not), as
        // Fairy-Stockfish counts.
        let kind = usize::from(piece.kind);
        if self.rules().resets_move_rule(us, kind, from, to)
            || mv.promotion().is_some() && !self.rules().promotion.demotion
        {
            self.state.halfmove = 0;
        }
        if special == Special::DoubleStep && self.rules().en_passant {
            let ep = self.capturable_ep(self.passed_squares(from, to), them);
            if !ep.is_empty() {
                self.state.ep = ep;
                self.state.ep_victim = to.0;
            }
        }
        captured_kind
    }

    /// A check given in an n-check variant: one check fewer left to `us`, in the key and for the
    /// net (the checks left are a hand kind of its layout, `layout_spec`).
    #[inline(always)]
    fn count_check(&mut self, us: Color, dirty: &mut Dirty) {
        self.state.key ^= self.checks_key();
        let from = self.state.checks[us.index()];
        self.state.checks[us.index()] = from.saturating_sub(1);
        self.state.key ^= self.checks_key();
        let (kind, to) = (self.rules().kinds as u8, self.state.checks[us.index()]);
        let _ = dirty.hands.try_push(crate::game::HandChange {
            color: us,
            kind,
            from,
            to,
        });
    }

    /// S-chess gating after `mv` (the side to move has not changed yet): the piece from the
    /// hand enters on the square left, and once the hand is empty (captures never refilling
    /// it) the side's gates all close.
    #[cold]
    fn gate_in(&mut self, mv: FairyMove, dirty: &mut Dirty) {
        let us = self.state.side;
        if let Some(kind) = mv.gate() {
            let sq = Square(mv.gate_square());
            let piece = Piece::new(us, kind);
            self.put(piece, sq);
            dirty.add(piece, sq);
            self.add_to_hand(us, kind, -1, dirty);
        }
        if !self.rules().drops.captures_to_hand && self.state.hand[us.index()].iter().all(|&n| n == 0) {
            self.state.rights &= !self.state.by_color[us.index()];
        }
    }

    /// Duck chess after `mv`: every wall goes and the duck stands on the move's wall square, as
    /// Fairy-Stockfish's `do_move`; an en-passant square the duck lands on gives no right. The
    /// walls are no net features, so `Dirty` is untouched.
    #[cold]
    fn place_duck(&mut self, mv: FairyMove) {
        let new = mv.wall().map_or(B::EMPTY, |sq| B::square(Square(sq)));
        self.state.key ^= self.walls_key(self.state.walls) ^ self.walls_key(new);
        self.state.occupied = (self.state.occupied & !self.state.walls) | new;
        self.state.walls = new;
        if !(self.state.ep & new).is_empty() {
            self.state.ep = B::EMPTY;
            self.state.ep_victim = NO_SQUARE;
        }
    }

    /// `castling_dropped_piece` (placement): a king dropped on its castling square gets the
    /// castling rights of the rooks on the outer files of its rank, a rook dropped on an outer
    /// file of it the right with the king already there (Fairy-Stockfish's `do_move`).
    fn castling_rights_of_drop(&mut self, piece: Piece, to: Square) {
        let Some(c) = &self.variant.rules.castling else { return };
        let files = self.rules().files;
        let us = piece.color;
        let rank = c.rank[us.index()];
        if to.rank(files) != rank {
            return;
        }
        let king_square = Square::new(c.king_file, rank, files);
        let king_dropped = piece.kind == c.king_kind && to == king_square;
        let rook_dropped = c.rook_kinds.contains(&piece.kind)
            && (self.by_kind[c.king_kind as usize] & self.state.by_color[us.index()]).has(king_square);
        for corner in [Square::new(files - 1, rank, files), Square::new(0, rank, files)] {
            let right = if king_dropped {
                self.piece_at(corner)
                    .is_some_and(|p| p.color == us && c.rook_kinds.contains(&p.kind))
            } else {
                rook_dropped && corner == to
            };
            if right {
                let side = usize::from(corner.file(files) < c.king_file);
                self.state.castle[us.index() * 2 + side] = corner.0;
            }
        }
    }

    /// The counting rule after a move (the side to move has already changed): a count starts
    /// when a side is reduced far enough, and starts again from the new material when the last
    /// piece of the bare side's opponent changes by a capture or promotion. Fairy-Stockfish's
    /// `do_move`.
    fn update_count(&mut self, counting: &Counting, captured: Option<u8>, promotion: bool) {
        let (mover, to_move) = (!self.state.side, self.state.side);
        let all = |c: Color| self.state.by_color[c.index()].count();
        if counting.rule != CountingRule::Asean
            && captured.is_some_and(|k| self.rules().is_pawn(k as usize))
            && all(mover) == 1
            && self.pawn_count() == 0
        {
            let limit = self.count_limit(counting, mover);
            if limit > 0 {
                self.state.counting_limit = 2 * limit;
                self.state.counting_ply = (2 * self.pieces().count() - 1) as u16;
            }
        }
        if self.state.counting_limit == 0 || ((captured.is_some() || promotion) && all(to_move) == 1) {
            let limit = self.count_limit(counting, to_move);
            if limit > 0 {
                self.state.counting_limit = 2 * limit;
                self.state.counting_ply = if counting.rule == CountingRule::Asean || all(to_move) > 1 {
                    0
                } else {
                    2 * self.pieces().count() as u16
                };
            }
        }
    }

    /// Pawns of both sides on the board.
    fn pawn_count(&self) -> u32 {
        (0..self.rules().kinds)
            .filter(|&k| self.rules().is_pawn(k))
            .map(|k| self.by_kind[k].count())
            .sum()
    }

    /// The counting limit in full moves for `side` (0: it does not count).
    fn count_limit(&self, counting: &Counting, side: Color) -> u16 {
        let theirs = self.state.by_color[(!side).index()];
        let of = |kind: Option<u8>| kind.map_or(0, |k| (self.by_kind[k as usize] & theirs).count());
        counting.limit(CountingMaterial {
            pawns: self.pawn_count(),
            own: self.state.by_color[side.index()].count(),
            theirs: theirs.count(),
            rooks: of(counting.rook),
            khons: of(counting.khon),
            knights: of(counting.knight),
        })
    }

    /// After a move to `to`: an enemy royal piece that holds a first-move right loses it when
    /// the piece now on `to` is of a kind in `royal_right_lost_to` and aims at it (on an empty
    /// board).
    fn royal_rights_under_attack(&mut self, to: Square) {
        let Some(piece) = self.piece_at(to) else { return };

        if self.rules().royal_right_lost_to >> piece.kind & 1 == 0 {
            return;
        }
        // On an empty board, as Fairy-Stockfish aims: pieces in between do not matter.
        let (_, attacks) =
            self.rules()
                .kind(piece.color, piece.kind as usize)
                .normal
                .reach(&self.rules().rays, to, B::EMPTY);
        self.state.rights &= !(attacks & self.royals(!piece.color));
    }

    /// What [`Rules::after_move`](crate::game::fairy::tables::Rules::after_move) rules do once the
    /// move `mv` is on the board: its gating, its duck, its flips.
    #[cold]
    fn after_move(&mut self, mv: FairyMove, pass: bool, dirty: &mut Dirty) {
        if self.rules().drops.gating {
            self.gate_in(mv, dirty);
        }
        if self.rules().duck_walling {
            self.place_duck(mv);
        }
        if !pass && let Some(rule) = self.rules().flip {
            self.flip_enclosed(rule, Square(mv.to()), dirty);
        }
    }

    /// The enemy pieces the side to move's piece arriving on `to` encloses change color
    /// (`flip_enclosed_pieces`): those next to it (ataxx), or each run along a queen line up to
    /// the mover's next piece (reversi). Flips are no captures: the clock runs on.
    #[inline(never)]
    fn flip_enclosed(&mut self, rule: Enclosing, to: Square, dirty: &mut Dirty) {
        let us = self.state.side;
        let flipped = match rule {
            Enclosing::Ataxx => self.rules().ring[to.index()] & self.state.by_color[(!us).index()],
            Enclosing::Reversi => self.enclosed_lines(to, us),
        };
        for sq in flipped.squares() {
            let before = self.take(sq);
            let after = Piece::new(us, before.kind);
            self.put(after, sq);
            dirty.remove(before, sq);
            dirty.add(after, sq);
        }
    }

    /// An atomic explosion on `at`: every piece around it goes, except the immune kinds (the
    /// capturer and its victim are already off the board). Castling rights go with exploded
    /// kings and rooks.
    fn explode(&mut self, at: Square, dirty: &mut Dirty) {
        for sq in (self.rules().ring[at.index()] & self.occupied()).squares() {
            let Some(p) = self.piece_at(sq) else { continue };
            if self.rules().blast_immune >> p.kind & 1 != 0 {
                continue;
            }
            if self.rules().castling.as_ref().is_some_and(|c| c.king_kind == p.kind) {
                self.state.castle[p.color.index() * 2] = NO_SQUARE;
                self.state.castle[p.color.index() * 2 + 1] = NO_SQUARE;
            }
            for r in &mut self.state.castle {
                if *r == sq.0 {
                    *r = NO_SQUARE;
                }
            }
            self.take(sq);
            dirty.remove(p, sq);
        }
        self.state.promoted &= self.pieces();
    }
}
