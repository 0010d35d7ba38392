//! Playing on the booth's robot: the page's side of a game the bridge
//! holds, and whose computer is the booth's. The page shows the bridge's
//! snapshots and the booth's search; the lobby's actions are the
//! [`RobotSeat`]'s, the link's events are taken here.

use booth_protocol::{ClientMessage, ErrorCode, GameMode, Role, ServerMessage, Snapshot, Welcome};
use engine::Side;
use engine::player::LevelSpec;
use leptos::prelude::*;

use super::Play;
use super::robot_game::Page;
use crate::i18n::{Lang, Message, Say, Text, refusal_text};
use crate::io::booth_link::LinkEvent;
use crate::model::booth::{own_seat, seated, waiting_for_opponent};
use crate::model::game::Game;
use crate::state::Panel;

/// How long a notice of the booth ("Bob left the game") is shown: long
/// enough to read, short enough not to outlive what it names.
const NOTICE_MS: f64 = 8_000.0;

/// What the lobby and the robot's line may do: the page's seat at the
/// robot. Copy: every handle is the same seat.
#[derive(Clone, Copy)]
pub struct RobotSeat(Play);

/// The robot seat, from components.
pub fn use_robot_seat() -> RobotSeat {
    expect_context::<RobotSeat>()
}

/// A visitor as the lobby names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visitor {
    /// The name the other screens show.
    pub name: String,
    /// Whether the booth may show it to everyone: the hall of fame on the
    /// spectator screen, a take-home link (off unless ticked).
    pub show_name: bool,
}

/// A visitor's choice in the lobby: who they are, whom they play, at
/// which level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Who plays.
    pub visitor: Visitor,
    /// Against the computer or a person.
    pub mode: GameMode,
    /// The level against the computer (`None`: the booth's first).
    pub level: Option<LevelSpec>,
}

impl RobotSeat {
    pub(super) fn provide(play: Play) -> RobotSeat {
        let seat = RobotSeat(play);
        provide_context(seat);
        seat
    }

    /// Takes a seat on the robot as the lobby's choice says: checks and
    /// sends the name, keeps the level as this device's too, starts the
    /// game and closes the lobby. A bad name is said and changes nothing.
    pub fn take_seat(self, choice: Choice) {
        let play = self.0;
        if !self.named(choice.visitor) {
            return;
        }
        let offered = || play.levels_offered().first().copied();
        let level = choice.level.or_else(offered).unwrap_or(play.robot_level());
        if choice.mode == GameMode::VsComputer {
            play.preferences.choose_level(level);
        }
        play.start_on_robot(choice.mode, level);
        play.screen.close_panel();
    }

    /// Takes the free second seat of the robot's game for two, as
    /// `visitor`.
    pub fn join(self, visitor: Visitor) {
        if self.named(visitor) {
            self.0.bridge.send(&ClientMessage::Join);
            self.0.screen.close_panel();
        }
    }

    /// Asks for a place in line on the busy robot as `visitor`: the page
    /// keeps its own game, and starts its robot game once its turn has
    /// come.
    pub fn line_up(self, visitor: Visitor, mode: GameMode) {
        if self.named(visitor) {
            let level = self.0.robot_level();
            self.0.bridge.start(mode, false, level);
        }
    }

    /// Sends the visitor's name, if it is one the booth takes; else says
    /// what a name must be.
    fn named(self, visitor: Visitor) -> bool {
        if !booth_protocol::valid_name(&visitor.name) {
            self.0.say(Text::NameRule);
            return false;
        }
        self.0.bridge.rename(visitor);
        true
    }

    /// Asks for another game with the same people.
    pub fn again(self) {
        self.0.bridge.send(&ClientMessage::Again);
    }

    /// Leaves the robot's game for the lobby.
    pub fn leave(self) {
        self.0.leave_robot();
        self.0.screen.open(Panel::Robot);
    }

    /// Leaves a finished robot game for the lobby.
    pub fn back_to_lobby(self) {
        self.0.back_to_lobby();
    }

