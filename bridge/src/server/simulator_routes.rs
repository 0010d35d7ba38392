//! The simulated robot's endpoints, for demos and the end-to-end tests:
//! `/sim/grid` shows its coins, `/sim/jam` jams its next drop. Only from
//! this machine, and a jam not from a foreign page.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::security::origin_allowed;
use crate::robot_protocol::Colour;
use crate::simulator::{Fault, Simulator};

/// The simulator's grid, column by column from the bottom (`"12"`: a coin
/// of the first player's colour under one of the second's).
#[derive(serde::Serialize)]
struct Grid {
    columns: Vec<String>,
}

/// The simulator, for a request from this machine only.
fn local_simulator(state: &AppState, peer: SocketAddr) -> Option<&Arc<Simulator>> {
    state
        .config
        .simulator
        .as_ref()
        .filter(|_| peer.ip().is_loopback())
}

/// The simulator's grid, column by column from the bottom: `1` for a coin
/// of the first player's colour, `2` for the second's.
pub(super) async fn grid(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
) -> Response {
    let Some(sim) = local_simulator(&state, peer) else {
        return StatusCode::FORBIDDEN.into_response();
    };
    let columns: Vec<String> = sim
        .grid()
        .iter()
        .map(|column| {
            column
                .iter()
                .map_while(|cell| match cell {
                    Some(Colour::Yellow) => Some('1'),
                    Some(Colour::Red) => Some('2'),
                    None => None,
                })
                .collect()
        })
        .collect();
    axum::Json(Grid { columns }).into_response()
}

/// Jams the simulator's next drop; only for this machine, and not from a
/// foreign page (a form may post across origins without asking).
pub(super) async fn jam(
    headers: HeaderMap,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
) -> Response {
    let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(origin) = header(header::ORIGIN) {
        let host = header(header::HOST).unwrap_or("");
        if !origin_allowed(origin, host, &state.config) {
            tracing::warn!("refused a jam from origin {origin:?} ({peer})");
            return (StatusCode::FORBIDDEN, "foreign origin").into_response();
        }
    }
    match local_simulator(&state, peer) {
        Some(sim) => {
            sim.inject_on_next_drop(Fault::Jam);
            StatusCode::NO_CONTENT.into_response()
        }
        None => StatusCode::FORBIDDEN.into_response(),
    }
}
