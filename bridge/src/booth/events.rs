//! What the operator page lists as it happens: each robot fault and each
//! request the booth refused, typed, with its time.

use std::collections::VecDeque;

use crate::messages::{ErrorCode, Fault};

/// Events kept for the operator page (the newest).
pub const KEPT: usize = 50;

/// One event.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Event {
    /// When, in Unix milliseconds.
    pub at_ms: i64,
    /// What happened.
    #[serde(flatten)]
    pub what: What,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum What {
    /// The robot went into a fault (`None`: its port was lost).
    Fault {
        /// The fault, as the pages name it.
        fault: Option<Fault>,
    },
    /// The booth refused a page's request.
    Refused {
        /// Why, as the page was told.
        code: ErrorCode,
        /// The visitor's name, once the page has given one.
        name: Option<String>,
    },
}

/// The newest [`KEPT`] events, oldest first.
#[derive(Debug, Default)]
pub struct EventLog {
    events: VecDeque<Event>,
}

impl EventLog {
    /// Notes `what`, now.
    pub fn push(&mut self, what: What) {
        let at_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        if self.events.len() == KEPT {
            self.events.pop_front();
        }
        self.events.push_back(Event { at_ms, what });
    }

    /// The events, oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Event> {
        self.events.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_are_kept_and_read_as_the_operator_page_gets_them() {
        let mut log = EventLog::default();
        for _ in 0..KEPT + 5 {
            log.push(What::Fault { fault: None });
        }
        log.push(What::Refused {
            code: ErrorCode::NotYourTurn,
            name: Some("Anna".into()),
        });
        assert_eq!(log.iter().count(), KEPT);
        let newest = serde_json::to_value(log.iter().next_back().unwrap()).unwrap();
        assert_eq!(newest["kind"], "refused");
        assert_eq!(newest["code"], "not_your_turn");
        assert_eq!(newest["name"], "Anna");
        assert!(newest["at_ms"].as_i64().unwrap() > 1_700_000_000_000);
    }
}
