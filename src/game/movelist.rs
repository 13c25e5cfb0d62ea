//! Move lists: fixed-capacity ones, and one that spills to the heap.

use arrayvec::ArrayVec;
use std::ops::{Deref, DerefMut};

/// A list of moves on the stack, able to hold every legal move of any position of its game.
pub trait MoveList<M>: Default + Deref<Target = [M]> + DerefMut + Send {
    /// Appends a move.
    fn push(&mut self, mv: M);
    /// Empties the list.
    fn clear(&mut self);
    /// Keeps only the moves for which `keep` is true, in order.
    fn retain(&mut self, keep: impl FnMut(&mut M) -> bool);
    /// Keeps the first `len` moves (all of them if there are fewer).
    fn truncate(&mut self, len: usize);
}

impl<M: Copy + Send, const N: usize> MoveList<M> for ArrayVec<M, N> {
    #[inline(always)]
    fn push(&mut self, mv: M) {
        ArrayVec::push(self, mv)
    }
    #[inline(always)]
    fn clear(&mut self) {
        ArrayVec::clear(self)
    }
    #[inline]
    fn retain(&mut self, keep: impl FnMut(&mut M) -> bool) {
        ArrayVec::retain(self, keep)
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        ArrayVec::truncate(self, len)
    }
}

/// A move list that holds up to `N` moves inline and moves to the heap past them, for games
/// whose rare positions have far more moves than the usual ones (duck chess: 640 from the
/// start, 4,525 in a position with five queens, against a few dozen in the other fairy games).
/// The heap part holds at most the moves pushed, so its size is bounded by the position's
/// legal moves.
#[derive(Clone, Debug)]
pub struct SpillList<M, const N: usize> {
    /// The moves while they fit.
    inline: ArrayVec<M, N>,
    /// All the moves once more than `N` were pushed (then `inline` is empty).
    heap: Vec<M>,
}

impl<M, const N: usize> Default for SpillList<M, N> {
    #[inline(always)]
    fn default() -> Self {
        SpillList {
            inline: ArrayVec::new(),
            heap: Vec::new(),
        }
    }
}

impl<M: Copy, const N: usize> SpillList<M, N> {
    /// Moves the inline moves and `mv` to the heap.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, mv: M) {
        self.heap.reserve(2 * N);
        self.heap.extend(self.inline.drain(..));
        self.heap.push(mv);
    }
}

impl<M, const N: usize> Deref for SpillList<M, N> {
    type Target = [M];
    #[inline(always)]
    fn deref(&self) -> &[M] {
        if self.heap.is_empty() { &self.inline } else { &self.heap }
    }
}

impl<M, const N: usize> DerefMut for SpillList<M, N> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [M] {
        if self.heap.is_empty() {
            &mut self.inline
        } else {
            &mut self.heap
        }
    }
}

impl<M: Copy + Send, const N: usize> MoveList<M> for SpillList<M, N> {
    #[inline(always)]
    fn push(&mut self, mv: M) {
        if !self.heap.is_empty() {
            self.heap.push(mv);
        } else if let Err(full) = self.inline.try_push(mv) {
            self.spill(full.element());
        }
    }
    #[inline(always)]
    fn clear(&mut self) {
        self.inline.clear();
        self.heap.clear();
    }
    #[inline]
    fn retain(&mut self, keep: impl FnMut(&mut M) -> bool) {
        // A heap emptied here leaves both parts empty: later pushes go inline again.
        if self.heap.is_empty() {
            self.inline.retain(keep);
        } else {
            self.heap.retain_mut(keep);
        }
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        self.inline.truncate(len);
        self.heap.truncate(len);
    }
}
