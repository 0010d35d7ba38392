//! The game on the robot as a plain table: the board, its two seats (who
//! sits there, under which name, or the booth's computer at which level),
//! the idle clock, and the rules of seats and turns. The messages'
//! handlers ask it; it sends nothing to pages, the robot or the records
//! (it only keeps the number of its entry in them), and is tested on its
//! own.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use engine::player::{LevelSpec, PlayerConfig};
use engine::{Board, Side};

use crate::messages::{self, ErrorCode, GameMode};

/// The computer's name in its seat.
pub(super) const COMPUTER: &str = "Computer";

/// The seat a side sits in, as the pages name it.
pub(super) fn seat(side: Side) -> messages::Seat {
    match side {
        Side::First => messages::Seat::First,
        Side::Second => messages::Seat::Second,
    }
}

/// One of the game's two seats: who sits there and what the game keeps of
/// them.
#[derive(Debug, Clone, Default)]
pub(super) struct Seat {
    /// The session seated (`None`: free, or the booth's computer).
    pub(super) session: Option<String>,
    /// The name the pages show.
    pub(super) name: Option<String>,
    /// Whether its visitor lets the name be shown to everyone (the hall
    /// of fame, a take-home link).
    pub(super) shown: bool,
    /// The level, when the booth's computer plays this seat.
    pub(super) level: Option<LevelSpec>,
    /// How the booth's computer plays it.
    pub(super) computer: Option<PlayerConfig>,
    /// After the game: whether its player asked to play again.
    pub(super) again: bool,
    /// Since when its page has been gone (the seat is kept for the grace
    /// time).
    pub(super) away: Option<Instant>,
    /// The address of the person's device (`None`: one of the booth's own
    /// screens, or the computer): what fairness knows it by.
    pub(super) device: Option<IpAddr>,
}

impl Seat {
    /// A seat for `session` under `name`.
    pub(super) fn taken(session: Option<String>, name: Option<String>) -> Seat {
        Seat {
            session,
            name,
            ..Seat::default()
        }
    }
}

pub(super) struct Game {
    pub(super) board: Board,
    pub(super) mode: GameMode,
    /// The side of the computer, in a game against it.
    pub(super) computer: Option<Side>,
    /// Its entry in the records, from the first coin on (demos have none).
    pub(super) record: Option<i64>,
    /// The first seat, then the second.
    pub(super) seats: [Seat; 2],
    /// The idle clock: the last move, or the last "still there".
    pub(super) last_move: Instant,
    /// The turn's clock: the last move, whatever the player answers.
    pub(super) turn_since: Instant,
    pub(super) asked: bool,
    /// The session that started the game: only it may start another while
    /// this one runs.
    pub(super) owner: Option<String>,
}

impl Game {
    /// Starts the idle clock afresh: a player saying they are still
    /// there, a page back (and all that restarts the turn).
    pub(super) fn restart_idle_clock(&mut self) {
        self.last_move = Instant::now();
        self.asked = false;
    }

    /// Starts both clocks afresh: a move, the second person arriving, the
    /// robot back. Only these give a player a turn's full time again.
    pub(super) fn restart_turn(&mut self) {
        self.restart_idle_clock();
        self.turn_since = self.last_move;
    }

    /// Whether the first person waits for a second to take the other seat.
    pub(super) fn waiting_for_opponent(&self) -> bool {
        self.mode == GameMode::TwoPlayers
            && self.seats[1].session.is_none()
            && !self.board.is_over()
    }

    /// While a person waits for an opponent: how much of `offer` is left.
    pub(super) fn offer_left(&self, offer: Duration) -> Option<Duration> {
        self.waiting_for_opponent()
            .then(|| offer.saturating_sub(self.last_move.elapsed()))
    }

    /// A fresh game: nobody idle, nobody asked anything yet.
    pub(super) fn new(mode: GameMode, computer: Option<Side>, seats: [Seat; 2]) -> Game {
        Game {
            board: Board::new(),
            mode,
            computer,
            record: None,
            seats,
            last_move: Instant::now(),
            turn_since: Instant::now(),
            asked: false,
            owner: None,
        }
    }

    /// The seats' names, first seat first.
    pub(super) fn names(&self) -> [Option<String>; 2] {
        self.seats.each_ref().map(|s| s.name.clone())
    }

    /// The people in the seats, as the records keep them.
    pub(super) fn players(&self) -> crate::records::Players {
        crate::records::Players {
            names: self.names(),
            shown: self.seats.each_ref().map(|s| s.shown),
        }
    }

    /// The seat of `side`.
    pub(super) fn seat_of(&self, side: Side) -> &Seat {
        &self.seats[seat(side).index()]
    }

    /// Whether `sides` (the caller's) may move now: the game on, the
    /// second person there, and their turn.
    pub(super) fn check_turn(&self, sides: &[Side]) -> Result<(), ErrorCode> {
        if self.board.is_over() {
            return Err(ErrorCode::GameOver);
        }
        if sides.is_empty() {
            return Err(ErrorCode::NotAllowed);
        }
        if self.waiting_for_opponent() {
            return Err(ErrorCode::WaitingForOpponent);
        }
        if !sides.contains(&self.board.side_to_move()) {
            return Err(ErrorCode::NotYourTurn);
        }
        Ok(())
    }

