//! The training data format: fixed-size records of (position, search score, game result),
//! packed from any game's board and decoded without the game, straight into what the
//! [`FeatureLayout`] needs.
//!
//! File: the header `NUEDATA1`, the board-format hash (`u64`, [`FeatureLayout::board_hash`]:
//! data does not depend on the net's king buckets), the record size (`u32`), the variant
//! name (`u32` length + UTF-8); then records. A record, for a layout with `S` squares, `K` piece
//! kinds, at most `M` pieces on the board and hand kinds with maxima `h_i`:
//!
//! | bytes | field |
//! |---|---|
//! | 1 | bit 0: side to move (1 = second player); bits 1-2: result for the first player (0 loss, 1 draw, 2 win) |
//! | 2 | search score for the side to move, centipawns, `i16` little-endian |
//! | ceil(S / 8) | occupancy, bit `s` = square `s` |
//! | ceil(M * b / 8) | piece codes `color * K + kind` in square order, `b = bits(2K - 1)` bits each |
//! | hands | per color, per hand kind, the count in `bits(h_i)` bits |
//!
//! Chess: 1 + 2 + 8 + 16 = 27 bytes per position.

use crate::core::{Color, Square};
use crate::game::{Game, Piece};
use crate::nnue::{FeatureLayout, Frame};
use std::io::{Read, Write};
use std::path::Path;

/// Largest data file read at once (bytes): special files (`/dev/zero`) and anything larger
/// are refused before reading.
pub const MAX_DATA_BYTES: u64 = 1 << 36;

/// The first eight bytes of a training data file.
pub const MAGIC: &[u8; 8] = b"NUEDATA1";

/// Bits needed to store values `0..=max`.
fn bits_for(max: u32) -> u32 {
    (u32::BITS - max.leading_zeros()).max(1)
}

/// One decoded training position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    /// The side to move.
    pub stm: Color,
    /// Centipawns for the side to move.
    pub score: i16,
    /// Game result for the first player: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// Every piece on the board with its square.
    pub pieces: Vec<(Piece, Square)>,
    /// `hands[color][kind]`.
    pub hands: [Vec<u8>; 2],
}

impl Sample {
    /// The result from the side to move's point of view, in [0, 1].
    pub fn stm_result(&self) -> f32 {
        let white = self.result as f32 / 2.0;
        if self.stm == Color::White { white } else { 1.0 - white }
    }

    fn royal(&self, layout: &FeatureLayout, color: Color) -> Option<Square> {
        let royal = layout.spec.royal?;
        self.pieces
            .iter()
            .find(|(p, _)| p.color == color && p.kind == royal)
            .map(|&(_, s)| s)
    }

    /// Active features of `persp`, appended to `out` (the same indices the engine uses).
    pub fn features(&self, layout: &FeatureLayout, persp: Color, out: &mut Vec<u32>) {
        let frame: Frame = layout.frame(persp, self.royal(layout, persp));
        for &(piece, sq) in &self.pieces {
            out.push(layout.board_feature(persp, frame, piece, sq) as u32);
        }
        for owner in Color::ALL {
            for (kind, &n) in self.hands[owner.index()].iter().enumerate() {
                for slot in 0..n {
                    out.push(layout.hand_feature(persp, frame, owner, kind as u8, slot) as u32);
                }
            }
        }
    }
}

/// Packs and unpacks records for one layout.
#[derive(Clone, Debug)]
pub struct Codec {
    squares: usize,
    kinds: u32,
    max_pieces: usize,
    piece_bits: u32,
    hand_bits: Vec<u32>,
    /// Most pieces of each hand kind one side can hold.
    hand_max: Vec<u8>,
    occ_bytes: usize,
    piece_bytes: usize,
    /// Bytes per record.
    pub record_size: usize,
    /// [`FeatureLayout::board_hash`] of the layout.
    pub board_hash: u64,
    /// The variant, stored in the header.
    pub variant: String,
}

struct BitWriter<'a> {
    out: &'a mut [u8],
    bit: usize,
}

