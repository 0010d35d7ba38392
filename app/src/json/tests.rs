//! Every type the page writes as JSON, both ways against serde_json: what
//! serde wrote (an older page's storage, the golden files) reads here as
//! serde reads it, and what is written here reads in serde as the value.

use booth_protocol::search::{ComputerMove, Thinking, Tree};
use engine::player::{Level, PlayerConfig, Teaching};
use engine::review::{Mark, ReviewedMove};
use engine::{Board, Geometry, Player, evaluation::Style};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{Json, from_str, to_string};
use crate::model::game::SavedGame;
use crate::model::settings::{CoinColour, GameMode, Settings};
use crate::protocol::{Database, FromWorker, ToWorker};

/// Numbers as equal when they differ by rounding in the last digits: this
/// reader rounds more than once for a number of more than 15 digits.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 1e-15 * x.abs().max(y.abs())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Written here, read by serde; written by serde, read here; the same
/// value every way.
pub(crate) fn agrees_with_serde<T: Json + Serialize + DeserializeOwned>(value: &T) {
    let theirs = serde_json::to_value(value).unwrap();
    let ours = to_string(value);
    let read_by_serde: T = serde_json::from_str(&ours).unwrap_or_else(|e| panic!("{e}: {ours}"));
    assert!(
        same(&serde_json::to_value(&read_by_serde).unwrap(), &theirs),
        "{ours}"
    );
    let serde_text = serde_json::to_string(value).unwrap();
    let read_here: T = from_str(&serde_text).unwrap_or_else(|e| panic!("{e}: {serde_text}"));
    assert!(
        same(&serde_json::to_value(&read_here).unwrap(), &theirs),
        "{serde_text}"
    );
    assert_eq!(
        to_string(&read_here),
        ours,
        "written the same after reading"
    );
}

pub(crate) fn hard_move(moves: &str) -> ComputerMove {
    let board: Board = moves.parse().unwrap();
    let decision = Player::new(Level::Hard.config(Style::Normal), 7)
        .choose(&board)
        .unwrap();
    ComputerMove::from(&decision)
}

pub(crate) fn thinking(tree: Option<Tree>) -> Thinking {
    Thinking {
        depth: 6,
        nodes: 123_456_789_012,
        nodes_per_second: 682.666_666_666_666_6,
        elapsed_ms: 1500.0,
        best_column: Some(3),
        best_value: Some(-22),
        pv: vec![3, 2, 4],
        tree,
    }
}

#[test]
fn every_message_to_the_worker_agrees_with_serde() {
    let geometry = Geometry::new(8, 7, 4).unwrap();
    let mut requests = vec![
        ToWorker::Analyze {
            id: 2,
            moves: "44".into(),
            geometry,
            limit_ms: 2.5e3,
            asked_at: 1.7e12,
        },
        ToWorker::Review {
            id: 3,
            moves: "4455".into(),
            geometry,
            limit_ms: 0.125,
            asked_at: 0.0,
        },
        ToWorker::Teach {
            moves: "".into(),
            geometry,
            depth: 3,
        },
        ToWorker::GameOver {
            computer_won: Some(true),
        },
        ToWorker::GameOver { computer_won: None },
        ToWorker::Memory,
    ];
    for (i, level) in Level::ALL.into_iter().enumerate() {
        for style in [Style::Defensive, Style::Normal, Style::Aggressive] {
            let mut player = level.config(style);
            if let PlayerConfig::Search(search) = &mut player {
                search.node_budget = (i % 2 == 0).then_some(5_000);
                search.time_budget_ms = (i % 3 == 0).then_some(250.5);
            }
            requests.push(ToWorker::Choose {
                id: u32::MAX,
                moves: "4453".into(),
                geometry,
                player,
                seed: u64::MAX - i as u64,
            });
        }
    }
    for request in &requests {
        agrees_with_serde(request);
    }
}

#[test]
fn every_answer_of_the_worker_agrees_with_serde() {
    let teaching = Teaching::new(&"44".parse().unwrap(), 3).unwrap();
    let marks = vec![
        ReviewedMove {
            column: 3,
            best: 1,
            played: 1,
            mark: Mark::Best,
        },
        ReviewedMove {
            column: 0,
            best: -1,
            played: -2,
            mark: Mark::Good,
        },
        ReviewedMove {
            column: 6,
            best: 2,
            played: -4,
            mark: Mark::Mistake { better: 3 },
        },
    ];
    let answers = [
        FromWorker::Ready,
        FromWorker::Memory { bytes: 40 << 20 },
        FromWorker::Progress {
            id: 1,
            progress: thinking(Some(hard_move("").trace)),
        },
        FromWorker::Progress {
            id: 1,
            progress: thinking(None),
        },
        FromWorker::Chosen {
            id: 9,
            decision: Box::new(hard_move("4453")),
        },
        FromWorker::Analysis {
            id: 4,
            scores: vec![Some(-2), None, Some(18), Some(0)],
        },
        FromWorker::Reviewed { id: 5, marks },
        FromWorker::Book {
            depth: 8,
            positions: 123_456,
        },
        FromWorker::Database(Database::Loading {
            loaded: 10,
            total: None,
        }),
        FromWorker::Database(Database::Loading {
            loaded: 10,
            total: Some(2_607_099),
        }),
        FromWorker::Database(Database::Ready {
            positions: 4_200_899,
            millis: 812,
            memory: 9,
        }),
        FromWorker::Database(Database::Missing),
        FromWorker::teaching(&teaching),
        FromWorker::Failed {
            id: 0,
            reason: "bad \"request\"\n\t\\ ünïcödé \u{1}".into(),
        },
    ];
    for answer in &answers {
        agrees_with_serde(answer);
    }
}

