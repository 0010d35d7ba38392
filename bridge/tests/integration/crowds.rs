//! Many pages at once, over real sockets on loopback: the bridge's memory is
//! bounded by the number of connections it allows, not by what the pages
//! do. Each crowd comes with a normal game played beside it; the figures
//! (the real binary's `VmHWM` and `VmRSS`) are printed for docs/bridge.md.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::task::JoinHandle;

use crate::common::*;

/// The most the bridge may hold while a crowd is connected.
const PEAK_GOAL_KB: u64 = 64 * 1024;
/// What it may still hold once the crowd has left.
const AFTER_GOAL_KB: u64 = 32 * 1024;

/// Pages per loopback address (the bridge allows 64 from one).
const PER_ADDRESS: usize = 60;

/// A spectator's page, the `n`th of a crowd, from its own share of the
/// loopback network.
async fn spectator(b: &Bridge, n: usize) -> Ws {
    let address = [127, 0, 1, u8::try_from(10 + n / PER_ADDRESS).unwrap()];
    let mut ws = connect_from(address, [127, 0, 0, 1], b.port).await;
    send(&mut ws, hello("spectator", &format!("crowd-{n}"))).await;
    ws
}

/// Reads everything the page is sent, as a browser does, until it closes.
fn keep_reading(mut ws: Ws) -> JoinHandle<()> {
    tokio::spawn(async move { while let Some(Ok(_)) = ws.next().await {} })
}

/// The bridge's resident memory once a crowd has gone and the bridge has
/// noticed.
async fn after_leaving(b: &Running) -> u64 {
    tokio::time::sleep(Duration::from_secs(3)).await;
    b.resident_kb()
}

fn report(what: &str, peak: u64, after: u64) {
    eprintln!(
        "{what}: peak RSS {:.1} MB, {:.1} MB after they left",
        peak as f64 / 1024.0,
        after as f64 / 1024.0
    );
    assert!(peak <= PEAK_GOAL_KB, "{what}: peak {peak} kB");
    assert!(after < AFTER_GOAL_KB, "{what}: {after} kB after");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_idle_pages_twice() {
    bridge::server::connections::raise_file_limit(4096);
    let b = Running::start();
    for round in 1..=2 {
        let mut pages = Vec::new();
        for n in 0..1_000 {
            pages.push(keep_reading(spectator(&b.bridge, n).await));
        }
        b.normal_game(&format!("beside-idle-{round}")).await;
        let peak = b.peak_kb();
        for page in pages {
            page.abort();
        }
        let after = after_leaving(&b).await;
        report(
            &format!("1,000 idle pages and a game, round {round}"),
            peak,
            after,
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_hundred_pages_that_never_read_during_the_demo() {
    bridge::server::connections::raise_file_limit(4096);
    let b = Running::start_with("demo_after_s = 5\n");
    let mut stalled = Vec::new();
    for n in 0..600 {
        stalled.push(spectator(&b.bridge, n).await); // never read again
    }
    let mut watcher = connect(&b.bridge).await;
    send(&mut watcher, hello("spectator", "watcher")).await;
    // Every demo move sends its search, tree and all, to every page.
    snapshot_where(&mut watcher, |s| {
        s["mode"] == "demo" && s["moves"].as_str().unwrap().len() >= 8
    })
    .await;
    drop(watcher);
    b.normal_game("beside-demo").await;
    let peak = b.peak_kb();
    drop(stalled);
    let after = after_leaving(&b).await;
    report("600 pages that never read, the demo, a game", peak, after);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_pages_that_never_read_during_a_game() {
    bridge::server::connections::raise_file_limit(4096);
    let b = Running::start();
    let mut stalled = Vec::new();
    for n in 0..1_000 {
        stalled.push(spectator(&b.bridge, n).await); // never read again
    }
    // Each of the computer's moves sends its growing tree to every page.
    let player = b.game_against_hard("in-the-crowd").await;
    let peak = b.peak_kb();
    drop(stalled);
    drop(player);
    let after = after_leaving(&b).await;
    report("1,000 pages that never read, a game", peak, after);
}
