//! The transposition table: a hash table of search results shared by all search threads,
//! lock-free with plain atomics.
//!
//! Each entry is two `AtomicU64` words. The first holds the low 32 bits of the key (the check
//! bits: the cluster index comes from the high bits, so the two never overlap) XORed with the
//! second word folded to 32 bits (its halves XORed: move, score, bound and flags), so an entry
//! torn by two threads writing at once fails the key check instead of mixing two positions
//! (R. Hyatt and T. Mann, "A lock-less transposition table implementation for parallel search
//! chess engines", ICGA Journal 2002). The stored move
//! is still validated with `Game::is_legal` before use, so no bit pattern can do harm.
//!
//! Entries are grouped in clusters of four (one 64-byte cache line); replacement prefers stale
//! generations and shallow depths, as in Stockfish.

use std::sync::atomic::{AtomicU64, Ordering};

/// The kind of bound a stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// No score: the entry holds only the static evaluation (and perhaps a move).
    None = 0,
    /// The true score is at most the stored one (fail-low).
    Upper = 1,
    /// The true score is at least the stored one (fail-high).
    Lower = 2,
    /// The stored score is exact (a PV node).
    Exact = 3,
}

/// A probed entry.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    /// The best move's bits (`GameMove::to_bits`), 0 for none.
    pub mv: u32,
    /// Score in centipawns, mate scores relative to this node (see `search::score`).
    pub score: i32,
    /// Static evaluation of the node, centipawns; `None` where none was stored (in check).
    pub eval: Option<i32>,
    /// Remaining depth of the search that stored it, plies.
    pub depth: i32,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// Whether the node was on a principal variation.
    pub pv: bool,
}

#[derive(Default)]
struct Slot {
    meta: AtomicU64,
    data: AtomicU64,
}

const CLUSTER: usize = 4;

/// One cache line of entries, aligned to it: a probe and its prefetch touch a single line (a
/// large allocation from the system allocator starts 16 bytes past a page boundary, which
/// would split every unaligned cluster across two lines).
#[repr(align(64))]
#[derive(Default)]
struct Cluster([Slot; CLUSTER]);
const GENERATION_STEP: u8 = 4;
/// Entries `hashfull` looks at: the first thousand clusters.
const HASHFULL_SAMPLE: usize = 1000 * CLUSTER;

/// The shared table. Sized in MiB; `clear` and `resize` need exclusive access.
pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    generation: std::sync::atomic::AtomicU8,
}

// meta: [key_lo32 ^ fold(data) : 32][eval : 16][depth : 8][generation : 6][unused : 2]
// data: [mv : 32][score : 16][bound : 2][pv : 1][used : 1][unused : 12]

