//! The booth bridge: serves the app, relays moves from pages to the robot on
//! a serial port, and keeps the robot's grid in step with the game.
//!
//! One concept per module: [`robot_protocol`] (commands and replies),
//! [`codec`] (their bytes), [`robot_link`] (the host state machine),
//! [`simulator`] (a robot on a pseudo-terminal), [`emulated_robot`] (the
//! reference firmware on an emulated Uno), [`booth`] (the game and its
//! seats), [`messages`] (the WebSocket protocol), [`outbox`] (what waits
//! to be sent to a page: the booth writes it, the server's connection
//! reads it), [`server`] (HTTP, the WebSocket and accepting connections,
//! bounded), [`records`] (games and faults in SQLite), [`config`]
//! (`bridge.toml`).

pub mod app_files;
pub mod booth;
pub mod codec;
pub mod config;
pub mod config_file;
pub mod emulated_robot;
pub mod journal;
pub mod messages;
pub mod outbox;
pub mod records;
pub mod robot_check;
pub mod robot_link;
pub mod robot_protocol;
#[cfg(test)]
mod scratch;
mod serial;
pub mod server;
pub mod simulator;

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::booth::Booth;
use crate::messages::LinkState;
use crate::server::ServerConfig;

/// Within [`FAULTS_PACED_FOR`] of a fault, the robot's changes of state
/// are shown to the pages at least this far apart.
const ROBOT_SHOWN_APART: Duration = Duration::from_millis(100);

/// How long after a fault the robot's changes are paced.
const FAULTS_PACED_FOR: Duration = Duration::from_secs(1);

/// Runs the server on `listener` until `shutdown` completes: the booth's
/// idle timer and its robot-status broadcasts included.
pub async fn run(
    listeners: impl Into<server::connections::Listeners>,
    booth: Booth,
    server: ServerConfig,
    shutdown: impl Future<Output = ()>,
) {
    let mut status = booth.robot().status();
    let mut settled = booth.robot().status();
    let wake = booth.waker();
    let booth = Arc::new(Mutex::new(booth));
    let watcher = Arc::clone(&booth);
    tokio::spawn(async move {
        let mut faulted = None::<tokio::time::Instant>;
        while status.changed().await.is_ok() {
            let state = status.borrow_and_update().state;
            if matches!(state, LinkState::Fault | LinkState::Disconnected) {
                faulted = Some(tokio::time::Instant::now());
            }
            watcher.lock().expect("booth lock").robot_changed();
            // A robot that faults and recovers hundreds of times a second
            // (a fault storm) reaches the pages at most ten times a second:
            // the watch keeps the latest state meanwhile. Play without
            // faults is shown at once.
            if faulted.is_some_and(|at| at.elapsed() < FAULTS_PACED_FOR) {
                tokio::time::sleep(ROBOT_SHOWN_APART).await;
            }
        }
    });
    let ticker = Arc::clone(&booth);
    tokio::spawn(async move {
        // Ten times a second (the computer's tree grows on the pages, the
        // clocks run), and at once when the computer has its move.
        let mut every = tokio::time::interval(Duration::from_millis(100));
        loop {
            tokio::select! {
                _ = every.tick() => {}
                () = wake.notified() => {}
            }
            ticker.lock().expect("booth lock").tick();
        }
    });
    let limits = server.limits;
    let router = server::router(Arc::clone(&booth), server);
    server::connections::serve(listeners, router, limits, shutdown).await;
    // Leave the robot between two commands, not halfway through a drop.
    let between =
        settled.wait_for(|s| !matches!(s.state, LinkState::Working | LinkState::Restoring));
    if tokio::time::timeout(Duration::from_secs(10), between)
        .await
        .is_err()
    {
        tracing::warn!("the robot was still busy when the bridge stopped");
    }
    let booth = booth.lock().expect("booth lock");
    booth.close_records();
    let today = booth.tally();
    tracing::info!(
        "today: {} games, {} won by visitors, {} faults",
        today.games,
        today.won_by_visitors,
        today.faults
    );
}
