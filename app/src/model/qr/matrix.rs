//! Drawing a QR code: the function patterns, the format and version
//! information, the codewords in their zigzag, and the masks with the
//! standard's penalty rules.

use super::QrCode;

/// A code being drawn: its modules and which of them are function
/// patterns, which no mask touches.
pub(super) struct Matrix {
    version: usize,
    width: usize,
    dark: Vec<bool>,
    function: Vec<bool>,
}

impl Matrix {
    /// The version's function patterns, format and version areas reserved.
    pub(super) fn new(version: usize) -> Matrix {
        let width = 17 + 4 * version;
        let mut m = Matrix {
            version,
            width,
            dark: vec![false; width * width],
            function: vec![false; width * width],
        };
        for i in 0..width {
            m.set(6, i, i % 2 == 0);
            m.set(i, 6, i % 2 == 0);
        }
        for (x, y) in [(3, 3), (width - 4, 3), (3, width - 4)] {
            m.finder(x, y);
        }
        let centres = alignment_centres(version, width);
        let last = centres.len().saturating_sub(1);
        for (i, &x) in centres.iter().enumerate() {
            for (j, &y) in centres.iter().enumerate() {
                // Not where a finder pattern is: top left, top right, bottom left.
                let on_finder = matches!(
                    (i == 0, j == 0, i == last, j == last),
                    (true, true, ..) | (true, _, _, true) | (_, true, true, _)
                );
                if !on_finder {
                    m.alignment(x, y);
                }
            }
        }
        // Reserved now, written with the mask.
        m.format_bits(0);
        m.version_bits();
        m
    }

    fn set(&mut self, x: usize, y: usize, dark: bool) {
        self.dark[y * self.width + x] = dark;
        self.function[y * self.width + x] = true;
    }

    /// A finder pattern centred on (x, y) with its light separator.
    fn finder(&mut self, x: usize, y: usize) {
        for dy in -4i32..=4 {
            for dx in -4i32..=4 {
                let (fx, fy) = (x as i32 + dx, y as i32 + dy);
                if (0..self.width as i32).contains(&fx) && (0..self.width as i32).contains(&fy) {
                    let ring = dx.abs().max(dy.abs());
                    self.set(fx as usize, fy as usize, ring != 2 && ring != 4);
                }
            }
        }
    }

    fn alignment(&mut self, x: usize, y: usize) {
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                let ring = dx.abs().max(dy.abs());
                self.set(
                    (x as i32 + dx) as usize,
                    (y as i32 + dy) as usize,
                    ring != 1,
                );
            }
        }
    }

    /// The level (M) and the mask, with their BCH check, twice.
    fn format_bits(&mut self, mask: u8) {
        let data = u32::from(mask); // level M's bits are 00
        let mut rest = data;
        for _ in 0..10 {
            rest = (rest << 1) ^ ((rest >> 9) * 0x537);
        }
        let bits = ((data << 10) | rest) ^ 0x5412;
        let bit = |i: usize| (bits >> i) & 1 == 1;
        let w = self.width;
        for i in 0..6 {
            self.set(8, i, bit(i));
        }
        self.set(8, 7, bit(6));
        self.set(8, 8, bit(7));
        self.set(7, 8, bit(8));
        for i in 9..15 {
            self.set(14 - i, 8, bit(i));
        }
        for i in 0..8 {
            self.set(w - 1 - i, 8, bit(i));
        }
        for i in 8..15 {
            self.set(8, w - 15 + i, bit(i));
        }
        self.set(8, w - 8, true);
    }

    /// The version with its BCH check, twice, from version 7 on.
    fn version_bits(&mut self) {
        if self.version < 7 {
            return;
        }
        let mut rest = self.version as u32;
        for _ in 0..12 {
            rest = (rest << 1) ^ ((rest >> 11) * 0x1F25);
        }
        let bits = (self.version as u32) << 12 | rest;
        for i in 0..18 {
            let dark = (bits >> i) & 1 == 1;
            let (a, b) = (self.width - 11 + i % 3, i / 3);
            self.set(a, b, dark);
            self.set(b, a, dark);
        }
    }

    /// The codewords in the zigzag of two-module columns, from the
    /// bottom right, upwards and downwards in turn, around the patterns.
    pub(super) fn place(&mut self, codewords: &[u8]) {
        let w = self.width;
        let total = codewords.len() * 8;
        let mut i = 0;
        let mut right = w - 1;
        loop {
            if right == 6 {
                right = 5;
            }
            let upward = (right + 1) & 2 == 0;
            for step in 0..w {
                let y = if upward { w - 1 - step } else { step };
                for x in [right, right - 1] {
                    if !self.function[y * w + x] && i < total {
                        self.dark[y * w + x] = (codewords[i / 8] >> (7 - i % 8)) & 1 == 1;
                        i += 1;
                    }
                }
            }
            if right < 2 {
                break;
            }
            right -= 2;
        }
    }

    /// The code with the mask of the lowest penalty (the first of equals).
    pub(super) fn best_masked(&self) -> QrCode {
        (0..8)
            .map(|mask| self.masked(mask))
            .min_by_key(|(_, penalty)| *penalty)
            .map(|(code, _)| code)
            .unwrap()
    }

    /// The code with `mask` applied and its format bits, and its penalty.
    pub(super) fn masked(&self, mask: u8) -> (QrCode, u32) {
        let mut m = Matrix {
            version: self.version,
            width: self.width,
            dark: self.dark.clone(),
            function: self.function.clone(),
        };
        let w = m.width;
        for y in 0..w {
            for x in 0..w {
                if !m.function[y * w + x] && flips(mask, x, y) {
                    m.dark[y * w + x] ^= true;
                }
            }
        }
        m.format_bits(mask);
        let penalty = penalty(w, &m.dark);
        (
            QrCode {
                width: w,
                dark: m.dark,
            },
            penalty,
        )
    }
}

