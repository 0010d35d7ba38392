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
    /// The robot went into a fault (`None`: its port was lost), `count`
    /// times in a row, each within [`STORM_GAP`] of the last, until
    /// `until_ms`: a robot that reports a fault every few milliseconds is
    /// one line for the staff.
    Fault {
        /// The fault, as the pages name it.
        fault: Option<Fault>,
        /// How many times.
        count: u64,
        /// When the last of them was, in Unix milliseconds.
        until_ms: i64,
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

/// Faults of one kind this close together are one storm.
pub const STORM_GAP: std::time::Duration = std::time::Duration::from_secs(10);

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl EventLog {
    /// Notes a refusal, now.
    pub fn refused(&mut self, code: ErrorCode, name: Option<String>) {
        self.push(now_ms(), What::Refused { code, name });
    }

    /// Notes `times` reports of the robot's `fault`, now: counted in the
    /// newest fault's line when it is the same fault within
    /// [`STORM_GAP`]. Whether it began a new line.
    pub fn fault(&mut self, fault: Option<Fault>, times: u64) -> bool {
        self.fault_at(fault, times, now_ms())
    }

    fn fault_at(&mut self, fault: Option<Fault>, times: u64, now: i64) -> bool {
        let gap = i64::try_from(STORM_GAP.as_millis()).unwrap_or(i64::MAX);
        let newest = self
            .events
            .iter_mut()
            .rev()
            .find_map(|e| match &mut e.what {
                What::Fault {
                    fault: kind,
                    count,
                    until_ms,
                } => Some((*kind, count, until_ms)),
                What::Refused { .. } => None,
            });
        if let Some((kind, count, until_ms)) = newest
            && kind == fault
            && now - *until_ms <= gap
        {
            *count += times;
            *until_ms = now;
            return false;
        }
        let what = What::Fault {
            fault,
            count: times,
            until_ms: now,
        };
        self.push(now, what);
        true
    }

    fn push(&mut self, at_ms: i64, what: What) {
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
        for i in 0..KEPT + 5 {
            // Each a minute apart: separate lines.
            assert!(log.fault_at(None, 1, 1_800_000_000_000 + 60_000 * i as i64));
        }
        log.refused(ErrorCode::NotYourTurn, Some("Anna".into()));
        assert_eq!(log.iter().count(), KEPT);
        let newest = serde_json::to_value(log.iter().next_back().unwrap()).unwrap();
        assert_eq!(newest["kind"], "refused");
        assert_eq!(newest["code"], "not_your_turn");
        assert_eq!(newest["name"], "Anna");
        assert!(newest["at_ms"].as_i64().unwrap() > 1_700_000_000_000);
    }

    #[test]
    fn a_storm_of_one_fault_is_one_line_with_its_count_and_span() {
        let mut log = EventLog::default();
        let start = 1_800_000_000_000;
        assert!(log.fault_at(Some(Fault::Internal), 1, start));
        for i in 1..5187 {
            assert!(!log.fault_at(Some(Fault::Internal), 1, start + 2 * i));
        }
        // A refusal in between does not end the storm; another fault does.
        log.refused(ErrorCode::NotYourTurn, None);
        assert!(!log.fault_at(Some(Fault::Internal), 1, start + 12_000));
        assert!(log.fault_at(Some(Fault::Jammed), 1, start + 12_001));
        let storm = serde_json::to_value(log.iter().next().unwrap()).unwrap();
        assert_eq!(
            (&storm["fault"], &storm["count"], storm["until_ms"].as_i64()),
            (
                &serde_json::json!("internal"),
                &serde_json::json!(5188),
                Some(start + 12_000)
            )
        );
        assert_eq!(log.iter().count(), 3);
        // After a quiet gap the same fault is a new line.
        assert!(log.fault_at(Some(Fault::Jammed), 1, start + 12_001 + 10_001));
    }
}
