//! How a column's value is drawn: a heuristic value as a signed number,
//! every value as a bar. (A perfect score in words is [`crate::i18n::Say::PerfectValue`].)

use engine::player::FORCED;

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
}