/// Where the version's alignment patterns are centred, on either axis.
fn alignment_centres(version: usize, width: usize) -> Vec<usize> {
    if version == 1 {
        return Vec::new();
    }
    let count = version / 7 + 2;
    let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2;
    let mut centres: Vec<usize> = (0..count - 1).map(|i| width - 7 - i * step).collect();
    centres.push(6);
    centres.reverse();
    centres
}

/// Whether mask `mask` turns the module at column `x`, row `y`.
#[allow(clippy::manual_is_multiple_of)] // the standard's formulas as it writes them
fn flips(mask: u8, x: usize, y: usize) -> bool {
    match mask {
        0 => (x + y) % 2 == 0,
        1 => y % 2 == 0,
        2 => x % 3 == 0,
        3 => (x + y) % 3 == 0,
        4 => (x / 3 + y / 2) % 2 == 0,
        5 => x * y % 2 + x * y % 3 == 0,
        6 => (x * y % 2 + x * y % 3) % 2 == 0,
        _ => ((x + y) % 2 + x * y % 3) % 2 == 0,
    }
}

/// The standard's four penalty rules: runs of five or more of one
/// colour, 2 × 2 blocks of one colour, patterns a reader takes for a
/// finder's, and dark modules far from half.
pub(super) fn penalty(w: usize, dark: &[bool]) -> u32 {
    let at = |x: usize, y: usize| dark[y * w + x];
    let mut total = 0;
    for transposed in [false, true] {
        for a in 0..w {
            let line: Vec<bool> = (0..w)
                .map(|b| if transposed { at(a, b) } else { at(b, a) })
                .collect();
            total += runs_and_finders(&line);
        }
    }
    for y in 0..w - 1 {
        for x in 0..w - 1 {
            let c = at(x, y);
            if at(x + 1, y) == c && at(x, y + 1) == c && at(x + 1, y + 1) == c {
                total += 3;
            }
        }
    }
    let darks = dark.iter().filter(|d| **d).count() as i64;
    let all = (w * w) as i64;
    let k = ((darks * 20 - all * 10).abs() + all - 1) / all - 1;
    total + k as u32 * 10
}

/// Rules 1 and 3 along one row or column.
fn runs_and_finders(line: &[bool]) -> u32 {
    let mut total = 0;
    let mut run = 1;
    for i in 1..=line.len() {
        if i < line.len() && line[i] == line[i - 1] {
            run += 1;
            continue;
        }
        if run >= 5 {
            total += 3 + (run - 5);
        }
        run = 1;
    }
    const FINDER: [bool; 7] = [true, false, true, true, true, false, true];
    for (i, window) in line.windows(7).enumerate() {
        if window != FINDER {
            continue;
        }
        let light = |range: std::ops::Range<usize>| range.clone().all(|j| !line[j]);
        let before = i >= 4 && light(i - 4..i);
        let after = i + 11 <= line.len() && light(i + 7..i + 11);
        if before || after {
            total += 40;
        }
    }
    total as u32
}