impl BitWriter<'_> {
    fn put(&mut self, value: u32, bits: u32) {
        for i in 0..bits {
            if value >> i & 1 != 0 {
                self.out[self.bit / 8] |= 1 << (self.bit % 8);
            }
            self.bit += 1;
        }
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    bit: usize,
}

impl BitReader<'_> {
    /// The next `bits` bits (at most 24), least significant first.
    fn get(&mut self, bits: u32) -> u32 {
        debug_assert!(bits <= 24);
        let at = self.bit / 8;
        let byte = |i: usize| u32::from(self.bytes.get(at + i).copied().unwrap_or(0));
        let window = byte(0) | byte(1) << 8 | byte(2) << 16 | byte(3) << 24;
        self.bit += bits as usize;
        (window >> ((self.bit - bits as usize) % 8)) & ((1u32 << bits) - 1)
    }
}

impl Codec {
    /// The codec of `layout`'s game.
    pub fn new(layout: &FeatureLayout) -> Codec {
        let spec = &layout.spec;
        let squares = layout.squares;
        let kinds = spec.piece_kinds as u32;
        let piece_bits = bits_for(2 * kinds - 1);
        let max_pieces = spec.max_pieces as usize;
        let hand_bits: Vec<u32> = spec.hand_max.iter().map(|&m| bits_for(m as u32)).collect();
        let occ_bytes = squares.div_ceil(8);
        let piece_bytes = (max_pieces * piece_bits as usize).div_ceil(8);
        let hand_total: u32 = 2 * hand_bits.iter().sum::<u32>();
        let record_size = 3 + occ_bytes + piece_bytes + (hand_total as usize).div_ceil(8);
        Codec {
            squares,
            kinds,
            max_pieces,
            piece_bits,
            hand_bits,
            hand_max: spec.hand_max.clone(),
            occ_bytes,
            piece_bytes,
            record_size,
            board_hash: layout.board_hash(),
            variant: spec.variant.clone(),
        }
    }

    /// Packs `board` with `score` (side to move, centipawns) and `result` (first player: 0, 1,
    /// 2) into `out` (`record_size` bytes). Returns `false` when the board has more pieces than
    /// the layout allows.
    pub fn encode<G: Game>(&self, board: &G, score: i16, result: u8, out: &mut [u8]) -> bool {
        out.fill(0);
        let mut pieces: Vec<(Piece, Square)> = Vec::with_capacity(self.max_pieces);
        board.for_each_piece(|p, s| pieces.push((p, s)));
        if pieces.len() > self.max_pieces {
            return false;
        }
        pieces.sort_by_key(|&(_, s)| s);
        out[0] = u8::from(board.side_to_move() == Color::Black) | (result.min(2) << 1);
        out[1..3].copy_from_slice(&score.to_le_bytes());
        for &(_, s) in &pieces {
            out[3 + s.index() / 8] |= 1 << (s.index() % 8);
        }
        let (_, rest) = out.split_at_mut(3 + self.occ_bytes);
        let (piece_area, hand_area) = rest.split_at_mut(self.piece_bytes);
        let mut w = BitWriter {
            out: piece_area,
            bit: 0,
        };
        for &(p, _) in &pieces {
            w.put(p.index(self.kinds as usize) as u32, self.piece_bits);
        }
        let mut w = BitWriter { out: hand_area, bit: 0 };
        for color in Color::ALL {
            for (kind, &bits) in self.hand_bits.iter().enumerate() {
                let count = board.hand_count(color, kind as u8).min(self.hand_max[kind]);
                w.put(u32::from(count), bits);
            }
        }
        true
    }

