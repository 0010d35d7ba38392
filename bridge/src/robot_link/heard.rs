//! What the robot says, as it comes off the wire: bytes into lines of at
//! most the protocol's length, lines into replies. The link's thread and
//! `robot-check` both listen through it.

use std::io::{ErrorKind, Read};
use std::time::Instant;

use crate::codec::{MAX_LINE, RobotCodec};
use crate::robot_protocol::Reply;

/// One thing heard from the robot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// A reply of the protocol.
    Reply(Reply),
    /// A line for people (`# ...`).
    Comment(String),
    /// A line that is not a reply, with why.
    Unreadable(String),
    /// A line longer than the protocol allows, dropped as it came.
    Overlong,
}

/// Bytes read and not yet a line.
#[derive(Debug, Default)]
pub struct Listener {
    /// At most [`MAX_LINE`] bytes and a line end.
    buffer: Vec<u8>,
    /// In a line too long for the protocol: bytes are dropped up to its
    /// end, instead of being kept and searched again and again.
    overlong: bool,
}

impl Listener {
    /// Forgets a half-read line (after the port was opened again).
    pub fn clear(&mut self) {
        self.buffer.clear();
        self.overlong = false;
    }

    /// Whether bytes came that are no line yet (or the start of an
    /// overlong one): a robot at another baud rate sends only such.
    pub fn holds_bytes(&self) -> bool {
        self.overlong || !self.buffer.is_empty()
    }

    /// The next thing heard, reading `port` until `deadline`; `Ok(None)`
    /// when nothing complete came by then.
    ///
    /// # Errors
    /// The port's error, or `UnexpectedEof` when it closed.
    pub fn next(
        &mut self,
        port: &mut dyn Read,
        codec: &dyn RobotCodec,
        deadline: Instant,
    ) -> std::io::Result<Option<Heard>> {
        loop {
            if let Some(heard) = self.take_line(codec) {
                return Ok(Some(heard));
            }
            let mut chunk = [0u8; 128];
            match port.read(&mut chunk) {
                Ok(0) => return Err(ErrorKind::UnexpectedEof.into()),
                Ok(n) => self.buffer.extend_from_slice(&chunk[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
                Err(e) => return Err(e),
            }
            if Instant::now() >= deadline {
                return Ok(self.take_line(codec));
            }
        }
    }

    fn take_line(&mut self, codec: &dyn RobotCodec) -> Option<Heard> {
        let end = self.buffer.iter().position(|&b| b == b'\n');
        if self.overlong {
            let end = end.or_else(|| {
                self.buffer.clear();
                None
            })?;
            self.buffer.drain(..=end);
            self.overlong = false;
            return Some(Heard::Overlong);
        }
        if let Some(end) = end {
            let line: Vec<u8> = self.buffer.drain(..=end).collect();
            return Some(match codec.decode(&line[..line.len() - 1]) {
                Ok(Reply::Comment(text)) => Heard::Comment(text),
                Ok(reply) => Heard::Reply(reply),
                Err(e) => Heard::Unreadable(e.0),
            });
        }
        // Room for a `\r` before the newline.
        if self.buffer.len() > MAX_LINE + 1 {
            self.buffer.clear();
            self.overlong = true;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::LineCodec;

    fn heard(bytes: &[u8]) -> Vec<Heard> {
        let mut listener = Listener::default();
        let mut port = bytes;
        let mut all = Vec::new();
        while let Ok(Some(h)) = listener.next(&mut port, &LineCodec, Instant::now()) {
            all.push(h);
        }
        all
    }

    #[test]
    fn lines_arrive_in_pieces_and_garbage_does_not_hide_the_next_reply() {
        let mut bytes = b"# firmware 1.0\r\nREA".to_vec();
        bytes.extend_from_slice(b"DY\n");
        bytes.extend_from_slice(&[b'x'; 200]);
        bytes.extend_from_slice(b"\n\xff\xfe\nRECEIVED\n");
        assert_eq!(
            heard(&bytes),
            vec![
                Heard::Comment("firmware 1.0".into()),
                Heard::Reply(Reply::Ready),
                Heard::Overlong,
                Heard::Unreadable("line is not ASCII".into()),
                Heard::Reply(Reply::Received),
            ]
        );
    }
}
