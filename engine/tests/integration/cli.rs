//! The `connect4` binary, run as a person would run it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn connect4(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_connect4"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A run refused at start (a bad option or file) may exit before it
    // reads its input: the pipe then breaks, which is no test failure.
    let written = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn solve_prints_scores_and_ignores_a_second_token() {
    let out = connect4(
        &["solve"],
        "2252576253462244111563365343671351441 -1\n4455\n",
    );
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "2252576253462244111563365343671351441 -1\n4455 18\n"
    );
}

#[test]
fn weak_solve_prints_signs() {
    let out = connect4(&["solve", "--weak"], "4455\n44455554221\n");
    assert_eq!(text(&out.stdout), "4455 1\n44455554221 -1\n");
}

#[test]
fn analyze_prints_one_score_per_column_and_x_for_full_ones() {
    // Column 5 is full; the position scores 4 (Test_L2_R1).
    let out = connect4(&["solve", "--analyze"], "5554224333234511764415115\n");
    let line = text(&out.stdout);
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields.len(), 8, "{line}");
    assert_eq!(fields[0], "5554224333234511764415115");
    assert_eq!(fields[5], "X");
    let scores: Vec<i32> = fields[1..]
        .iter()
        .filter(|f| **f != "X")
        .map(|f| f.parse().unwrap())
        .collect();
    assert_eq!(scores.len(), 6);
    assert_eq!(
        scores.iter().max(),
        Some(&4),
        "the best column has the position's score"
    );
}

#[test]
fn stats_append_nodes_and_microseconds() {
    let out = connect4(&["solve", "--stats"], "4455\n");
    let line = text(&out.stdout);
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields[..2], ["4455", "18"]);
    assert!(fields[2].parse::<u64>().unwrap() > 0);
    assert!(fields[3].parse::<u64>().is_ok());
}

#[test]
fn bad_lines_are_reported_and_the_run_goes_on() {
    let out = connect4(&["solve"], "44x5\n4455\n4444444\n1212121\n");
    assert_eq!(text(&out.stdout), "4455 18\n");
    let err = text(&out.stderr);
    assert!(
        err.contains("error: line 1: bad move string: character 'x' at position 3"),
        "{err}"
    );
    assert!(
        err.contains("error: line 3: bad move string: move '4' at position 7: column 4 is full"),
        "{err}"
    );
    assert!(
        err.contains("error: line 4: the game is already over"),
        "{err}"
    );
    assert!(!out.status.success());
}