/// The data word's "entry in use" bit (an entry may hold no move, a zero score and no bound).
const USED: u64 = 1 << 51;
/// The stored evaluation meaning "none".
const NO_EVAL: i16 = i16::MIN;

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one cluster). Aborts if the memory cannot be had:
    /// for sizes a user chooses, use [`TranspositionTable::try_new`].
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable::try_new(mib).expect("memory for the transposition table")
    }

    /// A table of about `mib` MiB, or the allocation's error when the memory cannot be had.
    ///
    /// # Errors
    /// The allocator refused the memory (or the size overflows).
    pub fn try_new(mib: usize) -> Result<TranspositionTable, std::collections::TryReserveError> {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let count = (bytes / std::mem::size_of::<Cluster>()).max(1);
        let mut clusters = Vec::new();
        clusters.try_reserve_exact(count)?;
        clusters.resize_with(count, Cluster::default);
        Ok(TranspositionTable {
            clusters,
            generation: std::sync::atomic::AtomicU8::new(0),
        })
    }

    /// Empties every entry.
    pub fn clear(&mut self) {
        for s in self.clusters.iter_mut().flat_map(|c| &mut c.0) {
            *s.meta.get_mut() = 0;
            *s.data.get_mut() = 0;
        }
        *self.generation.get_mut() = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(GENERATION_STEP, Ordering::Relaxed);
    }

    #[inline(always)]
    fn cluster(&self, key: u64) -> &[Slot; CLUSTER] {
        let index = ((key as u128 * self.clusters.len() as u128) >> 64) as usize;
        &self.clusters[index].0
    }

    /// Asks the CPU to start loading the cluster of `key` (call right after a move is made, so the
    /// probe at the child node finds it in cache).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = self.cluster(key).as_ptr() as *const i8;
            // SAFETY: a prefetch is only a hint; it never faults and reads nothing into the
            // program, and `ptr` points into our own allocation anyway.
            unsafe { std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The key's check bits: the low 32, which the cluster index (from the high bits of
    /// `key * clusters`) does not use.
    #[inline(always)]
    fn check(key: u64) -> u64 {
        key & 0xFFFF_FFFF
    }

    /// The data word folded to 32 bits, so that every bit of it (not the move's alone) takes part
    /// in the key check.
    #[inline(always)]
    fn fold(data: u64) -> u64 {
        (data ^ (data >> 32)) & 0xFFFF_FFFF
    }

    /// Whether a slot's two words were written together for `key`.
    #[inline(always)]
    fn holds(key: u64, meta: u64, data: u64) -> bool {
        (meta >> 32) ^ Self::fold(data) == Self::check(key)
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for slot in self.cluster(key) {
            let meta = slot.meta.load(Ordering::Relaxed);
            let data = slot.data.load(Ordering::Relaxed);
            if data == 0 || !Self::holds(key, meta, data) {
                continue;
            }
            let bound = match (data >> 48) & 3 {
                1 => Bound::Upper,
                2 => Bound::Lower,
                3 => Bound::Exact,
                _ => Bound::None,
            };
            let eval = ((meta >> 16) & 0xFFFF) as u16 as i16;
            return Some(TtEntry {
                mv: (data & 0xFFFF_FFFF) as u32,
                score: ((data >> 32) & 0xFFFF) as u16 as i16 as i32,
                eval: (eval != NO_EVAL).then_some(eval as i32),
                depth: ((meta >> 8) & 0xFF) as u8 as i8 as i32,
                bound,
                pv: (data >> 50) & 1 != 0,
            });
        }
        None
    }

    /// Stores a result for `key`: the best move (0 keeps the move already stored for the same
    /// key), score and static evaluation in centipawns, remaining depth in plies, the score's
    /// bound ([`Bound::None`] stores the evaluation alone) and whether the node was on a PV.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(&self, key: u64, mv: u32, score: i32, eval: Option<i32>, depth: i32, bound: Bound, pv: bool) {
        let generation = self.generation.load(Ordering::Relaxed);
        let cluster = self.cluster(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut old_move = 0;
        for (i, slot) in cluster.iter().enumerate() {
            let meta = slot.meta.load(Ordering::Relaxed);
            let data = slot.data.load(Ordering::Relaxed);
            if data == 0 {
                if victim_worth > i32::MIN {
                    victim = i;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if Self::holds(key, meta, data) {
                victim = i;
                old_move = (data & 0xFFFF_FFFF) as u32;
                let old_depth = ((meta >> 8) & 0xFF) as u8 as i8 as i32;
                // Keep a deeper exact-ish result of the same position unless this is exact.
                if bound != Bound::Exact && old_depth > depth + 4 && (meta & 0xFC) as u8 == generation {
                    return;
                }
                break;
            }
            let age = generation.wrapping_sub((meta & 0xFC) as u8) as i32;
            let worth = ((meta >> 8) & 0xFF) as u8 as i8 as i32 - 2 * age;
            if worth < victim_worth {
                victim = i;
                victim_worth = worth;
            }
        }
        let mv = if mv == 0 { old_move } else { mv };
        let data = mv as u64
            | ((score.clamp(-32767, 32767) as i16 as u16 as u64) << 32)
            | ((bound as u64) << 48)
            | ((pv as u64) << 50)
            | USED;
        let eval = eval.map_or(NO_EVAL, |e| e.clamp(-32767, 32767) as i16);
        let meta = ((Self::check(key) ^ Self::fold(data)) << 32)
            | ((eval as u16 as u64) << 16)
            | ((depth.clamp(-128, 127) as i8 as u8 as u64) << 8)
            | (generation & 0xFC) as u64;
        cluster[victim].meta.store(meta, Ordering::Relaxed);
        cluster[victim].data.store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of entries written in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = &self.clusters[..self.clusters.len().min(HASHFULL_SAMPLE / CLUSTER)];
        let used = sample
            .iter()
            .flat_map(|c| &c.0)
            .filter(|s| {
                s.data.load(Ordering::Relaxed) != 0 && (s.meta.load(Ordering::Relaxed) & 0xFC) as u8 == generation
            })
            .count();
        (used * 1000 / (sample.len() * CLUSTER).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each cluster is one whole cache line.
    #[test]
    fn clusters_are_cache_lines() {
        let tt = TranspositionTable::new(2);
        assert_eq!(std::mem::size_of::<Cluster>(), 64);
        assert_eq!(tt.clusters.len(), 2 << 20 >> 6);
        assert!(
            tt.clusters
                .iter()
                .take(100)
                .all(|c| (c as *const Cluster as usize).is_multiple_of(64))
        );
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn an_impossible_size_is_an_error() {
        assert!(TranspositionTable::try_new(usize::MAX >> 8).is_err());
        assert!(TranspositionTable::try_new(1).is_ok());
    }

    #[test]
    fn store_then_probe_round_trips() {
        let tt = TranspositionTable::new(1);
        let key = 0xDEAD_BEEF_1234_5678;
        tt.store(key, 0x1234, -1500, Some(37), 9, Bound::Lower, true);
        let e = tt.probe(key).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.eval, e.depth, e.bound, e.pv),
            (0x1234, -1500, Some(37), 9, Bound::Lower, true)
        );
        assert!(tt.probe(key ^ (1 << 4)).is_none(), "another key must miss");
        // A move of 0 keeps the stored move.
        tt.store(key, 0, 20, None, 10, Bound::Exact, false);
        let e = tt.probe(key).expect("stored");
        assert_eq!((e.mv, e.eval), (0x1234, None));
        assert!(tt.hashfull() <= 1000);
        // An evaluation alone: no move, no score, no bound, still found.
        let other = 0x0F0F_0F0F_0F0F_0F0F;
        tt.store(other, 0, 0, Some(-12), -1, Bound::None, false);
        let e = tt.probe(other).expect("stored");
        assert_eq!((e.mv, e.eval, e.bound), (0, Some(-12), Bound::None));
    }

    /// Keys of one cluster (same high bits, which choose it) are told apart: the check bits do
    /// not overlap the index bits.
    #[test]
    fn keys_of_one_cluster_are_told_apart() {
        let tt = TranspositionTable::new(16);
        let key: u64 = 0x8000_0000_1234_5678;
        // Another key with the same high half (the index bits): the same cluster.
        let near = key ^ 1 << 5;
        assert!(std::ptr::eq(tt.cluster(key).as_ptr(), tt.cluster(near).as_ptr()));
        tt.store(key, 7, 100, Some(5), 8, Bound::Exact, false);
        assert!(tt.probe(near).is_none(), "a false hit on a key of the same cluster");
        // And keys with the same low half but another cluster miss too.
        let far = key ^ 1 << 63;
        assert!(tt.probe(far).is_none());
        assert_eq!(tt.probe(key).expect("stored").mv, 7);
    }

    #[test]
    fn torn_entries_fail_the_key_check() {
        let tt = TranspositionTable::new(1);
        let key = 0x0123_4567_89AB_CDEF;
        tt.store(key, 7, 1, Some(2), 3, Bound::Exact, false);
        let other = key ^ 0xFFFF_0000_0000_0000;
        // Simulate a torn write: the data word of another position's entry under this meta.
        let slot = tt
            .cluster(key)
            .iter()
            .find(|s| s.data.load(Ordering::Relaxed) != 0)
            .expect("slot");
        slot.data
            .store(9 | (5u64 << 32) | (3u64 << 48) | USED, Ordering::Relaxed);
        assert!(tt.probe(key).is_none());
        assert!(tt.probe(other).is_none());
        // The same move with another score and bound (two positions sharing a best move) fails
        // the check too: every bit of the data word is in it.
        let tt = TranspositionTable::new(1);
        tt.store(key, 7, 1, Some(2), 3, Bound::Exact, false);
        let slot = &tt.cluster(key)[0];
        assert_eq!(slot.data.load(Ordering::Relaxed) & 0xFFFF_FFFF, 7);
        slot.data
            .store(7 | (250u64 << 32) | (2u64 << 48) | USED, Ordering::Relaxed);
        assert!(
            tt.probe(key).is_none(),
            "a torn entry with the same move passed the check"
        );
    }
}
