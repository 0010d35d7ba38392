//! The robot's commands and replies (`c4robot/1`), independent of how they
//! are encoded on the wire.

use core::fmt;

use engine::Side;

/// A coin colour as the robot knows it: which magazine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    /// The yellow magazine (the first player).
    Yellow,
    /// The red magazine (the second player).
    Red,
}

impl Colour {
    /// The magazine of a side: the first player plays yellow.
    pub fn of(side: Side) -> Colour {
        match side {
            Side::First => Colour::Yellow,
            Side::Second => Colour::Red,
        }
    }
}

/// A command from the host to the robot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Ask for the state.
    Ping,
    /// Drop a coin into a column, 1..=7.
    Drop(Colour, u8),
    /// Release every coin.
    Clear,
    /// Light four cells, each `(column, row)` 1-based with row 1 at the bottom.
    Led(Colour, [(u8, u8); 4]),
    /// All LEDs off.
    LedOff,
    /// Leave the error state.
    Reset,
}

impl Command {
    /// Which timeout applies once the robot has received the command.
    pub fn kind(&self) -> CommandKind {
        match self {
            Command::Drop(..) => CommandKind::Drop,
            Command::Clear => CommandKind::Clear,
            Command::Led(..) | Command::LedOff => CommandKind::Led,
            Command::Ping | Command::Reset => CommandKind::Other,
        }
    }
}

/// Commands grouped by how long the robot may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandKind {
    /// A coin drop.
    Drop,
    /// Releasing the grid.
    Clear,
    /// LED changes.
    Led,
    /// Ping and reset.
    Other,
}

/// A line from the robot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Idle, will accept a command.
    Ready,
    /// A command was accepted.
    Received,
    /// Executing.
    Busy,
    /// A failure with its code and text.
    Error(ErrorCode, String),
    /// A line for people (`# ...`): what the firmware is, why it
    /// restarted. It changes nothing; the host only logs it.
    Comment(String),
}

/// The robot's error codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    /// A coin jammed.
    Jam,
    /// A magazine is empty.
    Empty,
    /// The column is full.
    Full,
    /// The robot did not understand a command.
    BadCommand,
    /// Any other fault.
    Internal,
}

impl ErrorCode {
    /// The code as the robot sends it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Jam => "JAM",
            ErrorCode::Empty => "EMPTY",
            ErrorCode::Full => "FULL",
            ErrorCode::BadCommand => "BADCMD",
            ErrorCode::Internal => "INTERNAL",
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = |c: &Colour| if *c == Colour::Yellow { "Y" } else { "R" };
        match self {
            Command::Ping => f.write_str("PING"),
            Command::Drop(c, col) => write!(f, "DROP {} {col}", colour(c)),
            Command::Clear => f.write_str("CLEAR"),
            Command::Led(c, cells) => {
                write!(f, "LED {}", colour(c))?;
                for (col, row) in cells {
                    write!(f, " {col}{row}")?;
                }
                Ok(())
            }
            Command::LedOff => f.write_str("LEDOFF"),
            Command::Reset => f.write_str("RESET"),
        }
    }
}
