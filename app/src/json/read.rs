//! Reading JSON text straight into values, without a tree in between: a
//! computer move's tree is up to 180 KB of JSON, read on the page's thread.

use core::fmt;
use std::borrow::Cow;

/// What was expected, and at which byte of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Byte offset into the text.
    pub at: usize,
    /// What the reader wanted there.
    pub expected: &'static str,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} at byte {}", self.expected, self.at)
    }
}

impl std::error::Error for Error {}

/// Arrays and objects inside each other at most this deep, as serde_json
/// allows: deeper text (no message of ours is more than a few levels) is
/// refused before it could overflow the stack.
const MOST_NESTED: u32 = 128;

/// A position in JSON text.
pub struct Reader<'a> {
    text: &'a str,
    at: usize,
    nested: u32,
    // An object's `type` was read (`Reader::tagged`): the next object
    // goes on with that one instead of opening its own.
    tag_read: bool,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            at: 0,
            nested: 0,
            tag_read: false,
        }
    }

    /// An error at the current position.
    pub fn error(&self, expected: &'static str) -> Error {
        Error {
            at: self.at,
            expected,
        }
    }

    /// The next byte that is not white space, not taken.
    fn peek(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(self.at) {
            self.at += 1;
        }
        bytes.get(self.at).copied()
    }

    fn take(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), Error> {
        if self.take(byte) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    fn word(&mut self, word: &str) -> bool {
        self.peek();
        let found = self.text[self.at..].starts_with(word);
        self.at += if found { word.len() } else { 0 };
        found
    }

    /// Nothing but white space is left.
    pub fn end(&mut self) -> Result<(), Error> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("the end of the text")),
        }
    }

    /// Takes a `null`, if one is next.
    pub fn null(&mut self) -> bool {
        self.word("null")
    }

    /// `true` or `false`.
    pub fn boolean(&mut self) -> Result<bool, Error> {
        if self.word("true") {
            Ok(true)
        } else if self.word("false") {
            Ok(false)
        } else {
            Err(self.error("true or false"))
        }
    }

    /// The text of a number: sign, digits, fraction and exponent.
    fn number(&mut self) -> Result<&'a str, Error> {
        self.peek();
        let start = self.at;
        let bytes = self.text.as_bytes();
        while let Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') = bytes.get(self.at) {
            self.at += 1;
        }
        match &self.text[start..self.at] {
            "" => Err(self.error("a number")),
            number => Ok(number),
        }
    }

    /// A whole number that fits in `T`.
    pub fn integer<T: TryFrom<i128>>(&mut self) -> Result<T, Error> {
        let start = self.at;
        let text = self.number()?;
        let (negative, digits) = match text.strip_prefix('-') {
            Some(digits) => (true, digits),
            None => (false, text),
        };
        let mut magnitude: Option<u64> = (!digits.is_empty()).then_some(0);
        for digit in digits.bytes() {
            let digit = digit.wrapping_sub(b'0');
            magnitude = magnitude
                .filter(|_| digit < 10)
                .and_then(|m| m.checked_mul(10)?.checked_add(u64::from(digit)));
        }
        magnitude
            .map(|m| {
                if negative {
                    -i128::from(m)
                } else {
                    i128::from(m)
                }
            })
            .and_then(|v| T::try_from(v).ok())
            .ok_or(Error {
                at: start,
                expected: "a whole number in range",
            })
    }

    /// A number; `null` reads as not a number (serde_json writes a
    /// non-finite number as `null`).
    pub fn float(&mut self) -> Result<f64, Error> {
        if self.null() {
            return Ok(f64::NAN);
        }
        let start = self.at;
        let text = self.number()?;
        let bad = Error {
            at: start,
            expected: "a number",
        };
        let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((text, "0"));
        let exponent: i32 = exponent
            .strip_prefix('+')
            .unwrap_or(exponent)
            .parse()
            .map_err(|_| bad.clone())?;
        let (negative, mantissa) = match mantissa.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, mantissa),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let mut digits: u64 = 0;
        let mut scale = exponent;
        for (i, digit) in whole.bytes().chain(fraction.bytes()).enumerate() {
            let digit = digit.wrapping_sub(b'0');
            if digit > 9 {
                return Err(bad);
            }
            // Nineteen digits are more than a double holds.
            if digits < 1_000_000_000_000_000_000 {
                digits = digits * 10 + u64::from(digit);
                scale -= i32::from(i >= whole.len());
            } else {
                scale += i32::from(i < whole.len());
            }
        }
        if whole.is_empty() {
            return Err(bad);
        }
        // Dividing by an exact power of ten rounds once: 0.1 reads as 0.1.
        let magnitude = digits as f64;
        let value = if scale < 0 {
            magnitude / 10f64.powi(-scale)
        } else {
            magnitude * 10f64.powi(scale)
        };
        Ok(if negative { -value } else { value })
    }

    /// A string, its escapes undone.
    pub fn string(&mut self) -> Result<String, Error> {
        self.text_of_string().map(Cow::into_owned)
    }

    /// A string borrowed from the text where it has no escapes (every key
    /// of a tree's thousands of nodes): nothing to copy. With escapes, the
    /// runs between them and what they stand for are gathered.
    fn text_of_string(&mut self) -> Result<Cow<'a, str>, Error> {
        self.expect(b'"', "a string")?;
        let text = self.text;
        let mut unescaped: Option<String> = None;
        loop {
            let start = self.at;
            while let Some(&b) = text.as_bytes().get(self.at) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            let run = &text[start..self.at];
            match text.as_bytes().get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(match unescaped {
                        None => Cow::Borrowed(run),
                        Some(out) => Cow::Owned(out + run),
                    });
                }
                Some(b'\\') => {
                    self.at += 1;
                    let out = unescaped.get_or_insert_with(String::new);
                    out.push_str(run);
                    out.push(self.escape()?);
                }
                _ => return Err(self.error("the end of a string")),
            }
        }
    }

    fn escape(&mut self) -> Result<char, Error> {
        let byte = self.text.as_bytes().get(self.at).copied();
        self.at += 1;
        Ok(match byte {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                let high = self.hex()?;
                let code = if (0xd800..0xdc00).contains(&high) && self.word("\\u") {
                    0x10000 + ((high - 0xd800) << 10) + (self.hex()?.wrapping_sub(0xdc00) & 0x3ff)
                } else {
                    high
                };
                char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            _ => return Err(self.error("an escape")),
        })
    }

    fn hex(&mut self) -> Result<u32, Error> {
        let digits = self.text.get(self.at..self.at + 4);
        let code = digits.and_then(|d| u32::from_str_radix(d, 16).ok());
        let code = code.ok_or(self.error("four hex digits"))?;
        self.at += 4;
        Ok(code)
    }

    /// An array, `each` reading one element at a time.
    pub fn array(
        &mut self,
        mut each: impl FnMut(&mut Reader<'a>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.expect(b'[', "an array")?;
        self.enter()?;
        if !self.take(b']') {
            loop {
                each(self)?;
                if self.take(b']') {
                    break;
                }
                self.expect(b',', "a comma or the end of the array")?;
            }
        }
        self.nested -= 1;
        Ok(())
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.nested += 1;
        if self.nested > MOST_NESTED {
            return Err(self.error("at most 128 arrays and objects inside each other"));
        }
        Ok(())
    }

    /// An object, `each` reading the value of each key.
    pub fn object(
        &mut self,
        mut each: impl FnMut(&mut Reader<'a>, &str) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let open = if std::mem::take(&mut self.tag_read) {
            // After the object's `type`: its other keys, if any.
            let more = !self.take(b'}');
            if more {
                self.expect(b',', "a comma or the end of the object")?;
            }
            more
        } else {
            self.expect(b'{', "an object")?;
            self.enter()?;
            !self.take(b'}')
        };
        if open {
            loop {
                let key = self.text_of_string()?;
                self.expect(b':', "a colon")?;
                each(self, &key)?;
                if self.take(b'}') {
                    break;
                }
                self.expect(b',', "a comma or the end of the object")?;
            }
        }
        self.nested -= 1;
        Ok(())
    }

    /// An enum as serde writes it: a unit variant as its name, any other
    /// as an object of one key, its name, holding its data. `read` gets
    /// the name and reads the data, if the variant has any.
    pub fn variant<T>(
        &mut self,
        read: impl FnOnce(&mut Reader<'a>, &str) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if self.peek() == Some(b'"') {
            let name = self.text_of_string()?;
            return read(self, &name);
        }
        self.expect(b'{', "a variant")?;
        let name = self.text_of_string()?;
        self.expect(b':', "a colon")?;
        let value = read(self, &name)?;
        self.expect(b'}', "the end of the variant")?;
        Ok(value)
    }

    /// An internally tagged enum as the bridge writes it: an object whose
    /// first key, `type`, names the variant. `read` gets the name and
    /// reads the variant's data (an object read next goes on with this
    /// one's keys), if it has any.
    pub fn tagged<T>(
        &mut self,
        read: impl FnOnce(&mut Reader<'a>, &str) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.expect(b'{', "an object")?;
        self.enter()?;
        if self.text_of_string()? != "type" {
            return Err(self.error("the key \"type\" first"));
        }
        self.expect(b':', "a colon")?;
        let name = self.text_of_string()?;
        self.tag_read = true;
        let value = read(self, &name)?;
        if std::mem::take(&mut self.tag_read) {
            // A variant without data: the object ends after its type.
            self.expect(b'}', "the end of the object")?;
            self.nested -= 1;
        }
        Ok(value)
    }

    /// Passes over one value of any kind (a key this page does not know).
    pub fn skip(&mut self) -> Result<(), Error> {
        match self.peek() {
            Some(b'"') => self.string().map(drop),
            Some(b'[') => self.array(Reader::skip),
            Some(b'{') => self.object(|input, _| input.skip()),
            Some(b't' | b'f') => self.boolean().map(drop),
            _ if self.null() => Ok(()),
            _ => self.number().map(drop),
        }
    }
}
