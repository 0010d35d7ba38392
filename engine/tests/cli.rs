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
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
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
    let row: Vec<&str> = table.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!((row[0], row[1], row[5]), ("good", "2", "0"), "{table}");

    let out = connect4(&["bench", bad.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("4455: got 18, expected 17"));
    std::fs::remove_dir_all(dir).unwrap();
}
