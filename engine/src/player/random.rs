//! The random player: any legal column.

use super::rng::Rng;
use super::{Decision, Fact, ValueKind};
use crate::Position;
use crate::trace::Recorder;

/// Any legal column, said as such.
pub(super) fn choose(rng: &mut Rng, p: &Position, trace_budget: usize) -> Decision {
    let legal: Vec<usize> = (0..p.geometry().columns())
        .filter(|&c| p.can_play(c))
        .collect();
    let column = rng.pick(&legal);
    let mut recorder = Recorder::new(trace_budget, 1);
    recorder.open(None, None, p.side_to_move(), 0, true);
    Decision {
        column,
        value: 0,
        value_kind: ValueKind::None,
        column_values: vec![None; p.geometry().columns()],
        pv: vec![column as u8],
        depth: 0,
        nodes: 0,
        trace: recorder.finish(vec![column as u8], 0, 0),
        facts: vec![Fact::RandomMove],
    }
}
