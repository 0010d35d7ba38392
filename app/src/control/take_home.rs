//! Taking a finished game home: its link, with the game in the query.

use engine::player::LevelSpec;
use leptos::prelude::*;

use super::Play;
use crate::model::settings::GameMode;
use crate::model::take_home::{Players, TakeHome};

impl Play {
    /// The link of the finished game on the board, to take home
    /// (tracked): the app's own address with the game in its query.
    pub fn take_home_link(self) -> Option<String> {
        let settings = self.preferences.settings();
        let booth = self.bridge.view();
        self.game.with(|g| {
            if !g.board.is_over() {
                return None;
            }
            // On the robot the booth's computer played, at the level the
            // bridge says.
            let level = match g.robot {
                Some(_) => booth.with_snapshot(|s| {
                    let s = s?;
                    s.levels[s.computer?.index()]
                }),
                None => Some(LevelSpec {
                    level: settings.level,
                    style: settings.style,
                }),
            };
            let players = match (g.mode(settings.mode), level) {
                (GameMode::VsComputer, Some(level)) => Players::Computer {
                    level,
                    visitor: g.human,
                },
                _ => Players::People,
            };
            // Names travel only from the robot, when the booth allows it and
            // each visitor ticked "show my name".
            let names_allowed = booth
                .welcome
                .with(|w| w.as_ref().is_some_and(|w| w.take_home_names));
            let names = g.robot.and_then(|_| {
                booth.with_snapshot(|s| {
                    let s = s.filter(|s| names_allowed && s.shown == [true; 2])?;
                    let [Some(first), Some(second)] = s.seats.clone() else {
                        return None;
                    };
                    Some([first, second])
                })
            });
            let query = TakeHome::of(&g.board, players, names).query();
            let base = booth
                .welcome
                .with(|w| w.as_ref().and_then(|w| w.take_home_url.clone()))
                .or_else(crate::io::address::app_address)?;
            Some(format!("{base}{query}"))
        })
    }
}
