//! Which sentence of the locale files says each [`Say`], and with which
//! values: decided here once for every language.

use booth_protocol::NoticeCode;
use booth_protocol::search::Fact;
use engine::evaluation::Style;
use engine::player::Level;
use engine::review::{Mark, ReviewedMove};
use engine::score::stones_to_win;

use super::catalogue::{Arg, Sentence, Text};
use super::{Caption, Lang, Outlook, RobotGameLine, Say, level_name_or_depth, minutes};
use crate::model::settings::CoinColour;
use crate::model::values::{Rank, short_value};
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
            Say::Thought(fact) => self.thought(fact),
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
            Say::Version => {
                let version = Arg::Str(env!("CARGO_PKG_VERSION"));
                self.sentence(Sentence::Version, &[("version", version)])
            }
            Say::RobotGame(line) => self.robot_game(line),
            Say::BackInSeconds(n) => seconds(Sentence::BackInSeconds, n),
            Say::EndsInSeconds(n) => seconds(Sentence::EndsInSeconds, n),
            Say::OfferStands(n) => {
                let time = minutes(*n);
                self.sentence(Sentence::OfferStands, &[("time", Arg::Str(&time))])
            }
        }
    }

    /// The computer's move: how deep and how much it searched, or that it
    /// was solved (known in advance when no position was searched).
    fn searched(self, column: usize, depth: u8, nodes: u64, solved: bool) -> String {
        match (solved, nodes) {
            (true, 0) => return self.sentence(Sentence::SearchedKnown, &[column_arg(column)]),
            (true, _) => {
                return self.sentence(
                    Sentence::SearchedSolved,
                    &[column_arg(column), ("nodes", Arg::Count(nodes))],
                );
            }
            (false, _) => {}
        }
        let args = [
            column_arg(column),
            num("depth", depth),
            ("nodes", Arg::Count(nodes)),
        ];
        self.sentence(Sentence::Searched, &args)
    }

    fn perfect_note(self, columns: u8, rows: u8, seconds: u32) -> String {
        let args = [
            num("columns", columns),
            num("rows", rows),
            num("seconds", seconds),
        ];
        self.sentence(Sentence::PerfectNote, &args)
    }

    /// The running search in numbers; the solver's without a depth.
    fn search_line(
        self,
        depth: u8,
        nodes: u64,
        per_second: u64,
        best: Option<(usize, i32)>,
        solving: bool,
    ) -> String {
        if solving {
            let args = [
                ("nodes", Arg::Count(nodes)),
                ("speed", Arg::Count(per_second)),
            ];
            return self.sentence(Sentence::SearchLineSolving, &args);
        }
        let common = [
            num("depth", depth),
            ("nodes", Arg::Count(nodes)),
            ("speed", Arg::Count(per_second)),
        ];
        match best {
            None => self.sentence(Sentence::SearchLine, &common),
            Some((column, value)) => {
                let value = short_value(value);
                let best = [column_arg(column), ("value", Arg::Str(&value))];
                self.sentence(Sentence::SearchLineBest, &[&common[..], &best].concat())
            }
        }
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

    /// Pons' score in moves to the end.
    fn perfect_value(self, score: i32, cells: usize, plies: usize) -> String {
        let moves = |sentence, n| self.sentence(sentence, &[num("moves", n)]);
        match (score.signum(), stones_to_win(cells, plies, score)) {
            (0, _) | (_, None) => self.t(Text::ValueDraw).into(),
            (1, Some(1)) => self.t(Text::ValueWinsNow).into(),
            (1, Some(n)) => moves(Sentence::ValueWinsIn, n),
            (_, Some(1)) => self.t(Text::ValueLosesAtOnce).into(),
            (_, Some(n)) => moves(Sentence::ValueLosesIn, n),
        }
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

    fn tree_caption(self, depth: u8, nodes: u64, pruned: u64, from_table: u64) -> String {
        let args = [
            num("depth", depth),
            ("nodes", Arg::Count(nodes)),
            ("pruned", Arg::Count(pruned)),
            ("table", Arg::Count(from_table)),
        ];
        match from_table {
            0 => self.sentence(Sentence::TreeCaption, &args[..3]),
            _ => self.sentence(Sentence::TreeCaptionTable, &args),
        }
    }

    fn minimax_caption(self, caption: Option<(u8, u64, u64, u64)>) -> String {
        let Some((depth, minimax, alpha_beta, saved)) = caption else {
            return self.t(Text::MinimaxWorking).into();
        };
        let args = [
            num("depth", depth),
            ("minimax", Arg::Count(minimax)),
            ("alphabeta", Arg::Count(alpha_beta)),
            ("saved", Arg::Num(saved)),
        ];
        self.sentence(Sentence::MinimaxCaption, &args)
    }

    fn thought(self, fact: &Fact) -> String {
        let s = |sentence, args: &[(&str, Arg)]| self.sentence(sentence, args);
        match fact {
            Fact::WinsNow => self.t(Text::ThoughtWinsNow).into(),
            Fact::WinsIn { stones } => s(Sentence::ThoughtWinsIn, &[num("stones", *stones)]),
            Fact::LosesIn { stones } => s(Sentence::ThoughtLosesIn, &[num("stones", *stones)]),
            Fact::Draw => self.t(Text::ThoughtDraw).into(),
            Fact::MustBlock { column } => s(Sentence::ThoughtMustBlock, &[column_arg(*column)]),
            Fact::CreatesThreats { count } => {
                s(Sentence::ThoughtCreatesThreats, &[num("count", *count)])
            }
            Fact::EveryOtherMoveLoses => self.t(Text::ThoughtEveryOtherMoveLoses).into(),
            Fact::Unsolved { seconds } => s(Sentence::ThoughtUnsolved, &[num("seconds", *seconds)]),
            Fact::RandomMove => self.t(Text::ThoughtRandomMove).into(),
        }
    }

    /// The spectator screen's caption: what the tree shows, in plain words.
    fn caption(self, caption: &Caption) -> String {
        let (column, nodes, outlook) = match caption {
            Caption::Solving { nodes } => {
                return self.sentence(Sentence::CaptionSolving, &[("nodes", Arg::Count(*nodes))]);
            }
            Caption::Thinking { depth, nodes } => {
                return self.sentence(
                    Sentence::CaptionThinking,
                    &[num("depth", *depth), ("nodes", Arg::Count(*nodes))],
                );
            }
            Caption::Chose {
                column,
                nodes,
                outlook,
            } => (column_arg(*column), ("nodes", Arg::Count(*nodes)), outlook),
        };
        let (sentence, extra) = match outlook {
            Outlook::WinsNow => (Sentence::CaptionWinsNow, None),
            Outlook::Wins { stones } => (Sentence::CaptionWins, Some(num("stones", *stones))),
            Outlook::Blocks { column: blocked } => (
                Sentence::CaptionBlocks,
                Some(("blocked", Arg::Num(u64::from(*blocked) + 1))),
            ),
            Outlook::Loses { stones } => (Sentence::CaptionLoses, Some(num("stones", *stones))),
            Outlook::Draw => (Sentence::CaptionDraw, None),
            Outlook::Random => (Sentence::CaptionRandom, None),
            Outlook::Expects => (Sentence::CaptionExpects, None),
        };
        let args: Vec<(&str, Arg)> = [column, nodes].into_iter().chain(extra).collect();
        self.sentence(sentence, &args)
    }

    /// A tree node for screen readers: where it is, its value, then what
    /// the search did there.
    fn tree_node(
        self,
        column: Option<usize>,
        value: &str,
        folded: Option<u64>,
        pruned: u32,
        from_table: bool,
    ) -> String {
        let node = column.map_or_else(
            || self.t(Text::TreeNodeRoot).to_string(),
            |c| self.sentence(Sentence::TreeNodeColumn, &[column_arg(c)]),
        );
        let mut line = self.sentence(
            Sentence::TreeNode,
            &[("node", Arg::Str(&node)), ("value", Arg::Str(value))],
        );
        let details = [
            folded.map(|n| self.sentence(Sentence::TreeNodeFolded, &[("count", Arg::Count(n))])),
            (pruned > 0).then(|| self.sentence(Sentence::TreeNodePruned, &[num("count", pruned)])),
            from_table.then(|| self.t(Text::TreeNodeFromTable).to_string()),
        ];
        for detail in details.into_iter().flatten() {
            line.push_str(", ");
            line.push_str(&detail);
        }
        line
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

    /// Megabytes with one decimal, with the language's decimal sign.
    fn megabytes(self, bytes: u32) -> String {
        format!("{:.1}", f64::from(bytes) / 1e6).replace('.', self.t(Text::DecimalSign))
    }
}

/// A small number as a value, by name.
fn num(name: &str, n: impl TryInto<u64>) -> (&str, Arg<'static>) {
    (name, Arg::Num(n.try_into().unwrap_or(u64::MAX)))
}

/// A 0-based column as people count it, from 1.
fn column_arg(column: impl TryInto<u64>) -> (&'static str, Arg<'static>) {
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
