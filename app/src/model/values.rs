//! How a column's value is drawn: a heuristic value as a signed number or
//! as its rank among the columns in words, every value as a bar. (A perfect
//! score in words is [`crate::i18n::Say::PerfectValue`].)

use engine::player::FORCED;

use crate::json_enum;

/// Where a column's heuristic value stands among the columns': what a
/// visitor can read without knowing the evaluation's scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Rank {
    /// A forced win.
    Wins,
    /// The best column (or as good).
    Best,
    /// Close to the best.
    Good,
    /// Clearly below the best.
    Weaker,
    /// Far below the best.
    Poor,
    /// A forced loss.
    Loses,
}

/// How far below the best a value may be and still be good, or weaker: in
/// the window evaluation an open line of two is worth about 10 and one of
/// three about 100, so good is within three twos, weaker within a three.
const GOOD_WITHIN: i32 = 30;
const WEAKER_WITHIN: i32 = 120;

/// The rank of `v` among the values `all` (its own among them).
pub fn rank(v: i32, all: &[i32]) -> Rank {
    if v >= FORCED {
        return Rank::Wins;
    }
    if v <= -FORCED {
        return Rank::Loses;
    }
    let best = all
        .iter()
        .copied()
        .filter(|x| *x < FORCED)
        .fold(v, i32::max);
    // Beside a column that wins, none is the best.
    let win_elsewhere = all.iter().any(|x| *x >= FORCED);
    match best - v {
        0 if !win_elsewhere => Rank::Best,
        0 => Rank::Good,
        d if d <= GOOD_WITHIN => Rank::Good,
        d if d <= WEAKER_WITHIN => Rank::Weaker,
        _ => Rank::Poor,
    }
}

/// A value as a short signed number; a forced result as an infinity.
pub fn short_value(v: i32) -> String {
    if v >= FORCED {
        "+∞".into()
    } else if v <= -FORCED {
        "−∞".into()
    } else {
        format!("{v:+}")
    }
}

/// A bar's length from 0.1 to 1: the best column's is longest, the worst's
/// shortest, so even close estimates tell apart; a forced win is full, a
/// forced loss minimal.
pub fn bar_length(v: i32, all: &[i32]) -> f64 {
    if v >= FORCED {
        return 1.0;
    }
    if v <= -FORCED {
        return 0.1;
    }
    let open = all.iter().copied().filter(|x| x.abs() < FORCED);
    let (low, high) = open.fold((v, v), |(l, h), x| (l.min(x), h.max(x)));
    if high == low {
        return 0.6;
    }
    0.2 + 0.8 * f64::from(v - low) / f64::from(high - low)
}

/// Every column's value and where it comes from.
pub type ColumnValues = (ValueSource, Vec<Option<i32>>);

/// Where the values over the columns come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ValueSource {
    /// The computer's search at its level: estimates or exact.
    Search,
    /// A hint: every column's perfect score (Pons' convention).
    Hint,
    /// The computer's perfect play: every column's perfect score for the
    /// computer, in the position before its move.
    Solved,
}

json_enum!(ValueSource { Search "Search", Hint "Hint", Solved "Solved" });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_read_as_infinities_and_fill_the_bar() {
        assert_eq!(short_value(FORCED + 3), "+∞");
        assert_eq!(short_value(-FORCED), "−∞");
        assert_eq!(short_value(12), "+12");
        assert_eq!(bar_length(FORCED, &[1, 2]), 1.0);
        assert_eq!(bar_length(-FORCED, &[1, 2]), 0.1);
        assert_eq!(bar_length(2, &[1, 2]), 1.0);
        assert_eq!(bar_length(1, &[1, 2]), 0.2);
        assert_eq!(bar_length(5, &[5, 5]), 0.6);
    }

    #[test]
    fn a_value_is_ranked_against_the_best_column_not_its_scale() {
        let all = [-84, -84, -50, -59, -82, -200, FORCED + 2];
        assert_eq!(rank(-50, &all), Rank::Good, "beside a win, nothing is best");
        assert_eq!(rank(-50, &all[..6]), Rank::Best);
        assert_eq!(rank(-59, &all), Rank::Good);
        assert_eq!(rank(-84, &all), Rank::Weaker);
        assert_eq!(rank(-200, &all), Rank::Poor);
        assert_eq!(rank(FORCED + 2, &all), Rank::Wins);
        assert_eq!(rank(-FORCED, &all), Rank::Loses);
    }
}
