//! How a column's value reads: a perfect score in words a visitor
//! understands ("wins in 7 moves"), a heuristic value as a signed number.

use engine::player::FORCED;
use engine::solver::stones_to_win;

use crate::i18n::Lang;

/// A perfect score (Pons' convention, the mover's view) of playing a
/// column with `plies` stones down on a board of `cells`, in words: the
/// mover's moves to win counting this one, or the opponent's to win.
pub fn perfect_words(score: i32, cells: usize, plies: usize, lang: Lang) -> String {
    let moves = stones_to_win(cells, plies, score);
    match (score.signum(), moves, lang) {
        (0, _, Lang::En) | (_, None, Lang::En) => "draw".into(),
        (0, _, Lang::De) | (_, None, Lang::De) => "remis".into(),
        (1, Some(1), Lang::En) => "wins now".into(),
        (1, Some(1), Lang::De) => "gewinnt sofort".into(),
        (1, Some(n), Lang::En) => format!("wins in {n} moves"),
        (1, Some(n), Lang::De) => format!("gewinnt in {n} Zügen"),
        (_, Some(1), Lang::En) => "loses at once".into(),
        (_, Some(1), Lang::De) => "verliert sofort".into(),
        (_, Some(n), Lang::En) => format!("loses in {n}"),
        (_, Some(n), Lang::De) => format!("verliert in {n}"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use engine::solver::win_now_score;
    use engine::{Board, Mode, Solver};

    #[test]
    fn perfect_scores_read_as_moves_to_the_end() {
        // Pons' "4455": the mover wins with its 4th stone, its 2nd from here.
        let board: Board = "4455".parse().unwrap();
        let scores = Solver::new().analyze(board.position(), Mode::Strong);
        let words: Vec<String> = scores
            .iter()
            .map(|s| perfect_words(s.unwrap(), 42, 4, Lang::En))
            .collect();
        // Column 3 or 6 makes two threats: the win comes with the 2nd move.
        assert_eq!(words[2], "wins in 2 moves", "{words:?}");
        assert_eq!(words[5], "wins in 2 moves", "{words:?}");
        assert_eq!(perfect_words(0, 42, 4, Lang::De), "remis");
        // The score of a win with this very stone.
        assert_eq!(
            perfect_words(win_now_score(42, 10), 42, 10, Lang::En),
            "wins now"
        );
    }

    #[test]
    fn losses_count_the_opponents_moves() {
        // "44455554221" scores -15: whatever the mover plays, the opponent
        // wins with its next stone in the worst column.
        let board: Board = "44455554221".parse().unwrap();
        let scores = Solver::new().analyze(board.position(), Mode::Strong);
        let worst = scores.iter().flatten().min().copied().unwrap();
        assert!(worst < 0);
        let words = perfect_words(worst, 42, 11, Lang::En);
        assert!(words.starts_with("loses"), "{words}");
        assert_eq!(
            perfect_words(-(win_now_score(42, 12)), 42, 11, Lang::En),
            "loses at once"
        );
        assert_eq!(
            perfect_words(-(win_now_score(42, 12)) + 1, 42, 11, Lang::De),
            "verliert in 2"
        );
    }

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
