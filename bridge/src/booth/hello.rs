//! `hello`: the first message of a page, saying what it wants to be.

use engine::player::LevelSpec;

use super::start::COMPUTER;
use super::{Booth, Caller, Changed, Reply};
use crate::messages::{ErrorCode, Role, VERSION, valid_name};

/// The longest session id a page may choose.
const MAX_SESSION: usize = 64;

impl Booth {
    /// Takes a page's version, role, session and name. A player's page
    /// that may not play (another device without the LAN token) is seated
    /// as a spectator and told why. A connection keeps its first session,
    /// and a seated session its name; a page of a seated session that
    /// comes back ends its seat's grace time.
    pub(super) fn hello(
        &mut self,
        caller: &Caller,
        v: u32,
        role: Role,
        session: String,
        name: Option<String>,
    ) -> Reply {
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
        let greeted = self
            .clients
            .get(&caller.id)
            .is_some_and(|c| c.role.is_some());
        if greeted && caller.session != session {
            return Err(ErrorCode::SessionChange);
        }
        let seat = self.seat_of(&session);
        if role == Role::Player
            && let (Some(seat), Some(game), Some(name)) = (seat, &self.game, &name)
            && game.names[seat]
                .as_deref()
                .is_some_and(|seated| !seated.eq_ignore_ascii_case(name))
        {
            return Err(ErrorCode::SessionHasName);
        }
        // A spectator's name plays no part: only players must differ.
        if role == Role::Player
            && name
                .as_deref()
                .is_some_and(|n| self.name_taken(n, &session))
        {
            return Err(ErrorCode::NameTaken);
        }
        let client = self
            .clients
            .get_mut(&caller.id)
            .ok_or(ErrorCode::HelloFirst)?;
        let refused = role == Role::Player && !client.trusted;
        client.role = Some(if refused { Role::Spectator } else { role });
        client.session = session;
        client.name = name;
        if !refused
            && role == Role::Player
            && let (Some(seat), Some(game)) = (seat, &mut self.game)
        {
            game.away[seat] = None;
        }
        self.send_snapshot(caller.id);
        if refused {
            Err(ErrorCode::Token)
        } else {
            Ok(Changed::Nothing)
        }
    }
}

/// Whether `name` is the one the booth gives the computer's seats, or a
/// level's, which watchers would take for the computer, in any case.
fn reserved(name: &str) -> bool {
    name.eq_ignore_ascii_case(COMPUTER) || name.to_ascii_lowercase().parse::<LevelSpec>().is_ok()
}
