//! Every text a person sees, in every language of `shared/locales/app/`, through
//! one mechanism: a typed key per message ([`Text`] for fixed texts,
//! [`Sentence`] for those with numbers or names, generated from the locale
//! files when the app is built), [`Say`] for what the app wants said (the
//! one place that picks a sentence and its values), and one hook for
//! components ([`use_i18n`]).
//!
//! A translator adds a language by adding a locale file: no Rust to write.
//! The build names every key the new file still lacks.

mod booth;
mod catalogue;
mod say;
mod thinking;

pub use crate::model::Lang;
pub use booth::{refusal_text, robot_words, seat_names, seat_names_in_colour};
pub use catalogue::{Arg, Sentence, Text};

use booth_protocol::search::Fact;
use engine::evaluation::Style;
use engine::player::Level;
use engine::review::ReviewedMove;
use leptos::prelude::*;

use crate::model::booth::RobotGameLine;
use crate::model::game::Refusal;
use crate::model::settings::{CoinColour, GameMode, Starter};
use crate::model::thoughts::{Caption, Thought};
use crate::protocol::Database;

impl Lang {
    /// The explainer's sections: a heading and a paragraph each.
    pub fn explainer(self) -> [(&'static str, &'static str); 6] {
        EXPLAINER.map(|(heading, paragraph)| (self.t(heading), self.t(paragraph)))
    }
}

const EXPLAINER: [(Text, Text); 6] = [
    (Text::Explainer1Heading, Text::Explainer1),
    (Text::Explainer2Heading, Text::Explainer2),
    (Text::Explainer3Heading, Text::Explainer3),
    (Text::Explainer4Heading, Text::Explainer4),
    (Text::Explainer5Heading, Text::Explainer5),
    (Text::Explainer6Heading, Text::Explainer6),
];

impl Thought {
    /// The line in words.
    pub fn say(&self) -> Say {
        self.said_to(false)
    }

    /// The thought as said to a `spectator`, who neither plays nor is the
    /// computer's opponent: "the computer", not "I"; "the player", not
    /// "you".
    pub fn said_to(&self, spectator: bool) -> Say {
        match self {
            Thought::Searched {
                column,
                depth,
                nodes,
                solved,
            } => Say::Searched {
                column: *column,
                depth: *depth,
                nodes: *nodes,
                solved: *solved,
            },
            Thought::Fact(fact) if spectator => Say::ThoughtSeen(fact.clone()),
            Thought::Fact(fact) => Say::Thought(fact.clone()),
        }
    }
}

