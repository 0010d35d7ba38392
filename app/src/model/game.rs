//! The game on the screen: the engine's board plus who plays which side,
//! and the screen's rules around the engine's (whose turn it is, what a tap
//! or an undo may do). A plain type, tested natively.

use crate::json_struct;
use crate::model::link::SharedPosition;
use crate::model::settings::{GameMode, Settings, Starter};
use engine::{Board, Geometry, Side};

/// Why a person's tap or undo changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The computer is to move.
    ComputersTurn,
    /// The column is full.
    ColumnFull,
    /// A robot game's coins cannot be taken back.
    NoUndoOnRobot,
    /// No move of the person's to take back.
    NothingToUndo,
}

/// A game as stored: enough to rebuild the board and whose turn it is.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedGame {
    /// The moves as a move string.
    pub moves: String,
    /// Columns and rows.
    pub size: (u8, u8),
    /// The person's side against the computer.
    pub human: Side,
    /// A finished game from a link, only looked at ([`Game::onlooker`]).
    pub onlooker: bool,
}

json_struct!(SavedGame { moves, size, human, onlooker = false });

/// The game on the screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// The board with its moves.
    pub board: Board,
    /// The person's side against the computer.
    pub human: Side,
    /// Who plays the game on the booth's robot, while this page plays
    /// there: the bridge holds that game, the page mirrors it.
    pub robot: Option<GameMode>,
    /// The game arrived finished in a link: the person here did not play
    /// it, so its result is said by colour, never as theirs.
    pub onlooker: bool,
}

impl Game {
    /// A new game on the settings' board. `person_starts_by_chance` is the
    /// coin thrown for [`Starter::Random`].
    pub fn new(settings: &Settings, person_starts_by_chance: bool) -> Game {
        let (c, r) = settings.size;
        let geometry = Geometry::new(c.into(), r.into(), 4).unwrap_or(Geometry::STANDARD);
        let person_starts = match settings.starter {
            Starter::Me => true,
            Starter::Computer => false,
            Starter::Random => person_starts_by_chance,
        };
        Game {
            board: Board::with_geometry(geometry),
            human: if person_starts {
                Side::First
            } else {
                Side::Second
            },
            robot: None,
            onlooker: false,
        }
    }

    /// The first game of a visit: the position shared in the address,
    /// else the stored game, else `fresh`. A link to the stored game is a
    /// reload: the visitor keeps their side. The visitor of another shared
    /// position takes the side to move, so nobody moves before they do; a
    /// finished one they only look at.
    pub fn first(fresh: Game, shared: Option<&SharedPosition>, stored: Option<&SavedGame>) -> Game {
        let restored = stored.and_then(Game::restored);
        if let Some(board) = shared.and_then(|s| s.board(fresh.board.geometry())) {
            if let Some(own) = restored.filter(|g| g.board == board) {
                return own;
            }
            return Game {
                human: board.side_to_move(),
                onlooker: board.is_over(),
                board,
                ..fresh
            };
        }
        restored.unwrap_or(fresh)
    }

    /// Whether the address shared moves that are no position: not digits,
    /// a full column, moves past the end of the game. The page says so
    /// instead of silently showing another game.
    pub fn broken_link(fresh: &Game, shared: Option<&SharedPosition>) -> bool {
        shared.is_some_and(|s| s.board(fresh.board.geometry()).is_none())
    }

    /// A game taken home in a link, to look at and review: the visitor
    /// sees it from the side they played.
    pub fn taken_home(game: &crate::model::take_home::TakeHome) -> Game {
        let human = match game.players {
            crate::model::take_home::Players::Computer { visitor, .. } => visitor,
            crate::model::take_home::Players::People => Side::First,
        };
        Game {
            board: game.board.clone(),
            human,
            robot: None,
            onlooker: true,
        }
    }

    /// A stored game, if its board and moves still make sense.
    pub fn restored(saved: &SavedGame) -> Option<Game> {
        let geometry = Geometry::new(saved.size.0.into(), saved.size.1.into(), 4).ok()?;
        let board = Board::from_moves(geometry, &saved.moves).ok()?;
        Some(Game {
            board,
            human: saved.human,
            robot: None,
            onlooker: saved.onlooker,
        })
    }

    /// What is stored between visits.
    pub fn saved(&self) -> SavedGame {
        let g = self.board.geometry();
        SavedGame {
            moves: self.board.to_string(),
            size: (g.columns() as u8, g.rows() as u8),
            human: self.human,
            onlooker: self.onlooker,
        }
    }

    /// Who plays this game: the settings' mode, or the robot game's.
    pub fn mode(&self, settings_mode: GameMode) -> GameMode {
        self.robot.unwrap_or(settings_mode)
    }

