//! The shapes of the booth's messages (`booth_protocol`), as the bridge's
//! serde derives write them: what the page reads from the bridge and
//! writes to it, without serde_json's code in the booth's Wasm (the hall
//! of fame, parsed by the browser, is read with serde-wasm-bindgen).

use std::collections::BTreeMap;

use booth_protocol::{
    ClientMessage, ErrorCode, Fault, GameStatus, Language, LinkState, NoticeCode, Part,
    RobotStatus, Role, Seat, ServerMessage, Snapshot, Welcome,
};
use engine::player::{LevelSpec, SearchOverride};

use super::{Error, Json, Reader, Writer};
use crate::{json_enum, json_struct, json_tagged_enum, json_write_fields};

json_tagged_enum!(ClientMessage {
    Hello "hello" { v, role, session, name = None, show_name = false, token = None },
    Start "start" { mode, computer_first = false, level = None },
    Join "join",
    Again "again",
    Move "move" { column },
    StillHere "still_here",
    Leave "leave",
});
json_tagged_enum!(ServerMessage {
    Welcome "welcome" (Welcome),
    Snapshot "snapshot" (Box<Snapshot>),
    Error "error" { code },
    Notice "notice" { code, name = None },
    StillThere "still_there" { seconds_left },
    Thinking "thinking" (Box<booth_protocol::search::Thinking>),
    Decided "decided" (Box<booth_protocol::search::ComputerMove>),
});

/// Written as serde writes it; read with a language this page does not
/// speak as none, so that a newer bridge's welcome still counts.
impl Json for Welcome {
    fn write(&self, out: &mut Writer) {
        let Welcome {
            language,
            levels,
            tuning,
            join_url,
            name,
            robot_hints,
            turn_limit_s,
            take_home_url,
            take_home_names,
        } = self;
        json_write_fields!(out;
            language = None, levels = Vec::new(), tuning = BTreeMap::new(), join_url = None,
            name = None, robot_hints = false, turn_limit_s = None, take_home_url = None,
            take_home_names = false);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let mut welcome = Welcome::default();
        input.object(|input, key| {
            match key {
                "language" => {
                    let tag = Option::<String>::read(input)?;
                    welcome.language = tag.and_then(|tag| tag.parse::<Language>().ok());
                }
                "levels" => welcome.levels = Json::read(input)?,
                "tuning" => welcome.tuning = Json::read(input)?,
                "join_url" => welcome.join_url = Json::read(input)?,
                "name" => welcome.name = Json::read(input)?,
                "robot_hints" => welcome.robot_hints = Json::read(input)?,
                "turn_limit_s" => welcome.turn_limit_s = Json::read(input)?,
                "take_home_url" => welcome.take_home_url = Json::read(input)?,
                "take_home_names" => welcome.take_home_names = Json::read(input)?,
                _ => input.skip()?,
            }
            Ok(())
        })?;
        Ok(welcome)
    }
}

json_struct!(Snapshot {
    v, status, moves, mode, turn, winner, winning_cells, seats, shown = [false; 2], fame = 0,
    levels = [None; 2], computer = None, again = [false; 2], offer_left_s = None,
    away_left_s = [None; 2], line = 0, line_place = None, you, can_move, robot,
});
json_struct!(RobotStatus { state, fault = None, in_sync, placed, behind = 0, port });
json_struct!(SearchOverride { depth = None, random_moves = None });

json_enum!(Role { Player "player", Spectator "spectator" });
json_enum!(ErrorCode {
    Version "version", BadName "bad_name", NameTaken "name_taken",
    ReservedName "reserved_name", SessionHasName "session_has_name",
    SessionChange "session_change", BadSession "bad_session", HelloFirst "hello_first",
    Token "token", NotAllowed "not_allowed", Busy "busy", NoGame "no_game",
    GameOver "game_over", NotYourTurn "not_your_turn",
    WaitingForOpponent "waiting_for_opponent", UnknownLevel "unknown_level",
    RobotBusy "robot_busy", IllegalMove "illegal_move", BadMessage "bad_message",
    TooLarge "too_large", Binary "binary", RateLimited "rate_limited",
    OthersFirst "others_first", Barred "barred",
});
json_enum!(NoticeCode {
    PlayerLeft "player_left", EndedByStaff "ended_by_staff", EndedIdle "ended_idle",
    Restarted "restarted", NoOpponent "no_opponent",
});
json_enum!(GameStatus { Idle "idle", Playing "playing", Won "won", Draw "draw" });
json_enum!(Seat { First "first", Second "second" });
json_enum!(Part { First "first", Second "second", Spectator "spectator" });
json_enum!(LinkState {
    Connecting "connecting", Ready "ready", Working "working", Fault "fault",
    Disconnected "disconnected", Restoring "restoring",
});
json_enum!(Fault {
    Jammed "jammed", MagazineEmpty "magazine_empty", GridFull "grid_full",
    BadCommand "bad_command", Internal "internal", NotAnswering "not_answering",
});

/// Written `hard` or `hard:aggressive`, as the engine spells it.
impl Json for LevelSpec {
    fn write(&self, out: &mut Writer) {
        out.string(&self.to_string());
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let text = input.string()?;
        text.parse().map_err(|_| input.error("a level"))
    }
}

/// A pair of the same kind, as an array of two.
impl<T: Json> Json for [T; 2] {
    fn write(&self, out: &mut Writer) {
        super::foreign::write_pair(out, &self[0], &self[1]);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let (first, second) = <(T, T)>::read(input)?;
        Ok([first, second])
    }
}

/// A map by name, as an object.
impl<T: Json> Json for BTreeMap<String, T> {
    fn write(&self, out: &mut Writer) {
        out.begin_object();
        for (key, value) in self {
            out.field(key, value);
        }
        out.end_object();
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let mut map = BTreeMap::new();
        input.object(|input, key| {
            map.insert(key.to_owned(), T::read(input)?);
            Ok(())
        })?;
        Ok(map)
    }
}

#[cfg(test)]
mod tests;
