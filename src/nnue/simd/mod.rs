//! The NNUE's inner loops: accumulator updates (add and subtract weight rows) and the output
//! layer's activated dot product. Each has a scalar version and, when the build targets a CPU
//! with AVX2 (`.cargo/config.toml` builds for the native CPU), an AVX2 version chosen at compile
//! time. Both give bit-identical results (tested): updates wrap like `i16` arithmetic, and the
//! dot product accumulates exact integer sums.

pub mod scalar;

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub mod avx2;

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
use avx2 as active;
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
use scalar as active;

/// Which kernel set this build uses (for `netinfo` and logs).
pub const KERNELS: &str = if cfg!(all(target_arch = "x86_64", target_feature = "avx2")) {
    "avx2"
} else {
    "scalar"
};

/// `acc[i] += add[i]` (wrapping), for lengths that are multiples of 32.
#[inline(always)]
pub fn add(acc: &mut [i16], add: &[i16]) {
    active::add(acc, add)
}

/// `acc[i] -= sub[i]` (wrapping).
#[inline(always)]
pub fn sub(acc: &mut [i16], sub: &[i16]) {
    active::sub(acc, sub)
}

/// `dst[i] = src[i] + add[i] - sub[i]` (wrapping): a quiet move's fused update.
#[inline(always)]
pub fn add_sub(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    active::add_sub(dst, src, add, sub)
}

/// `sum(clamp(x, 0, qa)^2 * w)` (SCReLU) or `sum(clamp(x, 0, qa) * w)` (CReLU), exact, for
/// `qa <= 255` and `|w| <= 127` (the loader enforces both).
#[inline(always)]
pub fn activated_dot(squared: bool, x: &[i16], w: &[i16], qa: i16) -> i64 {
    active::activated_dot(squared, x, w, qa)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::zobrist::splitmix64;

    fn random(n: usize, rng: &mut u64, lo: i16, hi: i16) -> Vec<i16> {
        let span = (hi as i32 - lo as i32 + 1) as u64;
        (0..n)
            .map(|_| (lo as i32 + (splitmix64(rng) % span) as i32) as i16)
            .collect()
    }

    /// The build's kernels (AVX2 where compiled in) equal the scalar reference bit for bit,
    /// including wrapping updates and saturated activations.
    #[test]
    fn active_kernels_equal_scalar() {
        let mut rng = 11;
        for n in [32usize, 64, 256, 512, 2048] {
            for _ in 0..20 {
                let a = random(n, &mut rng, i16::MIN, i16::MAX);
                let b = random(n, &mut rng, i16::MIN, i16::MAX);
                let c = random(n, &mut rng, i16::MIN, i16::MAX);
                let (mut x, mut y) = (a.clone(), a.clone());
                add(&mut x, &b);
                scalar::add(&mut y, &b);
                assert_eq!(x, y);
                sub(&mut x, &c);
                scalar::sub(&mut y, &c);
                assert_eq!(x, y);
                let (mut x, mut y) = (vec![0; n], vec![0; n]);
                add_sub(&mut x, &a, &b, &c);
                scalar::add_sub(&mut y, &a, &b, &c);
                assert_eq!(x, y);
                let acts = random(n, &mut rng, -300, 600);
                let w = random(n, &mut rng, -127, 127);
                for squared in [false, true] {
                    assert_eq!(
                        activated_dot(squared, &acts, &w, 255),
                        scalar::activated_dot(squared, &acts, &w, 255)
                    );
                }
            }
        }
        // Extremes: every activation saturated, every weight at the bound.
        let n = 2048;
        let acts = vec![i16::MAX; n];
        for w in [vec![127i16; n], vec![-127i16; n]] {
            assert_eq!(
                activated_dot(true, &acts, &w, 255),
                scalar::activated_dot(true, &acts, &w, 255)
            );
        }
    }
}
