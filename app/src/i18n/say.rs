//! Which sentence of the locale files says each [`Say`], and with which
//! values: decided here once for every language.

use booth_protocol::NoticeCode;
use engine::evaluation::Style;
use engine::player::Level;
use engine::review::{Mark, ReviewedMove};

use super::catalogue::{Arg, Sentence, Text};
use super::{Lang, Say, level_name_or_depth, minutes};
use crate::model::booth::RobotGameLine;
use crate::model::decimal::fixed;
use crate::model::settings::CoinColour;
use crate::model::values::Rank;
use crate::protocol::Database;

impl Lang {
    /// A message with numbers or names in this language.
    pub fn say(self, message: &Say) -> String {
        let named = |sentence, name: &str| self.sentence(sentence, &[("name", Arg::Str(name))]);
        let coloured = |sentence, colour: &CoinColour| {
            self.sentence(sentence, &[("colour", Arg::Text((*colour).into()))])
        };
        let seconds = |sentence, n: &u64| self.sentence(sentence, &[num("seconds", *n)]);
        match message {
            Say::Thought(fact) => self.thought(fact, false),
            Say::ThoughtSeen(fact) => self.thought(fact, true),
            Say::Caption(caption) => self.caption(caption),
            Say::WaitingChallenger(name) => named(Sentence::WaitingChallenger, name),
            Say::PlayAgainst(name) => named(Sentence::PlayAgainst, name),
            Say::AwayWaits { name, seconds } => self.sentence(
                Sentence::AwayWaits,
                &[("name", Arg::Str(name)), num("seconds", *seconds)],
            ),
            Say::Searched {
                column,
                depth,
                nodes,
                solved,
            } => self.searched(*column, *depth, *nodes, *solved),
            Say::SearchLine {
                depth,
                nodes,
                per_second,
                best,
                solving,
            } => self.search_line(*depth, *nodes, *per_second, *best, *solving),
            Say::YourTurn {
                colour,
                level,
                style,
            } => self.your_turn(*colour, *level, *style),
            Say::ComputerThinking { level, style } => self.computer_thinking(*level, *style),
            Say::ToMove { colour } => coloured(Sentence::ToMove, colour),
            Say::Wins { colour } => coloured(Sentence::ColourWins, colour),
            Say::LevelName(level) => self.level_name(*level),
            Say::LevelSpec(spec) => self.level_spec(*spec),
            Say::FameEntry(_)
            | Say::FameStreak { .. }
            | Say::PlayedBy { .. }
            | Say::ReplayAt { .. } => self.after_game(message),
            Say::Cell { row, column, owner } => self.cell(*row, *column, *owner),
            Say::ColumnButton { column } => {
                self.sentence(Sentence::ColumnButton, &[num("column", *column)])
            }
            Say::PerfectNote {
                columns,
                rows,
                seconds,
            } => self.perfect_note(*columns, *rows, *seconds),
            Say::ColourMenu { player } => {
                self.sentence(Sentence::ColourMenu, &[num("player", *player)])
            }
            Say::PerfectValue {
                score,
                cells,
                plies,
            } => self.perfect_value(*score, *cells, *plies),
            Say::SearchValue(rank) => self.t(rank_text(*rank)).into(),
            Say::DatabaseLoading { loaded, total } => self.database_loading(*loaded, *total),
            Say::DatabaseStatus(database) => self.database_status(database.as_ref()),
            Say::BookStatus(book) => self.book_status(*book),
            Say::Reviewed {
                number,
                colour,
                reviewed,
            } => self.reviewed(*number, *colour, reviewed),
            Say::Decided(decided) => self.decided(*decided),
            Say::TreeCaption {
                depth,
                nodes,
                pruned,
                from_table,
            } => self.tree_caption(*depth, *nodes, *pruned, *from_table),
            Say::MinimaxCaption(caption) => self.minimax_caption(*caption),
            Say::TreeNode {
                column,
                value,
                folded,
                pruned,
                from_table,
            } => self.tree_node(*column, value, *folded, *pruned, *from_table),
            Say::Notice { code, name } => self.notice(*code, name.as_deref()),
            Say::Version => self.version(),
            Say::RobotGame(line) => self.robot_game(line),
            Say::BackInSeconds(n) => seconds(Sentence::BackInSeconds, n),
            Say::EndsInSeconds(n) => seconds(Sentence::EndsInSeconds, n),
            Say::LinePlace(n) => self.sentence(Sentence::LinePlace, &[num("place", *n)]),
            Say::LineWaiting(n) => self.sentence(Sentence::LineWaiting, &[num("count", *n)]),
            Say::TurnLimit(n) => seconds(Sentence::TurnLimit, n),
            Say::HintWaiting(n) => seconds(Sentence::HintWaiting, n),
            Say::HintTooDeep(n) => seconds(Sentence::HintTooDeep, n),
            Say::Reviewing(n) => seconds(Sentence::Reviewing, n),
            Say::ReviewTooDeep(n) => seconds(Sentence::ReviewTooDeep, n),
            Say::OfferStands(n) => self.offer_stands(*n),
        }
    }

