//! The adaptive level: a strength that follows the opponent, so that a
//! visitor wins about half of the games.

use serde::{Deserialize, Serialize};

use crate::evaluation::Evaluation;
use crate::player::search_value::FORCED;
use crate::player::{AdaptiveConfig, Decision, SearchConfig};

/// How far ahead counts as clearly winning: about three open threes.
const CLEAR_LEAD: i32 = 300;

/// The adaptive player's state.
///
/// Its strength is a depth between the configured bounds (fractional,
/// rounded when searching). Between games it moves a whole step: up after
/// the opponent wins, down after the computer wins, so against any opponent
/// it settles where it wins about half of the games. During a game it eases
/// off while its own search sees it clearly ahead (half a step per move, at
/// most two steps) and returns to full strength as soon as it is not; the
/// ease-off ends with the game. Below strength 3 it also plays deliberately
/// weak moves (a third of the time below 2, one in seven below 3), as Easy
/// does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Adaptive {
    config: AdaptiveConfig,
    strength: f64,
    ease_off: f64,
}

impl Adaptive {
    /// Starts at the configured strength.
    pub fn new(config: AdaptiveConfig) -> Adaptive {
        let strength = config.start;
        let mut a = Adaptive {
            config,
            strength,
            ease_off: 0.0,
        };
        a.adjust(0.0);
        a
    }

    /// The strength it plays with now (a depth, fractional).
    pub fn strength(&self) -> f64 {
        (self.strength - self.ease_off).max(f64::from(self.config.min_depth.max(1)))
    }

    fn adjust(&mut self, step: f64) {
        let (lo, hi) = (
            f64::from(self.config.min_depth.max(1)),
            f64::from(self.config.max_depth.max(1)),
        );
        // Not `f64::clamp`, whose panic message formats its bounds: that
        // kept core's float formatting in the web page's Wasm.
        self.strength = (self.strength + step).max(lo).min(hi.max(lo));
    }

    /// The search it plays its next move with.
    pub fn search_config(&self) -> SearchConfig {
        let strength = self.strength();
        let blunder_rate = if strength < 2.0 {
            0.33
        } else if strength < 3.0 {
            1.0 / 7.0
        } else {
            0.0
        };
        SearchConfig {
            depth: strength.round() as u8,
            evaluation: Evaluation::Window {
                low_row_bonus: true,
                threat_parity: true,
            },
            style: self.config.style,
            blunder_rate,
            node_budget: None,
            time_budget_ms: None,
        }
    }

    /// Adjusts during a game after one of its own moves.
    pub(crate) fn observe_search(&mut self, decision: &Decision) {
        let best = decision.pv_value();
        self.ease_off = if best >= FORCED || best > CLEAR_LEAD {
            (self.ease_off + 0.5).min(2.0)
        } else {
            0.0
        };
    }

    /// Adjusts between games: `Some(true)` when the computer won.
    pub fn game_over(&mut self, computer_won: Option<bool>) {
        self.ease_off = 0.0;
        match computer_won {
            Some(true) => self.adjust(-1.0),
            Some(false) => self.adjust(1.0),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_follows_results_within_bounds() {
        let mut a = Adaptive::new(AdaptiveConfig::default());
        assert_eq!(a.search_config().depth, 3);
        for _ in 0..10 {
            a.game_over(Some(false));
        }
        assert_eq!(a.strength(), 9.0);
        assert_eq!(a.search_config().blunder_rate, 0.0);
        for _ in 0..10 {
            a.game_over(Some(true));
        }
        assert_eq!(a.strength(), 1.0);
        assert_eq!(a.search_config().blunder_rate, 0.33);
        a.game_over(None);
        assert_eq!(a.strength(), 1.0);
    }
}
