//! The shapes of the types this page did not define: Rust's own, the
//! engine's and the booth protocol's, as their serde derives write them.

use booth_protocol::search::{Bound, ComputerMove, Fact, Node, Thinking, Tree, ValueKind};
use booth_protocol::{GameMode, Language};
use engine::evaluation::{Evaluation, Style};
use engine::player::{
    AdaptiveConfig, ClassicConfig, Level, PerfectConfig, PlayerConfig, SearchConfig,
};
use engine::review::{Mark, ReviewedMove};
use engine::{Geometry, PerSide, Side};

use super::{Error, Json, Reader, Writer};
use crate::{json_enum, json_struct};

impl Json for bool {
    fn write(&self, out: &mut Writer) {
        out.boolean(*self);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        input.boolean()
    }
}

macro_rules! integers {
    ($($int:ty),*) => {$(
        impl Json for $int {
            fn write(&self, out: &mut Writer) {
                out.integer(*self);
            }
            fn read(input: &mut Reader) -> Result<Self, Error> {
                input.integer()
            }
        }
    )*};
}
integers!(u8, u16, u32, u64, i32, i64);

impl Json for usize {
    fn write(&self, out: &mut Writer) {
        out.integer(*self as u64);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        input.integer()
    }
}

impl Json for f64 {
    fn write(&self, out: &mut Writer) {
        out.float(*self);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        input.float()
    }
}

impl Json for String {
    fn write(&self, out: &mut Writer) {
        out.string(self);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        input.string()
    }
}

impl<T: Json> Json for Option<T> {
    fn write(&self, out: &mut Writer) {
        match self {
            Some(value) => value.write(out),
            None => out.null(),
        }
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        if input.null() {
            Ok(None)
        } else {
            T::read(input).map(Some)
        }
    }
}

impl<T: Json> Json for Box<T> {
    fn write(&self, out: &mut Writer) {
        T::write(self, out);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        T::read(input).map(Box::new)
    }
}

impl<T: Json> Json for Vec<T> {
    fn write(&self, out: &mut Writer) {
        out.begin_array();
        for item in self {
            out.element();
            item.write(out);
        }
        out.end_array();
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let mut items = Vec::new();
        input.array(|input| {
            items.push(T::read(input)?);
            Ok(())
        })?;
        Ok(items)
    }
}

/// A pair, as an array of two.
impl<A: Json, B: Json> Json for (A, B) {
    fn write(&self, out: &mut Writer) {
        write_pair(out, &self.0, &self.1);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let (mut first, mut second) = (None, None);
        input.array(|input| {
            if first.is_none() {
                first = Some(A::read(input)?);
            } else if second.is_none() {
                second = Some(B::read(input)?);
            } else {
                return Err(input.error("the end of a pair"));
            }
            Ok(())
        })?;
        first
            .zip(second)
            .ok_or_else(|| input.error("a pair of values"))
    }
}

/// The first side's value and the second's, as an array of two.
impl<T: Json> Json for PerSide<T> {
    fn write(&self, out: &mut Writer) {
        write_pair(out, &self[Side::First], &self[Side::Second]);
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let (first, second) = <(T, T)>::read(input)?;
        Ok(PerSide::new(first, second))
    }
}

pub(super) fn write_pair(out: &mut Writer, first: &impl Json, second: &impl Json) {
    out.begin_array();
    out.element();
    first.write(out);
    out.element();
    second.write(out);
    out.end_array();
}

/// Its columns, rows and line length; the masks are derived on reading.
impl Json for Geometry {
    fn write(&self, out: &mut Writer) {
        out.begin_object();
        out.field("columns", &self.columns());
        out.field("rows", &self.rows());
        out.field("win_length", &self.win_length());
        out.end_object();
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        struct Spec {
            columns: usize,
            rows: usize,
            win_length: usize,
        }
        json_struct!(Spec {
            columns,
            rows,
            win_length
        });
        let spec = Spec::read(input)?;
        Geometry::new(spec.columns, spec.rows, spec.win_length)
            .map_err(|_| input.error("a board size the engine plays"))
    }
}

impl Json for Language {
    fn write(&self, out: &mut Writer) {
        out.string(self.tag());
    }
    fn read(input: &mut Reader) -> Result<Self, Error> {
        let tag = input.string()?;
        tag.parse()
            .map_err(|_| input.error("a language of the pages"))
    }
}

json_enum!(Side { First "First", Second "Second" });
json_enum!(Style { Defensive "defensive", Normal "normal", Aggressive "aggressive" });
json_enum!(Evaluation {
    Window "window" { low_row_bonus = false, threat_parity = false },
});
json_enum!(PlayerConfig {
    Random "random",
    Search "search" (SearchConfig),
    Perfect "perfect" (PerfectConfig),
    Classic "classic" (ClassicConfig),
    Adaptive "adaptive" (AdaptiveConfig),
});
json_struct!(SearchConfig {
    depth, evaluation, style, blunder_rate, node_budget = None, time_budget_ms = None
});
json_struct!(PerfectConfig { vary, table_mb });
json_struct!(ClassicConfig { depth });
json_struct!(AdaptiveConfig {
    start,
    min_depth,
    max_depth,
    style
});
json_enum!(Level {
    Random "random", Easy "easy", Medium "medium", Hard "hard", Perfect "perfect",
    Adaptive "adaptive", Classic "classic" (u8),
});
json_enum!(Mark { Best "best", Good "good", Mistake "mistake" { better } });
json_struct!(ReviewedMove {
    column,
    best,
    played,
    mark
});
json_enum!(GameMode {
    VsComputer "vs_computer" | "VsComputer",
    TwoPlayers "two_players" | "HotSeat",
    Demo "demo" | "Demo",
});

json_struct!(Thinking {
    depth, nodes, nodes_per_second, elapsed_ms, best_column = None, best_value = None, pv,
    tree = None
});
json_struct!(ComputerMove {
    column,
    value,
    value_kind,
    column_values,
    pv,
    depth,
    nodes,
    trace,
    facts
});
json_enum!(ValueKind {
    Exact "exact", Heuristic "heuristic", Classic "classic", None "none"
});
json_enum!(Fact {
    WinsNow "wins_now",
    WinsIn "wins_in" { stones },
    LosesIn "loses_in" { stones },
    Draw "draw",
    MustBlock "must_block" { column },
    CreatesThreats "creates_threats" { count },
    EveryOtherMoveLoses "every_other_move_loses",
    Unsolved "unsolved" { seconds },
    RandomMove "random_move",
});
json_struct!(Tree { nodes, pv, total_nodes, depth, root_moves = String::new() });
json_struct!(Node {
    parent as "p" = None,
    column as "c" = None,
    side as "s",
    depth as "d",
    value as "v",
    bound as "b",
    window as "w" = None,
    cut_by as "x" = None,
    pruned as "pr" = Vec::<u8>::new(),
    from_table as "t" = false,
    subtree_nodes as "n",
    summarised as "z" = false,
    on_pv as "pv" = false,
    searching as "o" = false,
});
json_enum!(Bound { Exact "=", Lower ">", Upper "<" });
