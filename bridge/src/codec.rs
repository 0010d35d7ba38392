//! How commands and replies are written on the wire. The game logic only
//! sees [`Command`] and [`Reply`]; another byte encoding of the real robot's
//! firmware is one more implementation of [`RobotCodec`].

use crate::robot_protocol::{Colour, Command, ErrorCode, Reply};

/// Longest line the protocol allows.
pub const MAX_LINE: usize = 64;

/// Why a line from the robot could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodecError(pub String);

/// An encoding of the robot protocol.
pub trait RobotCodec: Send {
    /// The bytes of a command.
    fn encode(&self, command: &Command) -> Vec<u8>;
    /// A reply from one received line (without its line ending).
    fn decode(&self, line: &[u8]) -> Result<Reply, CodecError>;
}

/// The `c4robot/1` ASCII line protocol: the default, and the simulator's.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineCodec;

impl RobotCodec for LineCodec {
    fn encode(&self, command: &Command) -> Vec<u8> {
        format!("{command}\n").into_bytes()
    }

    fn decode(&self, line: &[u8]) -> Result<Reply, CodecError> {
        let text = check_line(line)?;
        if let Some(comment) = text.strip_prefix('#') {
            return Ok(Reply::Comment(comment.trim().to_string()));
        }
        let mut words = text.splitn(3, ' ');
        match (words.next(), words.next()) {
            (Some("READY"), None) => Ok(Reply::Ready),
            (Some("RECEIVED"), None) => Ok(Reply::Received),
            (Some("BUSY"), None) => Ok(Reply::Busy),
            (Some("ERROR"), Some(code)) => {
                let code = match code {
                    "JAM" => ErrorCode::Jam,
                    "EMPTY" => ErrorCode::Empty,
                    "FULL" => ErrorCode::Full,
                    "BADCMD" => ErrorCode::BadCommand,
                    "INTERNAL" => ErrorCode::Internal,
                    other => return Err(CodecError(format!("unknown error code {other:?}"))),
                };
                Ok(Reply::Error(code, words.next().unwrap_or("").to_string()))
            }
            _ => Err(CodecError(format!("unknown reply {text:?}"))),
        }
    }
}

/// The text of a line: ASCII, at most [`MAX_LINE`] bytes, `\r` trimmed.
pub fn check_line(line: &[u8]) -> Result<&str, CodecError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.len() > MAX_LINE {
        return Err(CodecError(format!(
            "line of {} bytes exceeds {MAX_LINE}",
            line.len()
        )));
    }
    if !line.is_ascii() {
        return Err(CodecError("line is not ASCII".into()));
    }
    Ok(std::str::from_utf8(line).expect("ASCII is UTF-8").trim())
}

/// Parses a host command line (the simulator's side of the protocol).
pub fn parse_command(line: &[u8]) -> Result<Command, CodecError> {
    let text = check_line(line)?;
    let words: Vec<&str> = text.split(' ').collect();
    let colour = |w: &str| match w {
        "Y" => Ok(Colour::Yellow),
        "R" => Ok(Colour::Red),
        _ => Err(CodecError(format!("bad colour {w:?}"))),
    };
    let bad = || CodecError(format!("bad command {text:?}"));
    match words.as_slice() {
        ["PING"] => Ok(Command::Ping),
        ["CLEAR"] => Ok(Command::Clear),
        ["LEDOFF"] => Ok(Command::LedOff),
        ["RESET"] => Ok(Command::Reset),
        ["DROP", c, col] => {
            let col: u8 = col.parse().map_err(|_| bad())?;
            if !(1..=7).contains(&col) {
                return Err(bad());
            }
            Ok(Command::Drop(colour(c)?, col))
        }
        ["LED", c, a, b, d, e] => {
            let cell = |w: &str| -> Result<(u8, u8), CodecError> {
                let bytes = w.as_bytes();
                if bytes.len() != 2 {
                    return Err(bad());
                }
                let (col, row) = (bytes[0].wrapping_sub(b'0'), bytes[1].wrapping_sub(b'0'));
                if (1..=7).contains(&col) && (1..=6).contains(&row) {
                    Ok((col, row))
                } else {
                    Err(bad())
                }
            };
            Ok(Command::Led(
                colour(c)?,
                [cell(a)?, cell(b)?, cell(d)?, cell(e)?],
            ))
        }
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_round_trip_through_the_line_encoding() {
        let codec = LineCodec;
        for command in [
            Command::Ping,
            Command::Drop(Colour::Red, 7),
            Command::Clear,
            Command::Led(Colour::Yellow, [(1, 1), (2, 2), (3, 3), (4, 4)]),
            Command::LedOff,
            Command::Reset,
        ] {
            let bytes = codec.encode(&command);
            assert_eq!(bytes.last(), Some(&b'\n'));
            assert_eq!(parse_command(&bytes[..bytes.len() - 1]), Ok(command));
        }
    }

    #[test]
    fn replies_parse_and_bad_lines_are_refused() {
        let codec = LineCodec;
        assert_eq!(codec.decode(b"READY\r"), Ok(Reply::Ready));
        assert_eq!(
            codec.decode(b"ERROR JAM coin stuck"),
            Ok(Reply::Error(ErrorCode::Jam, "coin stuck".into()))
        );
        assert_eq!(
            codec.decode(b"# c4robot/1 firmware 1.0\r"),
            Ok(Reply::Comment("c4robot/1 firmware 1.0".into()))
        );
        assert!(codec.decode(b"ERROR WHAT").is_err());
        assert!(codec.decode(b"HELLO").is_err());
        assert!(codec.decode(&[b'B'; 65]).is_err());
        assert!(codec.decode("BÜSY".as_bytes()).is_err());
        assert!(parse_command(b"DROP Y 8").is_err());
        assert!(parse_command(b"LED Y 11 22 33 47").is_err());
    }
}
