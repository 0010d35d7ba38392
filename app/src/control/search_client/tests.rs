//! The search client without a worker: each test plays the worker's part
//! by hand and checks what the page would do.

use engine::Geometry;
use engine::player::Level;

use super::*;
use crate::protocol::Database;

fn choose(id: u32) -> ToWorker {
    ToWorker::Choose {
        id,
        moves: "44".into(),
        geometry: Geometry::STANDARD,
        player: Level::Easy.config(Default::default()),
        seed: 1,
    }
}

fn hint(id: u32) -> ToWorker {
    ToWorker::Analyze {
        id,
        moves: "4".into(),
        geometry: Geometry::STANDARD,
        limit_ms: 1000.0,
        asked_at: 0.0,
    }
}

fn analysis(id: u32) -> FromWorker {
    FromWorker::Analysis {
        id,
        scores: vec![Some(0); 7],
    }
}

fn progress(id: u32) -> FromWorker {
    FromWorker::Progress {
        id,
        progress: Default::default(),
    }
}

/// The ids of the requests posted, and whether the page got anything.
fn posted(effects: &[Effect]) -> Vec<u32> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Post(r) => Some(request_id(r)),
            _ => None,
        })
        .collect()
}

fn delivered(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|e| matches!(e, Effect::Deliver(_)))
        .count()
}

fn replaced(effects: &[Effect]) -> bool {
    matches!(effects, [Effect::Terminate, Effect::Start, ..])
}

/// A client whose worker is ready.
fn ready() -> SearchClient {
    let mut client = SearchClient::new();
    assert!(matches!(client.wake()[..], [Effect::Start]));
    assert!(client.received(FromWorker::Ready).is_empty());
    client
}

#[test]
fn the_worker_starts_at_the_quiet_moment_once() {
    let mut client = SearchClient::new();
    assert!(matches!(client.wake()[..], [Effect::Start]));
    assert!(
        client.wake().is_empty(),
        "a second quiet moment starts none"
    );
    assert!(client.received(FromWorker::Ready).is_empty());
    assert!(client.wake().is_empty(), "nor one when it is ready");
}

#[test]
fn a_request_before_the_quiet_moment_starts_the_worker_and_waits_for_it() {
    let mut client = SearchClient::new();
    let id = client.next_id();
    let effects = client.send(choose(id));
    assert!(matches!(effects[..], [Effect::Start]), "{effects:?}");
    assert!(client.wake().is_empty(), "started once, not again");
    assert_eq!(posted(&client.received(FromWorker::Ready)), [id]);
}

#[test]
fn a_request_before_the_worker_is_ready_waits_and_then_goes() {
    let mut client = SearchClient::new();
    assert!(matches!(client.wake()[..], [Effect::Start]));
    let id = client.next_id();
    assert!(posted(&client.send(choose(id))).is_empty());
    assert_eq!(posted(&client.received(FromWorker::Ready)), [id]);
    assert!(client.busy());
}

#[test]
fn the_answer_to_the_newest_request_reaches_the_page_and_frees_the_worker() {
    let mut client = ready();
    let id = client.next_id();
    assert_eq!(posted(&client.send(hint(id))), [id]);
    assert_eq!(delivered(&client.received(progress(id))), 1);
    assert_eq!(delivered(&client.received(analysis(id))), 1);
    assert!(!client.busy());
}

#[test]
fn an_answer_to_an_older_request_is_stale() {
    let mut client = ready();
    let old = client.next_id();
    client.send(hint(old));
    let new = client.next_id();
    client.send(hint(new));
    assert_eq!(delivered(&client.received(progress(old))), 0);
    assert_eq!(delivered(&client.received(analysis(old))), 0);
    assert!(client.busy(), "the newer hint is still being answered");
    assert_eq!(delivered(&client.received(analysis(new))), 1);
}

#[test]
fn a_cancelled_search_replaces_the_busy_worker_and_its_answer_is_dropped() {
    let mut client = ready();
    let id = client.next_id();
    client.send(choose(id));
    assert!(replaced(&client.cancel()));
    assert!(!client.busy());
    assert_eq!(delivered(&client.received(progress(id))), 0);
    // The new worker takes requests once it is ready.
    let next = client.next_id();
    assert!(posted(&client.send(hint(next))).is_empty());
    assert_eq!(posted(&client.received(FromWorker::Ready)), [next]);
}

#[test]
fn cancelling_with_nothing_running_keeps_the_worker() {
    let mut client = ready();
    let before = client.current();
    assert!(client.cancel().is_empty());
    assert!(
        client.current() > before,
        "answers to earlier requests are stale"
    );
}

#[test]
fn a_crashed_worker_is_replaced_and_asked_its_request_again_once() {
    let mut client = ready();
    let id = client.next_id();
    client.send(choose(id));
    let effects = client.crashed();
    assert!(replaced(&effects));
    assert_eq!(delivered(&effects), 0, "the page waits for the retry");
    assert_eq!(posted(&client.received(FromWorker::Ready)), [id]);
    let chosen = client.received(FromWorker::Failed {
        id,
        reason: "no".into(),
    });
    assert_eq!(delivered(&chosen), 1);
}

#[test]
fn a_worker_that_crashes_twice_fails_the_request_and_starts_only_when_asked() {
    let mut client = ready();
    let id = client.next_id();
    client.send(choose(id));
    client.crashed();
    client.received(FromWorker::Ready);
    let effects = client.crashed();
    assert!(matches!(
        effects[..],
        [Effect::Terminate, Effect::Deliver(FromWorker::Failed { id: failed, .. })] if failed == id
    ));
    assert!(!client.busy());
    // No worker runs until the next request starts one.
    let next = client.next_id();
    let effects = client.send(hint(next));
    assert!(matches!(effects[..], [Effect::Start]));
    assert_eq!(posted(&client.received(FromWorker::Ready)), [next]);
}

#[test]
fn side_requests_are_not_asked_again_and_leave_the_search_to_retry() {
    let mut client = ready();
    let id = client.next_id();
    client.send(choose(id));
    client.send(ToWorker::Teach {
        moves: "4".into(),
        geometry: Geometry::STANDARD,
        depth: 3,
    });
    client.send(ToWorker::GameOver { computer_won: None });
    client.crashed();
    let resent = client.received(FromWorker::Ready);
    assert_eq!(posted(&resent), [id], "the search, not the teaching trees");
}

#[test]
fn news_of_the_data_always_reaches_the_page() {
    let mut client = ready();
    client.next_id();
    let effects = client.received(FromWorker::Database(Database::Missing));
    assert_eq!(delivered(&effects), 1);
    let effects = client.received(FromWorker::Book {
        depth: 8,
        positions: 10,
    });
    assert_eq!(delivered(&effects), 1);
}

#[test]
fn a_game_over_queued_for_a_dead_worker_still_reaches_the_next_one() {
    let mut client = SearchClient::new();
    let id = client.next_id();
    client.send(choose(id));
    client.send(ToWorker::GameOver {
        computer_won: Some(true),
    });
    client.crashed();
    let sent = client.received(FromWorker::Ready);
    let game_over = sent
        .iter()
        .any(|e| matches!(e, Effect::Post(ToWorker::GameOver { .. })));
    assert!(game_over, "the adaptive level still learns the result");
    assert_eq!(posted(&sent).iter().filter(|&&i| i == id).count(), 1);
}
