//! Which sentence of the locale files says each [`Say`], and with which
//! values: decided here once for every language.

use booth_protocol::NoticeCode;
use engine::player::{Fact, Level};
use engine::review::Mark;
use engine::score::stones_to_win;

use super::catalogue::{Arg, Sentence, Text};
use super::{Caption, Lang, Outlook, RobotGameLine, Say, level_name_or_depth, minutes};
use crate::model::values::{Rank, short_value};
use crate::protocol::Database;

impl Lang {
    /// A message with numbers or names in this language.
    pub fn say(self, message: &Say) -> String {
        let s = |sentence, args: &[(&str, Arg)]| self.sentence(sentence, args);
        let t = |text| self.t(text).to_string();
        match message {
            Say::Thought(fact) => self.thought(fact),
            Say::Caption(caption) => self.caption(caption),
            Say::WaitingChallenger(name) => {
                s(Sentence::WaitingChallenger, &[("name", Arg::Str(name))])
            }
            Say::PlayAgainst(name) => s(Sentence::PlayAgainst, &[("name", Arg::Str(name))]),
            Say::Searched {
                column,
                depth,
                nodes,
            } => s(
                Sentence::Searched,
                &[
                    column_arg(*column),
                    num("depth", *depth),
                    ("nodes", Arg::Num(*nodes)),
                ],
            ),
            Say::SearchLine {
                depth,
                nodes,
                per_second,
                best,
            } => {
                let common = [
                    num("depth", *depth),
                    ("nodes", Arg::Count(*nodes)),
                    ("speed", Arg::Count(*per_second)),
                ];
                match best {
                    None => s(Sentence::SearchLine, &common),
                    Some((column, value)) => {
                        let value = short_value(*value);
                        let best = [column_arg(*column), ("value", Arg::Str(&value))];
                        s(Sentence::SearchLineBest, &[&common[..], &best].concat())
                    }
                }
            }
            Say::YourTurn {
                colour,
                level,
                style,
            } => {
                let level = self.level_name(*level);
                s(
                    Sentence::YourTurnAgainst,
                    &[
                        ("colour", Arg::Text((*colour).into())),
                        ("level", Arg::Str(&level)),
                        ("style", Arg::Text((*style).into())),
                    ],
                )
            }
            Say::ComputerThinking { level, style } => {
                let level = self.level_name(*level);
                s(
                    Sentence::ComputerThinkingAt,
                    &[
                        ("level", Arg::Str(&level)),
                        ("style", Arg::Text((*style).into())),
                    ],
                )
            }
            Say::ToMove { colour } => {
                s(Sentence::ToMove, &[("colour", Arg::Text((*colour).into()))])
            }
            Say::Wins { colour } => s(
                Sentence::ColourWins,
                &[("colour", Arg::Text((*colour).into()))],
            ),
            Say::LevelName(level) => self.level_name(*level),
            Say::Cell { row, column, owner } => s(
                Sentence::Cell,
                &[
                    num("row", *row),
                    num("column", *column),
                    ("owner", Arg::Text(owner.map_or(Text::Empty, Text::from))),
                ],
            ),
            Say::ColumnButton { column } => s(Sentence::ColumnButton, &[num("column", *column)]),
            Say::ColourMenu { player } => s(Sentence::ColourMenu, &[num("player", *player)]),
            Say::PerfectValue {
                score,
                cells,
                plies,
            } => match (score.signum(), stones_to_win(*cells, *plies, *score)) {
                (0, _) | (_, None) => t(Text::ValueDraw),
                (1, Some(1)) => t(Text::ValueWinsNow),
                (1, Some(n)) => s(Sentence::ValueWinsIn, &[num("moves", n)]),
                (_, Some(1)) => t(Text::ValueLosesAtOnce),
                (_, Some(n)) => s(Sentence::ValueLosesIn, &[num("moves", n)]),
            },
            Say::SearchValue(rank) => t(match rank {
                Rank::Wins => Text::RankWins,
                Rank::Best => Text::RankBest,
                Rank::Good => Text::RankGood,
                Rank::Weaker => Text::RankWeaker,
                Rank::Poor => Text::RankPoor,
                Rank::Loses => Text::RankLoses,
            }),
            Say::DatabaseLoading { loaded, total } => {
                let loaded = self.megabytes(*loaded);
                match total {
                    Some(total) => {
                        let total = self.megabytes(*total);
                        s(
                            Sentence::DatabaseLoadingOf,
                            &[("loaded", Arg::Str(&loaded)), ("total", Arg::Str(&total))],
                        )
                    }
                    None => s(Sentence::DatabaseLoading, &[("loaded", Arg::Str(&loaded))]),
                }
            }
            Say::DatabaseStatus(Some(Database::Ready { positions, .. })) => {
                s(Sentence::DatabaseReady, &[num("positions", *positions)])
            }
            Say::DatabaseStatus(Some(Database::Loading { .. }) | None) => t(Text::DatabaseComing),
            Say::DatabaseStatus(Some(Database::Missing)) => t(Text::DatabaseMissing),
            Say::BookStatus(None) => t(Text::BookMissing),
            Say::BookStatus(Some((depth, positions))) => s(
                Sentence::BookReady,
                &[num("depth", *depth), num("positions", *positions)],
            ),
            Say::Reviewed {
                number,
                colour,
                reviewed,
            } => {
                let mark = match reviewed.mark {
                    Mark::Best => t(Text::ReviewBest),
                    Mark::Good => t(Text::ReviewGood),
                    Mark::Mistake { better } => {
                        let kept = if reviewed.best > 0 {
                            Sentence::ReviewMistakeWin
                        } else {
                            Sentence::ReviewMistakeDraw
                        };
                        s(kept, &[column_arg(better)])
                    }
                };
                s(
                    Sentence::Reviewed,
                    &[
                        num("number", *number),
                        ("colour", Arg::Text((*colour).into())),
                        column_arg(reviewed.column),
                        ("mark", Arg::Str(&mark)),
                    ],
                )
            }
            Say::Decided(Some((number, colour))) => s(
                Sentence::Decided,
                &[
                    num("number", *number),
                    ("colour", Arg::Text((*colour).into())),
                ],
            ),
            Say::Decided(None) => t(Text::DecidedFromStart),
            Say::TreeCaption {
                depth,
                nodes,
                pruned,
                from_table,
            } => {
                let args = [
                    num("depth", *depth),
                    ("nodes", Arg::Num(*nodes)),
                    ("pruned", Arg::Num(*pruned)),
                    ("table", Arg::Num(*from_table)),
                ];
                match from_table {
                    0 => s(Sentence::TreeCaption, &args[..3]),
                    _ => s(Sentence::TreeCaptionTable, &args),
                }
            }
            Say::MinimaxCaption(None) => t(Text::MinimaxWorking),
            Say::MinimaxCaption(Some((depth, minimax, alpha_beta, saved))) => s(
                Sentence::MinimaxCaption,
                &[
                    num("depth", *depth),
                    ("minimax", Arg::Num(*minimax)),
                    ("alphabeta", Arg::Num(*alpha_beta)),
                    ("saved", Arg::Num(*saved)),
                ],
            ),
            Say::TreeNode {
                column,
                value,
                folded,
                pruned,
                from_table,
            } => self.tree_node(*column, value, *folded, *pruned, *from_table),
            Say::Notice { code, name } => self.notice(*code, name.as_deref()),
            Say::Version => s(
                Sentence::Version,
                &[("version", Arg::Str(env!("CARGO_PKG_VERSION")))],
            ),
            Say::RobotGame(line) => self.robot_game(line),
            Say::BackInSeconds(seconds) => s(Sentence::BackInSeconds, &[num("seconds", *seconds)]),
            Say::EndsInSeconds(seconds) => s(Sentence::EndsInSeconds, &[num("seconds", *seconds)]),
            Say::OfferStands(seconds) => {
                let time = minutes(*seconds);
                s(Sentence::OfferStands, &[("time", Arg::Str(&time))])
            }
        }
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
            Fact::RandomMove { .. } => self.t(Text::ThoughtRandomMove).into(),
        }
    }

    /// The spectator screen's caption: what the tree shows, in plain words.
    fn caption(self, caption: &Caption) -> String {
        let (column, nodes, outlook) = match caption {
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
            folded.map(|n| self.sentence(Sentence::TreeNodeFolded, &[("count", Arg::Num(n))])),
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