    /// Answers the bridge's "still there?".
    pub fn still_here(self) {
        self.0.bridge.still_there_answered();
        self.0.bridge.send(&ClientMessage::StillHere);
    }

    /// Whether the page waits for the booth's first word (tracked): on a
    /// page a bridge served, the welcome brings the booth's language and
    /// the snapshot the robot's button. The page stays hidden until both
    /// are there, or a second has passed, so that it does not jump when
    /// they arrive.
    pub fn awaiting_booth(self) -> bool {
        self.0.bridge.awaiting()
    }
}

impl Play {
    /// Connects to the bridge that served the page, if there is one (a
    /// static host has none, and the robot button stays hidden).
    pub(super) fn connect_booth(self) {
        let role = if self.watching {
            Role::Spectator
        } else {
            Role::Player
        };
        self.bridge
            .connect(role, move |event| self.on_link(event), move || self.tick());
    }

    /// The levels the booth offers against the computer.
    fn levels_offered(self) -> Vec<LevelSpec> {
        let welcome = self.bridge.view().welcome;
        welcome.with_untracked(|w| crate::model::booth::levels_offered(w.as_ref()))
    }

    /// The level this device plays the robot at.
    pub(super) fn robot_level(self) -> LevelSpec {
        let settings = self.preferences.now();
        LevelSpec {
            level: settings.level,
            style: settings.style,
        }
    }

    /// Every second: the countdowns, a notice's end, and back to the lobby
    /// after a game.
    fn tick(self) {
        let tick = self.bridge.tick(crate::io::browser::now());
        let notice_read =
            tick.notice_over || self.bridge.view().notice_until.get_untracked().is_none();
        let showing_notice = self
            .screen
            .showing(|m| matches!(m, Message::Say(Say::Notice { .. })));
        if notice_read && showing_notice {
            // In the lobby the notice is why the visitor is there: it
            // stays until they choose, or until the robot has something
            // newer to show (a demo, another's game).
            let in_lobby = self.screen.panel() == Some(Panel::Robot);
            let robot_moved_on = self
                .bridge
                .with_snapshot(|s| s.is_some_and(|s| s.mode.is_some()));
            if !in_lobby || robot_moved_on {
                self.screen.clear_message();
            }
        }
        if tick.back_to_lobby {
            self.back_to_lobby();
        }
    }

    /// Leaves a finished robot game for the lobby.
    fn back_to_lobby(self) {
        self.bridge.left_game();
        if self.game.with_untracked(|g| g.robot.is_some()) {
            self.bridge.send(&ClientMessage::Leave);
            self.after_robot_game();
        }
        self.screen.open(Panel::Robot);
    }

    /// Back to a game on this device, after the robot game ended.
    fn after_robot_game(self) {
        self.bridge.still_there_answered();
        self.forget_search();
        self.start_local_game();
    }

    /// Leaves the robot's game for a game on this device.
    pub(super) fn leave_robot(self) {
        self.bridge.send(&ClientMessage::Leave);
        self.stop_thinking();
        self.after_robot_game();
    }

    fn on_link(self, event: LinkEvent) {
        match event {
            LinkEvent::Open => {}
            LinkEvent::Closed => self.say(Text::BridgeLost),
            LinkEvent::Message(ServerMessage::Welcome(welcome)) => self.on_welcome(welcome),
            LinkEvent::Message(ServerMessage::Snapshot(s)) => self.on_snapshot(*s),
            LinkEvent::Message(ServerMessage::Error { code }) => self.on_refusal(code),
            LinkEvent::Message(ServerMessage::Notice { code, name }) => self.on_notice(code, name),
            LinkEvent::Message(ServerMessage::StillThere { seconds_left }) => {
                let now = crate::io::browser::now();
                self.bridge
                    .ask_still_there(now, now + seconds_left as f64 * 1000.0);
            }
            // The booth's computer plays on the robot: its search shows as
            // the worker's does in a game on this device.
            LinkEvent::Message(ServerMessage::Thinking(progress)) => {
                self.thinking.show_progress((*progress).into())
            }
            LinkEvent::Message(ServerMessage::Decided(decision)) => {
                self.thinking.show_decision(*decision);
            }
        }
    }

