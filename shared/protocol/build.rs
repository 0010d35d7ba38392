//! `Language`: one variant per locale file in `shared/locales/app/`, so the pages,
//! the bridge's config and its welcome speak exactly the languages the app
//! has texts for.

use std::fmt::Write as _;
use std::path::Path;

/// The language a page falls back to: the locale files' reference.
const REFERENCE: &str = "en";

fn main() {
    // Read and checked as the app's build reads them: a file that fails
    // there fails here too.
    let locales = locale_files::read_folder(Path::new("../locales/app"), REFERENCE);
    // By tag, the order in which the app numbers its texts.
    let languages: Vec<(String, String)> = locales
        .iter()
        .map(|(tag, locale)| {
            let Some(name) = locale.fixed_text("language-name") else {
                panic!("shared/locales/app/{tag}.ftl has no fixed `language-name`");
            };
            (tag.clone(), name.to_string())
        })
        .collect();
    let dir = std::env::var("OUT_DIR").unwrap();
    std::fs::write(Path::new(&dir).join("languages.rs"), code(&languages))
        .expect("a writable OUT_DIR");
}

fn code(languages: &[(String, String)]) -> String {
    let mut out = String::from(
        "/// A language of the pages: one per file in `shared/locales/app/`, written as its\n\
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
            "    /// `{tag}`: {name}, the texts of `shared/locales/app/{tag}.ftl`."
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