/// A message with numbers or names in it.
#[derive(Debug, Clone, PartialEq)]
pub enum Say {
    /// The spectator screen's caption under the tree.
    Caption(Caption),
    /// A line of the computer's thoughts.
    Thought(Fact),
    /// The same, for a spectator: in the third person.
    ThoughtSeen(Fact),
    /// The computer's move with how far and how much it searched, or that
    /// it was `solved` to the end of the game.
    Searched {
        column: usize,
        depth: u8,
        nodes: u64,
        solved: bool,
    },
    /// The running search: depth, positions, speed, best column so far
    /// with its value; `solving` when it searches to the end of the game
    /// (the solver), where a depth says nothing.
    SearchLine {
        depth: u8,
        nodes: u64,
        per_second: u64,
        best: Option<(usize, i32)>,
        solving: bool,
    },
    /// The lobby's first offer: someone waits on the robot for an opponent.
    WaitingChallenger(String),
    /// The button that takes the seat against them.
    PlayAgainst(String),
    /// The person's turn against the computer.
    YourTurn {
        colour: CoinColour,
        level: Level,
        style: Style,
    },
    /// The computer's turn.
    ComputerThinking { level: Level, style: Style },
    /// A colour's turn between two people.
    ToMove { colour: CoinColour },
    /// A colour won.
    Wins { colour: CoinColour },
    /// A level's name in the menus.
    LevelName(Level),
    /// A level with its style: "Medium (aggressive)".
    LevelSpec(engine::player::LevelSpec),
    /// A win in the hall of fame (`name` `None`: "a visitor").
    FameEntry(booth_protocol::fame::FameEntry),
    /// Who played a game brought by a link, and the computer's level.
    PlayedBy {
        first: String,
        second: String,
        level: Option<engine::player::LevelSpec>,
    },
    /// Where a replay stands: move `number` of `total`.
    ReplayAt { number: usize, total: usize },
    /// Wins in a row by one visitor.
    FameStreak { name: Option<String>, wins: u32 },
    /// A cell for screen readers (row and column from 1).
    Cell {
        row: usize,
        column: usize,
        owner: Option<CoinColour>,
    },
    /// A column's drop button (from 1).
    ColumnButton { column: usize },
    /// A coin colour menu (from 1).
    ColourMenu { player: usize },
    /// A seat's page closed (its player's name): the game waits so many
    /// more seconds for it.
    AwayWaits { name: String, seconds: u64 },
    /// The note on Perfect where no book covers the board: its size, and
    /// the seconds within which it plays its best search.
    PerfectNote { columns: u8, rows: u8, seconds: u32 },
    /// A column's perfect score in words (Pons' score, the mover's view,
    /// with `plies` stones down on a board of `cells`).
    PerfectValue {
        score: i32,
        cells: usize,
        plies: usize,
    },
    /// A column's value in the computer's search, in words: how it compares
    /// with the best column's (`best`), or a forced result.
    SearchValue(crate::model::values::Rank),
    /// The position database downloading: bytes so far and in all.
    DatabaseLoading { loaded: u32, total: Option<u32> },
    /// The help's sentence on the position database.
    DatabaseStatus(Option<Database>),
    /// The help's sentence on the opening book: depth and positions.
    BookStatus(Option<(u8, u32)>),
    /// One move of the review (`number` from 1).
    Reviewed {
        number: usize,
        colour: CoinColour,
        reviewed: ReviewedMove,
    },
    /// Where the game was decided: the move (from 1) and whose it was.
    Decided(Option<(usize, CoinColour)>),
    /// The search tree's caption: depth, positions, pruned moves, table hits.
    TreeCaption {
        depth: u8,
        nodes: u64,
        pruned: u64,
        from_table: u64,
    },
    /// The teaching view's caption, once its trees are there: depth, nodes
    /// of minimax and of alpha-beta, the share saved.
    MinimaxCaption(Option<(u8, u64, u64, u64)>),
    /// A tree node for screen readers: its column (none at the root), its
    /// value as drawn, nodes folded away, moves pruned, whether the table
    /// answered.
    TreeNode {
        column: Option<usize>,
        value: String,
        folded: Option<u64>,
        pruned: u32,
        from_table: bool,
    },
    /// What the bridge tells every page, with the person it is about.
    Notice {
        code: booth_protocol::NoticeCode,
        name: Option<String>,
    },
    /// The app's version.
    Version,
    /// A robot game's turn or result, by name, as one page sees it.
    RobotGame(RobotGameLine),
    /// Seconds until the page goes back to the lobby.
    BackInSeconds(u64),
    /// Seconds until an idle game ends.
    EndsInSeconds(u64),
    /// This page's place in line for the robot (1: next).
    LinePlace(u32),
    /// How many visitors wait in line for the robot.
    LineWaiting(u32),
    /// The longest a move on the robot may take, in seconds.
    TurnLimit(u64),
    /// A hint is being worked out, for at most so many seconds.
    HintWaiting(u64),
    /// The hint's perfect analysis did not finish within so many seconds.
    HintTooDeep(u64),
    /// The game's review is being worked out, for at most so many seconds.
    Reviewing(u64),
    /// The review did not finish within so many seconds.
    ReviewTooDeep(u64),
    /// While a person waits for an opponent: the seconds the offer stands.
    OfferStands(u64),
}

