//! The levels the operator page may choose from, as the engine has them.

use std::collections::BTreeMap;

use engine::player::{Level, LevelSpec, PlayerConfig, SearchOverride};

/// Whether the booth may set the level's depth and weak moves.
fn tunable(level: Level) -> bool {
    SearchOverride::default().check(level).is_ok()
}

/// Whether `level` can play a demo: not Perfect, which needs the opening
/// book the bridge does not load, nor Adaptive, which follows a person.
pub(super) fn plays_alone(level: Level) -> bool {
    !matches!(level, Level::Perfect | Level::Adaptive)
}

/// The levels the operator page offers, as the settings write them: the
/// engine's, so that a new level appears there with no change to the page.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LevelChoices {
    /// Every level's name (`classic3`), to tell a level from a person's
    /// name.
    pub all: Vec<String>,
    /// The levels a booth may offer visitors: every level but the classic
    /// shell's, random last.
    pub offered: Vec<String>,
    /// The levels a demo may play, in each style the level has.
    pub demo: Vec<String>,
    /// The tunable levels' own depth and weak-move rate, shown where the
    /// booth's tuning is left empty.
    pub presets: BTreeMap<String, SearchOverride>,
}

impl LevelChoices {
    /// The engine's levels, sorted for the page; made once, since every
    /// operator view carries them.
    pub fn of_engine() -> &'static LevelChoices {
        static CHOICES: std::sync::LazyLock<LevelChoices> =
            std::sync::LazyLock::new(LevelChoices::make);
        &CHOICES
    }

    fn make() -> LevelChoices {
        let mut offered: Vec<Level> = Level::ALL
            .into_iter()
            .filter(|l| !matches!(l, Level::Classic(_)))
            .collect();
        offered.sort_by_key(|&l| l == Level::Random);
        let demo = offered
            .iter()
            .filter(|&&l| plays_alone(l))
            .flat_map(|&l| {
                let name = l.name();
                // Only a search has a style: a random player is just random.
                let styles = if tunable(l) {
                    vec![format!("{name}:aggressive"), format!("{name}:defensive")]
                } else {
                    Vec::new()
                };
                std::iter::once(name).chain(styles)
            })
            .collect();
        let presets = Level::ALL
            .into_iter()
            .filter(|&l| tunable(l))
            .filter_map(|l| {
                let spec: LevelSpec = l.name().parse().ok()?;
                let PlayerConfig::Search(s) = spec.config() else {
                    return None;
                };
                let preset = SearchOverride {
                    depth: Some(s.depth),
                    random_moves: Some(s.blunder_rate),
                };
                Some((l.name(), preset))
            })
            .collect();
        LevelChoices {
            all: Level::ALL.iter().map(|l| l.name()).collect(),
            offered: offered.iter().map(|l| l.name()).collect(),
            demo,
            presets,
        }
    }
}
