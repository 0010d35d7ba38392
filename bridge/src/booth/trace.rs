//! `trace`: a search tree, relayed to the spectator screens.

use std::sync::Arc;

use super::{Booth, Caller, Reply};
use crate::messages::{ErrorCode, Role, ServerMessage};

impl Booth {
    /// Sends a seated player's tree to every spectator.
    pub(super) fn relay_trace(&mut self, caller: &Caller, trace: serde_json::Value) -> Reply {
        self.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        self.to_spectators(&ServerMessage::Trace { trace }, Some(caller.id));
        Ok(())
    }

    /// A search tree for every spectator screen but `except`, serialised
    /// once: every spectator's outbox shares the text.
    pub(super) fn to_spectators(&self, trace: &ServerMessage, except: Option<u64>) {
        let text: Arc<str> = serde_json::to_string(trace)
            .expect("messages serialise")
            .into();
        for (&other, c) in &self.clients {
            if Some(other) != except && c.role == Some(Role::Spectator) {
                c.outbox.send_trace(Arc::clone(&text));
            }
        }
    }
}
