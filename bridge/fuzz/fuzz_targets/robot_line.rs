//! Any line a robot or a host could send: decoding never panics, and every
//! command that parses encodes to the same line.
#![no_main]

use bridge::codec::{LineCodec, RobotCodec, parse_command};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let codec = LineCodec;
    let _ = codec.decode(data);
    if let Ok(command) = parse_command(data) {
        let bytes = codec.encode(&command);
        assert_eq!(parse_command(&bytes[..bytes.len() - 1]).ok(), Some(command));
    }
});
