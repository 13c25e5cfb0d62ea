//! [`NnueEval`]: the NNUE as an [`Evaluator`]. It keeps one accumulator pair per ply; making a
//! move hands the game that ply's entry, where the move's changes ([`Dirty`]) are written once,
//! and `evaluate` brings the accumulators up to date from the nearest computed ancestor, one
//! fused add/subtract per move ("lazy" updates, as in Stockfish); the root's are computed when
//! the stack is reset, so there always is one. When a perspective's king changes bucket or
//! mirror side, that perspective is refreshed from a cache of accumulators per (perspective,
//! bucket, mirror) holding the feature set they were computed for: only the difference is
//! applied (Koivisto's "finny table").
//! [`NnueEval::refresh_reference`] computes an accumulator from scratch, the reference the
//! tests compare against.

use super::layout::{FeatureLayout, Frame};
use super::network::{Network, Row};
use super::simd;
use crate::core::Color;
use crate::eval::Evaluator;
use crate::game::{Dirty, Game, Position};
use std::marker::PhantomData;
use std::sync::Arc;

#[derive(Clone)]
struct Entry<const H: usize> {
    acc: [Row<H>; 2],
    computed: [bool; 2],
    frames: [Frame; 2],
    dirty: Dirty,
}

#[derive(Clone)]
struct Cached<const H: usize> {
    acc: Row<H>,
    /// Sorted active features the accumulator holds.
    features: Vec<u32>,
}

/// The NNUE evaluator of width `H` for game `G`.
pub struct NnueEval<G: Game, const H: usize> {
    net: Arc<Network<H>>,
    /// Entries `0..len` are live; later ones are kept allocated for reuse.
    stack: Vec<Entry<H>>,
    len: usize,
    finny: Vec<Cached<H>>,
    scratch: Vec<u32>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game, const H: usize> Clone for NnueEval<G, H> {
    fn clone(&self) -> Self {
        NnueEval {
            net: Arc::clone(&self.net),
            stack: self.stack[..self.len].to_vec(),
            len: self.len,
            finny: self.finny.clone(),
            scratch: Vec::new(),
            _game: PhantomData,
        }
    }
}

/// The active features of `persp` in `frame` for `board`, unsorted.
pub fn active_features<G: Game>(layout: &FeatureLayout, board: &G, persp: Color, frame: Frame, out: &mut Vec<u32>) {
    out.clear();
    board.for_each_piece(|piece, sq| out.push(layout.board_feature(persp, frame, piece, sq) as u32));
    for (kind, &max) in layout.spec.hand_max.iter().enumerate() {
        let kind = kind as u8;
        for owner in Color::ALL {
            // Pieces beyond the layout's slots (a position no game reaches) add nothing.
            for slot in 0..board.hand_count(owner, kind).min(max) {
                out.push(layout.hand_feature(persp, frame, owner, kind, slot) as u32);
            }
        }
    }
}

impl<G: Game, const H: usize> NnueEval<G, H> {
    /// An evaluator for `net`, with an empty accumulator stack (reset it before use).
    pub fn new(net: Arc<Network<H>>) -> NnueEval<G, H> {
        let slots = 2 * net.layout.buckets * 2;
        let bias = net.ft_bias;
        NnueEval {
            net,
            stack: Vec::with_capacity(256),
            len: 0,
            finny: vec![
                Cached {
                    acc: bias,
                    features: Vec::new()
                };
                slots
            ],
            scratch: Vec::with_capacity(64),
            _game: PhantomData,
        }
    }

    /// The net it evaluates with.
    pub fn network(&self) -> &Network<H> {
        &self.net
    }

    fn frames(&self, board: &G) -> [Frame; 2] {
        let l = &self.net.layout;
        [
            l.frame(Color::White, board.royal_square(Color::White)),
            l.frame(Color::Black, board.royal_square(Color::Black)),
        ]
    }

    /// The accumulator of `persp` for `board`, from scratch: bias plus every active row.
    pub fn refresh_reference(&self, board: &G, persp: Color) -> Row<H> {
        let frame = self.frames(board)[persp.index()];
        let mut features = Vec::new();
        active_features(&self.net.layout, board, persp, frame, &mut features);
        let mut acc = self.net.ft_bias;
        for f in features {
            simd::scalar::add(&mut acc.0, &self.net.ft_weights[f as usize].0);
        }
        acc
    }

    /// The current accumulators (white, black), brought up to date; for tests and tools.
    pub fn accumulators(&mut self, pos: &Position<G>) -> [Row<H>; 2] {
        self.update(pos.board());
        self.stack[self.len - 1].acc
    }

    /// Entry `len`, the next ply's, allocated if new (its memory is reused otherwise).
    fn next_entry(&mut self) -> &mut Entry<H> {
        if self.len == self.stack.len() {
            self.stack.push(Entry {
                acc: [Row::default(); 2],
                computed: [false; 2],
                frames: [Frame::default(); 2],
                dirty: Dirty::default(),
            });
        }
        &mut self.stack[self.len]
    }

    /// Makes entry `len`, whose changes are written, the new top in the frames of `board`.
    fn commit_entry(&mut self, board: &G) {
        let frames = self.frames(board);
        let e = &mut self.stack[self.len];
        e.computed = [false; 2];
        e.frames = frames;
        self.len += 1;
    }

