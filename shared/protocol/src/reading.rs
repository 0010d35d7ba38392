//! How a page reads a [`ServerMessage`]: its `type` first, then the rest of
//! the object straight into that variant.
//!
//! serde's derived reader for an internally tagged enum cannot know where
//! the tag is, so it buffers every message into a generic tree first and
//! reads the variant from that: a second copy of the reader of every type a
//! message carries, a fifth of the page's serde code. The bridge always
//! writes `type` first (serde writes an internally tagged enum's tag before
//! its fields), so the page need not buffer.

use core::fmt;

use serde::de::value::MapAccessDeserializer;
use serde::de::{Error as _, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::{ErrorCode, NoticeCode, ServerMessage, Snapshot, Welcome};

/// The message kinds, as `type` spells them.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Welcome,
    Snapshot,
    Error,
    Notice,
    StillThere,
    Thinking,
    Decided,
}

/// The only key allowed first.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum TypeKey {
    Type,
}

#[derive(Deserialize)]
struct Error {
    code: ErrorCode,
}

#[derive(Deserialize)]
struct Notice {
    code: NoticeCode,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
struct StillThere {
    seconds_left: u64,
}

impl<'de> Deserialize<'de> for ServerMessage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(TypeFirst)
    }
}

struct TypeFirst;

impl<'de> Visitor<'de> for TypeFirst {
    type Value = ServerMessage;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a message object whose first key is \"type\"")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ServerMessage, A::Error> {
        if map.next_key::<TypeKey>()?.is_none() {
            return Err(A::Error::missing_field("type"));
        }
        let kind: Kind = map.next_value()?;
        let rest = MapAccessDeserializer::new(map);
        Ok(match kind {
            Kind::Welcome => ServerMessage::Welcome(Welcome::deserialize(rest)?),
            Kind::Snapshot => ServerMessage::Snapshot(Box::new(Snapshot::deserialize(rest)?)),
            Kind::Error => ServerMessage::Error {
                code: Error::deserialize(rest)?.code,
            },
            Kind::Notice => {
                let Notice { code, name } = Notice::deserialize(rest)?;
                ServerMessage::Notice { code, name }
            }
            Kind::StillThere => ServerMessage::StillThere {
                seconds_left: StillThere::deserialize(rest)?.seconds_left,
            },
            Kind::Thinking => ServerMessage::Thinking(Box::new(Deserialize::deserialize(rest)?)),
            Kind::Decided => ServerMessage::Decided(Box::new(Deserialize::deserialize(rest)?)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(message: ServerMessage) {
        let text = serde_json::to_string(&message).unwrap();
        assert!(text.starts_with(r#"{"type":"#), "{text}");
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            message,
            "{text}"
        );
    }

    #[test]
    fn every_kind_reads_back_as_written() {
        round_trip(ServerMessage::Welcome(Welcome {
            language: Some(crate::Language::De),
            ..Welcome::default()
        }));
        // The example of docs/bridge.md.
        let snapshot = r#"{"type":"snapshot","v":4,"status":"playing","moves":"4453","mode":"vs_computer",
            "turn":"first","winner":null,"winning_cells":[],"seats":["Ada_1","Computer"],
            "levels":[null,"hard:aggressive"],"computer":"second","again":[false,false],"you":"first","can_move":true,
            "robot":{"state":"ready","fault":null,"in_sync":true,"placed":4,"port":"/tmp/c4robot-sim-812"}}"#;
        let snapshot = serde_json::from_str::<ServerMessage>(snapshot).unwrap();
        assert!(
            matches!(&snapshot, ServerMessage::Snapshot(s) if s.moves == "4453" && s.robot.placed == 4
                && s.levels[1].is_some_and(|l| l.to_string() == "hard:aggressive"))
        );
        round_trip(snapshot);
        round_trip(ServerMessage::Error {
            code: ErrorCode::NotYourTurn,
        });
        round_trip(ServerMessage::Notice {
            code: NoticeCode::PlayerLeft,
            name: Some("Ada".into()),
        });
        round_trip(ServerMessage::Notice {
            code: NoticeCode::PlayerLeft,
            name: None,
        });
        round_trip(ServerMessage::StillThere { seconds_left: 25 });
        round_trip(ServerMessage::Thinking(Box::default()));
        let board: engine::Board = "4453".parse().unwrap();
        let decision =
            engine::Player::new(engine::player::Level::Medium.config(Default::default()), 1)
                .choose(&board)
                .unwrap();
        round_trip(ServerMessage::Decided(Box::new((&decision).into())));
    }

    #[test]
    fn a_message_without_its_type_first_is_refused_with_a_reason() {
        let error = serde_json::from_str::<ServerMessage>(r#"{"code":"busy","type":"error"}"#)
            .unwrap_err()
            .to_string();
        assert!(error.contains("type"), "{error}");
        assert!(serde_json::from_str::<ServerMessage>(r#"{"type":"dance"}"#).is_err());
        assert!(serde_json::from_str::<ServerMessage>(r#"{"type":"error"}"#).is_err());
    }
}
