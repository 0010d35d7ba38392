//! The booth bridge: serves the app, relays moves from pages to the robot on
//! a serial port, and keeps the robot's grid in step with the game.
//!
//! One concept per module: [`robot_protocol`] (commands and replies),
//! [`codec`] (their bytes), [`robot_link`] (the host state machine),
//! [`simulator`] (a robot on a pseudo-terminal), [`booth`] (the game and its
//! seats), [`messages`] (the WebSocket protocol), [`server`] (HTTP and
//! WebSocket), [`config`] (`bridge.toml`).

pub mod app_files;
pub mod booth;
pub mod codec;
pub mod config;
pub mod messages;
pub mod robot_link;
pub mod robot_protocol;
pub mod server;
pub mod simulator;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::booth::Booth;
use crate::robot_link::RobotLink;
use crate::server::ServerConfig;

/// Runs the server on `listener` until the process ends: the booth's idle
/// timer and its robot-status broadcasts included.
pub async fn run(
    listener: tokio::net::TcpListener,
    robot: RobotLink,
    server: ServerConfig,
    idle_ask: Duration,
    idle_free: Duration,
) -> std::io::Result<()> {
    let mut status = robot.status();
    let mut booth = Booth::new(robot, idle_ask, idle_free);
    booth.set_demo_after(server.demo_after);
    let booth = Arc::new(Mutex::new(booth));
    let watcher = Arc::clone(&booth);
    tokio::spawn(async move {
        while status.changed().await.is_ok() {
            watcher.lock().expect("booth lock").robot_changed();
        }
    });
    let ticker = Arc::clone(&booth);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        loop {
            every.tick().await;
            ticker.lock().expect("booth lock").tick();
        }
    });
    let app = server::router(booth, server).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).await
}
