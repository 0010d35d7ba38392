//! Writes the app's text files for every language but the reference one
//! (`locale_files::app_texts`): `app-texts <locale folder> <out folder>`,
//! one file name per line on stdout. The app's post-build step runs it
//! into the built app; the app's build script names the same files.

use std::path::Path;

use locale_files::app_texts::{REFERENCE, app_keys, app_texts, text_file};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [folder, out] = args.as_slice() else {
        eprintln!("usage: app-texts <locale folder> <out folder>");
        std::process::exit(2);
    };
    // The folder's files, checked as the app's build checks them.
    let languages = locale_files::read_folder(Path::new(folder), REFERENCE);
    let keys = app_keys(&languages[REFERENCE]);
    for locale in languages.values().filter(|l| l.tag != REFERENCE) {
        let (name, content) = text_file(&locale.tag, &app_texts(locale, &keys));
        if let Err(e) = std::fs::write(Path::new(out).join(&name), content) {
            eprintln!("{out}/{name} cannot be written: {e}");
            std::process::exit(1);
        }
        println!("{name}");
    }
}
