//! The two parsers that read untrusted input, on random input (the same
//! properties as the cargo-fuzz targets in `bridge/fuzz`, run in CI).

use bridge::codec::{LineCodec, RobotCodec, parse_command};
use bridge::messages::ClientMessage;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn robot_lines_never_panic_and_commands_round_trip(line in prop::collection::vec(any::<u8>(), 0..80)) {
        let codec = LineCodec;
        let _ = codec.decode(&line);
        if let Ok(command) = parse_command(&line) {
            let bytes = codec.encode(&command);
            prop_assert_eq!(parse_command(&bytes[..bytes.len() - 1]).ok(), Some(command));
        }
    }

    #[test]
    fn command_shaped_lines_parse_or_are_refused(
        word in prop::sample::select(vec!["PING", "DROP", "CLEAR", "LED", "LEDOFF", "RESET", "drop"]),
        args in prop::collection::vec("[YR0-9]{0,3}", 0..6),
    ) {
        let line = std::iter::once(word.to_string()).chain(args).collect::<Vec<_>>().join(" ");
        let _ = parse_command(line.as_bytes());
    }

    #[test]
    fn page_messages_never_panic(text in "\\PC{0,200}") {
        let _ = serde_json::from_str::<ClientMessage>(&text);
    }

    #[test]
    fn message_shaped_json_never_panics(
        kind in prop::sample::select(vec!["hello", "start", "join", "move", "trace", "still_here", "leave", "x"]),
        column in any::<i64>(),
        extra in "[a-z]{0,8}",
    ) {
        let text = format!(r#"{{"type":"{kind}","column":{column},"v":1,"role":"player","session":"{extra}","{extra}":1}}"#);
        let _ = serde_json::from_str::<ClientMessage>(&text);
    }
}
