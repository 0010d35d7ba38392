//! The languages of the interface: one per locale file in `app/locales/`,
//! so adding a file adds a language here when the app is built.

include!(concat!(env!("OUT_DIR"), "/languages.rs"));

impl Lang {
    /// The language for a first visit from the browser's preferred
    /// languages (`navigator.languages`): the first one listed that the
    /// app speaks (`de-AT` counts as `de`), else English.
    pub fn from_preferences<'a>(languages: impl IntoIterator<Item = &'a str>) -> Lang {
        languages
            .into_iter()
            .find_map(|tag| {
                let primary = tag.split(['-', '_']).next().unwrap_or_default();
                Lang::ALL
                    .into_iter()
                    .find(|lang| primary.eq_ignore_ascii_case(lang.tag()))
            })
            .unwrap_or_default()
    }

    /// The language with this tag (`de`), if the app speaks it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.tag() == tag)
    }
}
