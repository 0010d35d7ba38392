//! The booth in words: the robot's state, the seats' names, the bridge's
//! refusals.

use booth_protocol::{ErrorCode, Fault, GameMode, LinkState, Snapshot};

use super::{Lang, Say, Text};

/// The robot's state for visitors, each fault in its own words.
pub fn robot_words(state: LinkState, fault: Option<Fault>, clearing: bool) -> Text {
    match state {
        LinkState::Connecting => Text::RobotConnecting,
        LinkState::Ready => Text::RobotReady,
        LinkState::Working if clearing => Text::RobotClearing,
        LinkState::Working => Text::RobotWorking,
        LinkState::Fault => match fault {
            Some(Fault::Jammed) => Text::RobotJammed,
            Some(Fault::MagazineEmpty) => Text::RobotEmpty,
            Some(Fault::GridFull) => Text::RobotGridFull,
            Some(Fault::NotAnswering) => Text::RobotNotAnswering,
            Some(Fault::BadCommand | Fault::Internal) | None => Text::RobotFault,
        },
        LinkState::Disconnected => Text::RobotDisconnected,
        LinkState::Restoring => Text::RobotRestoring,
    }
}

/// The names in a robot game's seats as a page shows them: the
/// computer's (and the demo's levels) in the visitor's language.
pub fn seat_names(s: &Snapshot, lang: Lang) -> [String; 2] {
    named_seats(s, lang, None)
}

/// The seats' names with their coins' colours, for people who watch
/// ("Computer (Hard, yellow)", "Ada (red)").
pub fn seat_names_in_colour(s: &Snapshot, lang: Lang, colours: [Text; 2]) -> [String; 2] {
    named_seats(s, lang, Some(colours))
}

fn named_seats(s: &Snapshot, lang: Lang, colours: Option<[Text; 2]>) -> [String; 2] {
    let seat = |i: usize| {
        let computer = s.mode == Some(GameMode::Demo) || s.computer.is_some_and(|c| c.index() == i);
        let colour = colours.map(|c| lang.t(c[i]));
        // Against a person the computer is simply "Computer"; in the demo
        // its two levels tell its seats apart.
        let level = s.levels[i]
            .filter(|_| s.mode == Some(GameMode::Demo))
            .map(|l| lang.say(&Say::LevelName(l.level)));
        let name = match &s.seats[i] {
            Some(_) if computer => lang.t(Text::Computer).to_string(),
            Some(name) => name.clone(),
            None => "…".into(),
        };
        let details: Vec<String> = level.into_iter().chain(colour.map(String::from)).collect();
        if details.is_empty() {
            name
        } else {
            format!("{name} ({})", details.join(", "))
        }
    };
    [seat(0), seat(1)]
}

/// What the page says when the bridge refuses a message.
pub fn refusal_text(code: ErrorCode) -> Text {
    match code {
        ErrorCode::Busy => Text::RobotBusy,
        ErrorCode::RobotBusy => Text::RobotWait,
        ErrorCode::Token => Text::NeedToken,
        ErrorCode::BadName => Text::NameRule,
        ErrorCode::NameTaken => Text::NameTaken,
        ErrorCode::ReservedName => Text::NameReserved,
        ErrorCode::SessionHasName => Text::DeviceHasName,
        ErrorCode::WaitingForOpponent => Text::WaitingForOpponent,
        ErrorCode::NotYourTurn => Text::NotYourTurnYet,
        ErrorCode::GameOver => Text::GameOverRefused,
        ErrorCode::IllegalMove => Text::ColumnFull,
        ErrorCode::NotAllowed => Text::NotAllowed,
        ErrorCode::NoGame => Text::NoRobotGame,
        ErrorCode::Version => Text::BridgeVersion,
        ErrorCode::UnknownLevel => Text::LevelNotOffered,
        ErrorCode::OthersFirst => Text::OthersFirst,
        ErrorCode::Barred => Text::Barred,
        ErrorCode::BadSession
        | ErrorCode::SessionChange
        | ErrorCode::HelloFirst
        | ErrorCode::BadMessage
        | ErrorCode::TooLarge
        | ErrorCode::Binary
        | ErrorCode::RateLimited => Text::BridgeRefused,
    }
}