#[test]
fn bench_counts_wrong_scores_and_fails_on_them() {
    let dir = std::env::temp_dir().join(format!("connect4-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good");
    let bad = dir.join("bad");
    std::fs::write(&good, "4455 18\n2252576253462244111563365343671351441 -1\n").unwrap();
    std::fs::write(&bad, "4455 17\n").unwrap();

    let out = connect4(&["bench", good.to_str().unwrap()], "");
    assert!(out.status.success());
    let table = text(&out.stdout);
    // One row without the database, one with it.
    for (line, database) in [(1, "no"), (2, "yes")] {
        let row: Vec<&str> = table
            .lines()
            .nth(line)
            .unwrap()
            .split_whitespace()
            .collect();
        assert_eq!(
            (row[0], row[1], row[2], row[6]),
            ("good", database, "2", "0"),
            "{table}"
        );
    }

    let out = connect4(&["bench", bad.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("4455: got 18, expected 17"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A line of the UCI 8-ply data set for a move string: 42 cells, column by
/// column from the bottom, `x` for the first player, then the label.
fn uci_line(moves: &str, label: &str) -> String {
    let mut columns = vec![Vec::new(); 7];
    for (ply, c) in moves.bytes().enumerate() {
        columns[usize::from(c - b'1')].push(if ply % 2 == 0 { "x" } else { "o" });
    }
    let mut cells = Vec::new();
    for column in &columns {
        cells.extend((0..6).map(|row| column.get(row).copied().unwrap_or("b")));
    }
    format!("{},{label}", cells.join(","))
}

#[test]
fn check_uci_reports_the_lines_whose_label_the_solver_refutes() {
    let moves = ["44444433", "12345671", "33445511"];
    let weak = connect4(&["solve", "--weak"], &(moves.join("\n") + "\n"));
    let labels: Vec<&str> = text(&weak.stdout)
        .lines()
        .map(|l| match l.split(' ').nth(1) {
            Some("1") => "win",
            Some("0") => "draw",
            _ => "loss",
        })
        .collect();
    let dir = std::env::temp_dir().join(format!("connect4-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("connect-4.data");
    let right: Vec<String> = moves
        .iter()
        .zip(&labels)
        .map(|(m, l)| uci_line(m, l))
        .collect();
    std::fs::write(&data, right.join("\n") + "\n").unwrap();
    let out = connect4(&["book", "check-uci", data.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("3 of 3 outcomes agree"));

    // The second line mislabelled: named, and the run fails.
    let wrong = if labels[1] == "win" { "loss" } else { "win" };
    let lines = [
        right[0].clone(),
        uci_line(moves[1], wrong),
        right[2].clone(),
    ];
    std::fs::write(&data, lines.join("\n") + "\n").unwrap();
    let out = connect4(
        &[
            "book",
            "check-uci",
            data.to_str().unwrap(),
            "--threads",
            "2",
        ],
        "",
    );
    assert!(!out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("line 2: the solver disagrees"), "{stdout}");
    assert!(stdout.contains("2 of 3 outcomes agree"), "{stdout}");

    // --skip 1 --limit 1 checks only the mislabelled line.
    let out = connect4(
        &[
            "book",
            "check-uci",
            data.to_str().unwrap(),
            "--skip",
            "1",
            "--limit",
            "1",
        ],
        "",
    );
    assert!(text(&out.stdout).starts_with("line 2:"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_uses_the_position_database_unless_told_not_to() {
    // An 8-stone position: a 4-ply search to the database
    // against a search to the end of the game.
    let line = "14263577\n";
    let nodes = |args: &[&str]| -> u64 {
        let out = connect4(args, line);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let fields: Vec<&str> = stdout.split_whitespace().collect();
        assert_eq!(fields[..2], ["14263577", "3"], "{stdout}");
        fields[2].parse().unwrap()
    };
    let with = nodes(&["solve", "--stats"]);
    let without = nodes(&["solve", "--stats", "--no-layer"]);
    assert!(with * 20 < without, "{with} nodes with, {without} without");
}

#[test]
fn a_file_that_is_not_a_database_is_refused_by_name() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/book/book.c4b");
    let out = connect4(&["solve", "--layer", book], "4455\n");
    assert!(!out.status.success());
    assert_eq!(
        text(&out.stderr),
        format!("error: {book}: not a position database (wrong magic bytes)\n")
    );
    let out = connect4(&["book", "import", book, "--out", "/dev/null"], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("is not a whole number of 5-byte entries"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn every_outcome_of_the_uci_eight_ply_set_agrees_with_the_database() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci/connect-4.data");
    let out = connect4(&["book", "check-uci", data], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.starts_with("67557 of 67557 outcomes agree"),
        "{stdout}"
    );
}

#[test]
fn review_marks_the_known_mistake_of_a_recorded_game() {
    // Recorded: the first player opens in the corner, which turns its win
    // into a loss (the empty board's column scores are -2 -1 0 1 0 -1 -2);
    // after that both sides play a best move each time and the second
    // player wins with the 40th stone.
    let game = "1211221112322333334444565676644667777755";
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/book/book.c4b");
    let out = connect4(&["review", "--book", book], &format!("{game}\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], format!("{game}: decided by move 1"));
    assert_eq!(
        lines[1],
        "  1. column 1: mistake, column 4 would have kept the result (score -2, best 1)"
    );
    assert_eq!(lines.len(), 1 + game.len());
    assert!(
        lines[2..].iter().all(|l| l.contains(": best (")),
        "{stdout}"
    );
}

#[test]
fn a_player_from_a_config_file_plays_and_a_bad_file_is_named() {
    let dir = std::env::temp_dir().join(format!("connect4-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("depth3.json");
    std::fs::write(&good, r#"{"search": {"depth": 3, "style": "aggressive"}}"#).unwrap();
    let bad = dir.join("old.json");
    std::fs::write(&bad, r#"{"kind": "search", "depth": 3}"#).unwrap();

    let out = connect4(
        &["match", good.to_str().unwrap(), "random", "--games", "2"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains("depth3.json"), "{table}");

    let out = connect4(
        &["match", bad.to_str().unwrap(), "random", "--games", "2"],
        "",
    );
    assert!(!out.status.success());
    let message = text(&out.stderr);
    assert!(
        message.contains("old.json is not a valid player configuration"),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn matches_with_seed_one_play_the_recorded_games() {
    let recorded = include_str!("../data/matches.txt");
    let mut matches = 0;
    for block in recorded.split("\nmatch ").skip(1) {
        let (players, games) = block.split_once('\n').unwrap();
        let args: Vec<&str> = players.split(' ').collect();
        let out = connect4(
            &[
                "match",
                args[0],
                args[1],
                "--games",
                "4",
                "--seed",
                "1",
                "--verbose",
            ],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let played: Vec<String> = text(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("game"))
            .map(String::from)
            .collect();
        let expected: Vec<&str> = games.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(played, expected, "connect4 match {players}");
        matches += 1;
    }
    assert_eq!(matches, 5);
}
