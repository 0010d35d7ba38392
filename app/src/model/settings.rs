//! What a person can choose, stored between visits.

use engine::PerSide;
use engine::evaluation::Style;
use engine::player::Level;
use serde::{Deserialize, Serialize};

use super::Lang;
use crate::{json_enum, json_struct};

pub use booth_protocol::GameMode;

/// Who opens a game against the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Starter {
    /// The person.
    Me,
    /// The computer.
    Computer,
    /// Decided by chance for every game.
    Random,
}

/// A coin colour: a name in both languages and a CSS colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CoinColour {
    /// Yellow.
    Yellow,
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Green.
    Green,
}

impl CoinColour {
    /// Every colour offered.
    pub const ALL: [CoinColour; 4] = [
        CoinColour::Yellow,
        CoinColour::Red,
        CoinColour::Blue,
        CoinColour::Green,
    ];

    /// The CSS class of a coin of this colour.
    pub fn class(self) -> &'static str {
        match self {
            CoinColour::Yellow => "yellow",
            CoinColour::Red => "red",
            CoinColour::Blue => "blue",
            CoinColour::Green => "green",
        }
    }
}

/// Board sizes offered: the engine's variants that fit its bitboards.
pub const SIZES: [(u8, u8); 4] = [(7, 6), (6, 5), (8, 7), (9, 6)];

/// Levels offered, in menu order: every level but Random.
pub fn offered_levels() -> impl Iterator<Item = Level> {
    Level::ALL.into_iter().filter(|&l| l != Level::Random)
}

/// Everything a person can set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Interface language.
    pub lang: Lang,
    /// Whether the visitor picked the language (a booth's own screen then
    /// keeps it instead of the booth's).
    pub lang_chosen: bool,
    /// Who plays.
    pub mode: GameMode,
    /// The computer's level.
    pub level: Level,
    /// The computer's style.
    pub style: Style,
    /// Who opens against the computer.
    pub starter: Starter,
    /// Coins of the first and the second player.
    pub colours: PerSide<CoinColour>,
    /// Falling coins.
    pub animation: bool,
    /// Columns and rows.
    pub size: (u8, u8),
    /// The monochrome high-contrast theme.
    pub high_contrast: bool,
    /// A mark on every coin, so colour is not the only difference.
    pub marks: bool,
    /// Sounds on or off as the visitor chose (`None`: on where people
    /// play, off on the spectator screen).
    pub sound: Option<bool>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::default(),
            lang_chosen: false,
            mode: GameMode::VsComputer,
            level: Level::Medium,
            style: Style::Normal,
            starter: Starter::Me,
            colours: PerSide::new(CoinColour::Yellow, CoinColour::Red),
            animation: true,
            size: (7, 6),
            high_contrast: false,
            marks: false,
            sound: None,
        }
    }
}

impl Settings {
    /// Stored settings as JSON; a key missing (stored by an older version)
    /// takes its default, and text that is not settings gives `None`.
    pub fn from_json(text: &str) -> Option<Settings> {
        crate::json::from_str(text).ok()
    }

    /// The settings as stored.
    pub fn to_json(&self) -> String {
        crate::json::to_string(self)
    }

    /// Gives `side` the colour `colour`; the other side, if it had that
    /// colour, takes this side's old one, so the two never look alike.
    pub fn set_colour(&mut self, side: engine::Side, colour: CoinColour) {
        if self.colours[!side] == colour {
            self.colours[!side] = self.colours[side];
        }
        self.colours[side] = colour;
    }
}

json_enum!(Starter { Me "Me", Computer "Computer", Random "Random" });
json_enum!(CoinColour { Yellow "Yellow", Red "Red", Blue "Blue", Green "Green" });
json_struct!(Settings: Default {
    lang, lang_chosen, mode, level, style, starter, colours, animation, size, high_contrast,
    marks, sound
});

#[cfg(test)]
mod tests {
    use booth_protocol::Language;
    use engine::Side;

    use super::*;

    const DE: Lang = Lang(Language::De);

    #[test]
    fn settings_survive_storage_and_older_versions() {
        let mut settings = Settings {
            lang: DE,
            level: Level::Classic(5),
            ..Settings::default()
        };
        settings.set_colour(Side::Second, CoinColour::Blue);
        let stored = settings.to_json();
        assert!(
            stored.contains(r#""colours":["Yellow","Blue"]"#),
            "{stored}"
        );
        assert_eq!(Settings::from_json(&stored), Some(settings));
        // Stored before the marks and the contrast existed.
        let old = Settings::from_json(r#"{"lang":"De","mode":"HotSeat"}"#).unwrap();
        assert_eq!(
            (old.lang, old.mode, old.marks),
            (DE, GameMode::TwoPlayers, false)
        );
        assert_eq!(Settings::from_json("not json"), None);
    }

    #[test]
    fn the_two_players_never_share_a_colour() {
        let mut settings = Settings::default();
        settings.set_colour(Side::First, CoinColour::Red);
        assert_eq!(
            settings.colours.into_array(),
            [CoinColour::Red, CoinColour::Yellow]
        );
        settings.set_colour(Side::Second, CoinColour::Green);
        assert_eq!(
            settings.colours.into_array(),
            [CoinColour::Red, CoinColour::Green]
        );
    }
}
