//! The computer's side of a game on the robot, in a visitor's game and in
//! the demo: the engine's players search on a thread of their own (a search
//! never holds the booth's lock), and the booth takes their progress and
//! their move when it looks: every tick, and at once when the search
//! thread wakes it with a move.

use std::sync::{Arc, mpsc};
use std::time::Instant;

use engine::player::{Opponent, PlayerConfig, SearchProgress};
use engine::{Board, Decision, SolvedPositions};

use super::Booth;
use super::change::Change;
use super::demo::DEMO_PACE;
use crate::messages::{GameMode, ServerMessage};

/// A position to find a move for, with the player that finds it.
struct Ask {
    moves: String,
    player: PlayerConfig,
}

/// What the search thread tells the booth about the position `moves`.
enum Answer {
    Progress {
        moves: String,
        progress: SearchProgress,
    },
    Chosen {
        moves: String,
        decision: Option<Decision>,
    },
}

/// What a look at the computer found.
pub(super) enum Found {
    /// The search goes on; how it stands, when that changed.
    Searching(Option<SearchProgress>),
    /// The move, handed out once.
    Move(Decision),
}

/// The engine's players, searching on their own thread.
pub(super) struct Computer {
    asks: mpsc::Sender<Ask>,
    answers: mpsc::Receiver<Answer>,
    /// The position asked about, until its answer comes.
    asked: Option<String>,
    /// The answer for a position, until it is played.
    found: Option<(String, Decision)>,
}

impl Computer {
    /// Starts the search thread, which calls on `wake` when it has a move.
    pub(super) fn spawn(data: SolvedPositions, wake: Arc<tokio::sync::Notify>) -> Computer {
        let (asks, questions) = mpsc::channel::<Ask>();
        let (replies, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("computer".into())
            .spawn(move || search_thread(&questions, &replies, &data, &wake))
            .expect("a thread for the computer");
        Computer {
            asks,
            answers,
            asked: None,
            found: None,
        }
    }

    /// Looks for the move `player` finds for `board`: the first look asks
    /// (the search goes on while the robot moves), a later one hands out
    /// the move once it is found and `wanted` (the robot ready, the pace
    /// kept).
    pub(super) fn look(&mut self, board: &Board, player: &PlayerConfig, wanted: bool) -> Found {
        let moves = board.to_string();
        let mut progress = None;
        while let Ok(answer) = self.answers.try_recv() {
            match answer {
                Answer::Progress {
                    moves: m,
                    progress: p,
                } if self.asked.as_ref() == Some(&m) => {
                    progress = Some(p);
                }
                Answer::Progress { .. } => {}
                Answer::Chosen { moves: m, decision } => {
                    if self.asked.as_ref() == Some(&m) {
                        self.asked = None;
                        self.found = decision.map(|d| (m, d));
                    }
                }
            }
        }
        if self.found.as_ref().is_some_and(|(m, _)| *m == moves) {
            if wanted && let Some((_, decision)) = self.found.take() {
                return Found::Move(decision);
            }
            return Found::Searching(None);
        }
        if self.asked.as_ref() != Some(&moves) {
            let ask = Ask {
                moves: moves.clone(),
                player: player.clone(),
            };
            if self.asks.send(ask).is_ok() {
                self.asked = Some(moves);
            }
        }
        Found::Searching(progress)
    }
}

impl Booth {
    /// Plays the booth's side when it is its turn: asks the computer, tells
    /// every page how its search stands, and plays its move once the robot
    /// is ready (in the demo, at a pace watchers can follow).
    pub(super) fn computer_tick(&mut self) {
        let ready = self.robot_ready();
        let Some(game) = self.table.game.as_ref().filter(|g| !g.board.is_over()) else {
            return;
        };
        let Some(player) = game.seat_of(game.board.side_to_move()).computer.clone() else {
            return;
        };
        let paced = game.mode != GameMode::Demo || game.last_move.elapsed() >= DEMO_PACE;
        let board = game.board.clone();
        let (data, wake) = (&self.game_data, &self.wake);
        let computer = self
            .computer
            .get_or_insert_with(|| Computer::spawn(data.clone(), Arc::clone(wake)));
        match computer.look(&board, &player, ready && paced) {
            Found::Searching(None) => {}
            Found::Searching(Some(progress)) => {
                self.search_to_all(&ServerMessage::Thinking(Box::new((&progress).into())));
            }
            Found::Move(decision) => self.play_computer_move(decision),
        }
    }

    /// The computer's coin: on the robot, in the records, and its search on
    /// every page.
    fn play_computer_move(&mut self, decision: Decision) {
        let column = decision.column as u8 + 1;
        let Some(game) = self.table.game.as_mut() else {
            return;
        };
        if game.drop_coin(column).is_err() {
            return;
        }
        self.search_to_all(&ServerMessage::Decided(Box::new((&decision).into())));
        self.apply(vec![Change::Coin]);
    }
}

/// Answers each position asked, newest first: a position asked while
/// another was searched replaces the ones still waiting. The opponent
/// keeps its player while the booth asks for the same one (its seed
/// changes only with the configuration): its transposition table stays
/// warm, and an adaptive player keeps what it learnt in the game.
fn search_thread(
    questions: &mpsc::Receiver<Ask>,
    replies: &mpsc::Sender<Answer>,
    data: &SolvedPositions,
    wake: &tokio::sync::Notify,
) {
    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let mut opponent = Opponent::default();
    opponent.use_solved(data);
    // Ends when the booth, and with it the sender, is gone.
    while let Ok(mut ask) = questions.recv() {
        while let Ok(newer) = questions.try_recv() {
            ask = newer;
        }
        if !opponent.plays(&ask.player, seed) {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        }
        let decision = Board::from_moves(engine::Geometry::STANDARD, &ask.moves)
            .ok()
            .and_then(|board| {
                let start = Instant::now();
                let clock = move || start.elapsed().as_secs_f64() * 1000.0;
                // The pages hear of the reports that carry the tree so far
                // (four a second at most), with the best move so far.
                let mut observe = |progress: &SearchProgress| {
                    if progress.tree.is_some() {
                        let _ = replies.send(Answer::Progress {
                            moves: ask.moves.clone(),
                            progress: progress.clone(),
                        });
                    }
                };
                opponent
                    .choose(&board, (&ask.player, seed), &clock, &mut observe)
                    .ok()
            });
        let answer = Answer::Chosen {
            moves: ask.moves,
            decision,
        };
        if replies.send(answer).is_err() {
            break;
        }
        wake.notify_one();
    }
}
