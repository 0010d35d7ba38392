//! A QR code (ISO/IEC 18004) of a short text, as a phone's camera reads a
//! take-home link: byte mode, error correction level M (about 15 % of the
//! code may be lost to glare or a finger), the smallest version that holds
//! the text, and of the eight masks the one the standard's penalty rules
//! rate best.
//!
//! Our own, not a general QR library: it writes only what the page needs,
//! and the page's Wasm carries 3.8 KB gzip of it where the `qrcode` crate
//! (every mode, level and Micro QR) cost 12.3 KB. Its tests compare
//! versions 1 to 40 with that crate's codes.

/// Error correction codewords per block at level M, for versions 1 to 40
/// (the standard's table 9).
const ECC_PER_BLOCK: [u8; 40] = [
    10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];

/// Error correction blocks at level M, for versions 1 to 40 (table 9).
const BLOCKS: [u8; 40] = [
    1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
    26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

/// A QR code: `width` × `width` modules, dark ones `true`, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrCode {
    /// Modules per side: 17 + 4 × the version.
    pub width: usize,
    /// Whether each module is dark, row by row.
    pub dark: Vec<bool>,
}

impl QrCode {
    /// The code of `text`, or `None` when not even version 40 holds it.
    pub fn new(text: &[u8]) -> Option<QrCode> {
        let version = (1..=40).find(|&v| capacity_bits(v) >= stream_bits(v, text.len()))?;
        let codewords = with_error_correction(version, &data_codewords(version, text));
        let mut code = Matrix::new(version);
        code.place(&codewords);
        Some(code.best_masked())
    }

    /// The code of `text` with mask `mask` (0 to 7), whatever its penalty.
    #[cfg(test)]
    pub(crate) fn with_mask(text: &[u8], mask: u8) -> Option<QrCode> {
        let version = (1..=40).find(|&v| capacity_bits(v) >= stream_bits(v, text.len()))?;
        let codewords = with_error_correction(version, &data_codewords(version, text));
        let mut code = Matrix::new(version);
        code.place(&codewords);
        Some(code.masked(mask).0)
    }
}

/// Bits of the text's codewords in `version`.
fn capacity_bits(version: usize) -> usize {
    let ecc = usize::from(ECC_PER_BLOCK[version - 1]) * usize::from(BLOCKS[version - 1]);
    (raw_modules(version) / 8 - ecc) * 8
}

/// Mode, length and the bytes: the length takes 8 bits up to version 9.
fn stream_bits(version: usize, len: usize) -> usize {
    let count_bits = if version <= 9 { 8 } else { 16 };
    if len >> count_bits != 0 {
        return usize::MAX;
    }
    4 + count_bits + 8 * len
}

/// Modules left for codewords once the function patterns are drawn.
fn raw_modules(version: usize) -> usize {
    let mut modules = (16 * version + 128) * version + 64;
    if version >= 2 {
        let aligns = version / 7 + 2;
        modules -= (25 * aligns - 10) * aligns - 55;
        if version >= 7 {
            modules -= 36;
        }
    }
    modules
}

/// The byte-mode segment, the terminator and the padding, in codewords.
fn data_codewords(version: usize, text: &[u8]) -> Vec<u8> {
    let capacity = capacity_bits(version);
    let mut bits = Bits::default();
    bits.push(0b0100, 4);
    bits.push(text.len() as u32, if version <= 9 { 8 } else { 16 });
    for &byte in text {
        bits.push(u32::from(byte), 8);
    }
    let terminator = (capacity - bits.len).min(4);
    bits.push(0, terminator);
    bits.push(0, (8 - bits.len % 8) % 8);
    for pad in [0xEC, 0x11].into_iter().cycle() {
        if bits.len >= capacity {
            break;
        }
        bits.push(pad, 8);
    }
    bits.bytes
}

/// Bits appended most significant first.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    len: usize,
}

impl Bits {
    fn push(&mut self, value: u32, count: usize) {
        for i in (0..count).rev() {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = (value >> i) & 1;
            *self.bytes.last_mut().unwrap() |= (bit as u8) << (7 - self.len % 8);
            self.len += 1;
        }
    }
}

/// The data split into the version's blocks, each followed by its
/// Reed-Solomon codewords, and the blocks' codewords interleaved.
fn with_error_correction(version: usize, data: &[u8]) -> Vec<u8> {
    let blocks = usize::from(BLOCKS[version - 1]);
    let ecc = usize::from(ECC_PER_BLOCK[version - 1]);
    let raw = raw_modules(version) / 8;
    let short_blocks = blocks - raw % blocks;
    let short_data = raw / blocks - ecc;
    let divisor = generator(ecc);
    let mut rest = data;
    let mut split: Vec<(&[u8], Vec<u8>)> = Vec::with_capacity(blocks);
    for block in 0..blocks {
        let len = short_data + usize::from(block >= short_blocks);
        let (own, after) = rest.split_at(len);
        split.push((own, remainder(own, &divisor)));
        rest = after;
    }
    let mut out = Vec::with_capacity(raw);
    for i in 0..=short_data {
        out.extend(split.iter().filter_map(|(own, _)| own.get(i)));
    }
    for i in 0..ecc {
        out.extend(split.iter().map(|(_, check)| check[i]));
    }
    out
}

/// Multiplication in GF(2⁸) modulo x⁸ + x⁴ + x³ + x² + 1.
fn gf_mul(a: u8, b: u8) -> u8 {
    let mut product = 0u8;
    for i in (0..8).rev() {
        let carry = product & 0x80 != 0;
        product = (product << 1) ^ if carry { 0x1D } else { 0 };
        if (b >> i) & 1 == 1 {
            product ^= a;
        }
    }
    product
}

/// The generator polynomial of `degree` (its leading 1 left out):
/// (x − α⁰)(x − α¹)…(x − α^(degree−1)).
fn generator(degree: usize) -> Vec<u8> {
    let mut poly = vec![0u8; degree];
    poly[degree - 1] = 1;
    let mut root = 1u8;
    for _ in 0..degree {
        for j in 0..degree {
            poly[j] = gf_mul(poly[j], root);
            if j + 1 < degree {
                poly[j] ^= poly[j + 1];
            }
        }
        root = gf_mul(root, 2);
    }
    poly
}

/// The Reed-Solomon check codewords of `data`.
fn remainder(data: &[u8], divisor: &[u8]) -> Vec<u8> {
    let mut rest = vec![0u8; divisor.len()];
    for &byte in data {
        let factor = byte ^ rest.remove(0);
        rest.push(0);
        for (r, &d) in rest.iter_mut().zip(divisor) {
            *r ^= gf_mul(d, factor);
        }
    }
    rest
}

mod matrix;
#[cfg(test)]
mod tests;

use matrix::Matrix;
#[cfg(test)]
use matrix::penalty;
