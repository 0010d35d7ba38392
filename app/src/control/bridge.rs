//! The page's link to the bridge that served it, as one owner: the
//! WebSocket, the one-second clock of the countdowns, the robot game's
//! state machine ([`RobotGame`]) and all the page shows of the booth.
//! Nothing else writes these; views read them as
//! [`BoothView`](crate::state::BoothView).

use booth_protocol::{ClientMessage, Role, Snapshot, Welcome};
use leptos::prelude::*;

use super::robot_game::{Page, RobotGame, Steps};
use crate::io::booth_link::{self, BoothLink, LinkEvent};
use crate::model::booth::{BACK_TO_LOBBY_MS, Moment};
use crate::state::Booth;

/// How long the page waits for the booth's first word before it shows
/// itself anyway, in ms.
const FIRST_WORD_MS: u32 = 1000;

/// The bridge's owner (see the module's doc). Copy: every handle is the
/// same link.
#[derive(Clone, Copy)]
pub(crate) struct Bridge {
    link: StoredValue<Option<BoothLink>, LocalStorage>,
    clock: StoredValue<Option<gloo_timers::callback::Interval>, LocalStorage>,
    /// A bridge served the page and its first word has not come yet.
    awaiting: RwSignal<bool>,
    robot: StoredValue<RobotGame, LocalStorage>,
    booth: Booth,
}

/// What a second of the clock ended.
pub(crate) struct Tick {
    /// The booth's last notice has been shown long enough.
    pub notice_over: bool,
    /// This page's finished robot game has been shown long enough: back
    /// to the lobby.
    pub back_to_lobby: bool,
}

impl Bridge {
    /// An unconnected link, its state provided read-only as a context.
    pub(crate) fn provide() -> Bridge {
        let bridge = Bridge {
            link: StoredValue::new_local(None),
            clock: StoredValue::new_local(None),
            awaiting: RwSignal::new(false),
            robot: StoredValue::new_local(RobotGame::default()),
            booth: Booth::default(),
        };
        provide_context(bridge.booth.view());
        bridge
    }

    /// Connects to the bridge that served the page, if there is one (a
    /// static host has none): its messages go to `on_event`, and `on_tick`
    /// runs every second.
    pub(crate) fn connect(
        self,
        role: Role,
        on_event: impl Fn(LinkEvent) + 'static,
        on_tick: impl Fn() + 'static,
    ) {
        if !booth_link::served_by_bridge() {
            return;
        }
        self.awaiting.set(true);
        let awaiting = self.awaiting;
        gloo_timers::callback::Timeout::new(FIRST_WORD_MS, move || awaiting.set(false)).forget();
        self.link
            .set_value(Some(BoothLink::connect(role, None, on_event)));
        let clock = gloo_timers::callback::Interval::new(1000, on_tick);
        self.clock.set_value(Some(clock));
    }

    /// Whether the page waits for the booth's first word (tracked).
    pub(crate) fn awaiting(self) -> bool {
        self.awaiting.get() && self.booth.snapshot.with(Option::is_none)
    }

    /// Sends `message` to the bridge, if the page has one.
    pub(crate) fn send(self, message: &ClientMessage) {
        self.link.with_value(|link| {
            if let Some(link) = link {
                link.send(message);
            }
        });
    }

    /// The visitor's name for the booth, kept by the link.
    pub(crate) fn rename(self, name: String) {
        self.link.with_value(|link| {
            if let Some(link) = link {
                link.rename(name);
            }
        });
    }

    /// The name this page gave the booth, if any.
    pub(crate) fn own_name(self) -> Option<String> {
        self.link
            .with_value(|l| l.as_ref().and_then(BoothLink::name))
    }

    /// The booth as views read it, for tracked reads in actions.
    pub(crate) fn view(self) -> crate::state::BoothView {
        self.booth.view()
    }

    /// Reads the bridge's last snapshot (untracked).
    pub(crate) fn with_snapshot<T>(self, f: impl FnOnce(Option<&Snapshot>) -> T) -> T {
        self.booth.snapshot.with_untracked(|s| f(s.as_ref()))
    }

