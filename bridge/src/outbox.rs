//! What waits to be sent to one page, bounded by design.
//!
//! A page that reads slowly (a tablet on bad Wi-Fi) or not at all must not
//! grow the bridge. Snapshots and the computer's search (how it stands, or
//! the move it chose, with its tree) describe a state, and only the newest
//! matters: a new one replaces the one still waiting. Everything else
//! (refusals, notices, questions) waits in order, up to [`CAPACITY`]; a page
//! that lets more pile up is cut off with a reason, since it is no longer
//! following the game. A search message is serialised once and shared by
//! every page's outbox.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use crate::messages::ServerMessage;

/// Messages that may wait besides the newest snapshot and search.
pub const CAPACITY: usize = 32;

/// What a message is, for what a newer one replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Snapshot,
    Search,
    Event,
}

impl Kind {
    fn of(message: &ServerMessage) -> Kind {
        match message {
            ServerMessage::Snapshot(_) => Kind::Snapshot,
            ServerMessage::Thinking(_) | ServerMessage::Decided(_) => Kind::Search,
            // Named one by one, so that a new message is sorted here
            // before it compiles.
            ServerMessage::Welcome(_)
            | ServerMessage::Error { .. }
            | ServerMessage::Notice { .. }
            | ServerMessage::StillThere { .. } => Kind::Event,
        }
    }
}

/// What the connection does next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Send this text.
    Send(Arc<str>),
    /// Close: the page fell too far behind.
    FellBehind,
}

#[derive(Default)]
struct Queue {
    waiting: VecDeque<(Kind, Arc<str>)>,
    fell_behind: bool,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    ready: Notify,
}

/// One page's outgoing messages: cheap to clone, every clone the same box.
#[derive(Clone, Default)]
pub struct Outbox {
    shared: Arc<Shared>,
}

impl Outbox {
    /// An empty outbox.
    pub fn new() -> Outbox {
        Outbox::default()
    }

    /// Queues `message` (serialised here).
    pub fn send(&self, message: &ServerMessage) {
        let text = serde_json::to_string(message).expect("messages serialise");
        self.send_text(Kind::of(message), text.into());
    }

    /// Queues the computer's search, serialised once for every page:
    /// `text` is a whole [`ServerMessage::Thinking`] or
    /// [`ServerMessage::Decided`].
    pub fn send_search(&self, text: Arc<str>) {
        self.send_text(Kind::Search, text);
    }

    fn send_text(&self, kind: Kind, text: Arc<str>) {
        let mut queue = self.shared.queue.lock().expect("outbox lock");
        if queue.fell_behind {
            return;
        }
        let events = queue.waiting.iter().filter(|(k, _)| *k == Kind::Event);
        if kind == Kind::Event && events.count() >= CAPACITY {
            // Events are not superseded: the page is no longer following.
            queue.waiting.clear();
            queue.fell_behind = true;
        } else {
            if kind != Kind::Event {
                queue.waiting.retain(|(k, _)| *k != kind);
            }
            queue.waiting.push_back((kind, text));
        }
        drop(queue);
        self.shared.ready.notify_one();
    }

    /// The next thing to do, without waiting (`None`: nothing yet).
    pub fn try_next(&self) -> Option<Next> {
        let mut queue = self.shared.queue.lock().expect("outbox lock");
        if queue.fell_behind {
            return Some(Next::FellBehind);
        }
        queue.waiting.pop_front().map(|(_, text)| Next::Send(text))
    }

    /// The next thing to do, once there is one.
    pub async fn next(&self) -> Next {
        loop {
            let notified = self.shared.ready.notified();
            if let Some(next) = self.try_next() {
                return next;
            }
            notified.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{ErrorCode, NoticeCode};

    fn texts(outbox: &Outbox) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        while let Some(Next::Send(text)) = outbox.try_next() {
            out.push(serde_json::from_str(&text).unwrap());
        }
        out
    }

    fn search(nodes: u64) -> Arc<str> {
        let progress = crate::messages::search::Thinking {
            nodes,
            ..Default::default()
        };
        serde_json::to_string(&ServerMessage::Thinking(Box::new(progress)))
            .unwrap()
            .into()
    }

    #[test]
    fn a_newer_search_replaces_the_one_waiting_and_events_keep_their_order() {
        let outbox = Outbox::new();
        outbox.send_search(search(1));
        outbox.send(&ServerMessage::Error {
            code: ErrorCode::Busy,
        });
        outbox.send_search(search(2));
        outbox.send(&ServerMessage::Notice {
            code: NoticeCode::EndedIdle,
            name: None,
        });
        for n in 3..1000 {
            outbox.send_search(search(n));
        }
        let got = texts(&outbox);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(matches!(
            got[0],
            ServerMessage::Error {
                code: ErrorCode::Busy
            }
        ));
        assert!(matches!(got[1], ServerMessage::Notice { .. }));
        assert!(
            matches!(&got[2], ServerMessage::Thinking(p) if p.nodes == 999),
            "{:?}",
            got[2]
        );
    }

    #[test]
    fn a_page_that_lets_events_pile_up_is_cut_off() {
        let refusal = ServerMessage::Error {
            code: ErrorCode::RateLimited,
        };
        let full = Outbox::new();
        let one_more = Outbox::new();
        for _ in 0..CAPACITY {
            full.send(&refusal);
            one_more.send(&refusal);
        }
        // Snapshots and searches never count against the capacity.
        full.send_search(search(1));
        one_more.send(&refusal);
        assert_eq!(texts(&full).len(), CAPACITY + 1);
        assert_eq!(one_more.try_next(), Some(Next::FellBehind));
        one_more.send(&refusal);
        assert_eq!(one_more.try_next(), Some(Next::FellBehind), "and stays so");
    }
}
