//! The page's link to the bridge that served it, as one owner: the
//! WebSocket, the countdowns' clock, the robot game
//! (one [`RobotGame`], changed by its transitions) and all the page shows
//! of the booth. Nothing else writes these; views read them as
//! [`BoothView`](crate::state::BoothView).

use booth_protocol::{ClientMessage, Role, Snapshot, Welcome};
use engine::player::LevelSpec;
use leptos::prelude::*;

use super::robot::Visitor;
use super::robot_game::{Page, Steps};
use crate::io::booth_link::{self, BoothLink, LinkEvent};
use crate::model::booth::BACK_TO_LOBBY_MS;
use crate::state::Booth;

/// How long the page waits for the booth's first word before it shows
/// itself anyway.
const FIRST_WORD: std::time::Duration = std::time::Duration::from_secs(1);

/// The bridge's owner (see the module's doc). Copy: every handle is the
/// same link.
#[derive(Clone, Copy)]
pub(super) struct Bridge {
    link: StoredValue<Option<BoothLink>, LocalStorage>,
    /// A bridge served the page and its first word has not come yet.
    awaiting: RwSignal<bool>,
    /// What views read, the robot game among it.
    booth: Booth,
    /// The hall of fame's edition last read.
    fame_read: StoredValue<Option<u32>>,
}

/// What a second of the clock ended.
pub(super) struct Tick {
    /// The booth's last notice has been shown long enough.
    pub notice_over: bool,
    /// This page's finished robot game has been shown long enough: back
    /// to the lobby.
    pub back_to_lobby: bool,
}

impl Bridge {
    /// An unconnected link, its state provided read-only as a context.
    pub(super) fn provide() -> Bridge {
        let bridge = Bridge {
            link: StoredValue::new_local(None),
            awaiting: RwSignal::new(false),
            booth: Booth::default(),
            fame_read: StoredValue::new(None),
        };
        provide_context(bridge.booth.view());
        bridge
    }

    /// Connects to the bridge that served the page, if there is one (a
    /// static host has none): its messages go to `on_event`, and `on_tick`
    /// runs every second.
    pub(super) fn connect(
        self,
        role: Role,
        on_event: impl Fn(LinkEvent) + 'static,
        on_tick: impl Fn() + 'static,
    ) {
        if !booth_link::served_by_bridge() {
            return;
        }
        let hello = ClientMessage::Hello {
            v: booth_protocol::VERSION,
            role,
            session: booth_link::session_id(),
            name: None,
            show_name: false,
            token: booth_link::lan_token(),
        };
        self.awaiting.set(true);
        let awaiting = self.awaiting;
        crate::io::browser::after(FIRST_WORD, move || awaiting.set(false));
        self.link
            .set_value(Some(BoothLink::connect(hello, on_event)));
        crate::io::browser::every(std::time::Duration::from_secs(1), on_tick);
    }

    /// Reads the hall of fame again when the booth says it changed
    /// (`edition`), and on the first snapshot.
    pub(super) fn follow_fame(self, edition: u32) {
        if self.fame_read.get_value() == Some(edition) {
            return;
        }
        self.fame_read.set_value(Some(edition));
        let fame = self.booth.fame;
        crate::io::fame::read(move |read| fame.set(Some(read)));
    }

    /// Whether the page waits for the booth's first word (tracked).
    pub(super) fn awaiting(self) -> bool {
        self.awaiting.get() && self.booth.robot.with(|r| r.snapshot.is_none())
    }

    /// Sends `message` to the bridge, if the page has one.
    pub(super) fn send(self, message: &ClientMessage) {
        self.link.with_value(|link| {
            if let Some(link) = link {
                link.send(message);
            }
        });
    }

    /// The visitor's name for the booth: the page says hello again under
    /// it, and so after every reconnect.
    pub(super) fn rename(self, visitor: Visitor) {
        self.link.with_value(|link| {
            if let Some(link) = link {
                link.change_hello(|hello| {
                    if let ClientMessage::Hello {
                        name, show_name, ..
                    } = hello
                    {
                        *name = Some(visitor.name);
                        *show_name = visitor.show_name;
                    }
                });
            }
        });
    }

    /// The name this page gave the booth, if any.
    pub(super) fn own_name(self) -> Option<String> {
        self.link.with_value(|l| {
            l.as_ref().and_then(|l| match l.hello() {
                ClientMessage::Hello { name, .. } => name,
                _ => None,
            })
        })
    }