    /// Whether the computer moves next.
    pub fn computer_to_move(&self, mode: GameMode) -> bool {
        !self.board.is_over()
            && match self.mode(mode) {
                GameMode::VsComputer => self.board.side_to_move() != self.human,
                GameMode::TwoPlayers => false,
                GameMode::Demo => true,
            }
    }

    /// Where the first `shown` coins of the expected continuation `pv`
    /// (its first move already played) would land: column, row and their
    /// number in the line.
    pub fn expected_coins(&self, pv: &[u8], shown: usize) -> Vec<(usize, usize, usize)> {
        let mut future = self.board.clone();
        let mut coins = Vec::new();
        for (i, &c) in pv.iter().skip(1).take(shown).enumerate() {
            let c = usize::from(c);
            if future.play(c).is_err() {
                break;
            }
            coins.push((c, future.height(c) - 1, i + 1));
        }
        coins
    }

    /// Whether a person's tap on `column` may drop a coin, and if not, what
    /// to tell them.
    pub fn check_drop(&self, column: usize, mode: GameMode) -> Result<(), Refusal> {
        if self.board.is_over() {
            Err(Refusal::GameOver)
        } else if self.computer_to_move(mode) {
            Err(Refusal::ComputersTurn)
        } else if !self.board.can_play(column) {
            Err(Refusal::ColumnFull)
        } else {
            Ok(())
        }
    }

    /// Takes back the last move; against the computer, back to the
    /// person's turn (the computer's reply and the person's move).
    pub fn undo(&mut self, mode: GameMode) -> Result<(), Refusal> {
        if self.robot.is_some() {
            return Err(Refusal::NoUndoOnRobot);
        }
        if self.board.plies() == 0 || mode == GameMode::Demo {
            return Err(Refusal::NothingToUndo);
        }
        self.board.undo(1);
        if mode == GameMode::VsComputer {
            while self.board.side_to_move() != self.human && self.board.plies() > 0 {
                self.board.undo(1);
            }
        }
        Ok(())
    }

    /// Whether a game is under way: a new game would throw it away.
    pub fn is_running(&self) -> bool {
        self.board.plies() > 0 && !self.board.is_over()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str, human: Side) -> Game {
        Game {
            board: moves.parse().unwrap(),
            human,
            robot: None,
            onlooker: false,
        }
    }

    fn link(moves: &str) -> SharedPosition {
        SharedPosition {
            moves: moves.into(),
            size: None,
        }
    }

    #[test]
    fn the_expected_line_lands_where_the_coins_would_fall() {
        // Two coins in column 4 (index 3); the line after the computer's
        // move 4 goes 4, 5, 5, 5: four more coins, shown up to three.
        let g = game("44", Side::First);
        let pv = [3, 3, 4, 4, 4];
        assert_eq!(
            g.expected_coins(&pv, 3),
            vec![(3, 2, 1), (4, 0, 2), (4, 1, 3)]
        );
        // A line that runs into a full column stops there.
        let full = game("444444", Side::First);
        assert_eq!(full.expected_coins(&[0, 3, 2], 4), vec![]);
    }

    #[test]
    fn the_starter_setting_decides_the_persons_side() {
        let mut settings = Settings::default();
        assert_eq!(Game::new(&settings, false).human, Side::First);
        settings.starter = Starter::Computer;
        assert_eq!(Game::new(&settings, true).human, Side::Second);
        settings.starter = Starter::Random;
        assert_eq!(Game::new(&settings, true).human, Side::First);
        assert_eq!(Game::new(&settings, false).human, Side::Second);
        settings.size = (9, 6);
        assert_eq!(Game::new(&settings, true).board.geometry().columns(), 9);
    }

    #[test]
    fn the_computer_moves_on_its_turn_only_against_a_person() {
        let g = game("44", Side::First);
        assert!(!g.computer_to_move(GameMode::VsComputer));
        assert!(game("4", Side::First).computer_to_move(GameMode::VsComputer));
        assert!(!game("4", Side::First).computer_to_move(GameMode::TwoPlayers));
        assert!(g.computer_to_move(GameMode::Demo));
        // A finished game has nobody to move.
        assert!(!game("1212121", Side::Second).computer_to_move(GameMode::VsComputer));
    }

    #[test]
    fn a_robot_game_plays_by_its_own_mode() {
        let mut g = game("4", Side::First);
        g.robot = Some(GameMode::TwoPlayers);
        assert_eq!(g.mode(GameMode::VsComputer), GameMode::TwoPlayers);
        assert!(!g.computer_to_move(GameMode::Demo));
        g.robot = Some(GameMode::VsComputer);
        assert!(g.computer_to_move(GameMode::TwoPlayers));
    }

