//! `bridge.toml`: every setting of a booth, checked with an explanation of
//! every problem.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

mod levels;

use serde::Deserialize;

use engine::PerSide;
use engine::player::{LevelSpec, SearchOverride};

pub use levels::LevelChoices;
use levels::plays_alone;

use crate::booth::{BoothSettings, DemoSettings, Times};
use crate::messages::Language;
use crate::messages::Welcome;
use crate::robot_link::Timeouts;

/// Where the robot is, as `robot` names it: read once from the config's
/// string, written back as the same string.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(from = "String", into = "String")]
pub enum RobotPort {
    /// `sim`: the simulated robot on a pseudo-terminal, started by the
    /// bridge.
    Simulated,
    /// `dummy`: no robot at all; moves are taken as placed.
    Dummy,
    /// `emulated`: the reference firmware on an emulated Uno
    /// (`robot/`, built by `make -C robot`), started by the bridge.
    Emulated,
    /// A serial device path such as `/dev/ttyUSB0`.
    Serial(PathBuf),
}

impl From<String> for RobotPort {
    fn from(name: String) -> RobotPort {
        match name.as_str() {
            "sim" => RobotPort::Simulated,
            "dummy" => RobotPort::Dummy,
            "emulated" => RobotPort::Emulated,
            _ => RobotPort::Serial(PathBuf::from(name)),
        }
    }
}

impl From<RobotPort> for String {
    fn from(port: RobotPort) -> String {
        port.to_string()
    }
}

impl std::fmt::Display for RobotPort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RobotPort::Simulated => f.write_str("sim"),
            RobotPort::Dummy => f.write_str("dummy"),
            RobotPort::Emulated => f.write_str("emulated"),
            RobotPort::Serial(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The booth's configuration. Every key is optional; `bridge.example.toml`
/// documents them.
#[derive(Debug, Clone, Deserialize, serde::Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// `sim`, `emulated`, `dummy` or a serial device path.
    pub robot: RobotPort,
    /// Serial speed.
    pub baud: u32,
    /// Port of the web server.
    pub port: u16,
    /// Folder with the built app; unset: the app built into the binary, or
    /// `dist` when the binary has none.
    pub app_dir: Option<PathBuf>,
    /// Protocol timeouts in milliseconds.
    pub timeouts: TimeoutsMs,
    /// Seconds without a move before the page asks "still there?".
    pub idle_ask_s: u64,
    /// Seconds without a move before the seat is freed.
    pub idle_free_s: u64,
    /// Seconds a seat waits for its page to come back (a reload, a short
    /// Wi-Fi drop) before the game ends and the other person is told.
    pub grace_s: u64,
    /// Seconds without a game before the robot plays itself (booth issue).
    pub demo_after_s: u64,
    /// Seconds a person waiting for an opponent is offered to the next
    /// visitors before the game ends and the robot is free.
    pub offer_s: u64,
    /// The language of the booth's own screens.
    pub language: Language,
    /// The booth's name over its lobby; empty: the app's title.
    pub booth_name: String,
    /// Whether robot games offer hints and the computer's expected
    /// continuation (off: they would let a visitor play perfectly, against
    /// the computer or against another person). The app's games on a
    /// tablet always have them.
    #[serde(alias = "hints_between_people")]
    pub robot_hints: bool,
    /// Where a finished game's take-home link points: the public demo's
    /// address (`https://…/`). Empty: the bridge's own address, which
    /// opens only on the booth's Wi-Fi.
    pub take_home_url: String,
    /// Whether a take-home link may carry the players' names, each only
    /// when its visitor ticked "show my name" (off: links carry no name).
    pub take_home_names: bool,
    /// The demo's two levels: the first player's and the second's.
    pub demo_levels: Vec<LevelSpec>,
    /// Levels the lobby offers.
    pub levels: Vec<LevelSpec>,
    /// The booth's own depth and rate of weak moves for the search levels
    /// (`[tuning.easy]`), in the lobby's games and the demo.
    pub tuning: BTreeMap<String, SearchOverride>,
    /// Extra origins allowed to open the WebSocket (the bridge's own origin
    /// always is).
    pub allowed_origins: Vec<String>,
    /// Token for devices on the LAN; generated at start when empty.
    pub lan_token: String,
    /// Token of the operator page; generated at start when empty.
    pub operator_token: String,
    /// Whether the operator page answers devices on the LAN (with the
    /// token); off: only the booth's computer.
    pub operator_on_lan: bool,
    /// The SQLite file of games and faults; unset:
    /// `$XDG_STATE_HOME/connect4-bridge/booth.sqlite` (or under
    /// `~/.local/state`).
    pub records: Option<PathBuf>,
}