/// Seconds as minutes and seconds, `1:05`.
pub(crate) fn minutes(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

impl From<CoinColour> for Text {
    fn from(colour: CoinColour) -> Text {
        match colour {
            CoinColour::Yellow => Text::Yellow,
            CoinColour::Red => Text::Red,
            CoinColour::Blue => Text::Blue,
            CoinColour::Green => Text::Green,
        }
    }
}

impl From<Style> for Text {
    fn from(style: Style) -> Text {
        match style {
            Style::Defensive => Text::Defensive,
            Style::Normal => Text::Normal,
            Style::Aggressive => Text::Aggressive,
        }
    }
}

impl From<GameMode> for Text {
    fn from(mode: GameMode) -> Text {
        match mode {
            GameMode::VsComputer => Text::VsComputer,
            GameMode::TwoPlayers => Text::HotSeat,
            GameMode::Demo => Text::Demo,
        }
    }
}

impl From<Starter> for Text {
    fn from(starter: Starter) -> Text {
        match starter {
            Starter::Me => Text::Me,
            Starter::Computer => Text::Computer,
            Starter::Random => Text::Random,
        }
    }
}

/// A level's fixed name, or the depth a classic level's name carries.
fn level_name_or_depth(level: Level) -> Result<Text, u8> {
    Ok(match level {
        Level::Easy => Text::Easy,
        Level::Medium => Text::Medium,
        Level::Hard => Text::Hard,
        Level::Perfect => Text::Perfect,
        Level::Adaptive => Text::Adaptive,
        Level::Random => Text::RandomLevel,
        Level::Classic(depth) => return Err(depth),
    })
}

/// Either kind of text, where both may come: the status line's message.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A fixed text.
    Text(Text),
    /// A text with numbers or names.
    Say(Say),
}

impl Lang {
    /// A message in this language.
    pub fn message(self, message: &Message) -> String {
        match message {
            Message::Text(text) => self.t(*text).into(),
            Message::Say(say) => self.say(say),
        }
    }
}

/// Texts in the page's language; tracked, so a view using it follows a
/// change of language.
#[derive(Clone, Copy)]
pub struct I18n(Signal<Lang>);

impl I18n {
    /// Over the language of `settings`.
    pub fn new(lang: Signal<Lang>) -> I18n {
        I18n(lang)
    }

    /// The language now.
    pub fn lang(self) -> Lang {
        self.0.get()
    }

    /// A fixed text.
    pub fn t(self, text: Text) -> &'static str {
        self.lang().t(text)
    }

    /// A message with numbers or names.
    pub fn say(self, message: &Say) -> String {
        self.lang().say(message)
    }

    /// Either kind of text.
    pub fn message(self, message: &Message) -> String {
        self.lang().message(message)
    }
}

/// The hook every component uses for its texts.
pub fn use_i18n() -> I18n {
    expect_context::<I18n>()
}

/// A word with its first letter in upper case: a colour that starts a
/// sentence.
///
/// Only letters of Latin-1 change (`a` → `A`, `é` → `É`), which covers
/// English, German and French; Rust's full Unicode case mapping would add
/// its tables, several KB, to every first visit. Any other first letter
/// stays as it is.
pub fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let upper = match first {
        'a'..='z' => first.to_ascii_uppercase(),
        // Latin-1's small letters sit 32 above their capitals; ÷ and ÿ
        // have none there.
        'à'..='þ' if first != '÷' => char::from_u32(u32::from(first) - 32).unwrap_or(first),
        _ => first,
    };
    let mut out = String::with_capacity(word.len() + 1);
    out.push(upper);
    out.push_str(chars.as_str());
    out
}

/// A number with `separator` between groups of three digits.
pub fn grouped(n: u64, separator: char) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests;

impl From<Refusal> for Text {
    fn from(refusal: Refusal) -> Text {
        match refusal {
            Refusal::GameOver => Text::GameOverRefused,
            Refusal::ComputersTurn => Text::NotYourTurn,
            Refusal::ColumnFull => Text::ColumnFull,
            Refusal::NoUndoOnRobot => Text::NoUndoOnRobot,
            Refusal::NothingToUndo => Text::NothingToUndo,
        }
    }
}
