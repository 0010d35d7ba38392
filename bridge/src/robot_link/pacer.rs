//! The journal's pace: a robot that repeats itself is noted once a second.

use std::time::{Duration, Instant};

/// A robot that spews garbage or a storm of errors must not fill the
/// journal on the Pi's SD card: each kind of note that can repeat
/// endlessly is noted at most once a second, with a count of those not
/// noted since.
#[derive(Default)]
pub(super) struct Pacer {
    kinds: std::collections::HashMap<&'static str, Pace>,
}

#[derive(Default)]
struct Pace {
    last_noted: Option<Instant>,
    held: u64,
}

impl Pacer {
    /// Whether to note a line of `kind` now: `Some` with the count of such
    /// lines held back since the last one noted, or `None` to hold this one
    /// back too.
    pub(super) fn pace(&mut self, kind: &'static str) -> Option<u64> {
        let now = Instant::now();
        let pace = self.kinds.entry(kind).or_default();
        if pace
            .last_noted
            .is_some_and(|last| now.duration_since(last) < Duration::from_secs(1))
        {
            pace.held += 1;
            return None;
        }
        pace.last_noted = Some(now);
        Some(std::mem::take(&mut pace.held))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot_link::{LogEntry, Note};

    #[test]
    fn a_repeating_kind_is_noted_once_a_second_with_a_count() {
        let mut pacer = Pacer::default();
        assert_eq!(pacer.pace("robot_says"), Some(0));
        for _ in 0..1000 {
            assert_eq!(pacer.pace("robot_says"), None);
        }
        assert_eq!(pacer.pace("idle_error"), Some(0), "each kind apart");
        pacer.kinds.get_mut("robot_says").unwrap().last_noted =
            Some(Instant::now() - Duration::from_secs(1));
        let held = pacer.pace("robot_says").expect("a second later");
        let entry = LogEntry::new(0, Note::RobotSays { text: "y".into() }, held);
        assert_eq!(
            entry.text,
            "the robot says: y (and 1000 more such lines not noted)"
        );
    }
}
