//! Playing on the booth's robot: the page's side of a game the bridge
//! holds. The page mirrors the bridge's snapshots; its worker still finds
//! the computer's moves.

use booth_protocol::{ClientMessage, ErrorCode, GameMode, Role, ServerMessage, Snapshot, Welcome};
use engine::player::LevelSpec;
use engine::{Board, Side};
use leptos::prelude::*;

use crate::control::Actions;
use crate::control::robot_game::Page;
use crate::i18n::{Lang, Message, Say, Text, refusal_text};
use crate::io::booth_link::LinkEvent;
use crate::model::booth::{own_seat, seated, waiting_for_opponent};
use crate::state::Panel;

/// How long a notice of the booth ("Bob left the game") is shown: long
/// enough to read, short enough not to outlive what it names.
const NOTICE_MS: f64 = 8_000.0;

impl Actions {
    /// Connects to the bridge that served the page, if there is one (a
    /// static host has none, and the robot button stays hidden).
    pub(crate) fn connect_booth(self) {
        let role = if self.watching {
            Role::Spectator
        } else {
            Role::Player
        };
        self.bridge
            .connect(role, move |event| self.on_link(event), move || self.tick());
    }

    /// Whether the page waits for the booth's first word (tracked): on a
    /// page a bridge served, the welcome brings the booth's language and
    /// the snapshot the robot's button. The page stays hidden until both
    /// are there, or a second has passed, so that it does not jump when
    /// they arrive.
    pub(crate) fn awaiting_booth(self) -> bool {
        self.bridge.awaiting()
    }

    /// Every second: the countdowns, a notice's end, and back to the lobby
    /// after a game.
    fn tick(self) {
        let tick = self.bridge.tick(js_sys::Date::now());
        let notice_read =
            tick.notice_over || self.bridge.view().notice_until.get_untracked().is_none();
        let showing_notice = self
            .state
            .ui
            .message
            .with_untracked(|m| matches!(m, Some(Message::Say(Say::Notice { .. }))));
        if notice_read && showing_notice {
            // In the lobby the notice is why the visitor is there: it
            // stays until they choose, or until the robot has something
            // newer to show (a demo, another's game).
            let in_lobby = self.state.ui.panel.get_untracked() == Some(Panel::Robot);
            let robot_moved_on = self
                .bridge
                .with_snapshot(|s| s.is_some_and(|s| s.mode.is_some()));
            if !in_lobby || robot_moved_on {
                self.state.ui.message.set(None);
            }
        }
        if tick.back_to_lobby {
            self.back_to_lobby();
        }
    }

    /// Leaves a finished robot game for the lobby.
    pub(crate) fn back_to_lobby(self) {
        self.bridge.left_game();
        if self.state.game.with_untracked(|g| g.robot.is_some()) {
            self.booth_send(&ClientMessage::Leave);
            self.local_game();
        }
        self.state.ui.panel.set(Some(Panel::Robot));
    }

    /// Whether the bridge takes a move from this page now.
    pub(crate) fn robot_can_move(self) -> bool {
        self.bridge.can_move()
    }

    /// Back to a game on this device, after the robot game ended.
    pub(crate) fn local_game(self) {
        self.bridge.still_there_answered();
        self.forget_search();
        self.state.game.set(self.fresh_game());
    }

    /// Takes the free second seat of the robot's game for two.
    pub(crate) fn join_robot_game(self) {
        self.booth_send(&ClientMessage::Join);
    }

    /// Answers the bridge's "still there?".
    pub(crate) fn still_here(self) {
        self.bridge.still_there_answered();
        self.booth_send(&ClientMessage::StillHere);
    }

    pub(crate) fn booth_send(self, message: &ClientMessage) {
        self.bridge.send(message);
    }

    pub(crate) fn on_link(self, event: LinkEvent) {
        match event {
            LinkEvent::Open => {}
            LinkEvent::Closed => self.say(Text::BridgeLost),
            LinkEvent::Message(ServerMessage::Welcome(welcome)) => self.on_welcome(welcome),
            LinkEvent::Message(ServerMessage::Snapshot(s)) => self.on_snapshot(*s),
            LinkEvent::Message(ServerMessage::Error { code }) => self.on_refusal(code),
            LinkEvent::Message(ServerMessage::Notice { code, name }) => {
                // Nobody is told that they left themselves (their page went
                // back to the lobby, or another of their pages ended it).
                // (A page that came back has its name from its seat.)
                let seat_name = self
                    .bridge
                    .with_snapshot(|s| s.and_then(|s| s.seats[own_seat(s)?].clone()));
                let own = self.bridge.own_name().or(seat_name);
                if code == booth_protocol::NoticeCode::PlayerLeft && name.is_some() && name == own {
                    return;
                }
                // A notice stays past the snapshot that follows it, for
                // the few seconds it takes to read: then the line tells
                // what happens now (a person waiting, the demo, no game).
                self.bridge.notice(js_sys::Date::now() + NOTICE_MS);
                self.state
                    .ui
                    .message
                    .set(Some(Message::Say(Say::Notice { code, name })));
            }
            LinkEvent::Message(ServerMessage::StillThere { seconds_left }) => {
                let now = js_sys::Date::now();
                self.bridge
                    .ask_still_there(now, now + seconds_left as f64 * 1000.0);
            }
            // The booth's computer plays on the robot: its search shows as
            // the worker's does in a game on this device.
            LinkEvent::Message(ServerMessage::Thinking(progress)) => {
                self.searcher.show_progress((*progress).into())
            }
            LinkEvent::Message(ServerMessage::Decided(decision)) => {
                self.searcher.show_decision(*decision);
            }
        }
    }

