//! `hello`: the first message of a page, saying what it wants to be.

use engine::player::LevelSpec;

use crate::booth::change::{Change, Reply};
use crate::booth::game::COMPUTER;
use crate::booth::table::{Caller, Table};
use crate::messages::{ErrorCode, Role, VERSION, valid_name};

/// The longest session id a page may choose.
const MAX_SESSION: usize = 64;

/// A page's version, role, session and name.
pub(in crate::booth) struct Hello {
    role: Role,
    session: String,
    name: Option<String>,
    show_name: bool,
}

impl Hello {
    /// Refuses another protocol version, a name that is no visitor's
    /// name (or is the computer's or a level's), and an empty or overlong
    /// session.
    pub(in crate::booth) fn parse(
        v: u32,
        role: Role,
        session: String,
        name: Option<String>,
        show_name: bool,
    ) -> Result<Hello, ErrorCode> {
        if v != VERSION {
            return Err(ErrorCode::Version);
        }
        if name.as_deref().is_some_and(|n| !valid_name(n)) {
            return Err(ErrorCode::BadName);
        }
        if session.is_empty() || session.len() > MAX_SESSION {
            return Err(ErrorCode::BadSession);
        }
        if name.as_deref().is_some_and(reserved) {
            return Err(ErrorCode::ReservedName);
        }
        Ok(Hello {
            role,
            session,
            show_name: show_name && name.is_some(),
            name,
        })
    }

    /// A player's page that may not play (another device without the LAN
    /// token) is seated as a spectator and told why. A connection keeps
    /// its first session, and a seated session its name; a page of a
    /// seated session that comes back ends its seat's grace time. The page
    /// gets its snapshot.
    pub(in crate::booth) fn apply(self, table: &mut Table, caller: &Caller) -> Reply {
        let Hello {
            role,
            session,
            name,
            show_name,
        } = self;
        if caller.role.is_some() && caller.session != session {
            return Err(ErrorCode::SessionChange);
        }
        let seat = table.seat_of(&session);
        if role == Role::Player
            && let (Some(seat), Some(game), Some(name)) = (seat, &table.game, &name)
            && game.seats[seat]
                .name
                .as_deref()
                .is_some_and(|seated| !seated.eq_ignore_ascii_case(name))
        {
            return Err(ErrorCode::SessionHasName);
        }
        // A spectator's name plays no part: only players must differ.
        if role == Role::Player
            && name
                .as_deref()
                .is_some_and(|n| table.name_taken(n, &session))
        {
            return Err(ErrorCode::NameTaken);
        }
        let page = table
            .pages
            .get_mut(&caller.id)
            .ok_or(ErrorCode::HelloFirst)?;
        let refused = role == Role::Player && !page.trusted;
        page.role = Some(if refused { Role::Spectator } else { role });
        page.session = session;
        page.name = name;
        page.show_name = show_name;
        // A seated visitor may change their mind about being shown.
        if !refused
            && role == Role::Player
            && let (Some(seat), Some(game)) = (seat, &mut table.game)
        {
            game.seats[seat].shown = show_name;
        }
        let mut back = false;
        if !refused
            && role == Role::Player
            && let (Some(seat), Some(game)) = (seat, &mut table.game)
        {
            back = game.seats[seat].away.take().is_some();
        }
        // A player back within the grace time: the others learn it too.
        let mut changes = vec![if back {
            Change::Seats
        } else {
            Change::SnapshotFor(caller.id)
        }];
        if refused {
            changes.push(Change::Refused(ErrorCode::Token));
        }
        Ok(changes)
    }
}

/// Whether `name` is the one the booth gives the computer's seats, or a
/// level's, which watchers would take for the computer, in any case.
fn reserved(name: &str) -> bool {
    name.eq_ignore_ascii_case(COMPUTER) || name.to_ascii_lowercase().parse::<LevelSpec>().is_ok()
}
