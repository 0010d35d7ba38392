//! The app's components in a real browser page: mount them, click the real
//! DOM, read what a person would see. Run with
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p app --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use app::io::storage;
use app::model::settings::{GameMode, Settings};
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts the app in a fresh element, with these settings stored and no
/// saved game, as on a first visit; unmounts it when dropped.
struct Mounted(HtmlElement, Option<Box<dyn std::any::Any>>);

impl Drop for Mounted {
    fn drop(&mut self) {
        self.1.take();
        self.0.remove();
    }
}

async fn mount(settings: &Settings) -> Mounted {
    // Effects of an app unmounted a moment ago may still write its game.
    settle().await;
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    // The app keeps the position in the URL for sharing: start from none.
    let window = web_sys::window().unwrap();
    let path = window.location().pathname().unwrap();
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path))
        .unwrap();
    storage::save_settings(settings);
    let host: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&host).unwrap();
    let handle = leptos::mount::mount_to(host.clone(), app::App);
    Mounted(host, Some(Box::new(handle)))
}

/// Lets Leptos run its effects and render.
async fn settle() {
    TimeoutFuture::new(30).await;
}

async fn click_column(column: usize) {
    let button: HtmlElement = document()
        .query_selector(&format!("button[aria-label='Column {column}']"))
        .unwrap()
        .expect("a button per column")
        .unchecked_into();
    button.click();
    settle().await;
}

fn count(selector: &str) -> u32 {
    document().query_selector_all(selector).unwrap().length()
}

fn status() -> String {
    document()
        .query_selector("[role=status]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap_or_default()
}

fn hot_seat() -> Settings {
    Settings {
        mode: GameMode::TwoPlayers,
        animation: false,
        ..Settings::default()
    }
}

#[wasm_bindgen_test]
async fn clicks_fill_a_column_and_a_full_column_refuses_with_a_message() {
    let _app = mount(&hot_seat()).await;
    settle().await;
    for n in 1..=6 {
        click_column(4).await;
        assert_eq!(count(".cells .coin:not(.ghost)"), n);
    }
    click_column(4).await;
    assert_eq!(
        count(".cells .coin:not(.ghost)"),
        6,
        "a full column takes no coin"
    );
    assert!(status().contains("full"), "{}", status());
}

#[wasm_bindgen_test]
async fn four_in_a_row_ends_the_game_and_the_game_is_saved() {
    let _app = mount(&hot_seat()).await;
    settle().await;
    for column in [1, 1, 2, 2, 3, 3] {
        click_column(column).await;
    }
    assert_eq!(storage::load_game().unwrap().moves, "112233");
    click_column(4).await;
    assert!(status().contains("wins"), "{}", status());
    assert_eq!(count(".cells .win"), 4, "the winning four are highlighted");
    click_column(5).await;
    assert_eq!(
        count(".cells .coin:not(.ghost)"),
        7,
        "no move after the end"
    );
}

/// Plural forms in the page come from the browser's `Intl.PluralRules`:
/// one coin in German, and French counting 0 with the singular.
#[wasm_bindgen_test]
fn counts_take_the_plural_form_the_browser_knows_for_the_language() {
    use app::i18n::{Lang, Say};
    use booth_protocol::Language;
    use booth_protocol::search::Fact;
    const DE: Lang = Lang(Language::De);
    const EN: Lang = Lang(Language::En);
    const FR: Lang = Lang(Language::Fr);
    // The page fetches these files; the build wrote the same ones here.
    for (lang, file) in [
        (DE, include_str!(concat!(env!("OUT_DIR"), "/texts-de.txt"))),
        (FR, include_str!(concat!(env!("OUT_DIR"), "/texts-fr.txt"))),
    ] {
        if !lang.has_texts() {
            lang.take_texts(file).unwrap();
        }
    }
    let wins = |stones| Say::Thought(Fact::WinsIn { stones });
    assert_eq!(
        DE.say(&wins(1)),
        "Ich kann mit einem weiteren Stein gewinnen."
    );
    assert_eq!(
        DE.say(&wins(2)),
        "Ich kann mit 2 weiteren Steinen gewinnen."
    );
    let caption = |pruned| Say::TreeCaption {
        depth: 2,
        nodes: 9,
        pruned,
        from_table: 0,
    };
    assert_eq!(
        FR.say(&caption(0)),
        "Profondeur 2\u{a0}: 9 positions, 0 coup coupé."
    );
    assert_eq!(EN.say(&caption(0)), "Depth 2: 9 positions, 0 moves pruned.");
}
