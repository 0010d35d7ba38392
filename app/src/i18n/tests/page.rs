//! The page's own words, in index.html: what it says before the app's
//! Wasm has arrived, or where the app cannot run.

use super::*;

#[test]
fn the_page_before_its_wasm_speaks_the_languages_the_app_does() {
    // index.html's script chooses the loading line's language and the
    // words for a browser that cannot run the app before the Wasm can:
    // a locale file added without its sentences there would leave that
    // language's visitors reading English while the game loads.
    let page = include_str!("../../../../index.html");
    let listed = page
        .split_once("var spoken = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .expect("index.html lists the languages it speaks")
        .0;
    let listed: Vec<&str> = listed
        .split(',')
        .map(|tag| tag.trim().trim_matches('\''))
        .collect();
    let tags: Vec<&str> = Lang::all().map(Lang::tag).collect();
    assert_eq!(listed, tags);
    for tag in tags {
        // The loading line's two parts: what the demo is (the booth's
        // page has the lobby's words from the locale files instead) and
        // that it is loading.
        assert_eq!(
            page.matches(&format!("{tag}: '")).count(),
            2,
            "the loading line in {tag}"
        );
        assert_eq!(
            page.matches(&format!("{tag}: ['")).count(),
            1,
            "the unsupported browser's words in {tag}"
        );
    }
}