#[test]
fn the_golden_files_read_as_serde_reads_them() {
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/protocol/golden/");
    let decided = std::fs::read_to_string(format!("{golden}decided.json")).unwrap();
    let ours: ComputerMove = from_str(&decided).unwrap();
    assert_eq!(
        ours,
        serde_json::from_str::<ComputerMove>(&decided).unwrap()
    );
    assert!(ours.trace.nodes.len() > 10 && ours.trace.nodes[1].summarised);
    let thinking = std::fs::read_to_string(format!("{golden}thinking.json")).unwrap();
    let ours: Thinking = from_str(&thinking).unwrap();
    assert_eq!(ours, serde_json::from_str::<Thinking>(&thinking).unwrap());
    assert_eq!(ours.nodes_per_second, 682.666_666_666_666_6);
}

#[test]
fn settings_an_older_page_stored_still_read() {
    let old: Settings =
        from_str(r#"{"lang":"De","mode":"HotSeat","level":{"classic":2},"future":[1,{"a":null}]}"#)
            .unwrap();
    assert_eq!(old.lang.tag(), "de");
    assert_eq!(old.mode, GameMode::TwoPlayers);
    assert_eq!(old.level, Level::Classic(2));
    assert_eq!(old.colours, Settings::default().colours);
    assert_eq!(
        from_str::<GameMode>(r#""VsComputer""#),
        Ok(GameMode::VsComputer)
    );
}

#[test]
fn text_that_is_not_the_value_is_refused_with_where() {
    let mut decision = hard_move("4");
    decision.trace.nodes.truncate(3);
    let good = to_string(&FromWorker::Chosen {
        id: 1,
        decision: Box::new(decision),
    });
    // Every cut of a message is refused, never half read.
    for end in 0..good.len() {
        assert!(
            from_str::<FromWorker>(&good[..end]).is_err(),
            "{}",
            &good[..end]
        );
    }
    for (text, at) in [
        ("", 0),
        ("\"Redd\"", 6),
        ("[7,6", 4),
        ("[7,6,5]", 5),
        ("[7,-1]", 3),
        ("[7,300]", 3),
        ("[7,6.5]", 3),
        ("[7 6]", 3),
        ("[7,6] x", 6),
        (
            "{\"moves\":\"4\\q\",\"size\":[7,6],\"human\":\"First\"}",
            13,
        ),
    ] {
        let error = if text.starts_with('{') {
            from_str::<SavedGame>(text).unwrap_err()
        } else if text.starts_with('"') {
            from_str::<CoinColour>(text).unwrap_err()
        } else {
            from_str::<(u8, u8)>(text).unwrap_err()
        };
        assert_eq!(error.at, at, "{text}: {error}");
    }
    let missing = from_str::<SavedGame>(r#"{"moves":"4","size":[7,6]}"#).unwrap_err();
    assert_eq!(missing.to_string(), "expected the key \"human\" at byte 26");
    // Nesting too deep for the stack is refused, not followed.
    let deep = format!("{{\"moves\":\"4\",\"x\":{}", "[".repeat(100_000));
    let error = from_str::<SavedGame>(&deep).unwrap_err();
    assert_eq!(
        (error.at, error.expected),
        (145, "at most 128 arrays and objects inside each other")
    );
    let size = from_str::<Geometry>(r#"{"columns":30,"rows":6,"win_length":4}"#).unwrap_err();
    assert_eq!(size.expected, "a board size the engine plays");
}

#[test]
fn strings_and_numbers_read_as_json_means_them() {
    let text = r#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00ü""#;
    assert_eq!(
        from_str::<String>(text).unwrap(),
        "a\"b\\c/d\u{8}\u{c}\n\r\té😀ü"
    );
    assert_eq!(
        from_str::<String>(&to_string(&"\u{0}\u{1f}\"".to_string())).unwrap(),
        "\u{0}\u{1f}\""
    );
    assert_eq!(from_str::<i32>(" -2147483648 "), Ok(i32::MIN));
    assert_eq!(from_str::<u64>("18446744073709551615"), Ok(u64::MAX));
    assert!(from_str::<u64>("18446744073709551616").is_err());
    for (text, value) in [
        ("0.1", 0.1),
        ("-2.5e-3", -0.0025),
        ("1E3", 1000.0),
        ("7", 7.0),
        ("1e400", f64::INFINITY),
    ] {
        assert_eq!(from_str::<f64>(text), Ok(value), "{text}");
    }
    // Any double written reads back within a few units of its last
    // place (a power of ten beyond 1e22 is not exact).
    let mut x = 0.000_123_456_789_f64;
    while x < 1e300 {
        let back: f64 = from_str(&to_string(&x)).unwrap();
        assert!((back - x).abs() <= x * 1e-15, "{x} read as {back}");
        x *= 7.389_056_098_930_65;
    }
}