    #[test]
    fn a_tap_is_refused_with_the_reason() {
        assert_eq!(
            game("1212121", Side::First).check_drop(3, GameMode::VsComputer),
            Err(Refusal::GameOver)
        );
        assert_eq!(
            game("4", Side::First).check_drop(3, GameMode::VsComputer),
            Err(Refusal::ComputersTurn)
        );
        assert_eq!(
            game("444444", Side::First).check_drop(3, GameMode::TwoPlayers),
            Err(Refusal::ColumnFull)
        );
        assert_eq!(
            game("444444", Side::First).check_drop(2, GameMode::TwoPlayers),
            Ok(())
        );
    }

    #[test]
    fn undo_against_the_computer_goes_back_to_the_persons_turn() {
        let mut g = game("4453", Side::First);
        g.undo(GameMode::VsComputer).unwrap();
        assert_eq!(g.board.to_string(), "44");
        let mut second = game("445", Side::Second);
        second.undo(GameMode::VsComputer).unwrap();
        assert_eq!(second.board.to_string(), "4");
        let mut hot_seat = game("4453", Side::First);
        hot_seat.undo(GameMode::TwoPlayers).unwrap();
        assert_eq!(hot_seat.board.to_string(), "445");
    }

    #[test]
    fn undo_is_refused_where_it_cannot_apply() {
        assert_eq!(
            game("", Side::First).undo(GameMode::VsComputer),
            Err(Refusal::NothingToUndo)
        );
        assert_eq!(
            game("44", Side::First).undo(GameMode::Demo),
            Err(Refusal::NothingToUndo)
        );
        let mut robot = game("44", Side::First);
        robot.robot = Some(GameMode::VsComputer);
        assert_eq!(
            robot.undo(GameMode::VsComputer),
            Err(Refusal::NoUndoOnRobot)
        );
        assert_eq!(
            robot.board.to_string(),
            "44",
            "a refused undo changes nothing"
        );
    }

    #[test]
    fn the_first_game_prefers_the_shared_position_then_the_stored_one() {
        let fresh = Game::new(&Settings::default(), true);
        let stored = game("1234", Side::Second).saved();
        let first = Game::first(fresh.clone(), Some(&link("4455")), Some(&stored));
        assert_eq!(first.board.to_string(), "4455");
        assert!(!first.computer_to_move(GameMode::VsComputer));
        assert!(!Game::broken_link(&fresh, Some(&link("4455"))));
        assert!(!Game::broken_link(&fresh, None));
        assert!(
            !Game::broken_link(&fresh, Some(&link(""))),
            "an empty board"
        );
        for broken in ["not moves", "4444444", "abc", "9"] {
            assert!(Game::broken_link(&fresh, Some(&link(broken))), "{broken}");
        }
        let first = Game::first(fresh.clone(), Some(&link("not moves")), Some(&stored));
        assert_eq!(
            (first.board.to_string(), first.human),
            ("1234".into(), Side::Second)
        );
        let broken = SavedGame {
            moves: "1111111".into(),
            ..stored
        };
        assert_eq!(Game::first(fresh.clone(), None, Some(&broken)), fresh);
    }

    #[test]
    fn the_visitor_of_a_shared_position_takes_the_side_to_move() {
        for starter in [Starter::Me, Starter::Computer] {
            let settings = Settings {
                starter,
                ..Settings::default()
            };
            let fresh = Game::new(&settings, true);
            for (moves, side) in [("3474525", Side::Second), ("347452", Side::First)] {
                let first = Game::first(fresh.clone(), Some(&link(moves)), None);
                assert_eq!(first.human, side, "{moves}");
                assert!(!first.computer_to_move(GameMode::VsComputer), "{moves}");
            }
        }
    }

    #[test]
    fn a_reload_of_a_won_game_credits_the_winner() {
        // The visitor (first to move) won; the address holds the game.
        let fresh = Game::new(&Settings::default(), true);
        let mine = game("1212121", Side::First);
        let again = Game::first(fresh.clone(), Some(&link("1212121")), Some(&mine.saved()));
        assert_eq!(again, mine, "a reload keeps the visitor's side");
        // Someone else's finished game, opened from a link: nobody's win
        // here, and the side to move is the loser's.
        let theirs = Game::first(fresh, Some(&link("4455667")), None);
        assert!(theirs.onlooker && theirs.board.is_over());
        let again = Game::first(
            Game::new(&Settings::default(), true),
            Some(&link("4455667")),
            Some(&theirs.saved()),
        );
        assert!(again.onlooker, "a reload of a link still only looks");
    }
}
