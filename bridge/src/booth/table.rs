//! What the booth knows as plain data: the pages connected and what each
//! said it is, the game on the robot, and since when nobody has played.
//! Commands and the clock change it and return what changed; it sends
//! nothing and is tested without a server.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Instant;

use engine::Side;

use super::change::{Change, Changes};
use super::fairness::Fairness;
use super::game::Game;
use crate::messages::{GameMode, NoticeCode, Role};
use crate::records::Outcome;

/// A connected page, as far as the rules care.
#[derive(Debug, Clone)]
pub(super) struct Page {
    /// What it said hello as (`None` before hello).
    pub(super) role: Option<Role>,
    /// Its session (kept across reloads).
    pub(super) session: String,
    /// Its visitor's name.
    pub(super) name: Option<String>,
    /// Whether its visitor lets the name be shown to everyone.
    pub(super) show_name: bool,
    /// Whether it may play: on this machine, or with the LAN token.
    pub(super) trusted: bool,
    /// Whether it is one of the booth's own screens (on this machine).
    pub(super) own_screen: bool,
    /// The address its device connects from.
    pub(super) address: IpAddr,
}

/// Who sent a message: what each command checks.
#[derive(Debug, Clone)]
pub(super) struct Caller {
    pub(super) id: u64,
    pub(super) session: String,
    pub(super) trusted: bool,
    pub(super) role: Option<Role>,
    /// One of the booth's own screens: they come first at the robot.
    pub(super) own_screen: bool,
    /// The address its device connects from.
    pub(super) address: IpAddr,
}

impl Caller {
    /// Said hello as a player, and may play (on this machine, or with the
    /// LAN token).
    pub(super) fn may_play(&self) -> bool {
        self.role == Some(Role::Player) && self.trusted
    }

    /// The address fairness knows the caller's device by: none for the
    /// booth's own screens, which share this machine's.
    pub(super) fn device(&self) -> Option<IpAddr> {
        (!self.own_screen).then_some(self.address)
    }
}

/// The pages and the game.
pub(super) struct Table {
    pub(super) pages: HashMap<u64, Page>,
    pub(super) game: Option<Game>,
    /// Since when nobody has played (the start, or the last game's end).
    pub(super) quiet_since: Instant,
    /// Who waits for the robot, and who must let others go first.
    pub(super) fairness: Fairness,
    /// The hall of fame's edition (see [`crate::messages::Snapshot::fame`]).
    pub(super) fame: u32,
}

impl Table {
    /// No page and no game, quiet from now on.
    pub(super) fn new() -> Table {
        Table {
            pages: HashMap::new(),
            game: None,
            quiet_since: Instant::now(),
            fairness: Fairness::default(),
            fame: 0,
        }
    }

    /// Connection `id` as the sender of a message.
    pub(super) fn caller(&self, id: u64) -> Option<Caller> {
        let page = self.pages.get(&id)?;
        Some(Caller {
            id,
            session: page.session.clone(),
            trusted: page.trusted,
            role: page.role,
            own_screen: page.own_screen,
            address: page.address,
        })
    }

    /// The name the visitor of connection `id` gave.
    pub(super) fn name_of(&self, id: u64) -> Option<String> {
        self.pages.get(&id).and_then(|p| p.name.clone())
    }

    /// Whether the visitor of connection `id` lets their name be shown.
    pub(super) fn shows_name(&self, id: u64) -> bool {
        self.pages.get(&id).is_some_and(|p| p.show_name)
    }

    /// A closed connection. Its seat stays for the grace time: the page may
    /// come back.
    /// Returns whether a seat's page went away.
    pub(super) fn disconnect(&mut self, id: u64) -> bool {
        let Some(gone) = self.pages.remove(&id) else {
            return false;
        };
        let still_here = self
            .pages
            .values()
            .any(|p| p.session == gone.session && p.role == Some(Role::Player));
        if gone.role != Some(Role::Player) || still_here {
            return false;
        }
        if let Some(seat) = self.seat_of(&gone.session)
            && let Some(game) = &mut self.game
        {
            game.seats[seat].away = Some(Instant::now());
            return true;
        }
        false
    }

    /// The seat (0 or 1) of `session` in the game.
    pub(super) fn seat_of(&self, session: &str) -> Option<usize> {
        let game = self.game.as_ref()?;
        game.seats
            .iter()
            .position(|s| s.session.as_deref() == Some(session))
    }

    /// The seat (0 or 1) of a caller who may play, if seated.
    pub(super) fn seat_of_player(&self, caller: &Caller) -> Option<usize> {
        caller
            .may_play()
            .then(|| self.seat_of(&caller.session))
            .flatten()
    }

    /// Whether `name` is taken, in any case, by someone seated on the booth
    /// other than `session`.
    pub(super) fn name_taken(&self, name: &str, session: &str) -> bool {
        self.game.as_ref().is_some_and(|g| {
            g.seats.iter().any(|s| {
                s.session.as_deref().is_some_and(|s| s != session)
                    && s.name
                        .as_deref()
                        .is_some_and(|n| n.eq_ignore_ascii_case(name))
            })
        })
    }

    /// The sides a session may move in the current game.
    pub(super) fn sides_of(&self, session: &str) -> Vec<Side> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        match (game.mode, self.seat_of(session)) {
            (GameMode::Demo, _) | (_, None) => Vec::new(),
            (_, Some(0)) => vec![Side::First],
            (_, Some(_)) => vec![Side::Second],
        }
    }

    /// Ends the game for `why`, done by `name` if a person did it: the
    /// robot is free, and everyone is told.
    pub(super) fn end_game(&mut self, why: NoticeCode, name: Option<String>) -> Changes {
        let outcome = match why {
            NoticeCode::PlayerLeft => Outcome::Left,
            NoticeCode::EndedByStaff => Outcome::EndedByStaff,
            NoticeCode::EndedIdle | NoticeCode::NoOpponent => Outcome::Idle,
            NoticeCode::Restarted => Outcome::Restarted,
        };
        let mut changes: Changes = self.close_record(outcome).into_iter().collect();
        // A game that ran into a limit: its people let others go first for
        // a while, so that starting again cannot hold the robot.
        if matches!(
            why,
            NoticeCode::EndedByStaff | NoticeCode::EndedIdle | NoticeCode::NoOpponent
        ) && let Some(game) = &self.game
        {
            for seat in &game.seats {
                if let (Some(session), Some(device)) = (&seat.session, seat.device) {
                    self.fairness.rest(session, device);
                }
            }
        }
        self.game = None;
        self.quiet_since = Instant::now();
        changes.push(Change::Notice { code: why, name });
        changes.push(Change::Game);
        changes
    }

    /// The end of the game's record, unless it has ended already (a
    /// finished game's record says who won) or never began.
    pub(super) fn close_record(&self, outcome: Outcome) -> Option<Change> {
        let game = self.game.as_ref().filter(|g| !g.board.is_over())?;
        Some(Change::RecordEnded {
            record: game.record?,
            outcome,
        })
    }
}
