//! What one page is shown of the table: the game as its visitor sees it
//! (which side is theirs, whether they may move now) and the robot.

use std::time::Duration;

use engine::{Side, Status};

use super::game::seat;
use super::table::Table;
use crate::messages::{GameStatus, Part, Snapshot, VERSION};
use crate::robot_link::{LinkState, RobotStatus};

impl Table {
    /// The snapshot for connection `id`, with the robot's `status`, the
    /// time a person waiting for an opponent is `offer`ed to others and the
    /// `grace` time a closed page's seat is kept.
    pub(super) fn snapshot_for(
        &self,
        id: u64,
        robot: RobotStatus,
        offer: Duration,
        grace: Duration,
    ) -> Snapshot {
        // A page that may not play (another device without the token)
        // learns nothing of a seat, even under a seated session's id.
        let sides = self
            .caller(id)
            .filter(|caller| caller.may_play())
            .map(|caller| self.sides_of(&caller.session))
            .unwrap_or_default();
        let line = u32::try_from(self.fairness.waiting()).unwrap_or(u32::MAX);
        let line_place = self
            .pages
            .get(&id)
            .and_then(|page| self.fairness.place(&page.session))
            .and_then(|place| u32::try_from(place).ok());
        let you = match sides.as_slice() {
            [Side::First] => Part::First,
            [Side::Second] => Part::Second,
            _ => Part::Spectator,
        };
        let Some(game) = &self.game else {
            return Snapshot {
                v: VERSION,
                status: GameStatus::Idle,
                moves: String::new(),
                mode: None,
                turn: None,
                winner: None,
                winning_cells: Vec::new(),
                seats: [None, None],
                shown: [false; 2],
                fame: self.fame,
                levels: [None, None],
                computer: None,
                again: [false; 2],
                offer_left_s: None,
                away_left_s: [None, None],
                line,
                line_place,
                you,
                can_move: false,
                robot,
            };
        };
        let board = &game.board;
        let status = match board.status() {
            Status::InProgress => GameStatus::Playing,
            Status::Won(_) => GameStatus::Won,
            Status::Draw => GameStatus::Draw,
        };
        let turn = (!board.is_over()).then(|| seat(board.side_to_move()));
        let can_move = !board.is_over()
            && sides.contains(&board.side_to_move())
            && robot.state == LinkState::Ready
            && robot.in_sync;
        Snapshot {
            v: VERSION,
            status,
            moves: board.to_string(),
            mode: Some(game.mode),
            turn,
            winner: board.winner().map(seat),
            winning_cells: board
                .winning_line()
                .unwrap_or_default()
                .iter()
                .map(|c| [c.column + 1, c.row + 1])
                .collect(),
            seats: game.names(),
            shown: game
                .seats
                .each_ref()
                .map(|s| s.shown || s.computer.is_some()),
            fame: self.fame,
            levels: game.seats.each_ref().map(|s| s.level),
            computer: game.computer.map(seat),
            again: game.seats.each_ref().map(|s| s.again),
            offer_left_s: game.offer_left(offer).map(|left| left.as_secs()),
            away_left_s: game.seats.each_ref().map(|s| {
                s.away
                    .map(|since| grace.saturating_sub(since.elapsed()).as_secs())
            }),
            line,
            line_place,
            you,
            can_move,
            robot,
        }
    }
}
