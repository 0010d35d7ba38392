//! Playing on the booth's robot: the page's side of a game the bridge
//! holds, and the robot's state in words. The page mirrors the
//! bridge's snapshots; its worker still finds the computer's moves.

use booth_protocol::{
    ClientMessage, ErrorCode, GameMode, GameStatus, LinkState, Part, Role, ServerMessage, Snapshot,
    Welcome,
};
use engine::trace::SearchTrace;
use engine::{Board, Geometry, Side};
use leptos::prelude::*;

use crate::actions::Actions;
use crate::booth_link::{BoothLink, LinkEvent};
use crate::game::Game;
use crate::i18n::{Lang, Message, Say, Text};

/// The robot's state for visitors.
pub(crate) fn robot_words(state: LinkState) -> Text {
    match state {
        LinkState::Connecting => Text::RobotConnecting,
        LinkState::Ready => Text::RobotReady,
        LinkState::Working => Text::RobotWorking,
        LinkState::Fault => Text::RobotFault,
        LinkState::Disconnected => Text::RobotDisconnected,
        LinkState::Restoring => Text::RobotRestoring,
    }
}

pub(crate) fn seated(s: &Snapshot) -> bool {
    s.status != GameStatus::Idle && s.you.is_seated()
}

/// What the page says when the bridge refuses a message.
fn refusal_text(code: ErrorCode) -> Text {
    match code {
        ErrorCode::Busy => Text::RobotBusy,
        ErrorCode::RobotBusy => Text::RobotWait,
        ErrorCode::Token => Text::NeedToken,
        ErrorCode::BadName => Text::NameRule,
        ErrorCode::NotYourTurn => Text::NotYourTurn,
        ErrorCode::GameOver => Text::GameOverRefused,
        ErrorCode::IllegalMove => Text::ColumnFull,
        ErrorCode::NotAllowed => Text::NotAllowed,
        ErrorCode::NoGame => Text::NoRobotGame,
        ErrorCode::Version => Text::BridgeVersion,
        ErrorCode::BadSession
        | ErrorCode::HelloFirst
        | ErrorCode::BadMessage
        | ErrorCode::TooLarge
        | ErrorCode::Binary
        | ErrorCode::RateLimited => Text::BridgeRefused,
    }
}

impl Actions {
    /// Connects to the bridge that served the page, if there is one (a
    /// static host has none, and the robot button stays hidden).
    pub(crate) fn connect_booth(self) {
        let role = if self.watching {
            Role::Spectator
        } else {
            Role::Player
        };
        let link = BoothLink::connect(role, None, move |event| self.on_link(event));
        self.link.set_value(Some(link));
    }

