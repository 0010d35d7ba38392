//! `start`: a game on the robot, against the computer or for two people.

use engine::Side;
use engine::player::LevelSpec;

use super::Context;
use crate::booth::change::{Change, Changes, Reply};
use crate::booth::game::{COMPUTER, Game, Seat};
use crate::booth::table::{Caller, Table};
use crate::messages::{ErrorCode, GameMode, NoticeCode};
use crate::records::Outcome;

/// A new game: who plays whom, and how well the computer plays.
pub(in crate::booth) struct Start {
    /// The computer's side, in a game against it.
    computer: Option<Side>,
    /// The level the page chose, if any.
    level: Option<LevelSpec>,
}

impl Start {
    /// Refuses a demo (only the booth starts those) and a level the
    /// engine does not know.
    pub(in crate::booth) fn parse(
        mode: GameMode,
        computer_first: bool,
        level: Option<LevelSpec>,
    ) -> Result<Start, ErrorCode> {
        let computer = match mode {
            GameMode::VsComputer if computer_first => Some(Side::First),
            GameMode::VsComputer => Some(Side::Second),
            GameMode::TwoPlayers => None,
            GameMode::Demo => return Err(ErrorCode::NotAllowed),
        };
        Ok(Start { computer, level })
    }

    /// Starts the game if the robot is free (a demo gives way to any
    /// visitor) and the caller's turn has come (see [`fairness`]), or the
    /// caller is playing the game on it and nobody waits. A caller who
    /// finds the robot taken gets in line. Against the computer, the
    /// booth plays its side at the chosen level, which must be one it
    /// offers (its first if none was chosen).
    ///
    /// [`fairness`]: crate::booth::fairness
    pub(in crate::booth) fn apply(
        self,
        table: &mut Table,
        caller: &Caller,
        context: &Context,
    ) -> Reply {
        if !caller.may_play() {
            return Err(ErrorCode::NotAllowed);
        }
        if table.fairness.barred(&caller.session, caller.device()) {
            return Err(ErrorCode::Barred);
        }
        let level = match self.level {
            None => context.levels.first().copied(),
            Some(level) => context.levels.contains(&level).then_some(level),
        }
        .ok_or(ErrorCode::UnknownLevel)?;
        if table.fairness.resting(&caller.session, caller.device()) {
            return Err(ErrorCode::OthersFirst);
        }
        let name = table.name_of(caller.id);
        let mut changes = Vec::new();
        let running = table
            .game
            .as_ref()
            .filter(|g| !g.board.is_over() && g.mode != GameMode::Demo);
        let restart = running.is_some();
        if let Some(game) = running {
            // Only the person who started a running game may end it for a
            // new one, and not while others wait; the other person in it is
            // told.
            if game.owner.as_deref() != Some(caller.session.as_str()) {
                if table.seat_of(&caller.session).is_some() {
                    return Err(ErrorCode::NotAllowed);
                }
                return Ok(lined_up(table, caller));
            }
            if table.fairness.waiting() > 0 {
                return Err(ErrorCode::OthersFirst);
            }
            let others = game
                .seats
                .iter()
                .any(|s| s.session.as_deref().is_some_and(|s| s != caller.session));
            if others {
                changes.push(Change::Notice {
                    code: NoticeCode::Restarted,
                    name: name.clone(),
                });
            }
        }
        if !restart && !table.fairness.may_take(&caller.session, caller.device()) {
            return Ok(lined_up(table, caller));
        }
        table.fairness.took(&caller.session, caller.device());
        changes.extend(table.close_record(Outcome::Restarted));
        let person = Seat {
            device: caller.device(),
            shown: table.shows_name(caller.id),
            ..Seat::taken(Some(caller.session.clone()), name)
        };
        let computer = Seat {
            name: Some(COMPUTER.to_string()),
            level: Some(level),
            computer: Some(crate::booth::settings::tuned(level, context.tuning)),
            ..Seat::default()
        };
        let seats = match self.computer {
            Some(Side::First) => [computer, person],
            Some(Side::Second) => [person, computer],
            None => [person, Seat::default()],
        };
        let mode = if self.computer.is_some() {
            GameMode::VsComputer
        } else {
            GameMode::TwoPlayers
        };
        let mut game = Game::new(mode, self.computer, seats);
        game.owner = Some(caller.session.clone());
        table.game = Some(game);
        changes.push(Change::Game);
        Ok(changes)
    }
}

/// The caller in line for the robot: every page learns the line's length,
/// and theirs their place. A full line refuses them as busy.
fn lined_up(table: &mut Table, caller: &Caller) -> Changes {
    if table.fairness.line_up(&caller.session, caller.device()) {
        vec![Change::Seats]
    } else if table.fairness.place(&caller.session).is_some() {
        Changes::new()
    } else {
        vec![Change::Refused(ErrorCode::Busy)]
    }
}
