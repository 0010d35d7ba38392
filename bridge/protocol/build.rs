//! `Language`: one variant per locale file in `app/locales/`, so the pages,
//! the bridge's config and its welcome speak exactly the languages the app
//! has texts for.

use std::fmt::Write as _;

/// The language a page falls back to: the locale files' reference.
const REFERENCE: &str = "en";

fn main() {
    println!("cargo:rerun-if-changed=../../app/locales");
    let mut languages = Vec::new();
    for entry in std::fs::read_dir("../../app/locales").expect("app/locales/ is there") {
        let path = entry.expect("a readable app/locales/").path();
        if path.extension().is_some_and(|e| e == "ftl") {
            let tag = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("a readable locale file");
            let name = text
                .lines()
                .find_map(|line| line.strip_prefix("language-name ="))
                .map(|name| name.trim().to_string())
                .unwrap_or_else(|| panic!("app/locales/{tag}.ftl has no `language-name`"));
            languages.push((tag, name));
        }
    }
    // The app's texts are in the same order: by tag.
    languages.sort();
    let dir = std::env::var("OUT_DIR").unwrap();
    std::fs::write(
        std::path::Path::new(&dir).join("languages.rs"),
        code(&languages),
    )
    .expect("a writable OUT_DIR");
}

fn code(languages: &[(String, String)]) -> String {
    let mut out = String::from(
        "/// A language of the pages: one per file in `app/locales/`, written as its\n\
         /// tag (`de`).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]\n\
         pub enum Language {\n",
    );
    let variant = |tag: &str| {
        let mut c = tag.chars();
        c.next().map_or_else(String::new, |f| {
            f.to_ascii_uppercase().to_string() + &c.as_str().replace('-', "")
        })
    };
    for (tag, name) in languages {
        writeln!(
            out,
            "    /// `{tag}`: {name}, the texts of `app/locales/{tag}.ftl`."
        )
        .unwrap();
        if tag == REFERENCE {
            out.push_str("    #[default]\n");
        }
        writeln!(out, "    {},", variant(tag)).unwrap();
    }
    let all: Vec<String> = languages
        .iter()
        .map(|(tag, _)| format!("Language::{}", variant(tag)))
        .collect();
    let tags: Vec<&str> = languages.iter().map(|(t, _)| t.as_str()).collect();
    let names: Vec<&str> = languages.iter().map(|(_, n)| n.as_str()).collect();
    write!(
        out,
        "}}\n\n\
         impl Language {{\n\
         \x20   /// Every language, in the order of their tags.\n\
         \x20   pub const ALL: [Language; {n}] = [{all}];\n\n\
         \x20   /// The language's tag (`de`), as pages, configs and the `lang`\n\
         \x20   /// attribute write it.\n\
         \x20   pub fn tag(self) -> &'static str {{\n\
         \x20       {tags:?}[self as usize]\n\
         \x20   }}\n\n\
         \x20   /// The language's name in itself (`Deutsch`), for a menu of\n\
         \x20   /// languages.\n\
         \x20   pub fn own_name(self) -> &'static str {{\n\
         \x20       {names:?}[self as usize]\n\
         \x20   }}\n\
         }}\n",
        n = languages.len(),
        all = all.join(", "),
    )
    .unwrap();
    out
}
