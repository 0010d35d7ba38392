//! The languages the pages speak, one per locale file of the app: the app's
//! interface language, the booth's `language` setting and the welcome's
//! all take this type, so a tag is read once and never compared as a
//! string again.
//!
//! ```
//! use booth_protocol::Language;
//!
//! let german: Language = "de".parse().unwrap();
//! assert_eq!(german.own_name(), "Deutsch");
//! assert_eq!(Language::from_preferences(["it-IT", "fr-CH", "de"]).tag(), "fr");
//! assert!("it".parse::<Language>().unwrap_err().to_string().contains("\"fr\" (Français)"));
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

include!(concat!(env!("OUT_DIR"), "/languages.rs"));

impl Language {
    /// The language for a first visit from the browser's preferred
    /// languages (`navigator.languages`): the first one listed that the
    /// pages speak (`de-AT` counts as `de`), else English.
    pub fn from_preferences<'a>(languages: impl IntoIterator<Item = &'a str>) -> Language {
        languages
            .into_iter()
            .find_map(|tag| tag.split(['-', '_']).next()?.parse().ok())
            .unwrap_or_default()
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A tag that is none of the pages' languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?}: use ", self.0)?;
        for (i, language) in Language::ALL.iter().enumerate() {
            let comma = if i == 0 { "" } else { ", " };
            write!(f, "{comma}\"{language}\" ({})", language.own_name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// A tag in any case (`de`, `DE`): tags are case-insensitive, and the
    /// app's settings saved before tags were used wrote `De`.
    fn from_str(tag: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|language| tag.eq_ignore_ascii_case(language.tag()))
            .ok_or_else(|| UnknownLanguage(tag.to_string()))
    }
}

impl Serialize for Language {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.tag())
    }
}

impl<'de> Deserialize<'de> for Language {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Language, D::Error> {
        let tag = String::deserialize(deserializer)?;
        tag.parse().map_err(serde::de::Error::custom)
    }
}

/// A language a newer bridge may speak and this page not: `None`, so the
/// rest of the message still counts.
pub(crate) fn known_or_none<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Language>, D::Error> {
    let tag = Option::<String>::deserialize(deserializer)?;
    Ok(tag.and_then(|tag| tag.parse().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_reads_back_as_it_is_written_and_old_settings_still_read() {
        for language in Language::ALL {
            let json = serde_json::to_string(&language).unwrap();
            assert_eq!(json, format!("\"{}\"", language.tag()));
            assert_eq!(serde_json::from_str::<Language>(&json).unwrap(), language);
        }
        assert_eq!(
            serde_json::from_str::<Language>("\"De\"").unwrap().tag(),
            "de"
        );
        let error = serde_json::from_str::<Language>("\"it\"")
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("unknown language \"it\": use \"de\" (Deutsch)"),
            "{error}"
        );
    }

    #[test]
    fn a_welcome_in_a_language_this_page_lacks_still_reads() {
        let welcome: crate::Welcome =
            serde_json::from_str(r#"{"language":"it","robot_hints":true}"#).unwrap();
        assert_eq!((welcome.language, welcome.robot_hints), (None, true));
        let welcome: crate::Welcome = serde_json::from_str(r#"{"language":"fr"}"#).unwrap();
        assert_eq!(welcome.language, Some(Language::Fr));
    }

    #[test]
    fn a_browser_gets_its_first_listed_language_the_pages_speak() {
        assert_eq!(Language::from_preferences(["de-AT", "en"]).tag(), "de");
        assert_eq!(Language::from_preferences(["it", "fr_FR"]).tag(), "fr");
        assert_eq!(
            Language::from_preferences(["it", "ja"]),
            Language::default()
        );
        assert_eq!(Language::default().tag(), "en");
    }
}