    /// The booth's offer; on its own screens, its language unless the
    /// visitor chose one.
    fn on_welcome(self, welcome: Welcome) {
        let lang = welcome.language.map(Lang);
        if let Some(lang) = lang
            && !self.state.settings.with_untracked(|s| s.lang_chosen)
        {
            self.state.settings.update(|s| s.lang = lang);
        }
        // A page the booth serves opens on its lobby.
        let first = self.bridge.welcome(welcome);
        if first && !self.watching && self.state.game.with_untracked(|g| g.robot.is_none()) {
            self.state.ui.panel.set(Some(Panel::Robot));
        }
    }

    /// The bridge's snapshot: the page's robot game takes it (see
    /// [`RobotGame::snapshot`]) and the page takes the steps it gives.
    pub(crate) fn on_snapshot(self, s: Snapshot) {
        let game = self.state.game.get_untracked();
        let page = Page {
            game: &game,
            watching: self.watching,
            lobby_open: self.state.ui.panel.get_untracked() == Some(Panel::Robot),
        };
        let steps = self.bridge.take_snapshot(s, &page, js_sys::Date::now());
        if steps.close_lobby {
            self.state.ui.panel.set(None);
        }
        if steps.clear_message {
            self.state.ui.message.set(None);
        }
        if steps.forget_search {
            self.forget_search();
        }
        if let Some(game) = steps.show {
            self.bridge.still_there_answered();
            self.state.game.set(game);
            self.after_move();
        }
        if steps.back_to_lobby {
            self.local_game();
            self.state.ui.panel.set(Some(Panel::Robot));
        }
        self.bridge.publish_snapshot();
    }

    pub(crate) fn on_refusal(self, code: ErrorCode) {
        // A taken name refuses the hello, and then the seat it was for: the
        // first says why.
        let name_taken = self
            .state
            .ui
            .message
            .with_untracked(|m| *m == Some(Message::Text(Text::NameTaken)));
        if code == ErrorCode::BadName && name_taken {
            return;
        }
        if matches!(
            code,
            ErrorCode::NameTaken
                | ErrorCode::BadName
                | ErrorCode::ReservedName
                | ErrorCode::SessionHasName
        ) {
            self.state.ui.panel.set(Some(Panel::Robot));
        }
        if code == ErrorCode::Token {
            crate::io::booth_link::forget_token();
            self.bridge.may_not_play();
        }
        // The bridge's refusal is about its moment, in the lobby too.
        self.say_tied(refusal_text(code), true);
        let lost_seat = self.bridge.with_snapshot(|s| s.is_none_or(|s| !seated(s)));
        if code == ErrorCode::Busy
            && lost_seat
            && self.state.game.with_untracked(|g| g.robot.is_some())
        {
            self.local_game();
        }
    }

    /// The person's tap in a robot game goes to the bridge; the board
    /// changes when the bridge's snapshot says so.
    pub(crate) fn robot_drop(self, column: usize) {
        if !self.robot_can_move() {
            let why = self.bridge.with_snapshot(|s| {
                let s = s?;
                Some(if waiting_for_opponent(s) {
                    Text::WaitingForOpponent
                } else if s.computer.is_some() && s.turn == s.computer {
                    Text::ComputersTurnWait
                } else if s.turn.map(booth_protocol::Seat::index) != own_seat(s) {
                    Text::NotYourTurnYet
                } else {
                    Text::RobotWait
                })
            });
            return self.say(why.unwrap_or(Text::RobotWait));
        }
        self.bridge.send_move(column);
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
        self.state.ui.message.set(None);
        self.forget_search();
        self.state.game.set(game);
        self.send_start(mode, computer_first);
    }

    /// Asks for a place in line on the busy robot: the page keeps its own
    /// game, and starts its robot game once its turn has come.
    pub(crate) fn robot_line_up(self, mode: GameMode) {
        self.send_start(mode, false);
    }

    fn send_start(self, mode: GameMode, computer_first: bool) {
        let level = self.state.settings.with_untracked(|s| LevelSpec {
            level: s.level,
            style: s.style,
        });
        self.booth_send(&ClientMessage::Start {
            mode,
            computer_first,
            level: (mode == GameMode::VsComputer).then_some(level),
        });
    }

    /// Asks for another game with the same people.
    pub(crate) fn robot_again(self) {
        self.booth_send(&ClientMessage::Again);
    }

    pub(crate) fn robot_leave(self) {
        self.booth_send(&ClientMessage::Leave);
        self.stop_thinking();
        self.local_game();
    }

    /// The level (and its style) to play the robot at, kept as this
    /// device's level too.
    pub(crate) fn choose_level(self, spec: LevelSpec) {
        self.state.settings.update(|s| {
            s.level = spec.level;
            s.style = spec.style;
        });
    }

    pub(crate) fn rename(self, name: String) {
        self.bridge.rename(name);
    }
}
