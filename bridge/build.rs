//! The languages the app speaks, one per locale file in `app/locales/`,
//! so the booth's configuration accepts exactly those; and with the
//! `embed-app` feature the binary carries `dist/`: rebuild when it
//! changes, and say what to do when it was not built yet.

use std::fmt::Write as _;

fn main() {
    write_languages();
    if std::env::var_os("CARGO_FEATURE_EMBED_APP").is_some() {
        println!("cargo:rerun-if-changed=../dist");
        if !std::path::Path::new("../dist/index.html").is_file() {
            panic!("the embed-app feature needs the built app: run `trunk build --release` first");
        }
    }
}

/// `LANGUAGES`: each locale file's tag and its `language-name`.
fn write_languages() {
    println!("cargo:rerun-if-changed=../app/locales");
    let mut languages = Vec::new();
    for entry in std::fs::read_dir("../app/locales").expect("app/locales/ is there") {
        let path = entry.expect("a readable app/locales/").path();
        if path.extension().is_some_and(|e| e == "ftl") {
            let tag = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("a readable locale file");
            let name = text
                .lines()
                .find_map(|line| line.strip_prefix("language-name ="))
                .map_or_else(|| tag.clone(), |name| name.trim().to_string());
            languages.push((tag, name));
        }
    }
    languages.sort();
    let mut out = String::from(
        "/// The app's languages: tag and own name, from `app/locales/`.\npub const LANGUAGES: &[(&str, &str)] = &[\n",
    );
    for (tag, name) in &languages {
        writeln!(out, "    ({tag:?}, {name:?}),").unwrap();
    }
    out.push_str("];\n");
    let dir = std::env::var("OUT_DIR").unwrap();
    std::fs::write(std::path::Path::new(&dir).join("languages.rs"), out)
        .expect("a writable OUT_DIR");
}