    fn perfect_note(self, columns: u8, rows: u8, seconds: u32) -> String {
        let args = [
            num("columns", columns),
            num("rows", rows),
            num("seconds", seconds),
        ];
        self.sentence(Sentence::PerfectNote, &args)
    }

    fn your_turn(self, colour: CoinColour, level: Level, style: Style) -> String {
        let level = self.level_name(level);
        let args = [
            ("colour", Arg::Text(colour.into())),
            ("level", Arg::Str(&level)),
            ("style", Arg::Text(style.into())),
        ];
        self.sentence(Sentence::YourTurnAgainst, &args)
    }

    fn computer_thinking(self, level: Level, style: Style) -> String {
        let level = self.level_name(level);
        let args = [
            ("level", Arg::Str(&level)),
            ("style", Arg::Text(style.into())),
        ];
        self.sentence(Sentence::ComputerThinkingAt, &args)
    }

    fn cell(self, row: usize, column: usize, owner: Option<CoinColour>) -> String {
        let owner = Arg::Text(owner.map_or(Text::Empty, Text::from));
        let args = [num("row", row), num("column", column), ("owner", owner)];
        self.sentence(Sentence::Cell, &args)
    }

    fn database_loading(self, loaded: u32, total: Option<u32>) -> String {
        let loaded = self.megabytes(loaded);
        match total {
            Some(total) => {
                let total = self.megabytes(total);
                let args = [("loaded", Arg::Str(&loaded)), ("total", Arg::Str(&total))];
                self.sentence(Sentence::DatabaseLoadingOf, &args)
            }
            None => self.sentence(Sentence::DatabaseLoading, &[("loaded", Arg::Str(&loaded))]),
        }
    }

    fn database_status(self, database: Option<&Database>) -> String {
        match database {
            Some(Database::Ready { positions, .. }) => self.sentence(
                Sentence::DatabaseReady,
                &[("positions", Arg::Count((*positions).into()))],
            ),
            Some(Database::Loading { .. }) | None => self.t(Text::DatabaseComing).into(),
            Some(Database::Missing) => self.t(Text::DatabaseMissing).into(),
        }
    }

    fn book_status(self, book: Option<(u8, u32)>) -> String {
        match book {
            None => self.t(Text::BookMissing).into(),
            Some((depth, positions)) => {
                let args = [
                    num("depth", depth),
                    ("positions", Arg::Count(positions.into())),
                ];
                self.sentence(Sentence::BookReady, &args)
            }
        }
    }

    fn reviewed(self, number: usize, colour: CoinColour, reviewed: &ReviewedMove) -> String {
        let mark = match reviewed.mark {
            Mark::Best => self.t(Text::ReviewBest).into(),
            Mark::Good => self.t(Text::ReviewGood).into(),
            Mark::Mistake { better } => {
                let kept = if reviewed.best > 0 {
                    Sentence::ReviewMistakeWin
                } else {
                    Sentence::ReviewMistakeDraw
                };
                self.sentence(kept, &[column_arg(better)])
            }
        };
        let args = [
            num("number", number),
            ("colour", Arg::Text(colour.into())),
            column_arg(reviewed.column),
            ("mark", Arg::Str(&mark)),
        ];
        self.sentence(Sentence::Reviewed, &args)
    }

    fn decided(self, decided: Option<(usize, CoinColour)>) -> String {
        match decided {
            Some((number, colour)) => {
                let args = [num("number", number), ("colour", Arg::Text(colour.into()))];
                self.sentence(Sentence::Decided, &args)
            }
            None => self.t(Text::DecidedFromStart).into(),
        }
    }

    /// What the bridge tells every page, with the person it is about.
    fn notice(self, code: NoticeCode, name: Option<&str>) -> String {
        let named = |sentence, nobody| {
            let name = Arg::Str(name.unwrap_or(self.t(nobody)));
            self.sentence(sentence, &[("name", name)])
        };
        match code {
            NoticeCode::PlayerLeft => named(Sentence::NoticePlayerLeft, Text::APlayer),
            NoticeCode::Restarted => named(Sentence::NoticeRestarted, Text::Someone),
            NoticeCode::EndedByStaff => self.t(Text::NoticeEndedByStaff).into(),
            NoticeCode::EndedIdle => self.t(Text::NoticeEndedIdle).into(),
            NoticeCode::NoOpponent => self.t(Text::NoticeNoOpponent).into(),
        }
    }

