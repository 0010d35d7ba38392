//! The web server: the app's files, the WebSocket at `/ws` (`session`),
//! the operator page and its API (`operator`), the simulated robot's
//! endpoints (`simulator`), all behind the checks of `security`: Host on
//! every request, Origin on the WebSocket, the LAN and operator tokens.

pub mod connections;
mod fame;
mod operator;
mod security;
mod session;
mod simulator_routes;
pub mod websocket;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use axum::Extension;
use axum::Router;
use axum::extract::{ConnectInfo, State};

use crate::server::connections::Reached;
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::app_files::AppFiles;
use crate::booth::Booth;
use crate::config::Config;
use crate::records::Records;
use crate::server::connections::Limits;
use crate::simulator::Simulator;
pub use security::{GUESSES_PER_MINUTE, OwnScreens, host_allowed, origin_allowed, same_secret};

/// What the server needs to know about itself.
#[derive(Clone)]
pub struct ServerConfig {
    /// The port it listens on (part of the allowed Host and Origin).
    pub port: u16,
    /// Whether devices on the LAN may connect.
    pub lan: bool,
    /// The token LAN devices need to play.
    pub token: String,
    /// Origins allowed besides the bridge's own.
    pub allowed_origins: Vec<String>,
    /// The app's files.
    pub app: AppFiles,
    /// Which addresses are the booth's own screens, which play without the
    /// token.
    pub own_screens: OwnScreens,
    /// The simulated robot, when the bridge runs one: `/sim/grid` shows its
    /// coins and `/sim/jam` jams its next drop (for demos and the
    /// end-to-end test; loopback only).
    pub simulator: Option<Arc<Simulator>>,
    /// The operator page's token (empty: no operator page).
    pub operator_token: String,
    /// Whether the operator page answers devices on the LAN too (else only
    /// the booth's computer).
    pub operator_on_lan: bool,
    /// The booth's configuration in effect: the one it started with, and
    /// the staff's changes from the operator page since.
    pub config: ConfigInEffect,
    /// The file the config came from, where the operator's changes are
    /// written (`None`: they hold until the bridge stops).
    pub config_file: Option<PathBuf>,
    /// How many connections, how long their headers may take, how many
    /// messages each may send.
    pub limits: Limits,
}

/// The booth's configuration in effect, one copy for every request: what
/// it started with, then each change of the staff's settings.
#[derive(Clone)]
pub struct ConfigInEffect(Arc<Mutex<Config>>);

impl ConfigInEffect {
    /// A copy of the configuration as it is now.
    pub fn now(&self) -> Config {
        self.0.lock().expect("config lock").clone()
    }

    /// The configuration from now on.
    fn replace(&self, config: Config) {
        *self.0.lock().expect("config lock") = config;
    }
}

impl From<Config> for ConfigInEffect {
    fn from(config: Config) -> ConfigInEffect {
        ConfigInEffect(Arc::new(Mutex::new(config)))
    }
}

#[derive(Clone)]
struct AppState {
    booth: Arc<Mutex<Booth>>,
    config: Arc<ServerConfig>,
    next_id: Arc<AtomicU64>,
    /// Wrong operator tokens, by address.
    guesses: Arc<security::Guesses>,
    /// Wrong LAN tokens in a page's hello, by address.
    lan_guesses: Arc<security::Guesses>,
    /// The records, read apart from the booth.
    records: Records,
    /// The hall of fame as last read from them.
    fame: fame::Kept,
    /// Held by the operator's change of settings from its check to its
    /// effect.
    saving: Arc<tokio::sync::Mutex<()>>,
    /// The operator page's latest view, for every listener.
    operator_feed: Arc<std::sync::OnceLock<tokio::sync::watch::Receiver<Arc<str>>>>,
}

/// The router of the bridge.
pub fn router(booth: Arc<Mutex<Booth>>, config: ServerConfig) -> Router {
    let app = config.app.clone();
    let records = booth.lock().expect("booth lock").records();
    let state = AppState {
        booth,
        saving: Arc::default(),
        operator_feed: Arc::default(),
        config: Arc::new(config),
        next_id: Arc::new(AtomicU64::new(1)),
        guesses: Arc::new(security::Guesses::new("operator token")),
        lan_guesses: Arc::new(security::Guesses::new("LAN token")),
        records,
        fame: fame::Kept::default(),
    };
    let mut routes = Router::new()
        .route("/ws", get(session::upgrade))
        .route("/join-qr.svg", get(join_qr))
        .route("/fame.json", get(fame::hall_of_fame))
        .merge(operator::routes(&state));
    if state.config.simulator.is_some() {
        routes = routes
            .route("/sim/grid", get(simulator_routes::grid))
            .route("/sim/jam", post(simulator_routes::jam));
    }
    app.serve(routes)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            security::security_headers,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            security::check_host,
        ))
        .with_state(state)
}

/// The QR code of the LAN join address, for the booth's own screens (the
/// lobby and the spectator screen), so that a visitor's phone can join.
async fn join_qr(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(reached): Extension<Reached>,
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
) -> Response {
    let own_screen = security::own_screen(&state.config, peer, reached, &headers);
    let url = state
        .booth
        .lock()
        .expect("booth lock")
        .welcome_for(own_screen)
        .join_url;
    let Some(code) = url.and_then(|u| qrcode::QrCode::new(u.as_bytes()).ok()) else {
        return (StatusCode::NOT_FOUND, "no join address here").into_response();
    };
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(160, 160)
        .build();
    ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
}
