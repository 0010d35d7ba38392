//! Turns the locale files (`shared/locales/app/*.ftl`, Fluent syntax, read
//! and checked by `locale-files`) into Rust: one key per text, and the
//! texts built in as static tables found by the language's tag (in the
//! public demo's Wasm English alone; that page fetches another language's
//! file, which `app/post-build.mjs` writes, when it is chosen). The build fails,
//! naming file
//! and key, when a language lacks a key English has, has one English
//! lacks, or fills in other values than English does; so a text the page
//! shows can never be missing.
//!
//! The page carries no Fluent parser: the files are read here, once, and
//! the page only walks the few sentences that hold numbers or names.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use locale_files::app_texts::{
    CASE, KEY, REFERENCE, SEPARATOR, app_keys, app_order, app_texts, text_file,
};
use locale_files::{CAPITAL, Locale, Message, Piece};

fn main() {
    let languages = locale_files::read_folder(Path::new("../shared/locales/app"), REFERENCE);
    let reference = &languages[REFERENCE];
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).to_path_buf();
    std::fs::write(
        out.join("texts.rs"),
        texts_code(&languages, reference, &out),
    )
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

/// The texts' keys; the texts built in (every language's natively, the
/// reference language's alone in the page's Wasm); the other languages'
/// files, written to `OUT_DIR` for the app's own tests to compare.
fn texts_code(languages: &BTreeMap<String, Locale>, reference: &Locale, out_dir: &Path) -> String {
    let mut out = String::from(GENERATED);
    let (fixed, sentences) = app_order(reference);
    write_keys(&mut out, "Text", "A fixed text of the interface.", &fixed);
    write_keys(
        &mut out,
        "Sentence",
        "A text with numbers or names filled in.",
        &sentences,
    );
    writeln!(out, "const FIXED: usize = {};\n", fixed.len()).unwrap();
    writeln!(
        out,
        "const TEXTS: usize = {};\n",
        fixed.len() + sentences.len()
    )
    .unwrap();
    let order = app_keys(reference);
    // The template's marks, as `locale-files` writes them.
    writeln!(
        out,
        "const CASE: char = {CASE:?};\nconst KEY: char = {KEY:?};\nconst SEPARATOR: char = {SEPARATOR:?};\n"
    )
    .unwrap();
    // One string of every text in key order with the offsets where each
    // begins: text packs far smaller into the Wasm than a table of string
    // pointers per text. Each language is found by its tag, which the
    // protocol's `Language` also writes.
    // The demo's Wasm has English alone; the booth's has every language,
    // since its bridge names the booth's language only once the page runs,
    // and a language fetched then would show English first.
    let english_alone = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32")
        && std::env::var_os("CARGO_FEATURE_BOOTH").is_none();
    let mut arms = String::new();
    let mut files = String::new();
    let mut names = String::new();
    for locale in languages.values() {
        let name = locale
            .fixed_text("language-name")
            .expect("every language names itself");
        writeln!(names, "    ({:?}, {name:?}),", locale.tag).unwrap();
        let texts = app_texts(locale, &order);
        if locale.tag != REFERENCE {
            let (name, content) = text_file(&locale.tag, &texts);
            std::fs::write(out_dir.join(format!("texts-{}.txt", locale.tag)), &content)
                .expect("a writable OUT_DIR");
            writeln!(files, "    ({:?}, {name:?}),", locale.tag).unwrap();
            if english_alone {
                continue;
            }
        }
        let mut all = String::new();
        let mut starts = vec![0];
        for text in &texts {
            all.push_str(text);
            starts
                .push(u16::try_from(all.len()).unwrap_or_else(|_| {
                    panic!("{}.ftl holds more than 64 KB of text", locale.tag)
                }));
        }
        writeln!(
            arms,
            "        {:?} => Some(({all:?}, &{starts:?})),",
            locale.tag
        )
        .unwrap();
    }
    writeln!(
        out,
        "/// The texts built in for the language tagged `tag`, one string in\n\
         /// key order, and the offsets where each text begins.\n\
         fn built_in(tag: &str) -> Option<(&'static str, &'static [u16])> {{\n\
         \x20   match tag {{\n{arms}        _ => None,\n    }}\n}}\n\n\
         /// Each other language's file, which the page fetches (see\n\
         /// `locale_files::app_texts`).\n\
         const FILES: &[(&str, &str)] = &[\n{files}];\n\n\
         /// Each language's own name, for the language menu.\n\
         const NAMES: &[(&str, &str)] = &[\n{names}];",
    )
    .unwrap();
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
