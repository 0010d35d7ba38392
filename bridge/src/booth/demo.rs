//! The demo: the robot plays itself while nobody does. The engine's players
//! find the moves on a thread of their own (a search never holds the
//! booth's lock), and the spectator screens get each move's search tree.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::time::Duration;

use engine::player::{LevelSpec, LevelTuning, Player, PlayerConfig};
use engine::{Board, Decision, PerSide, Side};

use super::{Booth, Game};
use crate::messages::{GameMode, ServerMessage};

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
    pub tuning: BTreeMap<String, LevelTuning>,
}

impl DemoSettings {
    /// The player of `side`: its level as the booth tuned it.
    pub fn player(&self, side: Side) -> PlayerConfig {
        self.levels[side].tuned(&self.tuning)
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

/// The demo's players, searching on their own thread.
pub(super) struct DemoPlayers {
    asks: mpsc::Sender<(String, PlayerConfig)>,
    answers: mpsc::Receiver<(String, Option<Decision>)>,
    /// The position asked about, until its answer comes.
    asked: Option<String>,
    /// The answer for a position, until it is played.
    found: Option<(String, Decision)>,
}

impl DemoPlayers {
    fn spawn() -> DemoPlayers {
        let (asks, questions) = mpsc::channel::<(String, PlayerConfig)>();
        let (replies, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("demo players".into())
            .spawn(move || {
                let mut seed = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64);
                // Ends when the booth, and with it the sender, is gone.
                for (moves, player) in questions {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let decision = Board::from_moves(engine::Geometry::STANDARD, &moves)
                        .ok()
                        .and_then(|board| Player::new(player, seed).choose(&board).ok());
                    if replies.send((moves, decision)).is_err() {
                        break;
                    }
                }
            })
            .expect("a thread for the demo");
        DemoPlayers {
            asks,
            answers,
            asked: None,
            found: None,
        }
    }

    /// The move `player` finds for `board`, handed out once it is found and
    /// `wanted` (the robot ready, the pace kept). The first call asks; the
    /// search goes on while the robot moves.
    fn next_move(
        &mut self,
        board: &Board,
        player: &PlayerConfig,
        wanted: bool,
    ) -> Option<Decision> {
        let moves = board.to_string();
        while let Ok((asked, decision)) = self.answers.try_recv() {
            if self.asked.as_ref() == Some(&asked) {
                self.asked = None;
                self.found = decision.map(|d| (asked, d));
            }
        }
        if self.found.as_ref().is_some_and(|(m, _)| *m == moves) {
            return wanted.then(|| self.found.take()).flatten().map(|(_, d)| d);
        }
        if self.asked.as_ref() != Some(&moves)
            && self.asks.send((moves.clone(), player.clone())).is_ok()
        {
            self.asked = Some(moves);
        }
        None
    }
}

impl Booth {
    /// Lets the robot play itself (`None`: never).
    pub fn set_demo(&mut self, demo: Option<DemoSettings>) {
        self.demo = demo;
    }

    /// Starts a demo game when the booth has been quiet long enough, asks
    /// the players for the next move and plays it once the robot is ready.
    pub(super) fn demo_tick(&mut self) {
        let Some(demo) = self.demo.clone() else {
            return;
        };
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
        if start {
            // The pages name the levels in their visitor's language.
            let names = demo.levels.map(|l| Some(l.to_string())).into_array();
            self.game = Some(Game::new(GameMode::Demo, None, [None, None], names));
            self.update_robot();
            self.broadcast();
        }
        let ready = self.robot_ready();
        let Some(game) = self.game.as_ref().filter(|g| g.mode == GameMode::Demo) else {
            return;
        };
        if game.board.is_over() {
            return;
        }
        let wanted = ready && game.last_move.elapsed() >= DEMO_PACE;
        let player = demo.player(game.board.side_to_move());
        let board = game.board.clone();
        let players = self.demo_players.get_or_insert_with(DemoPlayers::spawn);
        if let Some(decision) = players.next_move(&board, &player, wanted) {
            self.play_demo_move(decision);
        }
    }

    fn play_demo_move(&mut self, decision: Decision) {
        let column = decision.column as u8 + 1;
        if self.drop_coin(column).is_err() {
            return;
        }
        if let Ok(trace) = serde_json::to_value(&decision.trace) {
            self.to_spectators(&ServerMessage::Trace { trace }, None);
        }
        self.update_robot();
        self.broadcast();
    }
}
