//! The header the engine's data files share (the opening book and the
//! position database): magic bytes, a format version, the board shape, a
//! number of stones, a count of positions and a checksum of the body.

use crate::Geometry;

/// What a data file's header says.
pub(crate) struct Header {
    pub geometry: Geometry,
    /// The book's depth or the database's number of stones.
    pub plies: u8,
    pub count: usize,
    /// FNV-1a of the body as [`fnv1a`] computes it.
    pub checksum: u64,
}

/// Why bytes do not start with a header of the expected kind.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum HeaderError {
    /// Other magic bytes: another kind of file.
    Foreign,
    /// The kind, in another format version.
    Version(u8),
    /// Shorter than a header.
    Truncated,
    /// A board shape the engine does not play.
    Geometry,
}

impl Header {
    /// Appends the header to `out`.
    pub(crate) fn write(&self, magic: &[u8], version: u8, out: &mut Vec<u8>) {
        let g = self.geometry;
        out.extend_from_slice(magic);
        out.push(version);
        out.extend_from_slice(&[
            g.columns() as u8,
            g.rows() as u8,
            g.win_length() as u8,
            self.plies,
        ]);
        out.extend_from_slice(&(self.count as u32).to_le_bytes());
        out.extend_from_slice(&self.checksum.to_le_bytes());
    }

    /// The header at the start of `bytes` and the body after it.
    pub(crate) fn read<'a>(
        bytes: &'a [u8],
        magic: &[u8],
        version: u8,
    ) -> Result<(Header, &'a [u8]), HeaderError> {
        let m = magic.len();
        if bytes.len() <= m || &bytes[..m] != magic {
            return Err(HeaderError::Foreign);
        }
        if bytes[m] != version {
            return Err(HeaderError::Version(bytes[m]));
        }
        let len = m + 1 + 4 + 4 + 8;
        if bytes.len() < len {
            return Err(HeaderError::Truncated);
        }
        let shape = &bytes[m + 1..m + 5];
        let geometry = Geometry::new(
            usize::from(shape[0]),
            usize::from(shape[1]),
            usize::from(shape[2]),
        )
        .map_err(|_| HeaderError::Geometry)?;
        let count = u32::from_le_bytes(bytes[m + 5..m + 9].try_into().expect("4 bytes"));
        let checksum = u64::from_le_bytes(bytes[m + 9..len].try_into().expect("8 bytes"));
        let header = Header {
            geometry,
            plies: shape[3],
            count: count as usize,
            checksum,
        };
        Ok((header, &bytes[len..]))
    }
}

/// 64-bit FNV-1a: enough to tell a damaged download from a good one.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
