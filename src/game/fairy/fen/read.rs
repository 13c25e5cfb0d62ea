//! Reading a FEN (or an SFEN under USI) into a position: the fields, the board, hands,
//! castling and first-move rights, en passant, counters; then the checks that make it a
//! position of the game (piece counts, royal pieces, the side not to move not in check).

use crate::core::{Bitboard, Color, PositionError, Square};
use crate::game::Piece;
use crate::game::fairy::tables::Rules;
use crate::game::fairy::{EMPTY, Fairy, FairyVariant, NO_SQUARE, State};
use crate::variant::MAX_KINDS;
use std::sync::Arc;

impl<B: Bitboard> Fairy<B> {
    /// Parses a FEN of this variant (an SFEN under USI: [`Fairy::sfen_to_fen`]).
    pub(in crate::game::fairy) fn parse_fen(variant: &Arc<FairyVariant<B>>, fen: &str) -> Result<Self, PositionError> {
        let pos = Self::parse_fen_unchecked(variant, fen)?;
        pos.refuse_check_on_side_not_to_move()?;
        Ok(pos)
    }

    /// [`Fairy::parse_fen`] without refusing a side not to move in check.
    pub(in crate::game::fairy) fn parse_fen_unchecked(
        variant: &Arc<FairyVariant<B>>,
        fen: &str,
    ) -> Result<Self, PositionError> {
        if variant.usi {
            let fen = Self::sfen_to_fen(variant, fen)?;
            return Self::read_fen_text(variant, &fen);
        }
        Self::read_fen_text(variant, fen)
    }