    fn on_notice(self, code: booth_protocol::NoticeCode, name: Option<String>) {
        // Nobody is told that they left themselves (their page went back
        // to the lobby, or another of their pages ended it). (A page that
        // came back has its name from its seat.)
        let seat_name = self
            .bridge
            .with_snapshot(|s| s.and_then(|s| s.seats[own_seat(s)?].clone()));
        let own = self.bridge.own_name().or(seat_name);
        if code == booth_protocol::NoticeCode::PlayerLeft && name.is_some() && name == own {
            return;
        }
        // A notice stays past the snapshot that follows it, for the few
        // seconds it takes to read: then the line tells what happens now
        // (a person waiting, the demo, no game).
        self.bridge.notice(crate::io::browser::now() + NOTICE_MS);
        self.screen.say(Message::Say(Say::Notice { code, name }));
    }

    /// The booth's offer; on its own screens, its language unless the
    /// visitor chose one.
    fn on_welcome(self, welcome: Welcome) {
        if let Some(lang) = welcome.language.map(Lang) {
            self.preferences.take_booth_language(lang);
        }
        // A page the booth serves opens on its lobby.
        let first = self.bridge.welcome(welcome);
        if first && !self.watching && self.game.with_untracked(|g| g.robot.is_none()) {
            self.screen.open(Panel::Robot);
        }
    }

    /// The bridge's snapshot: the page's robot game takes it (see
    /// [`RobotGame::snapshot`](crate::model::booth::RobotGame)) and the
    /// page takes the steps it gives.
    fn on_snapshot(self, s: Snapshot) {
        if self.watching {
            self.bridge.follow_fame(s.fame);
        }
        let game = self.game.get_untracked();
        let page = Page {
            game: &game,
            watching: self.watching,
            lobby_open: self.screen.panel() == Some(Panel::Robot),
        };
        let steps = self
            .bridge
            .take_snapshot(s, &page, crate::io::browser::now());
        if steps.close_lobby {
            self.screen.close_panel();
        }
        if steps.clear_message {
            self.screen.clear_message();
        }
        if steps.forget_search {
            self.forget_search();
        }
        if let Some(game) = steps.show {
            self.bridge.still_there_answered();
            self.game.set(game);
        }
        if steps.back_to_lobby {
            self.after_robot_game();
            self.screen.open(Panel::Robot);
        }
    }

    fn on_refusal(self, code: ErrorCode) {
        // A taken name refuses the hello, and then the seat it was for: the
        // first says why.
        let name_taken = self
            .screen
            .showing(|m| *m == Message::Text(Text::NameTaken));
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
            self.screen.open(Panel::Robot);
        }
        if code == ErrorCode::Token {
            crate::io::booth_link::forget_token();
            self.bridge.may_not_play();
        }
        // The bridge's refusal is about its moment, in the lobby too.
        self.say_tied(refusal_text(code), true);
        let lost_seat = self.bridge.with_snapshot(|s| s.is_none_or(|s| !seated(s)));
        if code == ErrorCode::Busy && lost_seat && self.game.with_untracked(|g| g.robot.is_some()) {
            self.after_robot_game();
        }
    }

    /// The person's tap in a robot game goes to the bridge; the board
    /// changes when the bridge's snapshot says so.
    pub(super) fn robot_drop(self, column: usize) {
        if !self.bridge.can_move() {
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
    pub(super) fn start_on_robot(self, mode: GameMode, level: LevelSpec) {
        let vs_computer = mode == GameMode::VsComputer;
        let coin = crate::io::browser::random() < 0.5;
        let mut game = Game::new(&self.preferences.now(), coin);
        game.board = engine::Board::new();
        if !vs_computer {
            game.human = Side::First;
        }
        game.robot = Some(mode);
        let computer_first = vs_computer && game.human == Side::Second;
        self.screen.clear_message();
        self.forget_search();
        self.game.set(game);
        self.bridge.start(mode, computer_first, level);
    }
}
