//! Writing JSON text, compact as serde_json writes it.

use core::fmt::Write as _;

/// JSON text being written. Keys and array elements put their own commas,
/// so a value never needs to know what came before it.
#[derive(Default)]
pub struct Writer {
    out: String,
    comma: bool,
    // An object's `type` was written (`Writer::tagged`): the next object
    // goes on with that one instead of opening its own.
    tagged: bool,
}

impl Writer {
    /// The text written.
    pub fn finish(self) -> String {
        self.out
    }

    fn done(&mut self) {
        self.comma = true;
    }

    /// `null`.
    pub fn null(&mut self) {
        self.out.push_str("null");
        self.done();
    }

    /// `true` or `false`.
    pub fn boolean(&mut self, value: bool) {
        self.out.push_str(if value { "true" } else { "false" });
        self.done();
    }

    /// A whole number.
    pub fn integer(&mut self, value: impl Into<i128>) {
        let value: i128 = value.into();
        if value < 0 {
            self.out.push('-');
        }
        let mut digits = [0u8; 40];
        // Every number written fits in 64 bits; 128-bit division would
        // bring its own code.
        let mut left = value.unsigned_abs() as u64;
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (left % 10) as u8;
            left /= 10;
            if left == 0 {
                break;
            }
        }
        for &digit in &digits[start..] {
            self.out.push(char::from(digit));
        }
        self.done();
    }

    /// A number; one that is not finite as `null`, as serde_json writes it.
    /// The shortest text that reads back as the same number: in the
    /// browser the JavaScript engine's (`Number.prototype.toString`, which
    /// writes 1e21 as `1e+21`), natively core's. Core's float formatting
    /// is about 12 KB of the page's Wasm that nothing else there needs
    /// (decimals are written with `model::decimal::fixed`).
    pub fn float(&mut self, value: f64) {
        if value.is_finite() {
            #[cfg(target_arch = "wasm32")]
            if let Some(text) = js_sys::Number::from(value)
                .to_string_with_radix(10)
                .ok()
                .and_then(|text| text.as_string())
            {
                self.out.push_str(&text);
            }
            #[cfg(not(target_arch = "wasm32"))]
            let _ = write!(self.out, "{value}");
            self.done();
        } else {
            self.null();
        }
    }

    /// A string, escaped.
    pub fn string(&mut self, text: &str) {
        self.out.push('"');
        let mut start = 0;
        for (i, byte) in text.bytes().enumerate() {
            let escaped = match byte {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1f => "",
                _ => continue,
            };
            self.out.push_str(&text[start..i]);
            start = i + 1;
            if escaped.is_empty() {
                let _ = write!(self.out, "\\u{:04x}", byte);
            } else {
                self.out.push_str(escaped);
            }
        }
        self.out.push_str(&text[start..]);
        self.out.push('"');
        self.done();
    }

    /// `{`: keys and values follow, then [`Writer::end_object`].
    pub fn begin_object(&mut self) {
        if std::mem::take(&mut self.tagged) {
            return;
        }
        self.out.push('{');
        self.comma = false;
    }

    /// A key of the open object; its value follows.
    pub fn key(&mut self, key: &str) {
        if self.comma {
            self.out.push(',');
        }
        self.string(key);
        self.out.push(':');
        self.comma = false;
    }

    /// `}`.
    pub fn end_object(&mut self) {
        self.out.push('}');
        self.done();
    }

    /// `[`: elements follow, each after [`Writer::element`], then
    /// [`Writer::end_array`].
    pub fn begin_array(&mut self) {
        self.out.push('[');
        self.comma = false;
    }

    /// Before each element of the open array.
    pub fn element(&mut self) {
        if self.comma {
            self.out.push(',');
        }
    }

    /// `]`.
    pub fn end_array(&mut self) {
        self.out.push(']');
        self.done();
    }

    /// A key and its value.
    pub fn field<T: super::Json>(&mut self, key: &str, value: &T) {
        self.key(key);
        value.write(self);
    }

    /// A variant of an internally tagged enum, as serde writes it: an
    /// object of `"type":"name"` and then the keys of its data (an object
    /// `data` writes goes on with this one), if it has any.
    pub fn tagged(&mut self, name: &str, data: impl FnOnce(&mut Writer)) {
        self.begin_object();
        self.key("type");
        self.string(name);
        self.tagged = true;
        data(self);
        if std::mem::take(&mut self.tagged) {
            self.end_object();
        }
    }

    /// A variant of an internally tagged enum without data:
    /// `{"type":"name"}`.
    pub fn tagged_unit(&mut self, name: &str) {
        self.tagged(name, |_| {});
    }

    /// A variant with data, as serde writes it: `{"name":data}`.
    pub fn variant(&mut self, name: &str, data: impl FnOnce(&mut Writer)) {
        self.begin_object();
        self.key(name);
        data(self);
        self.end_object();
    }
}
