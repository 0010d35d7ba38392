//! The searching players (easy, medium, hard, adaptive): alpha-beta over
//! the window evaluation, varied among equal moves with the seed, with
//! the level's deliberately weak moves.

use super::decision::{add_every_other_move_loses, among_equals};
use super::progress::Reporter;
use super::rng::Rng;
use super::{ChooseError, Decision, Fact, SearchConfig, ValueKind, alphabeta, facts, search_value};
use crate::evaluation::{Evaluation, Windows};
use crate::trace::Bound;
use crate::{Geometry, Position};

/// What a search keeps between moves, borrowed for one move.
pub(super) struct Searcher<'a> {
    pub(super) rng: &'a mut Rng,
    pub(super) windows: &'a mut WindowsCache,
    pub(super) trace_budget: usize,
}

impl Searcher<'_> {
    pub(super) fn search(
        &mut self,
        p: &Position,
        config: &SearchConfig,
        reporter: &mut Reporter<'_>,
    ) -> Result<Decision, ChooseError> {
        let Evaluation::Window {
            low_row_bonus,
            threat_parity,
        } = config.evaluation;
        let (mut decision, best) =
            self.window_search(p, config, (low_row_bonus, threat_parity), reporter)?;
        self.vary_among(&mut decision, &best);
        add_every_other_move_loses(&mut decision, -search_value::FORCED);
        if config.blunder_rate > 0.0 && self.rng.chance(config.blunder_rate) {
            self.play_weak(p, &mut decision);
        }
        Ok(decision)
    }

    /// Alpha-beta with the window evaluation: its decision, and the columns
    /// as good as the one it chose.
    fn window_search(
        &mut self,
        p: &Position,
        config: &SearchConfig,
        (low_row_bonus, threat_parity): (bool, bool),
        reporter: &mut Reporter<'_>,
    ) -> Result<(Decision, Vec<usize>), ChooseError> {
        let windows = self.windows.get(p.geometry(), low_row_bonus, threat_parity);
        let budget = alphabeta::Budget {
            depth: config.depth,
            nodes: config.node_budget,
            time_ms: config.time_budget_ms,
            trace_nodes: self.trace_budget,
        };
        let (found, nodes) = alphabeta::search(p, windows, config.style, &budget, reporter)
            .ok_or(ChooseError::Cancelled)?;
        let column_values: Vec<Option<i32>> = found.values.iter().map(|v| v.map(|v| v.0)).collect();
        let best: Vec<usize> = found
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| matches!(v, Some((value, Bound::Exact)) if *value == found.best_value))
            .map(|(c, _)| c)
            .collect();
        let decision = Decision {
            column: usize::from(found.pv[0]),
            value: found.best_value,
            value_kind: ValueKind::Heuristic,
            column_values,
            pv: found.pv,
            depth: found.depth,
            nodes,
            trace: found.trace,
            facts: facts::forced_outcome(found.best_value)
                .into_iter()
                .collect(),
        };
        Ok((decision, best))
    }

    /// Varies among equally good moves with the seed. When it takes another
    /// move than the search's line, it expects what the tree recorded below
    /// that move.
    fn vary_among(&mut self, decision: &mut Decision, best: &[usize]) {
        // A single best column is the search's own choice.
        if best.len() < 2 {
            return;
        }
        let Ok(column) = among_equals(self.rng, best, true) else {
            return;
        };
        if column == decision.column {
            return;
        }
        decision.column = column;
        let child = decision
            .trace
            .children(0)
            .find(|&i| decision.trace.nodes[i].column == Some(column as u8));
        decision.pv = vec![column as u8];
        decision.pv.extend(
            child
                .map(|i| decision.trace.line_after(i))
                .unwrap_or_default(),
        );
        decision.trace.set_pv(decision.pv.clone());
    }

    /// A deliberately weak move: any other column, the same way the
    /// level's seed decides, said as such.
    fn play_weak(&mut self, p: &Position, decision: &mut Decision) {
        let others: Vec<usize> = (0..p.geometry().columns())
            .filter(|&c| p.can_play(c) && c != decision.column)
            .collect();
        if others.is_empty() {
            return;
        }
        decision.column = self.rng.pick(&others);
        decision.value = decision.column_values[decision.column].unwrap_or(decision.value);
        decision.pv = vec![decision.column as u8];
        decision.trace.set_pv(decision.pv.clone());
        decision
            .facts
            .retain(|f| !matches!(f, Fact::WinsIn { .. } | Fact::EveryOtherMoveLoses));
        decision.facts.push(Fact::RandomMove);
    }
}

/// The window evaluation's tables for the last board shape and options a
/// search asked for (making them takes longer than a shallow search).
#[derive(Default)]
pub(super) struct WindowsCache(Option<((Geometry, bool, bool), Windows)>);

impl WindowsCache {
    fn get(&mut self, g: Geometry, low_row_bonus: bool, threat_parity: bool) -> &Windows {
        let key = (g, low_row_bonus, threat_parity);
        let kept = match self.0.take() {
            Some((made_for, windows)) if made_for == key => windows,
            _ => Windows::new(g, low_row_bonus, threat_parity),
        };
        &self.0.insert((key, kept)).1
    }
}
