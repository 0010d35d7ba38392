//! The language of the interface: one of the pages' languages, which
//! `booth_protocol::Language` lists from the locale files in
//! `shared/locales/app/`, so adding a file adds a language here when the app is
//! built. The texts of each are in `i18n`.

use booth_protocol::Language;
use serde::{Deserialize, Serialize};

/// The interface's language; the texts for it are its methods in `i18n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Lang(pub Language);

impl Lang {
    /// Every language, in the order of their tags.
    pub fn all() -> impl Iterator<Item = Lang> {
        Language::ALL.into_iter().map(Lang)
    }

    /// The language's tag, for the page's `lang` attribute.
    pub fn tag(self) -> &'static str {
        self.0.tag()
    }

    /// The language for a first visit from the browser's preferred
    /// languages (`navigator.languages`): the first one listed that the
    /// app speaks (`de-AT` counts as `de`), else English.
    pub fn from_preferences<'a>(languages: impl IntoIterator<Item = &'a str>) -> Lang {
        Lang(Language::from_preferences(languages))
    }

    /// The language with this tag (`de`), if the app speaks it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        tag.parse().ok().map(Lang)
    }
}

/// A tag, as the pages' languages are written.
impl crate::json::Json for Lang {
    fn write(&self, out: &mut crate::json::Writer) {
        crate::json::Json::write(&self.0, out);
    }
    fn read(input: &mut crate::json::Reader) -> Result<Self, crate::json::Error> {
        <Language as crate::json::Json>::read(input).map(Lang)
    }
}