    /// Asks for a game (or a place in line) on the robot.
    pub(super) fn start(
        self,
        mode: booth_protocol::GameMode,
        computer_first: bool,
        level: LevelSpec,
    ) {
        self.send(&ClientMessage::Start {
            mode,
            computer_first,
            level: (mode == booth_protocol::GameMode::VsComputer).then_some(level),
        });
    }

    /// The booth as views read it, for tracked reads in actions.
    pub(super) fn view(self) -> crate::state::BoothView {
        self.booth.view()
    }

    /// Reads the bridge's last snapshot (untracked).
    pub(super) fn with_snapshot<T>(self, f: impl FnOnce(Option<&Snapshot>) -> T) -> T {
        self.booth.robot.with_untracked(|r| f(r.snapshot.as_ref()))
    }

    /// A second passed at `now` (ms since the epoch): the countdowns
    /// count, a notice may end, a finished game may go.
    pub(super) fn tick(self, now: f64) -> Tick {
        self.booth.now.set(now);
        let notice_over = self
            .booth
            .notice_until
            .get_untracked()
            .is_some_and(|until| now >= until);
        if notice_over {
            self.booth.notice_until.set(None);
        }
        let back_to_lobby = self.booth.robot.with_untracked(|r| {
            r.over_since
                .is_some_and(|since| now - since >= BACK_TO_LOBBY_MS)
        });
        Tick {
            notice_over,
            back_to_lobby,
        }
    }

    /// The booth's offer; whether it is its first.
    pub(super) fn welcome(self, welcome: Welcome) -> bool {
        let first = self.booth.welcome.with_untracked(Option::is_none);
        self.booth.welcome.set(Some(welcome));
        first
    }

    /// The bridge's snapshot, taken by the robot game's machine (see
    /// [`RobotGame::snapshot`](crate::model::booth::RobotGame)): returns
    /// the steps the page takes.
    pub(super) fn take_snapshot(self, s: Snapshot, page: &Page, now: f64) -> Steps {
        // The countdowns count from the snapshot's moment, also before the
        // clock's first tick on a page just opened.
        self.booth.now.set(now);
        let mut steps = Steps::default();
        self.booth
            .robot
            .update(|robot| steps = robot.snapshot(s, page, now));
        // While a page is away only the grace time counts: the bridge
        // holds the idle clock, and asks again once both are back.
        let away = self
            .booth
            .robot
            .with_untracked(|r| r.away_until.iter().any(Option::is_some));
        if away {
            self.booth.still_there.set(None);
        }
        steps
    }

    /// Ties what the page says now to the robot game's moment (when
    /// `tied`): it goes once the game or the robot moves on.
    pub(super) fn tie_message(self, tied: bool) {
        self.booth.robot.update(|r| r.tie_message(tied));
    }

    /// The page left its finished robot game.
    pub(super) fn left_game(self) {
        self.booth.robot.update(|r| r.over_since = None);
    }

    /// A notice of the booth, shown until `until` (ms since the epoch).
    pub(super) fn notice(self, until: f64) {
        self.tie_message(false);
        self.booth.notice_until.set(Some(until));
    }

    /// The bridge asks whether the player is still there: the game ends
    /// at `deadline` (ms since the epoch) without an answer.
    pub(super) fn ask_still_there(self, now: f64, deadline: f64) {
        self.booth.now.set(now);
        self.booth.still_there.set(Some(deadline));
    }

    /// The question is answered (or moot).
    pub(super) fn still_there_answered(self) {
        self.booth.still_there.set(None);
    }

    /// The bridge said this device lacks the booth's code.
    pub(super) fn may_not_play(self) {
        self.booth.may_play.set(false);
    }

    /// Whether the bridge takes a move from this page now.
    pub(super) fn can_move(self) -> bool {
        self.with_snapshot(|s| s.is_some_and(|s| s.can_move))
    }

    /// Sends a move and takes no other until the bridge's next snapshot:
    /// a second tap before it arrives would be refused.
    pub(super) fn send_move(self, column: usize) {
        self.booth.robot.update(|r| r.move_sent());
        self.send(&ClientMessage::Move {
            column: column as u8 + 1,
        });
    }
}

#[cfg(test)]
mod tests;
