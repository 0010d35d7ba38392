//! The demo: the robot plays itself while nobody does, both sides played by
//! the booth's computer at a pace watchers can follow.

use std::collections::BTreeMap;
use std::time::Duration;

use engine::player::{LevelSpec, PlayerConfig, SearchOverride};
use engine::{PerSide, Side};

use super::change::{Change, Changes};
use super::game::{COMPUTER, Game, Seat};
use super::table::Table;
use crate::messages::GameMode;

/// Seconds a finished demo game stays on the robot before the next one.
const DEMO_PAUSE: Duration = Duration::from_secs(5);
/// Seconds between demo moves, so watchers can follow.
pub(super) const DEMO_PACE: Duration = Duration::from_millis(1500);

/// When the robot plays itself, and how well each side plays.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoSettings {
    /// The robot plays itself after this long without a game.
    pub after: Duration,
    /// The levels of the two sides (different, so the games differ), as
    /// the pages name them.
    pub levels: PerSide<LevelSpec>,
    /// The booth's own depth and rate of weak moves by level name.
    pub tuning: BTreeMap<String, SearchOverride>,
}

impl DemoSettings {
    /// The player of `side`: its level as the booth tuned it.
    pub fn player(&self, side: Side) -> PlayerConfig {
        super::settings::tuned(self.levels[side], &self.tuning)
    }
}

impl Default for DemoSettings {
    fn default() -> DemoSettings {
        DemoSettings {
            after: Duration::from_secs(60),
            levels: PerSide::new("hard", "medium:aggressive")
                .map(|l| l.parse().expect("a known level")),
            tuning: BTreeMap::new(),
        }
    }
}

impl Table {
    /// Starts a demo game when the booth has been quiet long enough: after
    /// `demo.after` without a game, or a short pause after the last demo
    /// game (its moves come from the booth's computer, as in a visitor's
    /// game).
    pub(super) fn demo_tick(&mut self, demo: &DemoSettings) -> Changes {
        let finished_for = self
            .game
            .as_ref()
            .filter(|g| g.board.is_over())
            .map(|g| g.last_move.elapsed());
        let start = match (&self.game, finished_for) {
            (None, _) => self.quiet_since.elapsed() >= demo.after,
            (Some(g), Some(over)) if g.mode == GameMode::Demo => over >= DEMO_PAUSE,
            (Some(_), Some(over)) => over >= demo.after,
            (Some(_), None) => false,
        };
        if !start {
            return Changes::new();
        }
        // The pages name the computer and its levels in their visitor's
        // language.
        let computer = |side: Side| Seat {
            name: Some(COMPUTER.to_string()),
            level: Some(demo.levels[side]),
            computer: Some(demo.player(side)),
            ..Seat::default()
        };
        let seats = [computer(Side::First), computer(Side::Second)];
        self.game = Some(Game::new(GameMode::Demo, None, seats));
        vec![Change::Game]
    }
}
