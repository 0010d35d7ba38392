//! The settings the booth's staff change while it runs: times, levels and
//! what the pages are told. A running game keeps the players it started
//! with; the next one takes the new levels.

use std::collections::BTreeMap;

use engine::player::{LevelSpec, PlayerConfig, SearchOverride};

use super::{Booth, DemoSettings, Times};
use crate::messages::{ServerMessage, Welcome};

/// The booth's times, levels and welcome, as a config gives them.
#[derive(Debug, Clone)]
pub struct BoothSettings {
    /// When a quiet player is asked and freed, how long a seat and an
    /// offer wait.
    pub times: Times,
    /// When and how the robot plays itself.
    pub demo: DemoSettings,
    /// The levels a visitor may choose against the computer.
    pub levels: Vec<LevelSpec>,
    /// The booth's depth and rate of weak moves by level name.
    pub tuning: BTreeMap<String, SearchOverride>,
    /// What a page is told when it connects.
    pub welcome: Welcome,
}

/// The player of `level` as the booth tuned it: the preset with the
/// depth and rate of weak moves the staff set for its name, if any.
pub fn tuned(level: LevelSpec, tuning: &BTreeMap<String, SearchOverride>) -> PlayerConfig {
    level.config_with(tuning.get(&level.level.name()))
}

impl Booth {
    /// Takes new settings and tells every page the new welcome (the
    /// lobby's levels, the language of the booth's screens). The join
    /// address stays the running server's.
    pub fn reconfigure(&mut self, settings: BoothSettings) {
        self.times = settings.times;
        self.demo = Some(settings.demo);
        self.levels = settings.levels;
        self.tuning = settings.tuning;
        self.welcome = Welcome {
            join_url: self.welcome.join_url.take(),
            ..settings.welcome
        };
        for (id, page) in &self.table.pages {
            if let Some(outbox) = self.outboxes.get(id) {
                outbox.send(&ServerMessage::Welcome(self.welcome_for(page.own_screen)));
            }
        }
        self.broadcast();
    }

    /// Lets the robot play itself (`None`: never).
    pub fn set_demo(&mut self, demo: Option<DemoSettings>) {
        self.demo = demo;
    }

    /// What pages are told when they connect, from now on.
    pub fn set_welcome(&mut self, welcome: Welcome) {
        self.welcome = welcome;
    }

    /// The address phones on the LAN open to play, for the booth's own
    /// screens.
    pub fn set_join_url(&mut self, url: Option<String>) {
        self.welcome.join_url = url;
    }

    /// The welcome for a page: the booth's language and the join address
    /// go only to the booth's own screens; every page learns how long a
    /// turn may take.
    pub fn welcome_for(&self, own_screen: bool) -> Welcome {
        let welcome = if own_screen {
            self.welcome.clone()
        } else {
            self.welcome.for_visitor()
        };
        Welcome {
            turn_limit_s: Some(self.times.turn_limit().as_secs()),
            ..welcome
        }
    }
}
