//! [`FeatureLayout`]: the network's input features, derived from a game's rules
//! ([`LayoutSpec`], which the game answers) and shared by inference and training, so a net and the engine can never
//! disagree about an index.
//!
//! Inputs are "HalfKA"-style (Stockfish's HalfKAv2, Fairy-Stockfish's HalfKAv2Variants): for
//! each perspective, one feature per (king bucket, own/enemy piece kind, square), plus hand
//! features for games with drops, as a thermometer: holding `c` pieces of a kind turns on slots
//! `0..c` (Fairy-Stockfish's pocket encoding, YaneuraOu's per-copy hand pieces). Everything is
//! seen from the perspective's side: the opponent's view flips ranks (chess-like games),
//! rotates the board 180° (shogi-like) or keeps it (both sides race to one goal), and when the
//! rules are left-right symmetric the board is mirrored so the perspective's king stands on the
//! right half.
//!
//! King buckets come from the squares the royal piece can stand on (its mobility region, in
//! the perspective's view after mirroring), grouped by rank with doubling group sizes (rank 1,
//! rank 2, ranks 3-4, ranks 5-8, ...) up to the requested count; with a count of at least the
//! number of royal squares, every square is its own bucket. Games without a unique royal piece
//! get one bucket and no mirroring.

use crate::core::{Color, Square};
use crate::game::{EvalKnowledge, LayoutSpec, OpponentView, Piece};

/// The king-bucket count used when a variant does not ask for one (`king_buckets` in a variant
/// file). Measured on chess (H = 256, the same 3.43 M self-play positions, 12 epochs, 100 games
/// at 2+0.02): one bucket beat four (rank 1, rank 2, ranks 3-4, ranks 5-8) by 67 ± 57 Elo,
/// although four had the lower validation loss: with a few million positions the extra
/// weights memorize rather than generalize. Mirroring by king file stays on.
pub const DEFAULT_KING_BUCKETS: u8 = 1;

/// The derived input layout.
#[derive(Clone, Debug)]
pub struct FeatureLayout {
    /// What the game said of its rules.
    pub spec: LayoutSpec,
    /// Squares of the board.
    pub squares: usize,
    /// Bucket of each square for the perspective's own royal piece (after view and mirror);
    /// `u8::MAX` where the royal piece can never stand.
    bucket_of: Vec<u8>,
    /// King buckets.
    pub buckets: usize,
    /// Features per bucket: `2 * piece_kinds * squares` board features plus hand slots.
    pub per_bucket: usize,
    /// Start of each hand kind's slots within one color's hand block.
    hand_offset: Vec<usize>,
    /// Hand slots per color (sum of `hand_max`).
    hand_slots: usize,
    /// Total inputs: `buckets * per_bucket`.
    pub inputs: usize,
    /// Hash of everything above; a net records it and is refused for any other layout.
    pub hash: u64,
    /// Each square as a perspective sees it, after mirroring: index `2 * perspective +
    /// mirrored` (tables instead of a division by the file count on every feature).
    seen: [Vec<u16>; 4],
    /// The frame of each perspective's royal piece on each square.
    frames: [Vec<Frame>; 2],
}

/// A perspective's frame: its king bucket and whether its board is mirrored.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Frame {
    /// King bucket of the perspective's royal piece.
    pub bucket: u8,
    /// Whether the perspective's board is mirrored left-right.
    pub mirrored: bool,
}

impl FeatureLayout {
    /// The layout of game `G` in `variant` (what [`EvalKnowledge::layout_spec`] says of it).
    pub fn of<G: EvalKnowledge>(variant: &G::Variant) -> FeatureLayout {
        FeatureLayout::derive(&G::layout_spec(variant))
    }

    /// Derives the layout of a game.
    pub fn derive(spec: &LayoutSpec) -> FeatureLayout {
        let files = spec.files as usize;
        let ranks = spec.ranks as usize;
        let squares = files * ranks;
        let requested = if spec.king_buckets == 0 {
            DEFAULT_KING_BUCKETS
        } else {
            spec.king_buckets
        } as usize;
        let mirror = spec.mirror && spec.royal.is_some();
        let mut bucket_of = vec![u8::MAX; squares];
        let mut buckets = 1;
        if spec.royal.is_some() {
            // Royal squares in the perspective's own view (the first player's view is the
            // reference; the region is symmetric between the players in every game we know,
            // and the opponent's region is mapped through the view anyway).
            let region: Vec<usize> = if spec.royal_region.is_empty() {
                (0..squares).collect()
            } else {
                spec.royal_region
                    .iter()
                    .map(|s| s.index())
                    .filter(|&s| s < squares)
                    .collect()
            };
            let mut seen: Vec<usize> = region
                .iter()
                .map(|&s| {
                    if mirror && s % files < files / 2 {
                        s - s % files + (files - 1 - s % files)
                    } else {
                        s
                    }
                })
                .collect();
            seen.sort_unstable();
            seen.dedup();
            if requested >= seen.len() {
                for (i, &s) in seen.iter().enumerate() {
                    bucket_of[s] = i as u8;
                }
                buckets = seen.len().max(1);
            } else {
                // Rank groups of sizes 1, 1, 2, 4, 8, ... over the ranks the royal can reach.
                let mut royal_ranks: Vec<usize> = seen.iter().map(|s| s / files).collect();
                royal_ranks.dedup();
                let mut group_of_rank = vec![0usize; ranks];
                for (i, &r) in royal_ranks.iter().enumerate() {
                    let g = if i == 0 {
                        0
                    } else {
                        (usize::BITS - i.leading_zeros()) as usize
                    };
                    group_of_rank[r] = g.min(requested - 1);
                }
                buckets = royal_ranks.iter().map(|&r| group_of_rank[r]).max().map_or(1, |m| m + 1);
                for &s in &seen {
                    bucket_of[s] = group_of_rank[s / files] as u8;
                }
            }
        }
        let mut hand_offset = Vec::with_capacity(spec.hand_max.len());
        let mut hand_slots = 0;
        for &m in &spec.hand_max {
            hand_offset.push(hand_slots);
            hand_slots += m as usize;
        }
        let per_bucket = 2 * spec.piece_kinds as usize * squares + 2 * hand_slots;
        let inputs = buckets * per_bucket;
        let mut layout = FeatureLayout {
            spec: LayoutSpec { mirror, ..spec.clone() },
            squares,
            bucket_of,
            buckets,
            per_bucket,
            hand_offset,
            hand_slots,
            inputs,
            hash: 0,
            seen: Default::default(),
            frames: Default::default(),
        };
        layout.hash = layout.compute_hash();
        for persp in Color::ALL {
            for mirrored in [false, true] {
                layout.seen[2 * persp.index() + usize::from(mirrored)] = (0..squares)
                    .map(|sq| {
                        let v = layout.view(sq, persp);
                        (if mirrored { layout.mirror_file(v) } else { v }) as u16
                    })
                    .collect();
            }
            layout.frames[persp.index()] = (0..squares).map(|sq| layout.compute_frame(persp, sq)).collect();
        }
        layout
    }

