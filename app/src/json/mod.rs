//! JSON in the shapes serde writes, for what the page stores, sends its
//! worker and tells a spectator, without serde's code in the page's Wasm.
//! In place of serde_json and serde-wasm-bindgen it took 26.6 KB gzip off
//! the public demo's Wasm (315,111 to 288,497 bytes, gzip -9 after
//! wasm-opt, 2026-11-30; docs/benchmarks.md). The shapes stay serde's
//! (externally tagged enums, the same keys and defaults), so what an older
//! page stored still reads, and the tests check every type both ways
//! against serde_json.
//!
//! A type says its shape once, with [`json_struct!`] or [`json_enum!`]:
//!
//! ```
//! use app::json::{self, json_struct};
//!
//! #[derive(Debug, PartialEq)]
//! struct Saved { moves: String, onlooker: bool }
//! json_struct!(Saved { moves, onlooker = false });
//!
//! let saved = Saved { moves: "4453".into(), onlooker: false };
//! assert_eq!(json::to_string(&saved), r#"{"moves":"4453"}"#);
//! assert_eq!(json::from_str::<Saved>(r#"{"onlooker":true,"moves":"44"}"#).unwrap(),
//!            Saved { moves: "44".into(), onlooker: true });
//! assert!(json::from_str::<Saved>(r#"{"onlooker":true}"#).is_err());
//! ```

mod booth;
mod foreign;
mod macros;
mod read;
mod write;

pub use crate::{json_enum, json_struct};
pub use read::{Error, Reader};
pub use write::Writer;

/// A value with a JSON shape.
pub trait Json: Sized {
    /// Writes the value.
    fn write(&self, out: &mut Writer);
    /// Reads a value, or says what was expected where.
    fn read(input: &mut Reader) -> Result<Self, Error>;
}

/// The value as JSON text.
pub fn to_string<T: Json>(value: &T) -> String {
    let mut out = Writer::default();
    value.write(&mut out);
    out.finish()
}

/// The value `text` holds; text after it is an error.
pub fn from_str<T: Json>(text: &str) -> Result<T, Error> {
    let mut input = Reader::new(text);
    let value = T::read(&mut input)?;
    input.end()?;
    Ok(value)
}

#[cfg(test)]
pub(crate) mod tests;