    /// Unpacks a record into `sample` (reusing its buffers).
    /// Checks that `record` (`record_size` bytes) decodes to something the layout can hold:
    /// a result of 0-2, at most `max_pieces` pieces, piece codes of the game's kinds, hand
    /// counts within the hand sizes. Records written by `nue datagen` always pass; a damaged
    /// file does not get into training.
    ///
    /// # Errors
    /// What is wrong with the record.
    pub fn validate(&self, record: &[u8]) -> Result<(), String> {
        if record.len() != self.record_size {
            return Err(format!("{} bytes, expected {}", record.len(), self.record_size));
        }
        let result = (record[0] >> 1) & 3;
        if result > 2 || record[0] >> 3 != 0 {
            return Err(format!("flag byte {:#04x} holds no result", record[0]));
        }
        let occ = &record[3..3 + self.occ_bytes];
        let pieces: usize = (0..self.squares).filter(|&s| occ[s / 8] >> (s % 8) & 1 != 0).count();
        let stray = (self.squares..8 * self.occ_bytes).any(|s| occ[s / 8] >> (s % 8) & 1 != 0);
        if pieces > self.max_pieces || stray {
            return Err(format!(
                "{pieces} occupied squares, at most {} pieces fit",
                self.max_pieces
            ));
        }
        let mut r = BitReader {
            bytes: &record[3 + self.occ_bytes..3 + self.occ_bytes + self.piece_bytes],
            bit: 0,
        };
        for _ in 0..pieces {
            let code = r.get(self.piece_bits);
            if code >= 2 * self.kinds {
                return Err(format!(
                    "piece code {code}, the game has {} colored kinds",
                    2 * self.kinds
                ));
            }
        }
        let mut r = BitReader {
            bytes: &record[3 + self.occ_bytes + self.piece_bytes..],
            bit: 0,
        };
        for _ in Color::ALL {
            for (kind, &bits) in self.hand_bits.iter().enumerate() {
                let count = r.get(bits);
                if count > u32::from(self.hand_max[kind]) {
                    return Err(format!(
                        "{count} pieces of hand kind {kind}, at most {} fit",
                        self.hand_max[kind]
                    ));
                }
            }
        }
        Ok(())
    }

    /// Unpacks a record that passed [`Codec::validate`] (every record [`read_records`]
    /// returns has).
    pub fn decode(&self, record: &[u8], sample: &mut Sample) {
        sample.stm = if record[0] & 1 != 0 { Color::Black } else { Color::White };
        sample.result = (record[0] >> 1) & 3;
        sample.score = i16::from_le_bytes([record[1], record[2]]);
        sample.pieces.clear();
        let occ = &record[3..3 + self.occ_bytes];
        let mut r = BitReader {
            bytes: &record[3 + self.occ_bytes..3 + self.occ_bytes + self.piece_bytes],
            bit: 0,
        };
        // Occupied squares in order, a byte of the occupancy at a time.
        for (i, &byte) in occ.iter().enumerate() {
            let mut bits = byte;
            while bits != 0 {
                let s = i * 8 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if s >= self.squares || sample.pieces.len() >= self.max_pieces {
                    break;
                }
                let code = r.get(self.piece_bits);
                let piece = Piece::new(
                    Color::from_index((code / self.kinds) as usize),
                    (code % self.kinds) as u8,
                );
                sample.pieces.push((piece, Square(s as u8)));
            }
        }
        let mut r = BitReader {
            bytes: &record[3 + self.occ_bytes + self.piece_bytes..],
            bit: 0,
        };
        for color in Color::ALL {
            let hand = &mut sample.hands[color.index()];
            hand.clear();
            for &bits in &self.hand_bits {
                hand.push(r.get(bits) as u8);
            }
        }
    }

    fn header(&self) -> Vec<u8> {
        let mut h = Vec::new();
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&self.board_hash.to_le_bytes());
        h.extend_from_slice(&(self.record_size as u32).to_le_bytes());
        h.extend_from_slice(&(self.variant.len() as u32).to_le_bytes());
        h.extend_from_slice(self.variant.as_bytes());
        h
    }
}

