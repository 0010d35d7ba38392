//! The computer's thinking in words: its thoughts and the search line,
//! the caption under the tree, the tree's nodes and a perfect value.

use booth_protocol::search::Fact;
use engine::score::stones_to_win;

use super::Lang;
use super::catalogue::{Arg, Sentence, Text};
use super::say::{column_arg, num};
use crate::model::thoughts::{Caption, Outlook};
use crate::model::values::short_value;

impl Lang {
    /// The computer's move: how deep and how much it searched, or that it
    /// was solved (known in advance when no position was searched).
    pub(super) fn searched(self, column: usize, depth: u8, nodes: u64, solved: bool) -> String {
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

    /// The running search in numbers; the solver's without a depth.
    pub(super) fn search_line(
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

    /// Pons' score in moves to the end.
    pub(super) fn perfect_value(self, score: i32, cells: usize, plies: usize) -> String {
        let moves = |sentence, n| self.sentence(sentence, &[num("moves", n)]);
        match (score.signum(), stones_to_win(cells, plies, score)) {
            (0, _) | (_, None) => self.t(Text::ValueDraw).into(),
            (1, Some(1)) => self.t(Text::ValueWinsNow).into(),
            (1, Some(n)) => moves(Sentence::ValueWinsIn, n),
            (_, Some(1)) => self.t(Text::ValueLosesAtOnce).into(),
            (_, Some(n)) => moves(Sentence::ValueLosesIn, n),
        }
    }

    pub(super) fn tree_caption(
        self,
        depth: u8,
        nodes: u64,
        pruned: u64,
        from_table: u64,
    ) -> String {
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

    pub(super) fn minimax_caption(self, caption: Option<(u8, u64, u64, u64)>) -> String {
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

    /// A thought as the computer says it to its opponent, or as a
    /// `spectator` hears it (in the third person).
    pub(super) fn thought(self, fact: &Fact, spectator: bool) -> String {
        let s = |sentence, args: &[(&str, Arg)]| self.sentence(sentence, args);
        let voice = |mine, seen| if spectator { seen } else { mine };
        match fact {
            Fact::WinsNow => self.t(Text::ThoughtWinsNow).into(),
            Fact::WinsIn { stones } => s(
                voice(Sentence::ThoughtWinsIn, Sentence::SeenWinsIn),
                &[num("stones", *stones)],
            ),
            Fact::LosesIn { stones } => s(
                voice(Sentence::ThoughtLosesIn, Sentence::SeenLosesIn),
                &[num("stones", *stones)],
            ),
            Fact::Draw => self.t(Text::ThoughtDraw).into(),
            Fact::MustBlock { column } => s(
                voice(Sentence::ThoughtMustBlock, Sentence::SeenMustBlock),
                &[column_arg(*column)],
            ),
            Fact::CreatesThreats { count } => {
                s(Sentence::ThoughtCreatesThreats, &[num("count", *count)])
            }
            Fact::EveryOtherMoveLoses => self.t(Text::ThoughtEveryOtherMoveLoses).into(),
            Fact::Unsolved { seconds } => s(
                voice(Sentence::ThoughtUnsolved, Sentence::SeenUnsolved),
                &[num("seconds", *seconds)],
            ),
            Fact::RandomMove if spectator => self.t(Text::SeenRandomMove).into(),
            Fact::RandomMove => self.t(Text::ThoughtRandomMove).into(),
        }
    }

    /// The spectator screen's caption: what the tree shows, in plain words.
    pub(super) fn caption(self, caption: &Caption) -> String {
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
    pub(super) fn tree_node(
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
}
