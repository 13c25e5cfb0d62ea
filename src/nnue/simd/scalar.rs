//! Portable reference kernels (see the parent module for the contracts).

/// `acc += add`, lane by lane (wrapping i16).
pub fn add(acc: &mut [i16], add: &[i16]) {
    for (a, b) in acc.iter_mut().zip(add) {
        *a = a.wrapping_add(*b);
    }
}

/// `acc -= sub`, lane by lane (wrapping i16).
pub fn sub(acc: &mut [i16], sub: &[i16]) {
    for (a, b) in acc.iter_mut().zip(sub) {
        *a = a.wrapping_sub(*b);
    }
}

/// `dst = src + add - sub`, lane by lane (wrapping i16).
pub fn add_sub(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    for i in 0..dst.len() {
        dst[i] = src[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
    }
}

/// Dot product of the activated `x` (CReLU, or SCReLU when `squared`, clipped to `0..=qa`) with `w`.
pub fn activated_dot(squared: bool, x: &[i16], w: &[i16], qa: i16) -> i64 {
    let mut sum = 0i64;
    for (&v, &w) in x.iter().zip(w) {
        let c = v.clamp(0, qa) as i64;
        sum += if squared { c * c * w as i64 } else { c * w as i64 };
    }
    sum
}
