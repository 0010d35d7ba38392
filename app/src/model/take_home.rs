//! A finished game as a link a visitor takes home: its moves, its board,
//! who played it (the computer at which level, and which side the visitor
//! had, or two people), how it ended, and the players' names when they
//! may travel. Everything is in the link, so no server keeps anything and
//! the link opens on any copy of the app:
//!
//! `?game=4455667&level=hard&you=1&end=1` (the first player won against
//! Hard, the visitor first); `&size=9x6` off the classic board;
//! `&names=Ada.Bob` for two people who let their names go with it.
//!
//! A link is read with suspicion: one that is too long, whose moves break
//! the rules, names a level that does not exist, disagrees with its own
//! board about how it ended, or carries a name that is no visitor's name
//! (markup included) holds no game.

use booth_protocol::valid_name;
use engine::player::LevelSpec;
use engine::{Board, Geometry, Side};

use super::link::parse_size;

/// The longest query a take-home link may have: a full 9x6 game with its
/// level and two names fits with room to spare; more is no game of ours.
pub const MAX_QUERY: usize = 200;

/// Who played the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Players {
    /// A visitor against the computer at `level`, on `visitor`'s side.
    Computer {
        /// The computer's level and style.
        level: LevelSpec,
        /// The visitor's side.
        visitor: Side,
    },
    /// Two people.
    People,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Four in a row for this side.
    Won(Side),
    /// The board is full.
    Draw,
    /// Stopped before the end (a player left, or nobody moved).
    Stopped,
}

/// The game the page's address brought, if any: who played it stays
/// known while it is on the board.
#[derive(Debug, Clone, Default)]
pub struct TakenHome(pub Option<TakeHome>);

/// A game to take home (see the module's doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeHome {
    /// The game's board with all its moves.
    pub board: Board,
    /// Who played.
    pub players: Players,
    /// How it ended.
    pub ending: Ending,
    /// The first and the second player's names, when they may travel.
    pub names: Option<[String; 2]>,
}

impl TakeHome {
    /// The game on `board` as it stands, `players` playing it; a board not
    /// over ended early.
    pub fn of(board: &Board, players: Players, names: Option<[String; 2]>) -> TakeHome {
        let ending = match (board.is_over(), board.winner()) {
            (true, Some(side)) => Ending::Won(side),
            (true, None) => Ending::Draw,
            (false, _) => Ending::Stopped,
        };
        TakeHome {
            board: board.clone(),
            players,
            ending,
            names: names.filter(|n| n.iter().all(|n| valid_name(n))),
        }
    }

    /// The link's query (`?game=…`), to put after the app's address.
    pub fn query(&self) -> String {
        let g = self.board.geometry();
        let mut query = format!("?game={}", self.board);
        if g != Geometry::STANDARD {
            query += &format!("&size={}x{}", g.columns(), g.rows());
        }
        if let Players::Computer { level, visitor } = self.players {
            query += &format!("&level={level}&you={}", side_number(visitor));
        }
        query += match self.ending {
            Ending::Won(side) => ["&end=1", "&end=2"][usize::from(side == Side::Second)],
            Ending::Draw => "&end=draw",
            Ending::Stopped => "&end=stopped",
        };
        if let Some([first, second]) = &self.names {
            query += &format!("&names={first}.{second}");
        }
        query
    }

    /// The game in a link's query parameters (`param("game")` …), if the
    /// link holds one; `query_len` is the whole query's length.
    pub fn read(query_len: usize, param: impl Fn(&str) -> Option<String>) -> Option<TakeHome> {
        if query_len > MAX_QUERY {
            return None;
        }
        let moves = param("game")?;
        let geometry = match param("size") {
            Some(size) => parse_size(&size)?,
            None => Geometry::STANDARD,
        };
        let board = Board::from_moves(geometry, &moves).ok()?;
        let players = match (param("level"), param("you")) {
            (Some(level), Some(you)) => Players::Computer {
                level: level.parse().ok()?,
                visitor: parse_side(&you)?,
            },
            (None, None) => Players::People,
            _ => return None,
        };
        let ending = match param("end")?.as_str() {
            "draw" => Ending::Draw,
            "stopped" => Ending::Stopped,
            side => Ending::Won(parse_side(side)?),
        };
        let names = match param("names") {
            Some(names) => {
                let (first, second) = names.split_once('.')?;
                let names = [first.to_string(), second.to_string()];
                if !names.iter().all(|n| valid_name(n)) {
                    return None;
                }
                Some(names)
            }
            None => None,
        };
        let game = TakeHome {
            board,
            players,
            ending,
            names,
        };
        // The board has the last word on how a game ended.
        (TakeHome::of(&game.board, players, None).ending == ending).then_some(game)
    }
}

/// A QR code of `link` for a phone's camera: its width in modules (the
/// quiet zone of four around it not counted) and an SVG path of its dark
/// modules, one unit each. Medium error correction: a screen's glare or a
/// finger on a corner still reads.
pub fn qr_code(link: &str) -> Option<(usize, String)> {
    let super::qr::QrCode { width, dark } = super::qr::QrCode::new(link.as_bytes())?;
    // One rectangle per run of dark modules in a row: a few hundred
    // small squares draw unevenly in some engines.
    let mut path = String::new();
    for (y, row) in dark.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            let run = row[x..].iter().take_while(|d| **d).count();
            if run > 0 {
                path += &format!("M{x} {y}h{run}v1h-{run}z");
            }
            x += run.max(1);
        }
    }
    Some((width, path))
}

fn side_number(side: Side) -> u8 {
    if side == Side::First { 1 } else { 2 }
}

fn parse_side(text: &str) -> Option<Side> {
    match text {
        "1" => Some(Side::First),
        "2" => Some(Side::Second),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
