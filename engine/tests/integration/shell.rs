//! `connect4 shell` through the real binary with piped input: the output
//! must match the classic shell byte for byte.

use std::io::Write;
use std::process::{Command, Stdio};

fn shell(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_connect4"))
        .arg("shell")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

const P: &str = "connect4> ";

#[test]
fn the_human_wins_against_a_shortsighted_machine() {
    let out = shell("level 1\nmove 1\nmove 1\nmove 1\nmove 1\nprint\nwitness\nmove 2\nquit\n");
    let expected = [
        P, P, P, P, P, "Congratulations! You won.\n",
        P, ". . . . . . .\n. . . . . . .\nX . . . . . .\nX . . O . . .\nX . . O . . .\nX . . O . . .\n",
        P, "(1, 1), (2, 1), (3, 1), (4, 1)\n",
        P, "Error! the game is over. Type new to start a new one.\n",
        P,
    ]
    .concat();
    assert_eq!(out, expected);
}

#[test]
fn the_machine_wins_and_shows_its_four() {
    let out = shell("move 7\nmove 7\nmove 7\nmove 6\nwitness\nmove 1\n");
    let expected = [
        P,
        P,
        P,
        P,
        "Sorry! Machine wins.\n",
        P,
        "(1, 4), (2, 4), (3, 4), (4, 4)\n",
        P,
        "Error! the game is over. Type new to start a new one.\n",
        P,
    ]
    .concat();
    assert_eq!(out, expected);
}

#[test]
fn switch_lets_the_machine_open_and_commands_go_by_first_letter() {
    let out = shell("Switch\nP\nNEW\np\nsWiTcH\nprint\n");
    let machine_opened = ". . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . O . . .\n";
    let expected = [
        P,
        P,
        machine_opened,
        P,
        P,
        machine_opened,
        P,
        P,
        &machine_opened.replace('O', "."),
        P,
    ]
    .concat();
    assert_eq!(
        out, expected,
        "new keeps the opener; a second switch gives the human the first move"
    );
}

#[test]
fn every_error_is_one_line_and_the_shell_goes_on() {
    let out = shell(
        "level 0\nlevel 3 4\nlevel\nmove 8\nmove x\nmove\nfoo\nwitness\nhelp me\nquit now\n\nmove 4\nprint\n",
    );
    let lines: Vec<&str> = out.split(P).filter(|l| !l.is_empty()).collect();
    let errors: Vec<&&str> = lines.iter().filter(|l| l.starts_with("Error! ")).collect();
    assert_eq!(errors.len(), 10, "{out}");
    assert!(
        errors
            .iter()
            .all(|e| e.ends_with('\n') && e.matches('\n').count() == 1)
    );
    // The game went on: the human's 4 and the machine's answer are on the board.
    let board = out.rsplit(P).nth(1).unwrap();
    let bottom = board.lines().last().unwrap();
    assert_eq!(&bottom[6..7], "X", "{board}");
    assert_eq!(
        board.matches('O').count(),
        1,
        "the machine answered: {board}"
    );
}

#[test]
fn no_line_ends_with_a_space_and_help_is_helpful() {
    let out = shell("help\nmove 4\nmove 4\nprint\nlevel 5\nmove 3\n");
    for line in out.lines() {
        let line = line.trim_start_matches(P);
        assert!(!line.ends_with(' ') || line.is_empty(), "{line:?}");
    }
    for command in [
        "new", "level", "switch", "move", "witness", "print", "help", "quit",
    ] {
        assert!(out.contains(command), "help names {command}");
    }
}
