//! `connect4 shell`: the classic command shell, byte for byte as specified
//! in the classic-shell contract (human `X`, machine `O`).

use std::io::{self, BufRead, Write};

use engine::evaluation::Style;
use engine::player::{Level, Player};
use engine::{Board, Side, Status};

const PROMPT: &str = "connect4> ";
const HELP: &str = "\
Commands (the first letter is enough, in any case):
  new        start a new game
  level N    set the machine's look-ahead, 1 to 5 (default 4)
  switch     swap who opens and start a new game
  move C     drop your coin (X) into column C
  witness    show the winning four after a won game
  print      show the board (X you, O the machine)
  help       show this text
  quit       end the program";

/// The shell's state: the game, who opened it and the machine's level.
pub struct Shell {
    board: Board,
    human_opens: bool,
    level: u8,
}

impl Default for Shell {
    fn default() -> Self {
        // The program starts with a game in which the human opens.
        Shell {
            board: Board::new(),
            human_opens: true,
            level: 4,
        }
    }
}

pub fn run() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    Shell::default().serve(&mut stdin.lock(), &mut stdout.lock())
}

impl Shell {
    /// Reads commands until `quit` or the end of the input.
    pub fn serve(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<()> {
        let mut line = String::new();
        loop {
            out.write_all(PROMPT.as_bytes())?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                return Ok(());
            }
            let mut words = line.split_whitespace();
            let Some(command) = words.next() else {
                continue;
            };
            let args: Vec<&str> = words.collect();
            let first = command.chars().next().map(|c| c.to_ascii_lowercase());
            let reply = match first {
                Some('q') if args.is_empty() => return Ok(()),
                Some('n') => no_args(&args).map(|()| self.new_game()),
                Some('l') => self.set_level(&args),
                Some('s') => no_args(&args).map(|()| {
                    self.human_opens = !self.human_opens;
                    self.new_game()
                }),
                Some('m') => self.human_move(&args),
                Some('w') => no_args(&args).and_then(|()| self.witness()),
                Some('p') => no_args(&args).map(|()| vec![self.picture()]),
                Some('h') => no_args(&args).map(|()| vec![HELP.to_string()]),
                Some('q') => Err("quit takes no argument.".to_string()),
                _ => Err(format!(
                    "Unknown command {command:?}. Type help for the commands."
                )),
            };
            match reply {
                Ok(lines) => {
                    for l in lines {
                        writeln!(out, "{l}")?;
                    }
                }
                Err(reason) => writeln!(out, "Error! {reason}")?,
            }
        }
    }

    fn new_game(&mut self) -> Vec<String> {
        self.board = Board::with_geometry(self.board.geometry());
        if self.human_opens {
            Vec::new()
        } else {
            self.machine_move()
        }
    }

    fn set_level(&mut self, args: &[&str]) -> Result<Vec<String>, String> {
        let [n] = args else {
            return Err("level needs one number from 1 to 5.".into());
        };
        match n.parse::<u8>() {
            Ok(n @ 1..=5) => {
                self.level = n;
                Ok(Vec::new())
            }
            _ => Err(format!(
                "the level must be a number from 1 to 5, not {n:?}."
            )),
        }
    }

    fn human_side(&self) -> Side {
        if self.human_opens {
            Side::First
        } else {
            Side::Second
        }
    }

    fn human_move(&mut self, args: &[&str]) -> Result<Vec<String>, String> {
        let columns = self.board.geometry().columns();
        let [c] = args else {
            return Err(format!("move needs one column number from 1 to {columns}."));
        };
        let column = match c.parse::<usize>() {
            Ok(c) if (1..=columns).contains(&c) => c - 1,
            _ => {
                return Err(format!(
                    "the column must be a number from 1 to {columns}, not {c:?}."
                ));
            }
        };
        if self.board.is_over() {
            return Err("the game is over. Type new to start a new one.".into());
        }
        if self.board.side_to_move() != self.human_side() {
            return Err("it is not your turn.".into());
        }
        self.board.play(column).map_err(|e| format!("{e}."))?;
        match self.end_message() {
            Some(message) => Ok(vec![message]),
            None => Ok(self.machine_move()),
        }
    }

    fn machine_move(&mut self) -> Vec<String> {
        let config = Level::Classic(self.level).config(Style::Normal);
        let decision = Player::new(config, 0)
            .choose(&self.board)
            .expect("the machine moves only in a running game");
        self.board
            .play(decision.column)
            .expect("the machine chooses a legal column");
        self.end_message().into_iter().collect()
    }

    fn end_message(&self) -> Option<String> {
        let message = match self.board.status() {
            Status::InProgress => return None,
            Status::Draw => "Nobody wins. Tie.",
            Status::Won(side) if side == self.human_side() => "Congratulations! You won.",
            Status::Won(_) => "Sorry! Machine wins.",
        };
        Some(message.to_string())
    }

    fn witness(&self) -> Result<Vec<String>, String> {
        let mut cells = self
            .board
            .winning_line()
            .ok_or("there is no winner to witness.")?;
        cells.sort_by_key(|c| (c.row, c.column));
        let text: Vec<String> = cells
            .iter()
            .map(|c| format!("({}, {})", c.row + 1, c.column + 1))
            .collect();
        Ok(vec![text.join(", ")])
    }

    fn picture(&self) -> String {
        let g = self.board.geometry();
        let human = self.human_side();
        let rows: Vec<String> = (0..g.rows())
            .rev()
            .map(|r| {
                let cells: Vec<&str> = (0..g.columns())
                    .map(|c| match self.board.cell(c, r) {
                        None => ".",
                        Some(s) if s == human => "X",
                        Some(_) => "O",
                    })
                    .collect();
                cells.join(" ")
            })
            .collect();
        rows.join("\n")
    }
}

fn no_args(args: &[&str]) -> Result<(), String> {
    if args.is_empty() {
        Ok(())
    } else {
        Err("this command takes no argument.".into())
    }
}