    fn robot_game(self, line: &RobotGameLine) -> String {
        let named = |sentence, name: &str| self.sentence(sentence, &[("name", Arg::Str(name))]);
        match line {
            RobotGameLine::YouWon { against } => named(Sentence::RobotYouWon, against),
            RobotGameLine::YouLost { winner } => named(Sentence::RobotYouLost, winner),
            RobotGameLine::Won { winner } => named(Sentence::RobotWon, winner),
            RobotGameLine::YourTurn { name } => named(Sentence::RobotYourTurn, name),
            RobotGameLine::TurnOf { name } => named(Sentence::RobotTurnOf, name),
            RobotGameLine::Draw {
                names: [first, second],
            } => self.sentence(
                Sentence::RobotDraw,
                &[("first", Arg::Str(first)), ("second", Arg::Str(second))],
            ),
        }
    }

    fn level_name(self, level: Level) -> String {
        match level_name_or_depth(level) {
            Ok(name) => self.t(name).into(),
            Err(depth) => self.sentence(Sentence::LevelClassic, &[num("depth", depth)]),
        }
    }

    /// Who played a game brought by a link.
    fn played_by(
        self,
        first: &str,
        second: &str,
        level: Option<engine::player::LevelSpec>,
    ) -> String {
        let names = [("first", Arg::Str(first)), ("second", Arg::Str(second))];
        match level {
            Some(level) => {
                let level = self.level_spec(level);
                let [a, b] = names;
                self.sentence(
                    Sentence::PlayedComputer,
                    &[a, b, ("level", Arg::Str(&level))],
                )
            }
            None => self.sentence(Sentence::PlayedPeople, &names),
        }
    }

    /// How long an offer to play still stands.
    fn offer_stands(self, seconds: u64) -> String {
        let time = minutes(seconds);
        self.sentence(Sentence::OfferStands, &[("time", Arg::Str(&time))])
    }

    /// The app's version, in words.
    fn version(self) -> String {
        let version = Arg::Str(env!("CARGO_PKG_VERSION"));
        self.sentence(Sentence::Version, &[("version", version)])
    }

    /// What is said of games after they ended: the hall of fame's lines
    /// (a visitor who keeps their name to themselves is "a visitor"), who
    /// played a game brought by a link, and where its replay stands.
    fn after_game(self, message: &Say) -> String {
        let name = |name: &Option<String>| {
            name.clone()
                .unwrap_or_else(|| self.t(Text::AVisitor).into())
        };
        match message {
            Say::FameEntry(entry) => {
                let (who, level) = (name(&entry.name), self.level_spec(entry.level));
                let moves = &entry.moves;
                self.sentence(
                    Sentence::FameEntry,
                    &[
                        ("name", Arg::Str(&who)),
                        ("level", Arg::Str(&level)),
                        num("moves", *moves),
                    ],
                )
            }
            Say::FameStreak { name: who, wins } => {
                let who = name(who);
                self.sentence(
                    Sentence::FameStreak,
                    &[("name", Arg::Str(&who)), num("wins", *wins)],
                )
            }
            Say::PlayedBy {
                first,
                second,
                level,
            } => self.played_by(first, second, *level),
            Say::ReplayAt { number, total } => self.sentence(
                Sentence::ReplayAt,
                &[num("number", *number), num("total", *total)],
            ),
            _ => String::new(),
        }
    }

    /// A level with its style unless normal: "Medium (aggressive)".
    fn level_spec(self, spec: engine::player::LevelSpec) -> String {
        let name = self.level_name(spec.level);
        if spec.style == engine::evaluation::Style::Normal {
            name
        } else {
            format!("{name} ({})", self.t(Text::from(spec.style)))
        }
    }

    /// Megabytes with one decimal, with the language's decimal sign.
    fn megabytes(self, bytes: u32) -> String {
        fixed(f64::from(bytes) / 1e6, 1)
            .to_string()
            .replace('.', self.t(Text::DecimalSign))
    }
}

/// A small number as a value, by name.
pub(super) fn num(name: &str, n: impl TryInto<u64>) -> (&str, Arg<'static>) {
    (name, Arg::Num(n.try_into().unwrap_or(u64::MAX)))
}

/// A 0-based column as people count it, from 1.
pub(super) fn column_arg(column: impl TryInto<u64>) -> (&'static str, Arg<'static>) {
    ("column", Arg::Num(column.try_into().unwrap_or(0) + 1))
}

/// A column's rank among the search's values, in words.
fn rank_text(rank: Rank) -> Text {
    match rank {
        Rank::Wins => Text::RankWins,
        Rank::Best => Text::RankBest,
        Rank::Good => Text::RankGood,
        Rank::Weaker => Text::RankWeaker,
        Rank::Poor => Text::RankPoor,
        Rank::Loses => Text::RankLoses,
    }
}