    /// Plays a 1-based column and restarts the idle clock.
    pub(super) fn drop_coin(&mut self, column: u8) -> Result<(), ErrorCode> {
        self.board
            .play(usize::from(column).wrapping_sub(1))
            .map_err(|_| ErrorCode::IllegalMove)?;
        self.restart_turn();
        Ok(())
    }

    /// Seats `session` as `name` in the free second seat of a game for
    /// two; the first person cannot take it too.
    pub(super) fn join(
        &mut self,
        session: &str,
        name: String,
        shown: bool,
    ) -> Result<(), ErrorCode> {
        if self.mode != GameMode::TwoPlayers
            || self.seats[1].session.is_some()
            || self.board.is_over()
        {
            return Err(ErrorCode::Busy);
        }
        if self.seats[0].session.as_deref() == Some(session) {
            return Err(ErrorCode::NotAllowed);
        }
        self.seats[1] = Seat {
            shown,
            ..Seat::taken(Some(session.to_string()), Some(name))
        };
        // The first move's clocks start when both are there.
        self.restart_turn();
        Ok(())
    }

    /// Notes that the player in `seat` would play again: the next game once
    /// every person in this one has asked. Between two people the seats
    /// swap, so the other one opens; against the computer the person keeps
    /// their colour.
    pub(super) fn again(&mut self, seat: usize) -> Result<Option<Game>, ErrorCode> {
        if !self.board.is_over() || self.mode == GameMode::Demo {
            return Err(ErrorCode::NotAllowed);
        }
        self.seats[seat].again = true;
        if self.mode == GameMode::TwoPlayers && !self.seats.iter().all(|s| s.again) {
            return Ok(None);
        }
        // The people keep their names and the computer its level; nobody
        // has asked again or gone away in the new game.
        let fresh = |s: &Seat| Seat {
            again: false,
            away: None,
            ..s.clone()
        };
        let [first, second] = self.seats.each_ref().map(fresh);
        let mut next = match self.mode {
            GameMode::TwoPlayers => Game::new(self.mode, None, [second, first]),
            _ => Game::new(self.mode, self.computer, [first, second]),
        };
        next.owner = self.owner.clone();
        Ok(Some(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn for_two(first: &str) -> Game {
        Game::new(
            GameMode::TwoPlayers,
            None,
            [
                Seat::taken(Some(first.into()), Some("Ada_1".into())),
                Seat::default(),
            ],
        )
    }

    #[test]
    fn the_second_seat_takes_someone_else_and_only_once() {
        let mut game = for_two("s1");
        assert_eq!(
            game.check_turn(&[Side::First]),
            Err(ErrorCode::WaitingForOpponent)
        );
        assert_eq!(
            game.join("s1", "Ada_1".into(), false),
            Err(ErrorCode::NotAllowed)
        );
        assert_eq!(game.join("s2", "Bob_2".into(), false), Ok(()));
        assert_eq!(game.join("s3", "Cem_3".into(), false), Err(ErrorCode::Busy));
        assert_eq!(game.seats[1].name.as_deref(), Some("Bob_2"));
        assert_eq!(
            game.check_turn(&[Side::Second]),
            Err(ErrorCode::NotYourTurn)
        );
        assert_eq!(game.check_turn(&[]), Err(ErrorCode::NotAllowed));
        assert_eq!(game.check_turn(&[Side::First]), Ok(()));
    }

    #[test]
    fn a_coin_in_a_full_column_is_refused_and_the_board_stays() {
        let mut game = for_two("s1");
        for _ in 0..6 {
            game.drop_coin(4).unwrap();
        }
        assert_eq!(game.drop_coin(4), Err(ErrorCode::IllegalMove));
        assert_eq!(game.drop_coin(0), Err(ErrorCode::IllegalMove));
        assert_eq!(game.board.to_string(), "444444");
    }

    #[test]
    fn two_people_play_again_with_their_seats_swapped_once_both_asked() {
        let mut game = for_two("s1");
        game.join("s2", "Bob_2".into(), false).unwrap();
        assert_eq!(
            game.again(0).err(),
            Some(ErrorCode::NotAllowed),
            "not before the end"
        );
        for column in [1, 2, 1, 2, 1, 2, 1] {
            game.drop_coin(column).unwrap();
        }
        assert!(
            game.again(0).unwrap().is_none(),
            "the other has not asked yet"
        );
        let next = game.again(1).unwrap().expect("both asked");
        assert_eq!(next.names(), [Some("Bob_2".into()), Some("Ada_1".into())]);
        let sessions = next.seats.each_ref().map(|s| s.session.clone());
        assert_eq!(sessions, [Some("s2".into()), Some("s1".into())]);
        assert!(next.board.to_string().is_empty());
    }
}