/// Opens `path` for appending records of `codec`, writing the header if the file is new and
/// dropping a partial record at its end.
///
/// # Errors
/// The file cannot be opened, or holds data of another variant or board format.
pub fn open_append(path: &Path, codec: &Codec) -> Result<std::fs::File, String> {
    let name = path.display();
    if path.exists() && std::fs::metadata(path).map(|m| m.len() > 0).unwrap_or(false) {
        if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            return Err(format!("{name}: not a regular file"));
        }
        // The header is all that needs reading.
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(1 << 16).read_to_end(&mut bytes))
            .map_err(|e| format!("{name}: {e}"))?;
        let (header_codec_hash, size, header) = parse_header(&bytes, &name.to_string())?;
        if header_codec_hash != codec.board_hash || size != codec.record_size {
            return Err(format!(
                "{name}: holds data for another variant or board format; use a new file"
            ));
        }
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| format!("{name}: {e}"))?;
        // A write cut short left part of a record: drop it, or every later record would be
        // read shifted.
        let len = file.metadata().map_err(|e| format!("{name}: {e}"))?.len();
        let whole = header as u64 + (len.saturating_sub(header as u64)) / size as u64 * size as u64;
        if whole < len {
            file.set_len(whole).map_err(|e| format!("{name}: {e}"))?;
        }
        Ok(file)
    } else {
        let mut f = std::fs::File::create(path).map_err(|e| format!("{name}: {e}"))?;
        f.write_all(&codec.header()).map_err(|e| format!("{name}: {e}"))?;
        Ok(f)
    }
}

/// Parses a data file's header: (board hash, record size, header length).
fn parse_header(bytes: &[u8], name: &str) -> Result<(u64, usize, usize), String> {
    if bytes.len() < 24 || &bytes[..8] != MAGIC {
        return Err(format!("{name}: not a nue training data file"));
    }
    let hash = u64::from_le_bytes(bytes[8..16].try_into().map_err(|_| format!("{name}: bad header"))?);
    let size = u32::from_le_bytes(bytes[16..20].try_into().map_err(|_| format!("{name}: bad header"))?) as usize;
    let len = u32::from_le_bytes(bytes[20..24].try_into().map_err(|_| format!("{name}: bad header"))?) as usize;
    if size == 0 || bytes.len() < 24 + len {
        return Err(format!("{name}: truncated header"));
    }
    Ok((hash, size, 24 + len))
}

/// Reads every record of a data file made for `codec`'s board format. A partial trailing record (an
/// interrupted write) is dropped.
///
/// # Errors
/// Unreadable file, wrong magic, or data for another variant or board format.
pub fn read_records(path: &Path, codec: &Codec) -> Result<Vec<u8>, String> {
    let name = path.display().to_string();
    let bytes = crate::core::fs::read_capped(path, MAX_DATA_BYTES).map_err(|e| format!("{name}: {e}"))?;
    parse_records(&bytes, &name, codec)
}

/// The records of a data file's bytes (`name` for messages), as [`read_records`].
///
/// # Errors
/// Wrong magic, a bad header, data for another variant or board format, an invalid record.
pub fn parse_records(bytes: &[u8], name: &str, codec: &Codec) -> Result<Vec<u8>, String> {
    let (hash, size, start) = parse_header(bytes, name)?;
    if hash != codec.board_hash || size != codec.record_size {
        return Err(format!(
            "{name}: data for another variant or board format (board hash {hash:016x}, this variant needs {:016x})",
            codec.board_hash
        ));
    }
    let usable = (bytes.len() - start) / size * size;
    let records = &bytes[start..start + usable];
    for (i, record) in records.chunks_exact(size).enumerate() {
        codec
            .validate(record)
            .map_err(|e| format!("{name}: record {} (byte {}): {e}", i + 1, start + i * size))?;
    }
    Ok(records.to_vec())
}

/// The variant a data file was made for.
///
/// # Errors
/// Unreadable file or bad header.
pub fn file_variant(path: &Path) -> Result<String, String> {
    let name = path.display().to_string();
    let mut head = vec![0u8; 4096];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .map_err(|e| format!("{name}: {e}"))?;
    let (_, _, end) = parse_header(&head[..n], &name)?;
    Ok(String::from_utf8_lossy(&head[24..end]).into_owned())
}