    /// Whether the bridge takes a move from this page now.
    pub(crate) fn robot_can_move(self) -> bool {
        self.booth
            .snapshot
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.can_move))
    }

    /// Back to a game on this device, after the robot game ended.
    pub(crate) fn local_game(self) {
        self.robot_move.set_value(None);
        self.booth.still_there.set(None);
        self.game.set(self.fresh_game());
    }

    pub(crate) fn booth_send(self, message: &ClientMessage) {
        self.link.with_value(|b| {
            if let Some(b) = b {
                b.send(message);
            }
        });
    }

    pub(crate) fn on_link(self, event: LinkEvent) {
        match event {
            LinkEvent::Open => {}
            LinkEvent::Closed => self.say(Text::BridgeLost),
            LinkEvent::Message(ServerMessage::Welcome(welcome)) => self.on_welcome(welcome),
            LinkEvent::Message(ServerMessage::Snapshot(s)) => self.on_snapshot(*s),
            LinkEvent::Message(ServerMessage::Error { code }) => self.on_refusal(code),
            LinkEvent::Message(ServerMessage::Notice { code, name }) => {
                self.ui
                    .message
                    .set(Some(Message::Say(Say::Notice { code, name })));
            }
            LinkEvent::Message(ServerMessage::StillThere { seconds_left }) => {
                self.booth.still_there.set(Some(seconds_left))
            }
            LinkEvent::Message(ServerMessage::Trace { trace }) => {
                if let Ok(trace) = serde_json::from_value::<SearchTrace>(trace) {
                    self.search.trace.set(Some(trace));
                }
            }
        }
    }

    /// The booth's offer; on its own screens, its language unless the
    /// visitor chose one.
    fn on_welcome(self, welcome: Welcome) {
        let lang = welcome
            .language
            .as_deref()
            .map(|tag| Lang::from_preferences([tag]));
        if let Some(lang) = lang
            && !self.settings.with_untracked(|s| s.lang_chosen)
        {
            self.settings.update(|s| s.lang = lang);
        }
        self.booth.welcome.set(Some(welcome));
    }

    pub(crate) fn on_snapshot(self, s: Snapshot) {
        let ours = seated(&s);
        if ours || self.watching {
            let robot = s.mode;
            let board = Board::from_moves(Geometry::STANDARD, &s.moves).unwrap_or_default();
            let (changed, human) = self.game.with_untracked(|g| {
                let human = match s.you {
                    Part::Second => Side::Second,
                    Part::First => Side::First,
                    Part::Both | Part::Spectator => g.human,
                };
                (
                    g.board.to_string() != s.moves || g.robot != robot || g.human != human,
                    human,
                )
            });
            if changed {
                self.booth.still_there.set(None);
                self.game.set(Game {
                    board,
                    human,
                    robot,
                });
                self.after_move();
            }
        } else if self.game.with_untracked(|g| g.robot.is_some()) {
            // Our robot game is over (left, freed or replaced): play here.
            self.local_game();
        }
        self.booth.snapshot.set(Some(s));
        self.send_robot_move();
    }

    pub(crate) fn on_refusal(self, code: ErrorCode) {
        self.say(refusal_text(code));
        let lost_seat = self
            .booth
            .snapshot
            .with_untracked(|s| s.as_ref().is_none_or(|s| !seated(s)));
        if code == ErrorCode::Busy && lost_seat && self.game.with_untracked(|g| g.robot.is_some()) {
            self.local_game();
        }
    }

    /// The person's tap in a robot game goes to the bridge; the board
    /// changes when the bridge's snapshot says so.
    pub(crate) fn robot_drop(self, column: usize) {
        if !self.robot_can_move() {
            return self.say(Text::RobotWait);
        }
        self.booth_send(&ClientMessage::Move {
            column: column as u8 + 1,
        });
    }

    /// The computer's move in a robot game waits until the robot can take
    /// it; its search tree goes to the spectators at once.
    pub(crate) fn robot_computer_move(self, decision: &engine::Decision) {
        if let Ok(trace) = serde_json::to_value(&decision.trace) {
            self.booth_send(&ClientMessage::Trace { trace });
        }
        self.robot_move.set_value(Some(decision.column));
        self.send_robot_move();
    }

    pub(crate) fn send_robot_move(self) {
        let Some(column) = self.robot_move.get_value() else {
            return;
        };
        let ready = self.robot_can_move();
        let settings_mode = self.settings.with_untracked(|s| s.mode);
        let computers_turn = self
            .game
            .with_untracked(|g| g.computer_to_move(settings_mode));
        if !computers_turn {
            self.robot_move.set_value(None);
        } else if ready {
            self.robot_move.set_value(None);
            self.booth_send(&ClientMessage::Move {
                column: column as u8 + 1,
            });
        }
    }

    /// Starts a game on the robot (the bridge refuses while it is busy).
    pub(crate) fn robot_start(self, mode: GameMode) {
        let vs_computer = mode == GameMode::VsComputer;
        let mut game = self.fresh_game();
        game.board = Board::new();
        if !vs_computer {
            game.human = Side::First;
        }
        game.robot = Some(mode);
        let computer_first = vs_computer && game.human == Side::Second;
        self.ui.message.set(None);
        self.stop_thinking();
        self.robot_move.set_value(None);
        self.game.set(game);
        self.booth_send(&ClientMessage::Start {
            mode,
            computer_first,
        });
    }

    pub(crate) fn robot_leave(self) {
        self.booth_send(&ClientMessage::Leave);
        self.stop_thinking();
        self.local_game();
    }

    pub(crate) fn rename(self, name: String) {
        self.link.with_value(|b| {
            if let Some(b) = b {
                b.rename(name);
            }
        });
    }
}
