//! `trace`: a player's search tree, relayed to the spectator screens.

use std::sync::Arc;

use super::{Booth, Caller, Reply};
use crate::messages::{ErrorCode, Role, ServerMessage};

impl Booth {
    /// Sends a seated player's tree to every spectator.
    pub(super) fn relay_trace(&mut self, caller: &Caller, trace: serde_json::Value) -> Reply {
        self.seat_of_player(caller).ok_or(ErrorCode::NotAllowed)?;
        // Serialised once: every spectator's outbox shares the text.
        let text: Arc<str> = serde_json::to_string(&ServerMessage::Trace { trace })
            .expect("messages serialise")
            .into();
        for (&other, c) in &self.clients {
            if other != caller.id && c.role == Some(Role::Spectator) {
                c.outbox.send_trace(Arc::clone(&text));
            }
        }
        Ok(())
    }
}
