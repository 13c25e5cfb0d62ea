//! Zobrist keys: fixed pseudo-random 64-bit numbers, XORed together to hash a position
//! incrementally (A. Zobrist, "A New Hashing Method with Application for Game Playing", 1970).
//!
//! Keys come from SplitMix64 (Steele, Lea and Flood, 2014) seeded per table, so every game draws
//! independent, reproducible keys at compile time without a global registry.

/// One SplitMix64 step: advances `state` and returns the next output.
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` keys drawn from a generator seeded with `seed`; usable in `const` and `static` items.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut state = seed;
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(&mut state);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_seed_dependent() {
        let a: [u64; 1024] = keys(1);
        let b: [u64; 1024] = keys(2);
        let mut sorted = a.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1024);
        assert_ne!(a[0], b[0]);
    }
}
