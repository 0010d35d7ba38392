//! Turns the locale files (`shared/locales/app/*.ftl`, Fluent syntax, read
//! and checked by `locale-files`) into Rust: one key per text, and every
//! language's texts as static tables found by the language's tag. The
//! build fails, naming file
//! and key, when a language lacks a key English has, has one English
//! lacks, or fills in other values than English does; so a text the page
//! shows can never be missing.
//!
//! The page carries no Fluent parser: the files are read here, once, and
//! the page only walks the few sentences that hold numbers or names.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use locale_files::{CAPITAL, Locale, Message, Piece};

/// The language every other is checked against, and the default.
const REFERENCE: &str = "en";

fn main() {
    let languages = locale_files::read_folder(Path::new("../shared/locales/app"), REFERENCE);
    let reference = &languages[REFERENCE];
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).to_path_buf();
    std::fs::write(out.join("texts.rs"), texts_code(&languages, reference))
        .expect("a writable OUT_DIR");
}

/// `new-game` → `NewGame`.
fn rust_name(key: &str) -> String {
    key.split('-')
        .map(|word| {
            let mut c = word.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The English source of a message, for its key's documentation.
fn describe(pieces: &[Piece]) -> String {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Literal(text) => out.push_str(text),
            Piece::Value(name) => write!(out, "{{${name}}}").unwrap(),
            Piece::Capital(name) => write!(out, "{{{CAPITAL}(${name})}}").unwrap(),
            Piece::Select { on, cases, default } => {
                let text = cases
                    .iter()
                    .find(|(key, _)| key == default)
                    .map(|(_, p)| describe(p));
                write!(out, "{{${on} -> … {}}}", text.unwrap_or_default()).unwrap()
            }
        }
    }
    out
}

/// The texts' keys and every language's texts.
fn texts_code(languages: &BTreeMap<String, Locale>, reference: &Locale) -> String {
    let mut out = String::from(GENERATED);
    let (fixed, sentences): (Vec<&Message>, Vec<&Message>) =
        reference.messages.iter().partition(|m| m.is_fixed());
    write_keys(&mut out, "Text", "A fixed text of the interface.", &fixed);
    write_keys(
        &mut out,
        "Sentence",
        "A text with numbers or names filled in.",
        &sentences,
    );
    // Each language is one string of every text in key order, fixed texts
    // first, with the offsets where each begins: text packs far smaller
    // into the page's Wasm than a table of string pointers per text.
    writeln!(out, "const FIXED: usize = {};\n", fixed.len()).unwrap();
    let order: Vec<&str> = fixed
        .iter()
        .chain(&sentences)
        .map(|m| m.key.as_str())
        .collect();
    // Each language's table is found by its tag, which the protocol's
    // `Language` also writes: no number ties the two builds together. A
    // tag this build has no file for (none, since both read the same
    // folder) would get the reference language's texts.
    let mut arms = String::new();
    for locale in languages.values() {
        let mut all = String::new();
        let mut starts = vec![0];
        for key in &order {
            let message = locale.messages.iter().find(|m| m.key == *key).unwrap();
            all.push_str(&template(&locale.tag, key, &message.pieces));
            starts
                .push(u16::try_from(all.len()).unwrap_or_else(|_| {
                    panic!("{}.ftl holds more than 64 KB of text", locale.tag)
                }));
        }
        let pattern = if locale.tag == REFERENCE {
            "_".to_string()
        } else {
            format!("{:?}", locale.tag)
        };
        let arm = format!("        {pattern} => ({all:?}, &{starts:?}),\n");
        if locale.tag == REFERENCE {
            arms.push_str(&arm);
        } else {
            arms.insert_str(0, &arm);
        }
    }
    writeln!(
        out,
        "/// The texts of the language tagged `tag`, one string in key order,\n\
         /// and the offsets where each text begins.\n\
         fn texts_of(tag: &str) -> (&'static str, &'static [u16; {}]) {{\n\
         \x20   match tag {{\n{arms}    }}\n}}",
        order.len() + 1,
    )
    .unwrap();
    out
}

/// Marks a variant of a choice in a template (`{name` CASE key KEY text … `}`).
const CASE: char = '\u{1}';
/// Parts a variant's key from its text.
const KEY: char = '\u{2}';

/// A message as the page's template: text as it is, `{name}` for a value,
/// `{^name}` for a value with a capital, and for a choice `{name` then per
/// variant CASE, its key (`*` before the default's), KEY, its text, then `}`.
fn template(tag: &str, key: &str, pieces: &[Piece]) -> String {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Literal(text) => {
                if text.contains(['{', '}', CASE, KEY]) {
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

const GENERATED: &str = "// Generated by app/build.rs from shared/locales/app/*.ftl.\n\n";

fn write_keys(out: &mut String, name: &str, doc: &str, messages: &[&Message]) {
    writeln!(out, "/// {doc}").unwrap();
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq)]\n");
    writeln!(out, "pub enum {name} {{").unwrap();
    for m in messages {
        if let Some(comment) = &m.comment {
            writeln!(out, "    /// {comment}").unwrap();
        }
        writeln!(out, "    /// `{}`: {:?}", m.key, describe(&m.pieces)).unwrap();
        writeln!(out, "    {},", rust_name(&m.key)).unwrap();
    }
    out.push_str("}\n\n");
}
