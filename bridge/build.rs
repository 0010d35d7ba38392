//! The operator page's words, from the locale files in `locales/` (checked
//! as the app's are: every file has `en.ftl`'s keys), as one JSON object the
//! server puts into the page; and with the `embed-app` feature the binary
//! carries `dist/`: rebuild when it changes, and say what to do when it was
//! not built yet.

use std::path::Path;

use locale_files::{Locale, Piece};
use serde_json::{Map, Value, json};

fn main() {
    let languages = locale_files::read_folder(Path::new("locales"), "en");
    let words: Map<String, Value> = languages
        .iter()
        .map(|(tag, locale)| (tag.clone(), words(locale)))
        .collect();
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("operator_words.json");
    // Escaped for a <script> once here, not on every page load.
    let json = Value::Object(words).to_string().replace("</", "<\\/");
    std::fs::write(out, json).expect("a writable OUT_DIR");
    if std::env::var_os("CARGO_FEATURE_EMBED_APP").is_some() {
        println!("cargo:rerun-if-changed=../dist");
        if !Path::new("../dist/index.html").is_file() {
            panic!("the embed-app feature needs the built app: run `trunk build --release` first");
        }
    }
}

/// A language's messages by key: a string when fixed, else its pieces.
fn words(locale: &Locale) -> Value {
    let messages = locale
        .messages
        .iter()
        .map(|m| (m.key.clone(), pieces(&locale.tag, &m.key, &m.pieces)))
        .collect();
    Value::Object(messages)
}

/// Pieces as the page's `say` walks them: text, `{"v": name}` for a value,
/// `{"s": name, "c": {case: pieces}, "d": default}` for a choice.
fn pieces(tag: &str, key: &str, pieces: &[Piece]) -> Value {
    if let [Piece::Literal(text)] = pieces {
        return json!(text);
    }
    let list = pieces
        .iter()
        .map(|piece| match piece {
            Piece::Literal(text) => json!(text),
            Piece::Value(name) => json!({ "v": name }),
            Piece::Capital(_) => {
                panic!("{tag}.ftl: `{key}` calls a function; the operator page knows none")
            }
            Piece::Select { on, cases, default } => {
                let cases: Map<String, Value> = cases
                    .iter()
                    .map(|(case, p)| (case.clone(), self::pieces(tag, key, p)))
                    .collect();
                json!({ "s": on, "c": cases, "d": default })
            }
        })
        .collect();
    Value::Array(list)
}
