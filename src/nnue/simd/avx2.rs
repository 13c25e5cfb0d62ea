//! AVX2 kernels: 16 lanes of `i16` per instruction. The squared activation uses the
//! `madd(v * w, v)` form (as in bullet-trained engines): `v * w` fits `i16` because `v <= 255`
//! and `|w| <= 127`, and `madd` widens to `i32` pairs. Lane sums stay below 2^31 for widths up
//! to 2048 (each step adds at most 2 * 255^2 * 127 per lane) and are added up in `i64`, so the result equals the scalar one exactly.

use std::arch::x86_64::*;

const LANES: usize = 16;

/// `acc += add`, lane by lane (wrapping i16).
pub fn add(acc: &mut [i16], add: &[i16]) {
    assert!(acc.len().is_multiple_of(LANES) && add.len() >= acc.len());
    for i in (0..acc.len()).step_by(LANES) {
        // SAFETY: `i + 16 <= len` for both slices (asserted above); loads and stores are
        // unaligned-tolerant; AVX2 is enabled for the whole build (cfg in the parent module).
        unsafe {
            let a = _mm256_loadu_si256(acc.as_ptr().add(i) as *const __m256i);
            let b = _mm256_loadu_si256(add.as_ptr().add(i) as *const __m256i);
            _mm256_storeu_si256(acc.as_mut_ptr().add(i) as *mut __m256i, _mm256_add_epi16(a, b));
        }
    }
}

/// `acc -= sub`, lane by lane (wrapping i16).
pub fn sub(acc: &mut [i16], sub: &[i16]) {
    assert!(acc.len().is_multiple_of(LANES) && sub.len() >= acc.len());
    for i in (0..acc.len()).step_by(LANES) {
        // SAFETY: as in `add`.
        unsafe {
            let a = _mm256_loadu_si256(acc.as_ptr().add(i) as *const __m256i);
            let b = _mm256_loadu_si256(sub.as_ptr().add(i) as *const __m256i);
            _mm256_storeu_si256(acc.as_mut_ptr().add(i) as *mut __m256i, _mm256_sub_epi16(a, b));
        }
    }
}

/// `dst = src + add - sub`, lane by lane (wrapping i16).
pub fn add_sub(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    let n = dst.len();
    assert!(n.is_multiple_of(LANES) && src.len() >= n && add.len() >= n && sub.len() >= n);
    for i in (0..n).step_by(LANES) {
        // SAFETY: `i + 16 <= n` for all four slices (asserted above).
        unsafe {
            let s = _mm256_loadu_si256(src.as_ptr().add(i) as *const __m256i);
            let a = _mm256_loadu_si256(add.as_ptr().add(i) as *const __m256i);
            let b = _mm256_loadu_si256(sub.as_ptr().add(i) as *const __m256i);
            let r = _mm256_sub_epi16(_mm256_add_epi16(s, a), b);
            _mm256_storeu_si256(dst.as_mut_ptr().add(i) as *mut __m256i, r);
        }
    }
}

/// Dot product of the activated `x` (CReLU, or SCReLU when `squared`, clipped to `0..=qa`) with `w`.
pub fn activated_dot(squared: bool, x: &[i16], w: &[i16], qa: i16) -> i64 {
    let n = x.len();
    assert!(n.is_multiple_of(LANES) && w.len() >= n);
    let mut lanes = [0i32; 8];
    // SAFETY: every load reads 16 `i16` at `i + 16 <= n` (asserted above); the store writes the
    // 8 `i32` of `lanes`.
    unsafe {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(qa);
        let mut acc = _mm256_setzero_si256();
        for i in (0..n).step_by(LANES) {
            let v = _mm256_loadu_si256(x.as_ptr().add(i) as *const __m256i);
            let v = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
            let wv = _mm256_loadu_si256(w.as_ptr().add(i) as *const __m256i);
            let prod = if squared {
                _mm256_madd_epi16(_mm256_mullo_epi16(v, wv), v)
            } else {
                _mm256_madd_epi16(v, wv)
            };
            acc = _mm256_add_epi32(acc, prod);
        }
        _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, acc);
    }
    lanes.iter().map(|&l| l as i64).sum()
}