    fn refresh(&mut self, top: usize, board: &G, persp: Color) {
        let p = persp.index();
        let frame = self.stack[top].frames[p];
        let net = &self.net;
        let slot = (p * net.layout.buckets + frame.bucket as usize) * 2 + usize::from(frame.mirrored);
        active_features(&net.layout, board, persp, frame, &mut self.scratch);
        self.scratch.sort_unstable();
        let cached = &mut self.finny[slot];
        // Merge the two sorted lists: remove what is gone, add what is new.
        let (old, new) = (&cached.features, &self.scratch);
        let (mut i, mut j) = (0, 0);
        while i < old.len() || j < new.len() {
            if j == new.len() || (i < old.len() && old[i] < new[j]) {
                simd::sub(&mut cached.acc.0, &net.ft_weights[old[i] as usize].0);
                i += 1;
            } else if i == old.len() || new[j] < old[i] {
                simd::add(&mut cached.acc.0, &net.ft_weights[new[j] as usize].0);
                j += 1;
            } else {
                i += 1;
                j += 1;
            }
        }
        cached.features.clear();
        cached.features.extend_from_slice(&self.scratch);
        self.stack[top].acc[p] = cached.acc;
        self.stack[top].computed[p] = true;
    }

    /// Applies entry `k`'s move to perspective `p`, from entry `k - 1`.
    fn apply(&mut self, k: usize, persp: Color) {
        let p = persp.index();
        let layout = &self.net.layout;
        let frame = self.stack[k].frames[p];
        let (before, after) = self.stack.split_at_mut(k);
        let src = &before[k - 1].acc[p];
        let entry = &mut after[0];
        let d = &entry.dirty;
        let mut adds: arrayvec::ArrayVec<usize, 64> = arrayvec::ArrayVec::new();
        let mut subs: arrayvec::ArrayVec<usize, 64> = arrayvec::ArrayVec::new();
        for r in &d.removed {
            subs.push(layout.board_feature(persp, frame, r.piece, r.square));
        }
        for a in &d.added {
            adds.push(layout.board_feature(persp, frame, a.piece, a.square));
        }
        for h in &d.hands {
            let max = layout.spec.hand_max.get(usize::from(h.kind)).copied().unwrap_or(0);
            let (from, to) = (h.from.min(max), h.to.min(max));
            for slot in to..from {
                let _ = subs.try_push(layout.hand_feature(persp, frame, h.color, h.kind, slot));
            }
            for slot in from..to {
                let _ = adds.try_push(layout.hand_feature(persp, frame, h.color, h.kind, slot));
            }
        }
        let w = &self.net.ft_weights;
        let dst = &mut entry.acc[p];
        if adds.len() == 1 && subs.len() == 1 {
            simd::add_sub(&mut dst.0, &src.0, &w[adds[0]].0, &w[subs[0]].0);
        } else {
            *dst = *src;
            for &a in &adds {
                simd::add(&mut dst.0, &w[a].0);
            }
            for &s in &subs {
                simd::sub(&mut dst.0, &w[s].0);
            }
        }
        entry.computed[p] = true;
    }

    fn update(&mut self, board: &G) {
        let top = self.len - 1;
        for persp in Color::ALL {
            let p = persp.index();
            if self.stack[top].computed[p] {
                continue;
            }
            let frame = self.stack[top].frames[p];
            // The nearest computed ancestor in the same frame, if no frame change lies between.
            let mut j = top;
            let base = loop {
                if self.stack[j].frames[p] != frame {
                    break None;
                }
                if self.stack[j].computed[p] {
                    break Some(j);
                }
                // A move whose record overflowed cannot be applied.
                if self.stack[j].dirty.overflow {
                    break None;
                }
                if j == 0 {
                    break None;
                }
                j -= 1;
            };
            match base {
                Some(j) => {
                    for k in j + 1..=top {
                        self.apply(k, persp);
                    }
                }
                None => self.refresh(top, board, persp),
            }
        }
    }
}

impl<G: Game, const H: usize> Evaluator<G> for NnueEval<G, H> {
    fn reset(&mut self, pos: &Position<G>) {
        self.len = 0;
        self.next_entry().dirty.clear();
        self.commit_entry(pos.board());
        // The root is computed at once: a position whose ancestors were never evaluated (their
        // static evaluations came from the transposition table) then updates from the root
        // instead of refreshing from the cache, and fills in its ancestors for its siblings.
        for persp in Color::ALL {
            self.refresh(0, pos.board(), persp);
        }
    }

    fn play(&mut self, pos: &mut Position<G>, mv: G::Move) {
        if self.len == 0 {
            self.reset(pos);
        }
        pos.play_into(mv, &mut self.next_entry().dirty);
        self.commit_entry(pos.board());
    }

    fn play_null(&mut self, pos: &mut Position<G>) -> bool {
        if self.len == 0 {
            self.reset(pos);
        }
        if !pos.play_null() {
            return false;
        }
        self.next_entry().dirty.clear();
        self.commit_entry(pos.board());
        true
    }

    fn undo(&mut self, pos: &mut Position<G>) {
        pos.undo();
        if self.len > 1 {
            self.len -= 1;
        }
    }

    fn evaluate(&mut self, pos: &Position<G>) -> i32 {
        let board = pos.board();
        if self.len == 0 {
            self.reset(pos);
        }
        self.update(board);
        let top = self.len - 1;
        let stm = board.side_to_move().index();
        let acc = &self.stack[top].acc;
        self.net.output(&acc[stm], &acc[1 - stm], board.piece_count())
    }
}
