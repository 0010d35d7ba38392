//! The app's texts as its page reads them: each message a template (its
//! text, `{name}` for a value, `{^name}` for one with a capital, and a
//! choice as `{name`, then per variant [`CASE`], its key, `*` before the
//! default's, [`KEY`], its text, then `}`), numbered in one order for
//! every language: fixed texts first, then the sentences with values.
//!
//! The reference language's texts are built into the app; every other
//! language is a file the page fetches when it is chosen ([`text_file`]),
//! named after its content, so that a page never reads another build's
//! numbering.

use crate::{Locale, Message, Piece};
use std::fmt::Write as _;

/// The language every other is checked against, built into the app.
pub const REFERENCE: &str = "en";

/// Marks a variant of a choice in a template.
pub const CASE: char = '\u{1}';
/// Parts a variant's key from its text.
pub const KEY: char = '\u{2}';
/// Parts two texts in a language's file.
pub const SEPARATOR: char = '\0';

/// The reference language's messages in the app's order: the fixed texts,
/// then the sentences.
pub fn app_order(reference: &Locale) -> (Vec<&Message>, Vec<&Message>) {
    reference.messages.iter().partition(|m| m.is_fixed())
}

/// The keys in the app's order (see [`app_order`]): a text's number.
pub fn app_keys(reference: &Locale) -> Vec<&str> {
    let (fixed, sentences) = app_order(reference);
    fixed
        .iter()
        .chain(&sentences)
        .map(|m| m.key.as_str())
        .collect()
}

/// The templates of `locale`'s messages, in the order of `keys`.
pub fn app_texts(locale: &Locale, keys: &[&str]) -> Vec<String> {
    keys.iter()
        .map(|key| {
            let message = locale.messages.iter().find(|m| m.key == *key).unwrap();
            template(&locale.tag, key, &message.pieces)
        })
        .collect()
}

/// A language's file for the page: its name (`texts-de-` and 16 hex digits
/// of the content's FNV-1a hash, `.txt`) and its content, the templates
/// parted by [`SEPARATOR`].
pub fn text_file(tag: &str, texts: &[String]) -> (String, String) {
    let content = texts.join(&SEPARATOR.to_string());
    let hash = content.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    (format!("texts-{tag}-{hash:016x}.txt"), content)
}

fn template(tag: &str, key: &str, pieces: &[Piece]) -> String {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Literal(text) => {
                if text.contains(['{', '}', CASE, KEY, SEPARATOR]) {
                    panic!("{tag}.ftl: `{key}` has a brace in its text, which the app cannot show");
                }
                out.push_str(text);
            }
            Piece::Value(name) => write!(out, "{{{name}}}").unwrap(),
            Piece::Capital(name) => write!(out, "{{^{name}}}").unwrap(),
            Piece::Select { on, cases, default } => {
                write!(out, "{{{on}").unwrap();
                for (case, pieces) in cases {
                    let text = template(tag, key, pieces);
                    if text.contains(CASE) {
                        panic!(
                            "{tag}.ftl: `{key}` chooses inside a choice, which the app does not read"
                        );
                    }
                    let star = if case == default { "*" } else { "" };
                    write!(out, "{CASE}{star}{case}{KEY}{text}").unwrap();
                }
                out.push('}');
            }
        }
    }
    out
}