    fn compute_hash(&self) -> u64 {
        let s = &self.spec;
        let text = format!(
            "nue-layout-v1|{}|{}x{}|k{}|r{:?}|h{:?}|v{:?}|m{}|b{:?}|p{}",
            s.variant,
            s.files,
            s.ranks,
            s.piece_kinds,
            s.royal,
            s.hand_max,
            s.view,
            s.mirror,
            self.bucket_of,
            s.max_pieces
        );
        fnv1a(&text)
    }

    /// Hash of what a packed training position depends on (variant, board size, piece kinds,
    /// hand sizes, most pieces), but not of king buckets, mirroring or views: data made once
    /// trains nets of any bucket layout for the variant.
    pub fn board_hash(&self) -> u64 {
        let s = &self.spec;
        fnv1a(&format!(
            "nue-board-v1|{}|{}x{}|k{}|r{:?}|h{:?}|p{}",
            s.variant, s.files, s.ranks, s.piece_kinds, s.royal, s.hand_max, s.max_pieces
        ))
    }

    /// `sq` as `persp` sees it, before mirroring.
    #[inline(always)]
    fn view(&self, sq: usize, persp: Color) -> usize {
        if persp == Color::White {
            return sq;
        }
        let files = self.spec.files as usize;
        match self.spec.view {
            OpponentView::FlipRanks => (self.spec.ranks as usize - 1 - sq / files) * files + sq % files,
            OpponentView::Rotate180 => self.squares - 1 - sq,
            OpponentView::Same => sq,
        }
    }

    #[inline(always)]
    fn mirror_file(&self, sq: usize) -> usize {
        let files = self.spec.files as usize;
        sq - sq % files + (files - 1 - sq % files)
    }

    /// The frame of `persp` whose royal piece stands on `royal` (`None`: no royal piece).
    #[inline]
    pub fn frame(&self, persp: Color, royal: Option<Square>) -> Frame {
        royal
            .and_then(|k| self.frames[persp.index()].get(k.index()).copied())
            .unwrap_or_default()
    }

    fn compute_frame(&self, persp: Color, royal: usize) -> Frame {
        let files = self.spec.files as usize;
        let v = self.view(royal, persp);
        let mirrored = self.spec.mirror && v % files < files / 2;
        let v = if mirrored { self.mirror_file(v) } else { v };
        let bucket = self.bucket_of.get(v).copied().filter(|&b| b != u8::MAX).unwrap_or(0);
        Frame { bucket, mirrored }
    }

    /// The feature of `piece` on `sq` for `persp` in `frame`.
    #[inline(always)]
    pub fn board_feature(&self, persp: Color, frame: Frame, piece: Piece, sq: Square) -> usize {
        let v = self.seen[2 * persp.index() + usize::from(frame.mirrored)][sq.index()] as usize;
        let relative = usize::from(piece.color != persp);
        let plane = relative * self.spec.piece_kinds as usize + piece.kind as usize;
        frame.bucket as usize * self.per_bucket + plane * self.squares + v
    }

    /// The feature of the `slot`-th piece (0-based) of hand kind `kind` held by `owner`.
    #[inline(always)]
    pub fn hand_feature(&self, persp: Color, frame: Frame, owner: Color, kind: u8, slot: u8) -> usize {
        let relative = usize::from(owner != persp);
        frame.bucket as usize * self.per_bucket
            + 2 * self.spec.piece_kinds as usize * self.squares
            + relative * self.hand_slots
            + self.hand_offset[kind as usize]
            + slot as usize
    }

    /// Output bucket for a position with `pieces` pieces on the board, out of `count` buckets
    /// (Fairy-Stockfish's `(pieces - 1) * count / max_pieces`, capped).
    #[inline]
    pub fn output_bucket(&self, pieces: usize, count: usize) -> usize {
        let max = (self.spec.max_pieces as usize).max(1);
        (pieces.saturating_sub(1) * count / max).min(count - 1)
    }
}

/// FNV-1a over `text`: stable across builds and platforms.
fn fnv1a(text: &str) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
