//! The booth's messages as the page reads them: each golden file of
//! `shared/protocol/golden/` (which the bridge's tests check it sends), read
//! with the page's reader and said as the page says it. A changed shape
//! fails here as well as in the bridge.
#![cfg(not(target_arch = "wasm32"))]

use app::i18n::{Lang, Say, refusal_text, seat_names};
use app::model::booth::RobotGameLine;
use app::model::booth::{levels_offered, own_seat};
use app::model::thoughts::{Caption, Thought};
use booth_protocol::{Language, ServerMessage};

const EN: Lang = Lang(Language::En);

fn read(kind: &str) -> ServerMessage {
    let path = format!(
        "{}/../shared/protocol/golden/{kind}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{kind}.json: {e}"))
}

#[test]
fn the_welcome_offers_its_levels_in_the_booths_language() {
    let ServerMessage::Welcome(welcome) = read("welcome") else {
        panic!("not a welcome")
    };
    let levels: Vec<String> = levels_offered(Some(&welcome))
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(levels, ["easy", "hard:aggressive"]);
    assert_eq!(welcome.language, Some(Language::De));
    assert_eq!(welcome.tuning["easy"].depth, Some(3));
}

#[test]
fn a_snapshot_tells_the_player_whose_turn_it_is_and_who_is_away() {
    let ServerMessage::Snapshot(s) = read("snapshot") else {
        panic!("not a snapshot")
    };
    let you = own_seat(&s);
    let turn = s.turn.map(|t| t.index());
    let line = RobotGameLine::of(seat_names(&s, EN), you, turn, None);
    assert_eq!(EN.say(&Say::RobotGame(line)), "Your turn, Ada.");
    assert_eq!(s.away_left_s, [None, Some(17)]);
    assert_eq!(s.moves, "4453");
}

#[test]
fn a_refusal_and_a_notice_are_said_in_words() {
    let ServerMessage::Error { code } = read("error") else {
        panic!("not an error")
    };
    assert_eq!(
        EN.t(refusal_text(code)),
        "There is no game on the robot right now."
    );
    let ServerMessage::Notice { code, name } = read("notice") else {
        panic!("not a notice")
    };
    assert_eq!(
        EN.say(&Say::Notice { code, name }),
        "Bob left the game; the robot is free."
    );
    let ServerMessage::StillThere { seconds_left } = read("still_there") else {
        panic!("not a question")
    };
    assert_eq!(seconds_left, 25);
}

#[test]
fn the_computers_search_and_move_read_into_the_trees_and_thoughts() {
    let ServerMessage::Thinking(thinking) = read("thinking") else {
        panic!("not a report")
    };
    let progress: engine::player::SearchProgress = (*thinking).into();
    let tree = progress.tree.as_ref().expect("a tree");
    assert_eq!(tree.children(0).count(), 7, "the root's children");
    assert!(tree.is_running());
    let caption = Caption::of(Some(&progress), &[], 38).expect("a caption");
    assert_eq!(
        EN.say(&Say::Caption(caption)),
        "The computer is thinking 4 moves ahead: it has looked at 1,024 positions so far. Each coin in the tree is one of them."
    );
    let ServerMessage::Decided(decided) = read("decided") else {
        panic!("not a move")
    };
    let facts: Vec<String> = decided
        .facts
        .iter()
        .map(|f| EN.say(&Thought::Fact(f.clone()).say()))
        .collect();
    let tree: engine::SearchTrace = decided.trace.into();
    assert_eq!(tree.root_moves, "4453");
    assert_eq!(facts, ["This move creates a threat."]);
}
