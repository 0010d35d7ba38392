//! What a person can choose, stored between visits.

use engine::evaluation::Style;
use engine::player::Level;
use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameMode {
    /// A person against the computer.
    VsComputer,
    /// Two people on this device.
    HotSeat,
    /// The computer against itself, at a pace a watcher can follow.
    Demo,
}

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

    /// The colour's name, as cells announce it.
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (CoinColour::Yellow, Lang::De) => "gelb",
            (CoinColour::Yellow, Lang::En) => "yellow",
            (CoinColour::Red, Lang::De) => "rot",
            (CoinColour::Red, Lang::En) => "red",
            (CoinColour::Blue, Lang::De) => "blau",
            (CoinColour::Blue, Lang::En) => "blue",
            (CoinColour::Green, Lang::De) => "grün",
            (CoinColour::Green, Lang::En) => "green",
        }
    }

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
    /// Who plays.
    pub mode: GameMode,
    /// The computer's level.
    pub level: Level,
    /// The computer's style.
    pub style: Style,
    /// Who opens against the computer.
    pub starter: Starter,
    /// Coins of the first and the second player.
    pub colours: [CoinColour; 2],
    /// Falling coins.
    pub animation: bool,
    /// Columns and rows.
    pub size: (u8, u8),
    /// The monochrome high-contrast theme.
    pub high_contrast: bool,
    /// A mark on every coin, so colour is not the only difference.
    pub marks: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::En,
            mode: GameMode::VsComputer,
            level: Level::Medium,
            style: Style::Normal,
            starter: Starter::Me,
            colours: [CoinColour::Yellow, CoinColour::Red],
            animation: true,
            size: (7, 6),
            high_contrast: false,
            marks: false,
        }
    }
}

/// The name of a level in the menus.
pub fn level_name(level: Level, lang: Lang) -> String {
    match (level, lang) {
        (Level::Easy, Lang::De) => "Leicht".into(),
        (Level::Medium, Lang::De) => "Mittel".into(),
        (Level::Hard, Lang::De) => "Schwer".into(),
        (Level::Perfect, Lang::De) => "Perfekt".into(),
        (Level::Adaptive, Lang::De) => "Mitwachsend".into(),
        (Level::Classic(d), Lang::De) => format!("Klassisch {d}"),
        (Level::Easy, Lang::En) => "Easy".into(),
        (Level::Medium, Lang::En) => "Medium".into(),
        (Level::Hard, Lang::En) => "Hard".into(),
        (Level::Perfect, Lang::En) => "Perfect".into(),
        (Level::Adaptive, Lang::En) => "Adaptive".into(),
        (Level::Classic(d), Lang::En) => format!("Classic {d}"),
        (Level::Random, _) => "Random".into(),
    }
}
