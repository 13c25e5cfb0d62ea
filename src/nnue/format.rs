//! The `.nnue` file format. Little-endian throughout:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `NUENNUE1` |
//! | 4 | format version (1) |
//! | 8 | layout hash ([`FeatureLayout::hash`]): the variant's rules and input layout |
//! | 4 | input count |
//! | 4 | hidden width `H` |
//! | 4 | output buckets |
//! | 1 | activation (0 CReLU, 1 SCReLU) |
//! | 4, 4, 4 | QA, QB, SCALE |
//! | 4 + n | description length and UTF-8 text |
//! | 2 * H * inputs | feature-transformer weights, `i16`, input-major |
//! | 2 * H | feature-transformer biases, `i16` |
//! | 2 * 2H * buckets | output weights, `i16`, bucket-major, side to move's half first |
//! | 4 * buckets | output biases, `i32` |
//!
//! Nothing follows. A file whose header does not match the variant and the expected width, or
//! whose length is not exactly what the header implies, is refused with a message naming the
//! file and the mismatch.

use super::layout::FeatureLayout;
use super::network::{Activation, MAX_OUTPUT_WEIGHT, Network, QA, QB, Row, SCALE};
use std::fmt;

/// The first eight bytes of a `.nnue` file.
pub const MAGIC: &[u8; 8] = b"NUENNUE1";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError {
    /// The file (or `<embedded>`).
    pub source: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "net {}: {}", self.source, self.message)
    }
}

impl std::error::Error for NetError {}

/// A net file's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Format version.
    pub version: u32,
    /// Hash of the feature layout the net was trained for.
    pub layout_hash: u64,
    /// Input features.
    pub inputs: u32,
    /// Hidden neurons per perspective.
    pub hidden: u32,
    /// Output buckets (by piece count).
    pub output_buckets: u32,
    /// Activation of the hidden layer.
    pub activation: Activation,
    /// Quantization of the feature transformer (QA).
    pub qa: u32,
    /// Quantization of the output weights (QB).
    pub qb: u32,
    /// Centipawns per unit of the output (SCALE).
    pub scale: u32,
    /// Free text: variant, data, epochs.
    pub description: String,
    /// Bytes of the header (where the weights start).
    pub size: usize,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    source: &'a str,
}

impl<'a> Reader<'a> {
    fn err(&self, message: impl Into<String>) -> NetError {
        NetError {
            source: self.source.to_string(),
            message: message.into(),
        }
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        match end {
            Some(end) => {
                let s = &self.bytes[self.at..end];
                self.at = end;
                Ok(s)
            }
            None => Err(self.err(format!(
                "truncated: {} bytes, ends inside the {what} at byte {}",
                self.bytes.len(),
                self.at
            ))),
        }
    }

    fn u32(&mut self, what: &str) -> Result<u32, NetError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self, what: &str) -> Result<u64, NetError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    fn i16s(&mut self, out: &mut [i16], what: &str) -> Result<(), NetError> {
        let b = self.take(2 * out.len(), what)?;
        for (o, c) in out.iter_mut().zip(b.chunks_exact(2)) {
            *o = i16::from_le_bytes([c[0], c[1]]);
        }
        Ok(())
    }
}

/// Reads the header of a net file.
///
/// # Errors
/// Wrong magic, unknown version, bad activation, or a truncated header.
pub fn read_header(bytes: &[u8], source: &str) -> Result<Header, NetError> {
    let mut r = Reader { bytes, at: 0, source };
    let magic = r.take(8, "magic")?;
    if magic != MAGIC {
        return Err(r.err(format!(
            "not a nue net: magic {:?}, expected {:?}",
            String::from_utf8_lossy(magic),
            "NUENNUE1"
        )));
    }
    let version = r.u32("version")?;
    if version != VERSION {
        return Err(r.err(format!("format version {version}, this engine reads version {VERSION}")));
    }
    let layout_hash = r.u64("layout hash")?;
    let inputs = r.u32("input count")?;
    let hidden = r.u32("hidden width")?;
    let output_buckets = r.u32("output bucket count")?;
    let activation = match r.take(1, "activation")?[0] {
        0 => Activation::CReLU,
        1 => Activation::SCReLU,
        other => return Err(r.err(format!("unknown activation {other}"))),
    };
    let qa = r.u32("QA")?;
    let qb = r.u32("QB")?;
    let scale = r.u32("SCALE")?;
    let len = r.u32("description length")? as usize;
    let text = r.take(len, "description")?;
    let description = String::from_utf8_lossy(text).into_owned();
    Ok(Header {
        version,
        layout_hash,
        inputs,
        hidden,
        output_buckets,
        activation,
        qa,
        qb,
        scale,
        description,
        size: r.at,
    })
}