    /// An SFEN (`board side hand ply`: `b` is the first player, the hand `2Pp` or `-`, the ply
    /// counted from 1) as the FEN of the same position, for the FEN reader.
    fn sfen_to_fen(variant: &Arc<FairyVariant<B>>, sfen: &str) -> Result<String, PositionError> {
        let err = |field: &'static str, msg: String| Err(PositionError::new(field, msg));
        let fields: Vec<&str> = sfen.split_ascii_whitespace().collect();
        let [board, rest @ ..] = fields.as_slice() else {
            return err("position", "empty SFEN".to_string());
        };
        if rest.len() > 3 {
            return err(
                "position",
                format!("expected at most 4 SFEN fields, found {}", fields.len()),
            );
        }
        let side = match rest.first().copied().unwrap_or("b") {
            "b" => "w",
            "w" => "b",
            other => return err("side to move", format!("'{}' is not b or w", other.escape_debug())),
        };
        let mut hand = String::new();
        let text = rest.get(1).copied().unwrap_or("-");
        if text != "-" {
            let mut count = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    count = count * 10 + d as usize;
                    // More than the whole set is no hand of this game: refused here, not built.
                    if count > variant.rules.piece_limit {
                        return err(
                            "hand",
                            format!("'{}': more pieces than the game has", text.escape_debug()),
                        );
                    }
                } else {
                    hand.extend(std::iter::repeat_n(c, count.max(1)));
                    count = 0;
                }
            }
            if count > 0 {
                return err("hand", format!("'{}' ends with a count", text.escape_debug()));
            }
        }
        let ply: u32 = match rest.get(2) {
            Some(p) => p.parse().ok().filter(|&p| p >= 1).ok_or_else(|| {
                PositionError::new("move number", format!("'{}' is not a ply number", p.escape_debug()))
            })?,
            None => 1,
        };
        Ok(format!("{board}[{hand}] {side} - - 0 {}", ply.div_ceil(2)))
    }

    /// Parses a FEN of this variant (Fairy-Stockfish's dialect).
    pub(in crate::game::fairy) fn parse_fen_text(
        variant: &Arc<FairyVariant<B>>,
        fen: &str,
    ) -> Result<Self, PositionError> {
        let pos = Self::read_fen_text(variant, fen)?;
        pos.refuse_check_on_side_not_to_move()?;
        Ok(pos)
    }

    /// [`Fairy::parse_fen_text`] without refusing a side not to move in check.
    fn read_fen_text(variant: &Arc<FairyVariant<B>>, fen: &str) -> Result<Self, PositionError> {
        let err = |field: &'static str, msg: String| Err(PositionError::new(field, msg));
        let FenFields {
            board,
            holdings,
            fields,
        } = Self::fen_fields(&variant.rules, fen)?;
        let mut pos = Self::empty(variant);
        pos.read_board(board)?;
        if let Some(h) = holdings {
            pos.parse_hands(h)?;
        }
        if variant.rules.drops.free {
            // Endless hands: never empty, never counted or written (make-move takes nothing).
            pos.state.hand = [[u8::MAX; MAX_KINDS]; 2];
        }
        pos.state.side = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => return err("side to move", format!("'{}' is not w or b", other.escape_debug())),
        };
        pos.parse_castling(fields.get(2).copied().unwrap_or("-"))?;
        pos.read_ep_and_counters(&fields)?;
        pos.state.extinct = pos.extinction_counts();
        pos.validate()?;
        pos.state.key = crate::game::GameRules::hash_from_scratch(&pos);
        pos.update_checkers();
        if pos.rules().bikjang {
            pos.state.facing = u8::from(pos.kings_face());
        }
        pos.state.chess960 = pos.needs_960_notation();
        Ok(pos)
    }

    /// The fields of `fen` ([`FenFields`]), with those Fairy-Stockfish and pychess leave out put
    /// back.
    fn fen_fields<'a>(rules: &Rules<B>, fen: &'a str) -> Result<FenFields<'a>, PositionError> {
        let err = |field: &'static str, msg: String| Err(PositionError::new(field, msg));
        let mut fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.is_empty() {
            return err("position", "empty FEN".to_string());
        }
        // Holdings may be glued to the board (`...RNBQKBNR[]`) or stand alone.
        let mut board_text = fields[0];
        let mut holdings = None;
        if let Some(open) = board_text.find('[') {
            holdings = Some(&board_text[open..]);
            board_text = &board_text[..open];
        } else if fields.get(1).is_some_and(|f| f.starts_with('[')) {
            holdings = Some(fields.remove(1));
        }
        if let Some(h) = holdings
            && h != "[]"
            && h != "[-]"
            && !rules.drops.hands
        {
            return err(
                "hand",
                format!("'{}': this variant has no pieces in hand", h.escape_debug()),
            );
        }
        if fields.len() > 7 {
            return err("position", format!("expected at most 7 fields, found {}", fields.len()));
        }
        // Fairy-Stockfish writes shogi-like start positions without the castling and en-passant
        // fields (`...[-] w 0 1`): numbers right after the side to move are the move counters.
        if fields.len() <= 4 && fields.get(2).is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit())) {
            fields.splice(2..2, ["-", "-"]);
        }
        // pychess writes some start positions with castling but without the en-passant field
        // (chennis: `...[] w - 0 1`); where no counting rule gives that field a number, two
        // numbers after the castling field are the move counters.
        let counted = rules.end.counting.is_some() || rules.end.check_counting;
        if fields.len() == 5 && !counted && fields[3..].iter().all(|f| f.bytes().all(|b| b.is_ascii_digit())) {
            fields.insert(3, "-");
        }
        Ok(FenFields {
            board: board_text,
            holdings,
            fields,
        })
    }

    /// An empty board of `variant`, White to move, for a FEN to be read into.
    fn empty(variant: &Arc<FairyVariant<B>>) -> Self {
        Fairy {
            variant: Arc::clone(variant),
            state: State {
                board: B::mailbox(EMPTY),
                by_color: [B::EMPTY; 2],
                side: Color::White,
                castle: [NO_SQUARE; 4],
                rights: B::EMPTY,
                ep: B::EMPTY,
                ep_victim: NO_SQUARE,
                checks: [0; 2],
                counting_limit: 0,
                counting_ply: 0,
                halfmove: 0,
                fullmove: 1,
                key: 0,
                checkers: B::EMPTY,
                chess960: false,
                hand: [[0; MAX_KINDS]; 2],
                promoted: B::EMPTY,
                passes: 0,
                facing: 0,
                occupied: B::EMPTY,
                walls: B::EMPTY,
                extinct: 0,
            },
            by_kind: [B::EMPTY; MAX_KINDS],
        }
    }

    /// Reads the board field `text` (ranks from the top, `/` between them, multi-digit empty
    /// runs, `+` before a promoted form's letter, `~` after a promoted piece, `*` a wall) onto
    /// this empty board.
    fn read_board(&mut self, text: &str) -> Result<(), PositionError> {
        let err = |field: &'static str, msg: String| Err(PositionError::new(field, msg));
        let (files, ranks) = (self.rules().files, self.rules().ranks);
        let marks_promoted = self.rules().promotion.marks_promoted;
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != ranks as usize {
            return err("board", format!("{} ranks, the board has {ranks}", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i as u8;
            let mut file: u32 = 0;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c as u32 - '0' as u32;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n * 10 + d;
                        chars.next();
                    }
                    if n == 0 {
                        return err("board", format!("rank {}: empty-square count 0", rank + 1));
                    }
                    file += n;
                } else if c == '*' {
                    if file >= files as u32 {
                        return err("board", format!("rank {} is longer than {files} files", rank + 1));
                    }
                    let wall = B::square(Square::new(file as u8, rank, files));
                    self.state.walls |= wall;
                    self.state.occupied |= wall;
                    file += 1;
                } else if let Some(kind) = self.board_kind(c, &mut chars)? {
                    if file >= files as u32 {
                        return err("board", format!("rank {} is longer than {files} files", rank + 1));
                    }
                    // `+P`: the letter after the `+` tells the color.
                    let shown = if c == '+' { kind.1 } else { c };
                    let kind = kind.0;
                    let color = if shown.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let sq = Square::new(file as u8, rank, files);
                    self.put(Piece::new(color, kind), sq);
                    // `~`: a promoted piece, which goes back to hand as the pawn it was.
                    if chars.peek() == Some(&'~') {
                        chars.next();
                        if !marks_promoted {
                            return err("board", format!("'{c}~': this variant does not mark promoted pieces"));
                        }
                        self.state.promoted |= B::square(sq);
                    }
                    file += 1;
                } else {
                    return err(
                        "board",
                        format!("'{}' is not a piece of this variant", c.escape_debug()),
                    );
                }
            }
            if file != files as u32 {
                return err(
                    "board",
                    format!("rank {} has {file} files, the board has {files}", rank + 1),
                );
            }
        }
        Ok(())
    }

    /// The kind of the board letter `c` (`+` with the letter after it, taken from `chars`, for
    /// a promoted form) and the letter; `None` where `c` is no piece letter at all.
    fn board_kind(
        &self,
        c: char,
        chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    ) -> Result<Option<(u8, char)>, PositionError> {
        let rules = &self.variant.rules;
        if c != '+' {
            return Ok(rules.kind_of(c).map(|k| (k, c)));
        }
        let letter = chars.next().unwrap_or(' ');
        match rules.kind_of(letter).and_then(|k| rules.promoted_form(usize::from(k))) {
            Some(k) => Ok(Some((k, letter))),
            None => Err(PositionError::new(
                "board",
                format!("'+{}': not a piece with a promoted form", letter.escape_debug()),
            )),
        }
    }

    /// Reads the holdings `[...]` (Fairy-Stockfish's dialect: White's pieces in upper case,
    /// Black's in lower case, `-` or nothing for empty hands).
    fn parse_hands(&mut self, text: &str) -> Result<(), PositionError> {
        let err = |msg: String| Err(PositionError::new("hand", msg));
        let inner = text
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| PositionError::new("hand", format!("'{}' is not [PIECES]", text.escape_debug())))?;
        if inner == "-" {
            return Ok(());
        }
        for c in inner.chars() {
            let Some(kind) = self.rules().kind_of(c).filter(|_| c.is_ascii_alphabetic()) else {
                return err(format!("'{}' is not a piece of this variant", c.escape_debug()));
            };
            if self.rules().is_royal(usize::from(kind)) && !self.rules().drops.must_drop {
                return err(format!("'{c}' is royal and cannot be held in hand"));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let count = &mut self.state.hand[color.index()][usize::from(kind)];
            *count = count.saturating_add(1);
        }
        Ok(())
    }

    fn parse_castling(&mut self, text: &str) -> Result<(), PositionError> {
        let err = |msg: String| Err(PositionError::new("castling", msg));
        if text == "-" {
            return Ok(());
        }
        let rules = &self.variant.rules;
        let files = rules.files;
        let mut castling_letters = String::new();
        for ch in text.chars() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let file = ch.to_ascii_lowercase() as u8;
            let is_file = (b'a'..b'a' + files).contains(&file) && !matches!(file, b'k' | b'q');
            // With first-move rights, file letters name the back-rank squares holding one; with
            // gating, the gates, while the side has a piece to gate (or may get one): else they
            // are Chess960 castling rights (Fairy-Stockfish's `set`).
            if is_file && (rules.first_move_rights && rules.castling.is_none() || self.may_gate(color)) {
                let rank = match &rules.castling {
                    Some(c) => c.rank[color.index()],
                    None if color == Color::White => 0,
                    None => rules.ranks - 1,
                };
                let sq = Square::new(file - b'a', rank, files);
                if !self.state.by_color[color.index()].has(sq) {
                    return err(format!("'{ch}': no piece of that side on {}", self.square_name(sq)));
                }
                self.state.rights |= B::square(sq);
            } else {
                castling_letters.push(ch);
            }
        }
        if castling_letters.is_empty() {
            return Ok(());
        }
        let Some(c) = &rules.castling else {
            return err(format!("'{}': this variant has no castling", text.escape_debug()));
        };
        for ch in castling_letters.chars() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let rank = c.rank[color.index()];
            let kings = self.by_kind[c.king_kind as usize] & self.state.by_color[color.index()];
            let Some(king) = kings.squares().find(|s| s.rank(files) == rank) else {
                return err(format!("'{ch}': no king on the castling rank"));
            };
            let rooks: Vec<Square> = c
                .rook_kinds
                .iter()
                .flat_map(|&k| (self.by_kind[k as usize] & self.state.by_color[color.index()]).squares())
                .filter(|s| s.rank(files) == rank)
                .collect();
            let kf = king.file(files);
            // `K` and `Q` take the outermost rook from the start position's rook file in.
            let [queen_file, king_file] = c.rook_files;
            let rook = match ch.to_ascii_lowercase() {
                'k' => rooks
                    .iter()
                    .filter(|s| (kf + 1..=king_file).contains(&s.file(files)))
                    .max_by_key(|s| s.file(files)),
                'q' => rooks
                    .iter()
                    .filter(|s| (queen_file..kf).contains(&s.file(files)))
                    .min_by_key(|s| s.file(files)),
                f @ 'a'..='p' if ((f as u8 - b'a') < files) => rooks.iter().find(|s| s.file(files) == f as u8 - b'a'),
                _ => return err(format!("'{}' is not a castling right", ch.escape_debug())),
            };
            let Some(&rook) = rook else {
                return err(format!("'{ch}': no rook for this right"));
            };
            let side = usize::from(rook.file(files) < kf);
            self.state.castle[color.index() * 2 + side] = rook.0;
            // A castling right stands for the gates of its king and rook too.
            if self.may_gate(color) {
                self.state.rights |= B::square(king) | B::square(rook);
            }
        }
        Ok(())
    }

    fn parse_ep(&mut self, text: &str) -> Result<(), PositionError> {
        if text == "-" {
            return Ok(());
        }
        let mut squares = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let Some((sq, used)) = self.parse_square(rest) else {
                return Err(PositionError::new(
                    "en passant",
                    format!("'{}' is not a square list", text.escape_debug()),
                ));
            };
            squares.push(sq);
            rest = &rest[used..];
        }
        let them = !self.state.side;
        let files = self.rules().files;
        // One square may name the pawn that moved (Fairy-Stockfish lists it among the targets, in
        // square order: `c5b6` after berolina's `a7c5`); otherwise it stands one step beyond the
        // first target in its own direction.
        let named = squares
            .iter()
            .copied()
            .find(|&s| self.piece_at(s).is_some_and(|p| p.color == them));
        let victim = match (named, squares.as_slice()) {
            (Some(victim), _) if squares.len() > 1 => victim,
            (_, [first, ..]) => {
                let rank = first.rank(files) as i32 + if them == Color::White { 1 } else { -1 };
                if !(0..self.rules().ranks as i32).contains(&rank) {
                    return Err(PositionError::new(
                        "en passant",
                        format!("'{text}' is not behind a pawn"),
                    ));
                }
                Square::new(first.file(files), rank as u8, files)
            }
            (_, []) => return Ok(()),
        };
        let targets: B = squares
            .iter()
            .filter(|&&s| s != victim)
            .fold(B::EMPTY, |b, &s| b | B::square(s));
        let victim_ok = self
            .piece_at(victim)
            .is_some_and(|p| p.color == them && self.rules().is_pawn(p.kind as usize));
        if !victim_ok || !(targets & self.pieces()).is_empty() {
            return Err(PositionError::new(
                "en passant",
                format!(
                    "'{}': no pawn that just double-stepped past an empty square",
                    text.escape_debug()
                ),
            ));
        }
        // Keep the right only when a capture is possible (the same rule as after a move, so
        // transpositions hash alike).
        let ep = self.capturable_ep(targets, self.state.side);
        if !ep.is_empty() {
            self.state.ep = ep;
            self.state.ep_victim = victim.0;
        }
        Ok(())
    }

    /// Parses a square name at the start of `text`; returns it and the bytes used.
    fn parse_square(&self, text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let file = bytes.first()?.checked_sub(b'a')?;
        if file >= self.rules().files {
            return None;
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let rank: u8 = text.get(1..1 + digits)?.parse().ok()?;
        (1..=self.rules().ranks)
            .contains(&rank)
            .then(|| (Square::new(file, rank - 1, self.rules().files), 1 + digits))
    }

    /// Reads the fields after castling in `fields` (all of the FEN's): en passant (or a counting
    /// rule's limit), the check counters of n-check variants, the halfmove clock and the
    /// fullmove number, and no more.
    fn read_ep_and_counters(&mut self, fields: &[&str]) -> Result<(), PositionError> {
        let err = |field: &'static str, msg: String| Err(PositionError::new(field, msg));
        let mut rest = 4;
        let ep = fields.get(3).copied().unwrap_or("-");
        // Where a counting rule applies, a number in the en-passant field is the running count's
        // limit in plies (Fairy-Stockfish's dialect), and the halfmove field its ply.
        if self.rules().end.counting.is_some() && ep.bytes().all(|b| b.is_ascii_digit()) {
            self.state.counting_limit = ep.parse().map_err(|_| {
                PositionError::new(
                    "counting limit",
                    format!("'{}' is not a number of plies", ep.escape_debug()),
                )
            })?;
        } else {
            self.parse_ep(ep)?;
        }
        if self.rules().end.check_counting {
            let text = fields.get(4).copied().unwrap_or("");
            let counts: Vec<Option<u8>> = text.split('+').map(|n| n.parse().ok()).collect();
            match counts.as_slice() {
                [Some(w), Some(b)] if *w <= 15 && *b <= 15 => self.state.checks = [*w, *b],
                _ => {
                    return err(
                        "check counters",
                        format!("'{}' is not N+M (checks left, 0-15)", text.escape_debug()),
                    );
                }
            }
            rest = 5;
        }
        if let Some(h) = fields.get(rest) {
            self.state.halfmove = h
                .parse()
                .map_err(|_| PositionError::new("halfmove clock", format!("'{}' is not a number", h.escape_debug())))?;
        }
        if let Some(f) = fields.get(rest + 1) {
            self.state.fullmove = f.parse().map_err(|_| {
                PositionError::new("fullmove number", format!("'{}' is not a number", f.escape_debug()))
            })?;
        }
        if self.state.counting_limit > 0 {
            self.state.counting_ply = self.state.halfmove;
            self.state.halfmove = 0;
        }
        if fields.len() > rest + 2 {
            return err(
                "position",
                format!("unexpected field '{}'", fields[rest + 2].escape_debug()),
            );
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), PositionError> {
        let rules = &self.variant.rules;
        if rules.drops.hands {
            // Drops and captures to hand never add a piece: more than the start position's are
            // not a position of the game.
            let held: usize = self.state.hand.iter().flatten().map(|&n| usize::from(n)).sum();
            let total = self.pieces().count() as usize + held;
            if total > rules.piece_limit {
                return Err(PositionError::new(
                    "hand",
                    format!(
                        "{total} pieces on the board and in hand; the game has {}",
                        rules.piece_limit
                    ),
                ));
            }
        }
        if !rules.royal_kinds.is_empty() {
            for color in [Color::White, Color::Black] {
                let n = rules
                    .royal_kinds
                    .iter()
                    .map(|&k| (self.by_kind[k as usize] & self.state.by_color[color.index()]).count())
                    .sum::<u32>();
                let name = if color == Color::White { "White" } else { "Black" };
                // In a setup phase the royal piece may still be in hand.
                let held: u32 = rules
                    .royal_kinds
                    .iter()
                    .map(|&k| u32::from(self.state.hand[color.index()][usize::from(k)]))
                    .sum();
                let n = n + held;
                if n > 1 {
                    return Err(PositionError::new("board", format!("{name} has {n} royal pieces")));
                }
                let limit = rules.royal_limit[color.index()];
                if n > limit {
                    return Err(PositionError::new(
                        "board",
                        format!(
                            "{name} has {n} royal piece{}; the game starts with {limit} and no move adds one",
                            if n == 1 { "" } else { "s" }
                        ),
                    ));
                }
                // A variant whose start position has no royal piece for a color (Fairy-Stockfish
                // plays those without checks) needs none.
                if n == 0 && rules.end.extinction.is_none() && limit > 0 {
                    return Err(PositionError::new("board", format!("{name} has no royal piece")));
                }
            }
        }
        Ok(())
    }

    /// Refuses a position whose side not to move is in check: its king could be taken.
    fn refuse_check_on_side_not_to_move(&self) -> Result<(), PositionError> {
        let them = !self.state.side;
        let occ = self.occupied();
        // A game already ended by extinction may end with anything attacked.
        if self.extinct(self.state.side) || self.extinct(them) {
            return Ok(());
        }
        for r in self.royals(them).squares() {
            // Atomic kings side by side are not in check, nor are facing royal pieces
            // (Fairy-Stockfish's flying general only removes moves; an en-passant capture may
            // leave them facing).
            if self.royal_attacked_by_pieces(r, them, occ, B::EMPTY) {
                return Err(PositionError::new("position", "the side not to move is in check"));
            }
        }
        Ok(())
    }
}

/// A FEN's fields: the board, the holdings (glued to the board, `...RNBQKBNR[]`, or standing
/// alone), and all fields but the holdings (`fields[1]` is the side to move).
struct FenFields<'a> {
    board: &'a str,
    holdings: Option<&'a str>,
    fields: Vec<&'a str>,
}
