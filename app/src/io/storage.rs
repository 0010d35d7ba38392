//! The game in progress and the settings in `localStorage`, so a reload or
//! a closed tab loses nothing.

use crate::i18n::Lang;
use crate::json::{self, Json};
use crate::model::game::SavedGame;
use crate::model::settings::Settings;

const SETTINGS_KEY: &str = "vier-gewinnt.settings";
const GAME_KEY: &str = "vier-gewinnt.game";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn load<T: Json>(key: &str) -> Option<T> {
    let text = storage()?.get_item(key).ok()??;
    json::from_str(&text).ok()
}

fn save<T: Json>(key: &str, value: &T) {
    if let Some(storage) = storage() {
        let text = json::to_string(value);
        // A full or disabled storage must not stop the game.
        let _ = storage.set_item(key, &text);
    }
}

/// The stored settings, or the defaults.
/// The stored settings; on a first visit the defaults in the browser's
/// language.
pub fn load_settings() -> Settings {
    load(SETTINGS_KEY).unwrap_or_else(|| Settings {
        lang: browser_language(),
        ..Settings::default()
    })
}

fn browser_language() -> Lang {
    let languages: Vec<String> = web_sys::window()
        .map(|w| w.navigator().languages())
        .map(|list| list.iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default();
    Lang::from_preferences(languages.iter().map(String::as_str))
}

/// Stores the settings.
pub fn save_settings(settings: &Settings) {
    save(SETTINGS_KEY, settings);
}

/// The stored game, if any.
pub fn load_game() -> Option<SavedGame> {
    load(GAME_KEY)
}

/// Stores the game.
pub fn save_game(game: &SavedGame) {
    save(GAME_KEY, game);
}