/// The settings the operator page changes while the booth runs. The rest
/// of a config (the robot, the port, the tokens, the files) takes a
/// restart.
#[derive(Debug, Clone, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StaffSettings {
    /// The language of the booth's own screens.
    pub language: Language,
    /// The name over the lobby.
    pub booth_name: String,
    /// Levels the lobby offers.
    pub levels: Vec<LevelSpec>,
    /// Depth and rate of weak moves by level.
    pub tuning: BTreeMap<String, SearchOverride>,
    /// Seconds before "still there?".
    pub idle_ask_s: u64,
    /// Seconds before the seat is freed.
    pub idle_free_s: u64,
    /// Seconds a waiting person is offered.
    pub offer_s: u64,
    /// Seconds without a game before the demo.
    pub demo_after_s: u64,
    /// The demo's two levels.
    pub demo_levels: Vec<LevelSpec>,
    /// Hints in robot games.
    pub robot_hints: bool,
}

/// Protocol timeouts in milliseconds.
#[derive(Debug, Clone, Deserialize, serde::Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TimeoutsMs {
    /// Time for `RECEIVED`.
    pub received: u64,
    /// Time for a drop.
    pub drop: u64,
    /// Time for a clear.
    pub clear: u64,
    /// Time for LED commands.
    pub led: u64,
    /// Polling interval after a fault.
    pub poll: u64,
}

impl Default for TimeoutsMs {
    fn default() -> Self {
        TimeoutsMs {
            received: 500,
            drop: 8000,
            clear: 15000,
            led: 2000,
            poll: 2000,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            robot: RobotPort::Simulated,
            baud: 115_200,
            port: 8080,
            app_dir: None,
            timeouts: TimeoutsMs::default(),
            idle_ask_s: 30,
            idle_free_s: 40,
            grace_s: 30,
            demo_after_s: 60,
            offer_s: 120,
            language: Language::De,
            booth_name: String::new(),
            robot_hints: false,
            take_home_url: String::new(),
            take_home_names: false,
            demo_levels: DemoSettings::default().levels.into_array().into(),
            levels: ["easy", "medium", "hard", "perfect", "adaptive"]
                .map(|l| l.parse().expect("a known level"))
                .to_vec(),
            tuning: BTreeMap::new(),
            allowed_origins: Vec::new(),
            lan_token: String::new(),
            operator_token: String::new(),
            operator_on_lan: false,
            records: None,
        }
    }
}

const BAUDS: [u32; 8] = [
    9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600,
];

