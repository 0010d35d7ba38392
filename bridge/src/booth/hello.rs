//! `hello`: the first message of a page, saying what it wants to be.

use super::{Booth, Caller, Reply};
use crate::messages::{ErrorCode, Role, VERSION, valid_name};

/// The longest session id a page may choose.
const MAX_SESSION: usize = 64;

impl Booth {
    /// Takes a page's version, role, session and name. A player's page
    /// that may not play (another device without the LAN token) is seated
    /// as a spectator and told why.
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
        if name
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
        self.send_snapshot(caller.id);
        if refused {
            Err(ErrorCode::Token)
        } else {
            Ok(())
        }
    }
}