    /// A second passed at `now` (ms since the epoch): the countdowns
    /// count, a notice may end, a finished game may go.
    pub(crate) fn tick(self, now: f64) -> Tick {
        self.booth.now.set(now);
        let notice_over = self
            .booth
            .notice_until
            .get_untracked()
            .is_some_and(|until| now >= until);
        if notice_over {
            self.booth.notice_until.set(None);
        }
        let back_to_lobby = self.robot.with_value(|r| {
            r.over_since
                .is_some_and(|since| now - since >= BACK_TO_LOBBY_MS)
        });
        Tick {
            notice_over,
            back_to_lobby,
        }
    }

    /// The booth's offer; whether it is its first.
    pub(crate) fn welcome(self, welcome: Welcome) -> bool {
        let first = self.booth.welcome.with_untracked(Option::is_none);
        self.booth.welcome.set(Some(welcome));
        first
    }

    /// The bridge's snapshot, taken by the robot game's machine (see
    /// [`RobotGame::snapshot`]): returns the steps the page takes, after
    /// which [`Bridge::publish_snapshot`] shows the snapshot.
    pub(crate) fn take_snapshot(self, s: Snapshot, page: &Page, now: f64) -> Steps {
        let mut steps = Steps::default();
        self.robot
            .update_value(|robot| steps = robot.snapshot(s, page, now));
        self.publish(false);
        steps
    }

    /// Shows the robot game's last snapshot.
    pub(crate) fn publish_snapshot(self) {
        self.publish(true);
    }

    /// The robot game's clocks (and, when `snapshot`, its snapshot) as the
    /// views read them; the clocks most snapshots leave alone are set only
    /// when they change.
    fn publish(self, snapshot: bool) {
        let booth = self.booth;
        self.robot.with_value(|r| {
            booth.offer_until.set(r.offer_until);
            booth.away_until.set(r.away_until);
            // While a page is away only the grace time counts: the bridge
            // holds the idle clock, and asks again once both are back.
            if r.away_until.iter().any(Option::is_some) {
                booth.still_there.set(None);
            }
            if booth.over_since.get_untracked() != r.over_since {
                booth.over_since.set(r.over_since);
            }
            if booth.said_at.with_untracked(|at| *at != r.said_at) {
                booth.said_at.set(r.said_at.clone());
            }
            if snapshot {
                booth.snapshot.set(r.snapshot.clone());
            }
        });
    }

    /// Ties what the page says now to the robot game's moment (when
    /// `tied`): it goes once the game or the robot moves on.
    pub(crate) fn tie_message(self, tied: bool) {
        let mut said_at = None;
        self.robot.update_value(|r| {
            r.said_at = r.snapshot.as_ref().filter(|_| tied).map(Moment::of);
            said_at = r.said_at.clone();
        });
        self.booth.said_at.set(said_at);
    }

    /// The page left its finished robot game.
    pub(crate) fn left_game(self) {
        self.robot.update_value(|r| r.over_since = None);
        self.booth.over_since.set(None);
    }

    /// A notice of the booth, shown until `until` (ms since the epoch).
    pub(crate) fn notice(self, until: f64) {
        self.tie_message(false);
        self.booth.notice_until.set(Some(until));
    }

    /// The bridge asks whether the player is still there: the game ends
    /// at `deadline` (ms since the epoch) without an answer.
    pub(crate) fn ask_still_there(self, now: f64, deadline: f64) {
        self.booth.now.set(now);
        self.booth.still_there.set(Some(deadline));
    }

    /// The question is answered (or moot).
    pub(crate) fn still_there_answered(self) {
        self.booth.still_there.set(None);
    }

    /// The bridge said this device lacks the booth's code.
    pub(crate) fn may_not_play(self) {
        self.booth.may_play.set(false);
    }

    /// Whether the bridge takes a move from this page now.
    pub(crate) fn can_move(self) -> bool {
        self.with_snapshot(|s| s.is_some_and(|s| s.can_move))
    }

    /// Sends a move and takes no other until the bridge's next snapshot:
    /// a second tap before it arrives would be refused.
    pub(crate) fn send_move(self, column: usize) {
        self.robot.update_value(|r| {
            if let Some(s) = &mut r.snapshot {
                s.can_move = false;
            }
        });
        self.booth.snapshot.update(|s| {
            if let Some(s) = s {
                s.can_move = false;
            }
        });
        self.send(&ClientMessage::Move {
            column: column as u8 + 1,
        });
    }
}

#[cfg(test)]
mod tests;
