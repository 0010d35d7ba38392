//! What the link notes about the robot, as data: the journal writes it in
//! English ([`fmt::Display`]), the operator page in the booth's language
//! (by `kind`, with the fields as the values its sentences fill in). The
//! protocol's own words (`DROP R 4`, `JAM`) stay as the robot speaks them.

use std::fmt;

use serde::Serialize;

/// One thing the link noted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Note {
    /// The serial port opened.
    Opened {
        /// Its path.
        port: String,
    },
    /// The serial port closed (the cable, the robot's power).
    PortClosed,
    /// The robot answered `READY` after a start, a fault or a reset.
    Ready,
    /// The staff asked for this (`rebuild`, `test_leds`, `reset`).
    Operator {
        /// The request, as the operator page names its button.
        request: &'static str,
    },
    /// A command finished.
    Done {
        /// The command as sent.
        command: String,
        /// From sending it to `READY`.
        ms: u64,
    },
    /// A command failed with the robot's `ERROR`.
    CommandError {
        /// The command as sent.
        command: String,
        /// The robot's code (`JAM`).
        code: &'static str,
        /// The robot's words after the code.
        text: String,
    },
    /// The robot reported an `ERROR` with no command running.
    IdleError {
        /// The robot's code.
        code: &'static str,
        /// The robot's words after the code.
        text: String,
    },
    /// The robot still reports an error while the link polls it.
    StillInError {
        /// The robot's code.
        code: &'static str,
        /// The robot's words after the code.
        text: String,
    },
    /// No `RECEIVED` in time: the link asks with `PING`.
    NoReceived {
        /// The command as sent.
        command: String,
    },
    /// A `DROP` may or may not have been taken: the grid is rebuilt
    /// rather than risk a second coin.
    MaybeLost {
        /// The command as sent.
        command: String,
    },
    /// A command that is safe to repeat is sent again.
    Resending {
        /// The command as sent.
        command: String,
    },
    /// A staff's command was lost.
    Lost {
        /// The command as sent.
        command: String,
    },
    /// `RECEIVED` came, `READY` did not in the command's time.
    NoReady {
        /// The command as sent.
        command: String,
        /// The time the command had.
        ms: u64,
    },
    /// A reply that came after the link had given up on its command.
    LateReply {
        /// The reply.
        reply: String,
    },
    /// A comment line from the robot (`# …`).
    RobotSays {
        /// Its words.
        text: String,
    },
    /// A line that is not the protocol.
    Unreadable {
        /// What is wrong with it.
        why: String,
    },
    /// A line longer than the protocol allows.
    Overlong {
        /// The longest line the protocol allows, in bytes.
        max: usize,
    },
    /// No hardware: what the dummy robot would now hold.
    DummyShows {
        /// Coins in the grid.
        coins: usize,
        /// The lit LEDs, as the protocol names them.
        leds: String,
    },
}

impl Note {
    /// The kind, as the operator page names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Note::Opened { .. } => "opened",
            Note::PortClosed => "port_closed",
            Note::Ready => "ready",
            Note::Operator { .. } => "operator",
            Note::Done { .. } => "done",
            Note::CommandError { .. } => "command_error",
            Note::IdleError { .. } => "idle_error",
            Note::StillInError { .. } => "still_in_error",
            Note::NoReceived { .. } => "no_received",
            Note::MaybeLost { .. } => "maybe_lost",
            Note::Resending { .. } => "resending",
            Note::Lost { .. } => "lost",
            Note::NoReady { .. } => "no_ready",
            Note::LateReply { .. } => "late_reply",
            Note::RobotSays { .. } => "robot_says",
            Note::Unreadable { .. } => "unreadable",
            Note::Overlong { .. } => "overlong",
            Note::DummyShows { .. } => "dummy_shows",
        }
    }

    /// Whether a robot (or its cable) can make this happen without end: a
    /// finished command and the staff's requests cannot.
    pub fn may_storm(&self) -> bool {
        !matches!(
            self,
            Note::Done { .. } | Note::Operator { .. } | Note::DummyShows { .. }
        )
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Opened { port } => write!(f, "opened {port}"),
            Note::PortClosed => write!(f, "the port closed"),
            Note::Ready => write!(f, "robot ready"),
            Note::Operator { request } => write!(f, "operator: {request}"),
            Note::Done { command, ms } => write!(f, "{command}: done in {ms} ms"),
            Note::CommandError {
                command,
                code,
                text,
            } => write!(f, "{command}: ERROR {code} {text}"),
            Note::IdleError { code, text } => {
                write!(f, "the robot reports ERROR {code} {text} while idle")
            }
            Note::StillInError { code, text } => write!(f, "robot still in error: {code} {text}"),
            Note::NoReceived { command } => write!(f, "{command}: no RECEIVED, sending PING"),
            Note::MaybeLost { command } => {
                write!(f, "{command}: no RECEIVED, maybe lost: rebuilding the grid")
            }
            Note::Resending { command } => write!(f, "{command}: lost, sending it again"),
            Note::Lost { command } => write!(f, "{command}: lost"),
            Note::NoReady { command, ms } => write!(f, "{command}: no READY within {ms} ms"),
            Note::LateReply { reply } => write!(f, "a late {reply} from the robot, ignored"),
            Note::RobotSays { text } => write!(f, "the robot says: {text}"),
            Note::Unreadable { why } => write!(f, "unreadable line from the robot: {why}"),
            Note::Overlong { max } => {
                write!(f, "a line of more than {max} bytes from the robot, ignored")
            }
            Note::DummyShows { coins, leds } => {
                write!(f, "dummy robot: {coins} coins, LEDs {leds}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_gets_a_kind_and_the_values_its_sentence_fills_in() {
        let note = Note::Done {
            command: "DROP R 4".into(),
            ms: 300,
        };
        assert_eq!(
            serde_json::to_value(&note).unwrap(),
            serde_json::json!({"kind": "done", "command": "DROP R 4", "ms": 300})
        );
        assert_eq!(note.to_string(), "DROP R 4: done in 300 ms");
        assert_eq!(note.kind(), "done");
        let storm = Note::IdleError {
            code: "INTERNAL",
            text: String::new(),
        };
        assert_eq!(serde_json::to_value(&storm).unwrap()["kind"], storm.kind());
    }
}
