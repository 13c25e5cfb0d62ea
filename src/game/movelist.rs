//! Fixed-capacity move lists.

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