impl Config {
    /// Reads and checks a config file.
    ///
    /// # Errors
    /// Every problem, one per line: the key, the value and what is allowed.
    pub fn load(path: &std::path::Path) -> Result<Config, Vec<String>> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| vec![format!("cannot read {}: {e}", path.display())])?;
        Config::parse(&text)
    }

    /// Parses and checks the text of a config file.
    ///
    /// # Errors
    /// As [`Config::load`].
    pub fn parse(text: &str) -> Result<Config, Vec<String>> {
        let config: Config =
            toml::from_str(text).map_err(|e| vec![e.to_string().trim().replace('\n', " ")])?;
        let problems = config.problems();
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(problems)
        }
    }

    /// What the files and devices named do not hold: a missing app or
    /// robot port. `serve` refuses a missing app and waits for a missing
    /// port (a robot may be plugged in later); `check-config` reports both.
    pub fn path_problems(&self) -> Vec<String> {
        let no_app = self
            .app_dir
            .as_ref()
            .filter(|d| !d.join("index.html").is_file())
            .map(|dir| {
                format!(
                    "app_dir = {:?}: no index.html there: build the app (trunk build --release) or leave app_dir out to serve the app built into the bridge",
                    dir.display().to_string()
                )
            });
        no_app.into_iter().chain(self.missing_robot()).collect()
    }

    /// The robot port named, when it does not exist now.
    pub fn missing_robot(&self) -> Option<String> {
        let RobotPort::Serial(path) = &self.robot else {
            return None;
        };
        (!path.as_os_str().is_empty() && !path.exists()).then(|| {
            format!(
                "robot = {:?}: no such device now: plug the robot in (ls /dev/ttyUSB* /dev/ttyACM*), or use \"sim\" for the simulated robot",
                self.robot.to_string()
            )
        })
    }

    /// Everything wrong with the values.
    pub fn problems(&self) -> Vec<String> {
        let mut p = Vec::new();
        self.robot_problems(&mut p);
        self.times_problems(&mut p);
        self.levels_problems(&mut p);
        self.screens_problems(&mut p);
        self.access_problems(&mut p);
        p
    }

    /// The robot's port and line, the server's port, the robot's timeouts.
    fn robot_problems(&self, p: &mut Vec<String>) {
        if matches!(&self.robot, RobotPort::Serial(path) if path.as_os_str().is_empty()) {
            p.push(
                "robot = \"\": use \"sim\", \"dummy\" or a serial device path such as /dev/ttyUSB0"
                    .into(),
            );
        }
        if !BAUDS.contains(&self.baud) {
            p.push(format!("baud = {}: use one of {BAUDS:?}", self.baud));
        }
        if self.port == 0 {
            p.push("port = 0: use a port from 1 to 65535 (8080 by default)".into());
        }
        let t = &self.timeouts;
        for (key, value, lo, hi) in [
            ("timeouts.received", t.received, 50, 10_000),
            ("timeouts.drop", t.drop, 100, 120_000),
            ("timeouts.clear", t.clear, 100, 300_000),
            ("timeouts.led", t.led, 50, 60_000),
            ("timeouts.poll", t.poll, 50, 60_000),
        ] {
            if !(lo..=hi).contains(&value) {
                p.push(format!("{key} = {value}: use {lo} to {hi} milliseconds"));
            }
        }
    }

    /// The idle, grace, offer and demo times.
    fn times_problems(&self, p: &mut Vec<String>) {
        if self.idle_ask_s == 0 || self.idle_ask_s >= self.idle_free_s {
            p.push(format!(
                "idle_ask_s = {}, idle_free_s = {}: the question must come first, after at least 1 second",
                self.idle_ask_s, self.idle_free_s
            ));
        }
        if !(5..=600).contains(&self.grace_s) {
            p.push(format!(
                "grace_s = {}: give a page that went away 5 to 600 seconds to come back",
                self.grace_s
            ));
        }
        if self.idle_free_s > 3600 {
            p.push(format!(
                "idle_free_s = {}: use at most 3600 seconds",
                self.idle_free_s
            ));
        }
        if !(15..=1800).contains(&self.offer_s) {
            p.push(format!(
                "offer_s = {}: offer a waiting person for 15 to 1800 seconds",
                self.offer_s
            ));
        }
        if !(5..=86_400).contains(&self.demo_after_s) {
            p.push(format!(
                "demo_after_s = {}: use 5 to 86400 seconds (a day)",
                self.demo_after_s
            ));
        }
    }

    /// The levels offered, their tuning and the demo's.
    fn levels_problems(&self, p: &mut Vec<String>) {
        for (name, tuning) in &self.tuning {
            match name.parse::<LevelSpec>() {
                // Written as the level's own name, as the pages look it up.
                Ok(spec) if spec.level.name() == *name => {
                    if let Err(e) = tuning.check(spec.level) {
                        p.push(format!("tuning.{name}: {e}"));
                    }
                }
                _ => p.push(format!(
                    "[tuning.{name}]: {name:?} is not a level: tune easy, medium or hard"
                )),
            }
        }
        if self.demo_levels().is_none() {
            let named: Vec<String> = self
                .demo_levels
                .iter()
                .map(|l| format!("\"{l}\""))
                .collect();
            p.push(format!(
                "demo_levels = [{}]: name two levels that play on their own, the first player's and the second's, e.g. [\"hard\", \"medium:aggressive\"] (not perfect, which needs the opening book the bridge does not load, nor adaptive, which follows a person)",
                named.join(", ")
            ));
        }
        if self.levels.is_empty() {
            p.push("levels = []: offer at least one level".into());
        }
        // Each level once: the list goes to every page in its welcome.
        for (i, level) in self.levels.iter().enumerate() {
            if self.levels[..i].contains(level) {
                p.push(format!(
                    "levels: \"{level}\" is named twice: offer each level once"
                ));
            }
        }
    }

    /// The booth's language and name.
    fn screens_problems(&self, p: &mut Vec<String>) {
        let url = &self.take_home_url;
        let web = url.starts_with("http://") || url.starts_with("https://");
        if !url.is_empty() && (!web || !url.ends_with('/') || url.contains(char::is_whitespace)) {
            p.push(format!(
                "take_home_url = {url:?}: use the app's address, ending in /, e.g. https://example.org/vier-gewinnt/"
            ));
        }
        if self.booth_name.chars().count() > 40 || self.booth_name.chars().any(char::is_control) {
            p.push(format!(
                "booth_name = {:?}: use at most 40 characters on one line",
                self.booth_name
            ));
        }
    }

    /// The origins let in and the tokens.
    fn access_problems(&self, p: &mut Vec<String>) {
        for origin in &self.allowed_origins {
            let ok = (origin.starts_with("http://") || origin.starts_with("https://"))
                && !origin
                    .trim_end_matches('/')
                    .contains(|c: char| c.is_whitespace())
                && origin.matches('/').count() == 2;
            if !ok {
                p.push(format!("allowed_origins: {origin:?} is not an origin: write scheme://host[:port], e.g. http://192.168.1.20:8080"));
            }
        }
        for (key, token) in [
            ("lan_token", &self.lan_token),
            ("operator_token", &self.operator_token),
        ] {
            if !token.is_empty()
                && (token.len() < 12 || !token.chars().all(|c| c.is_ascii_alphanumeric()))
            {
                p.push(format!(
                    "{key}: use at least 12 letters and digits, or leave it empty to generate one"
                ));
            }
        }
    }

    /// The demo's two levels, when `demo_levels` names two that can play
    /// a demo.
    fn demo_levels(&self) -> Option<PerSide<LevelSpec>> {
        let plays_alone = |s: &LevelSpec| plays_alone(s.level);
        match self.demo_levels.as_slice() {
            [first, second] if plays_alone(first) && plays_alone(second) => {
                Some(PerSide::new(*first, *second))
            }
            _ => None,
        }
    }

    /// When and how the robot plays itself (the levels of a config that
    /// passed [`Config::problems`], as the booth tuned them).
    pub fn demo(&self) -> DemoSettings {
        DemoSettings {
            after: Duration::from_secs(self.demo_after_s),
            levels: self.demo_levels().unwrap_or(DemoSettings::default().levels),
            tuning: self.tuning.clone(),
        }
    }

    /// What the booth's staff may change while the booth runs.
    pub fn staff_settings(&self) -> StaffSettings {
        StaffSettings {
            language: self.language,
            booth_name: self.booth_name.clone(),
            levels: self.levels.clone(),
            tuning: self.tuning.clone(),
            idle_ask_s: self.idle_ask_s,
            idle_free_s: self.idle_free_s,
            offer_s: self.offer_s,
            demo_after_s: self.demo_after_s,
            demo_levels: self.demo_levels.clone(),
            robot_hints: self.robot_hints,
        }
    }

    /// This config with the staff's settings in place of its own.
    pub fn with_staff_settings(&self, staff: StaffSettings) -> Config {
        Config {
            language: staff.language,
            booth_name: staff.booth_name,
            levels: staff.levels,
            tuning: staff.tuning,
            idle_ask_s: staff.idle_ask_s,
            idle_free_s: staff.idle_free_s,
            offer_s: staff.offer_s,
            demo_after_s: staff.demo_after_s,
            demo_levels: staff.demo_levels,
            robot_hints: staff.robot_hints,
            ..self.clone()
        }
    }

    /// What a page is told when it connects (without the join address,
    /// which only the running server knows).
    pub fn welcome(&self) -> Welcome {
        Welcome {
            language: Some(self.language),
            levels: self.levels.clone(),
            tuning: self.tuning.clone(),
            join_url: None,
            name: Some(self.booth_name.clone()).filter(|n| !n.is_empty()),
            robot_hints: self.robot_hints,
            // The booth says it, from its times in effect.
            turn_limit_s: None,
            take_home_url: Some(self.take_home_url.clone()).filter(|u| !u.is_empty()),
            take_home_names: self.take_home_names,
        }
    }

    /// The booth's times, levels and welcome (of a config that passed
    /// [`Config::problems`]).
    pub fn booth_settings(&self) -> BoothSettings {
        BoothSettings {
            times: Times {
                idle_ask: Duration::from_secs(self.idle_ask_s),
                idle_free: Duration::from_secs(self.idle_free_s),
                grace: Duration::from_secs(self.grace_s),
                offer: Duration::from_secs(self.offer_s),
            },
            demo: self.demo(),
            levels: self.levels.clone(),
            tuning: self.tuning.clone(),
            welcome: self.welcome(),
        }
    }

    /// The config as the operator page shows it: the tokens hidden.
    pub fn shown(&self) -> Config {
        Config {
            lan_token: "(hidden)".into(),
            operator_token: "(hidden)".into(),
            ..self.clone()
        }
    }

    /// The protocol timeouts.
    pub fn timeouts(&self) -> Timeouts {
        let ms = Duration::from_millis;
        let t = &self.timeouts;
        Timeouts {
            received: ms(t.received),
            drop: ms(t.drop),
            clear: ms(t.clear),
            led: ms(t.led),
            poll: ms(t.poll),
        }
    }
}

#[cfg(test)]
mod tests;
