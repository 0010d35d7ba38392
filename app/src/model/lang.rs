//! The languages of the interface.

use serde::{Deserialize, Serialize};

/// The language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Lang {
    /// Deutsch.
    De,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// The language for a first visit from the browser's preferred
    /// languages (`navigator.languages`): German for any `de` or `de-*`
    /// listed before an English one, else English.
    pub fn from_preferences<'a>(languages: impl IntoIterator<Item = &'a str>) -> Lang {
        for tag in languages {
            let primary = tag.split(['-', '_']).next().unwrap_or_default();
            if primary.eq_ignore_ascii_case("de") {
                return Lang::De;
            }
            if primary.eq_ignore_ascii_case("en") {
                return Lang::En;
            }
        }
        Lang::En
    }

    /// The language's tag for the page's `lang` attribute.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }
}