/// Checks what the header says against this engine and the file's length, for any variant:
/// the quantization, the output bucket count, and that the file holds exactly the weights the
/// header implies (`netinfo` and [`read`] both use it).
///
/// # Errors
/// Another quantization, a bucket count outside 1..=64, or a truncated or padded file.
pub fn check_shape(bytes: &[u8], h: &Header, source: &str) -> Result<(), NetError> {
    let err = |message: String| NetError {
        source: source.to_string(),
        message,
    };
    if (h.qa, h.qb, h.scale) != (QA as u32, QB as u32, SCALE as u32) {
        return Err(err(format!(
            "quantization QA={} QB={} SCALE={}, this engine uses {QA}/{QB}/{SCALE}",
            h.qa, h.qb, h.scale
        )));
    }
    if h.output_buckets == 0 || h.output_buckets > 64 {
        return Err(err(format!("{} output buckets (1 to 64 allowed)", h.output_buckets)));
    }
    let (hidden, inputs, buckets) = (h.hidden as u64, u64::from(h.inputs), u64::from(h.output_buckets));
    let expected = h.size as u64 + 2 * hidden * inputs + 2 * hidden + 4 * hidden * buckets + 4 * buckets;
    if bytes.len() as u64 != expected {
        return Err(err(format!(
            "{} bytes where the header implies {expected} ({})",
            bytes.len(),
            if (bytes.len() as u64) < expected {
                "truncated"
            } else {
                "trailing bytes"
            }
        )));
    }
    Ok(())
}

/// Parses a net for `layout` with hidden width `H`.
///
/// # Errors
/// Any header mismatch (layout, width, quantization), an output weight beyond the supported
/// range, or a length other than the header implies.
pub fn read<const H: usize>(bytes: &[u8], source: &str, layout: &FeatureLayout) -> Result<Network<H>, NetError> {
    let h = read_header(bytes, source)?;
    let mut r = Reader {
        bytes,
        at: h.size,
        source,
    };
    if h.layout_hash != layout.hash || h.inputs as usize != layout.inputs {
        return Err(r.err(format!(
            "made for another variant or layout (layout hash {:016x}, {} inputs; this variant '{}' needs {:016x}, {} inputs)",
            h.layout_hash, h.inputs, layout.spec.variant, layout.hash, layout.inputs
        )));
    }
    if h.hidden as usize != H {
        return Err(r.err(format!("hidden width {} where {H} was expected", h.hidden)));
    }
    check_shape(bytes, &h, source)?;
    let mut net = Network::<H>::zeroed(layout.clone(), h.activation, h.output_buckets as usize);
    net.description = h.description;
    for row in &mut net.ft_weights {
        r.i16s(&mut row.0, "feature weights")?;
    }
    r.i16s(&mut net.ft_bias.0, "feature biases")?;
    for (b, halves) in net.out_weights.iter_mut().enumerate() {
        for half in halves.iter_mut() {
            r.i16s(&mut half.0, "output weights")?;
            if let Some(w) = half.0.iter().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
                return Err(r.err(format!(
                    "output weight {w} in bucket {b} is beyond ±{MAX_OUTPUT_WEIGHT}"
                )));
            }
        }
    }
    for bias in &mut net.out_bias {
        *bias = r.u32("output biases")? as i32;
    }
    Ok(net)
}

/// Serialises `net`.
pub fn write<const H: usize>(net: &Network<H>) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + 2 * H * (net.ft_weights.len() + 1) + 4 * H * net.out_bias.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&net.layout.hash.to_le_bytes());
    out.extend_from_slice(&(net.layout.inputs as u32).to_le_bytes());
    out.extend_from_slice(&(H as u32).to_le_bytes());
    out.extend_from_slice(&(net.out_bias.len() as u32).to_le_bytes());
    out.push(net.activation as u8);
    for q in [QA, QB, SCALE] {
        out.extend_from_slice(&(q as u32).to_le_bytes());
    }
    out.extend_from_slice(&(net.description.len() as u32).to_le_bytes());
    out.extend_from_slice(net.description.as_bytes());
    let mut put = |row: &Row<H>| {
        for w in row.0 {
            out.extend_from_slice(&w.to_le_bytes());
        }
    };
    net.ft_weights.iter().for_each(&mut put);
    put(&net.ft_bias);
    for halves in &net.out_weights {
        halves.iter().for_each(&mut put);
    }
    for b in &net.out_bias {
        out.extend_from_slice(&b.to_le_bytes());
    }
    out
}
