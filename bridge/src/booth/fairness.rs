//! Fairness at the robot: who waits for it in which order, and who must
//! let others go first.
//!
//! A visitor who finds the robot busy gets in line. Once the robot is
//! free, the first in line has [`CLAIM`] to start a game before the next
//! one's turn comes; until then only they and the booth's own screens may
//! start one (the booth's screens stand at the front of the line too).
//! While anyone waits, the person playing may not start their game again.
//! A game that ran into a limit (nobody moved, nobody came, the staff ended
//! it) makes its people rest for [`COOL_DOWN`], and the staff may bar a
//! device for the rest of the day. A device is known by its session and by
//! its address, so that a new session does not make a new visitor; the
//! booth's own screens are never held back.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// How long the first in line has to start a game once the robot is free.
pub(super) const CLAIM: Duration = Duration::from_secs(60);

/// How long the people of a game that ran into a limit let others go first.
pub(super) const COOL_DOWN: Duration = Duration::from_secs(120);

/// The longest line: a phone cannot make the booth keep more.
const LINE_MAX: usize = 32;

/// The most rests and bars kept (each a session or an address): old ones
/// go first, so that made-up sessions cannot fill the memory.
const KEPT_MAX: usize = 4096;

/// What a rest or a bar holds back: a session, or a device's address.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Session(String),
    Address(IpAddr),
}

fn keys(session: &str, device: Option<IpAddr>) -> impl Iterator<Item = Key> {
    std::iter::once(Key::Session(session.to_string())).chain(device.map(Key::Address))
}

/// One visitor in line.
#[derive(Debug, Clone)]
struct Waiter {
    session: String,
    /// `None`: one of the booth's own screens.
    device: Option<IpAddr>,
    /// Since when no page of the session has been open (a reload, a
    /// phone's locked screen).
    gone_since: Option<Instant>,
}

impl Waiter {
    fn is(&self, session: &str, device: Option<IpAddr>) -> bool {
        self.session == session || (device.is_some() && self.device == device)
    }
}

/// Keys held back until a moment each.
#[derive(Debug, Default)]
struct Until(HashMap<Key, Instant>);

impl Until {
    fn hold(&mut self, key: Key, until: Instant) {
        let now = Instant::now();
        self.0.retain(|_, t| *t > now);
        if self.0.len() >= KEPT_MAX
            && let Some(soonest) = self
                .0
                .iter()
                .min_by_key(|(_, t)| **t)
                .map(|(k, _)| k.clone())
        {
            self.0.remove(&soonest);
        }
        let at = self.0.entry(key).or_insert(until);
        *at = (*at).max(until);
    }

    fn holds(&self, session: &str, device: Option<IpAddr>) -> bool {
        let now = Instant::now();
        keys(session, device).any(|k| self.0.get(&k).is_some_and(|t| *t > now))
    }
}

/// The line, the rests and the bars.
#[derive(Debug, Default)]
pub(super) struct Fairness {
    line: VecDeque<Waiter>,
    /// Since when the first in line may take the free robot.
    pub(super) first_since: Option<Instant>,
    resting: Until,
    barred: Until,
}

impl Fairness {
    /// Whether the staff barred the device of `session` for the day (a
    /// `device` of `None` is one of the booth's own screens).
    pub(super) fn barred(&self, session: &str, device: Option<IpAddr>) -> bool {
        self.barred.holds(session, device)
    }

    /// Whether `session` must let others go first after a game that ran
    /// into a limit.
    pub(super) fn resting(&self, session: &str, device: Option<IpAddr>) -> bool {
        self.resting.holds(session, device)
    }

    /// How many wait.
    pub(super) fn waiting(&self) -> usize {
        self.line.len()
    }

    /// The place of `session` in line (1: next).
    pub(super) fn place(&self, session: &str) -> Option<usize> {
        self.line
            .iter()
            .position(|w| w.session == session)
            .map(|i| i + 1)
    }

    /// Puts `session` in line, once per device, the booth's own screens
    /// before visitors' devices. Returns whether the line changed.
    pub(super) fn line_up(&mut self, session: &str, device: Option<IpAddr>) -> bool {
        if self.line.iter().any(|w| w.is(session, device)) || self.line.len() >= LINE_MAX {
            return false;
        }
        let waiter = Waiter {
            session: session.to_string(),
            device,
            gone_since: None,
        };
        if device.is_none() {
            let at = self.line.iter().take_while(|w| w.device.is_none()).count();
            if at == 0 {
                // A new first in line: their time starts now.
                self.first_since = self.first_since.map(|_| Instant::now());
            }
            self.line.insert(at, waiter);
        } else {
            self.line.push_back(waiter);
        }
        true
    }

    /// Whether `session` may take the free robot now: nobody waits, it is
    /// first in line, or it is one of the booth's own screens.
    pub(super) fn may_take(&self, session: &str, device: Option<IpAddr>) -> bool {
        device.is_none() || self.line.front().is_none_or(|w| w.is(session, device))
    }

    /// `session` took the robot: out of line.
    pub(super) fn took(&mut self, session: &str, device: Option<IpAddr>) {
        self.line.retain(|w| !w.is(session, device));
        self.first_since = None;
    }

    /// Drops from the line whoever has had no page open (as `connected`
    /// says) for the `grace` time a seat waits too, and looks at the first
    /// one's time: it starts once the robot is `free`, and when it has run
    /// out the next one's comes. Returns whether the line changed.
    pub(super) fn tick(
        &mut self,
        free: bool,
        grace: Duration,
        connected: impl Fn(&str) -> bool,
    ) -> bool {
        let before = self.line.len();
        for waiter in &mut self.line {
            waiter.gone_since = if connected(&waiter.session) {
                None
            } else {
                waiter.gone_since.or_else(|| Some(Instant::now()))
            };
        }
        self.line
            .retain(|w| w.gone_since.is_none_or(|t| t.elapsed() < grace));
        if !free || self.line.is_empty() {
            self.first_since = None;
        } else if self.first_since.is_none() {
            self.first_since = Some(Instant::now());
        } else if self.first_since.is_some_and(|t| t.elapsed() >= CLAIM) {
            self.line.pop_front();
            self.first_since = (!self.line.is_empty()).then(Instant::now);
        }
        self.line.len() != before
    }

    /// The person of `session` on `device` lets others go first for
    /// [`COOL_DOWN`] (never one of the booth's own screens).
    pub(super) fn rest(&mut self, session: &str, device: IpAddr) {
        let until = Instant::now() + COOL_DOWN;
        for key in keys(session, Some(device)) {
            self.resting.hold(key, until);
        }
    }

    /// Bars the person of `session` on `device` (never one of the booth's
    /// own screens) for `how_long`, and takes them out of line.
    pub(super) fn bar(&mut self, session: &str, device: IpAddr, how_long: Duration) {
        let until = Instant::now() + how_long;
        for key in keys(session, Some(device)) {
            self.barred.hold(key, until);
        }
        self.line.retain(|w| !w.is(session, Some(device)));
    }

    /// How many sessions and devices are barred now.
    pub(super) fn barred_count(&self) -> usize {
        let now = Instant::now();
        self.barred
            .0
            .iter()
            .filter(|(k, t)| matches!(k, Key::Address(_)) && **t > now)
            .count()
    }

    /// Lets every barred device play again.
    pub(super) fn lift_bars(&mut self) {
        self.barred.0.clear();
    }
}
