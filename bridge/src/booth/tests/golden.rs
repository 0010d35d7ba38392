//! The golden files of `shared/protocol/golden/`, one message of each kind
//! the booth sends, which the app's tests read too: the protocol reads and
//! writes each back unchanged, and what this booth really sends carries no
//! key they lack. A changed shape of a message fails here and in the app.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::*;
use crate::messages::search::{ComputerMove, Thinking};

/// Every kind of message the booth sends.
const KINDS: [&str; 7] = [
    "welcome",
    "snapshot",
    "error",
    "notice",
    "still_there",
    "thinking",
    "decided",
];

fn golden_text(kind: &str) -> String {
    let path = format!(
        "{}/../shared/protocol/golden/{kind}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_golden_message_reads_and_writes_back_unchanged() {
    for kind in KINDS {
        let text = golden_text(kind);
        let message: ServerMessage =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{kind}.json: {e}"));
        let written = serde_json::to_value(&message).unwrap();
        let golden: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(written, golden, "{kind}.json written back");
        assert_eq!(golden["type"], kind);
    }
}

/// The keys of `value`'s objects, nested ones as `outer.inner` (the first
/// element standing for a list's).
fn keys(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                let path = format!("{prefix}{key}");
                keys(inner, &format!("{path}."), out);
                out.insert(path);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| keys(item, prefix, out)),
        _ => {}
    }
}

/// Checks that `sent` has no key the golden file of its kind lacks.
fn has_golden_keys(sent: &str) {
    let sent: Value = serde_json::from_str(sent).unwrap();
    let kind = sent["type"].as_str().expect("a type").to_string();
    let golden: Value = serde_json::from_str(&golden_text(&kind)).unwrap();
    let (mut real, mut known) = (BTreeSet::new(), BTreeSet::new());
    keys(&sent, "", &mut real);
    keys(&golden, "", &mut known);
    let unknown: Vec<&String> = real.difference(&known).collect();
    assert!(
        unknown.is_empty(),
        "{kind}: keys not in {kind}.json: {unknown:?}"
    );
}

/// What `inbox` was sent, as the text on the wire.
fn sent(inbox: &mut Inbox) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(Next::Send(text)) = inbox.0.try_next() {
        out.push(text.to_string());
    }
    out
}

/// Every message a scripted booth sends a page (welcome, snapshots, a
/// refusal, the computer's move, the staff's end of the game), the
/// search's reports converted as the booth converts them (a clock of
/// 300 ms a reading makes every report carry its tree, of at most
/// `tree_nodes` nodes), and a "still there?", as the text on the wire.
fn messages_sent(tree_nodes: usize) -> Vec<String> {
    let mut b = booth();
    let tuning = [(
        "easy".to_string(),
        engine::player::SearchOverride {
            depth: Some(3),
            random_moves: None,
        },
    )];
    b.set_levels(
        vec!["easy".parse().unwrap(), "hard:aggressive".parse().unwrap()],
        tuning.into_iter().collect(),
    );
    let mut ada = page(&mut b, 1, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    let refused = b.handle(1, column(4)).expect("no game to move in");
    // The server sends the welcome as a page connects.
    let mut seen = vec![ServerMessage::Welcome(b.welcome_for(true))];
    seen.extend(
        sent(&mut ada)
            .iter()
            .map(|t| serde_json::from_str(t).unwrap()),
    );
    seen.push(refused);
    let start = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: true,
        level: Some("easy".parse().unwrap()),
    };
    assert_eq!(b.handle(1, start), None);
    tick_until(&mut b, "the computer's move", |b| moves(b).len() == 1);
    b.staff(StaffAction::EndGame);
    let mut texts: Vec<String> = seen
        .iter()
        .map(|m| serde_json::to_string(m).unwrap())
        .collect();
    texts.extend(sent(&mut ada));
    let readings = std::cell::Cell::new(0.0);
    let clock = || {
        readings.set(readings.get() + 300.0);
        readings.get()
    };
    let board: engine::Board = "4453".parse().unwrap();
    let hard = engine::player::Level::Hard.config(Default::default());
    let mut player = engine::Player::new(hard, 1).with_trace_budget(tree_nodes);
    let mut reports = Vec::new();
    let decision = player
        .choose_observed(&board, Some(&clock), &mut |p| {
            reports.push(ServerMessage::Thinking(Box::new(Thinking::from(p))));
            engine::Flow::Continue
        })
        .unwrap();
    assert!(reports.len() > 1, "the search reported");
    reports.push(ServerMessage::Decided(Box::new(ComputerMove::from(
        &decision,
    ))));
    reports.push(ServerMessage::StillThere { seconds_left: 25 });
    texts.extend(reports.iter().map(|m| serde_json::to_string(m).unwrap()));
    texts
}

#[test]
fn what_the_booth_sends_has_the_golden_shapes() {
    let seen = messages_sent(engine::trace::DEFAULT_TRACE_BUDGET);
    let kinds: BTreeSet<String> = seen
        .iter()
        .map(|text| serde_json::from_str::<Value>(text).unwrap()["type"].to_string())
        .collect();
    for kind in KINDS {
        assert!(
            kinds.contains(&format!("{kind:?}")),
            "no {kind} in {kinds:?}"
        );
    }
    seen.iter().for_each(|text| has_golden_keys(text));
}

/// Writes the message of each kind with the most keys to a folder,
/// pretty-printed, for a person who changes the protocol on purpose to
/// review and copy into `shared/protocol/golden/`:
/// `GOLDEN_OUT=/tmp/golden cargo test -p bridge write_messages -- --ignored`.
#[test]
#[ignore = "writes files: run on purpose"]
fn write_messages() {
    let out = std::env::var("GOLDEN_OUT").expect("GOLDEN_OUT, a folder");
    std::fs::create_dir_all(&out).unwrap();
    // A small tree, for a golden file a person can read.
    let seen = messages_sent(12);
    let mut richest: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for text in seen {
        let value: Value = serde_json::from_str(&text).unwrap();
        let mut all = BTreeSet::new();
        keys(&value, "", &mut all);
        let kind = value["type"].as_str().unwrap().to_string();
        if richest.get(&kind).is_none_or(|(n, _)| all.len() > *n) {
            richest.insert(kind, (all.len(), text));
        }
    }
    for (kind, (_, text)) in richest {
        let message: ServerMessage = serde_json::from_str(&text).unwrap();
        let text = serde_json::to_string_pretty(&message).unwrap();
        std::fs::write(format!("{out}/{kind}.json"), text + "\n").unwrap();
    }
}
