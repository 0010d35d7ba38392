//! The web server: the app's files and the WebSocket at `/ws`, guarded
//! against foreign pages (Origin), DNS rebinding (Host) and floods.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::app_files::AppFiles;
use crate::booth::{Booth, Client};
use crate::config::{Config, StaffSettings};
use crate::connections::Limits;
use crate::messages::{ClientMessage, ErrorCode, Language, ServerMessage};
use crate::outbox::{Next, Outbox};
use crate::records::Records;
use crate::robot_link::OperatorRequest;
use crate::robot_protocol::Colour;
use crate::simulator::{Fault, Simulator};
use crate::websocket::{self, Socket};

use futures_util::{SinkExt, StreamExt};
use tungstenite::protocol::CloseFrame;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::{Bytes, Message};

/// Largest message (and frame, so that nothing bigger is ever read): a
/// page sends only short messages; the search trees go the other way.
const MAX_MESSAGE: usize = 4096;
/// A page must say hello this soon after its WebSocket opens.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// A page that takes no data for this long is disconnected.
const SEND_WITHIN: Duration = Duration::from_secs(10);
/// How often the bridge pings each page. A browser answers at once, even
/// in a background tab; a peer that stopped reading cannot.
const PING_EVERY: Duration = Duration::from_secs(4);
/// A page whose answer to the last ping is this late has stopped reading
/// and is dropped (with its socket's buffers).
const PONG_WITHIN: Duration = Duration::from_secs(8);
/// A page sending this many times its message limit in one second (pings
/// and pongs count) is flooding, not playing, and is closed.
const FLOOD_FACTOR: u32 = 4;

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
    /// Whether pages on this machine may play without the token (the booth's
    /// own screen); tests turn it off to act as a LAN device.
    pub trust_loopback: bool,
    /// The simulated robot, when the bridge runs one: `/sim/grid` shows its
    /// coins and `/sim/jam` jams its next drop (for demos and the
    /// end-to-end test; loopback only).
    pub simulator: Option<Arc<Simulator>>,
    /// The operator page's token (empty: no operator page).
    pub operator_token: String,
    /// The configuration the bridge started with; the operator page shows
    /// it and changes the staff's settings in it.
    pub config: Config,
    /// The file the config came from, where the operator's changes are
    /// written (`None`: they hold until the bridge stops).
    pub config_file: Option<PathBuf>,
    /// How many connections, how long their headers may take, how many
    /// messages each may send.
    pub limits: Limits,
}

#[derive(Clone)]
struct AppState {
    booth: Arc<Mutex<Booth>>,
    config: Arc<ServerConfig>,
    next_id: Arc<AtomicU64>,
    /// Wrong operator tokens, by address.
    guesses: Arc<Guesses>,
    /// Wrong LAN tokens in a page's hello, by address.
    lan_guesses: Arc<Guesses>,
    /// The records, read apart from the booth.
    records: Records,
    /// The config in effect, with the operator's changes.
    live: Arc<Mutex<Config>>,
    /// Held by the operator's change of settings from its check to its
    /// effect.
    saving: Arc<tokio::sync::Mutex<()>>,
}

/// The router of the bridge.
pub fn router(booth: Arc<Mutex<Booth>>, config: ServerConfig) -> Router {
    let app = config.app.clone();
    let records = booth.lock().expect("booth lock").records();
    let state = AppState {
        booth,
        live: Arc::new(Mutex::new(config.config.clone())),
        saving: Arc::default(),
        config: Arc::new(config),
        next_id: Arc::new(AtomicU64::new(1)),
        guesses: Arc::new(Guesses::new("operator token")),
        lan_guesses: Arc::new(Guesses::new("LAN token")),
        records,
    };
    // The operator's API, behind its token; the page itself is static.
    let operator_api = Router::new()
        .route("/operator/state", get(operator_state))
        .route("/operator/events", get(operator_events))
        .route("/operator/games.csv", get(operator_games_csv))
        .route("/operator/action", post(operator_action))
        .route("/operator/settings", post(operator_settings))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            require_operator,
        ));
    let mut routes = Router::new()
        .route("/ws", get(upgrade))
        .route("/operator", get(operator_page))
        .route("/join-qr.svg", get(join_qr))
        .merge(operator_api);
    if state.config.simulator.is_some() {
        routes = routes
            .route("/sim/grid", get(sim_grid))
            .route("/sim/jam", post(sim_jam));
    }
    app.serve(routes)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            security_headers,
        ))
        .layer(middleware::from_fn_with_state(state.clone(), check_host))
        .with_state(state)
}

/// Headers on every answer: what the pages may load and who may frame them
/// (the bridge itself and the configured origins; no other page can put
/// the booth in a frame and trick a visitor into tapping it), no sniffing,
/// and no address (which may carry the LAN token) sent on as a referrer.
async fn security_headers(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> Response {
    let mut response = next.run(request).await;
    let ancestors = std::iter::once("'self'")
        .chain(
            state
                .config
                .allowed_origins
                .iter()
                .map(|o| o.trim_end_matches('/')),
        )
        .collect::<Vec<_>>()
        .join(" ");
    // Trunk's loader and the operator page are inline scripts; Wasm needs
    // 'wasm-unsafe-eval'; the board's styles are partly inline.
    let policy = format!(
        "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
         worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; \
         frame-ancestors {ancestors}"
    );
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// Every request, files included, must name this bridge as its host: a
/// foreign page that rebinds its own domain name to 127.0.0.1 gets nothing.
async fn check_host(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if host_allowed(host, &state.config) {
        next.run(request).await
    } else {
        tracing::warn!("refused a request for host {host:?}");
        (StatusCode::FORBIDDEN, "unknown host").into_response()
    }
}

/// The QR code of the LAN join address, for the booth's own screens (the
/// lobby and the spectator screen), so that a visitor's phone can join.
async fn join_qr(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
) -> Response {
    let own_screen = peer.ip().is_loopback() && state.config.trust_loopback;
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

/// The operator page's words in every language it has a locale file for
/// (`bridge/locales/`), as JSON ready to stand in a `<script>`, made by
/// the build script.
const OPERATOR_WORDS: &str = include_str!(concat!(env!("OUT_DIR"), "/operator_words.json"));

/// The operator page: a static page that asks the API below with the token
/// from its address, in the booth's language (it follows a change of the
/// language without a reload).
async fn operator_page(State(state): State<AppState>) -> Response {
    let language = state.live.lock().expect("config lock").language;
    let options: String = Language::ALL
        .iter()
        .map(|l| format!("<option value=\"{l}\">{}</option>", l.own_name()))
        .collect();
    let page = include_str!("operator.html")
        .replacen(
            "<html lang=\"en\">",
            &format!("<html lang=\"{language}\">"),
            1,
        )
        .replacen("<!--languages-->", &options, 1)
        .replacen("/*words*/{}", OPERATOR_WORDS, 1);
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// Lets through only requests that carry the operator token. An address
/// that sent [`GUESSES_PER_MINUTE`] wrong tokens within a minute is refused
/// until the minute is over, whatever it sends, and the log says so. A
/// request without the token header counts for nothing: any page in a
/// browser on the booth's computer can send one, and must not lock the
/// operator out.
async fn require_operator(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> Response {
    let Some(given) = request.headers().get(OPERATOR_TOKEN) else {
        return (StatusCode::UNAUTHORIZED, "the operator token is missing").into_response();
    };
    if state.guesses.blocked(peer.ip()) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many wrong operator tokens: try again in a minute",
        )
            .into_response();
    }
    if same_secret(given.to_str().unwrap_or(""), &state.config.operator_token) {
        next.run(request).await
    } else {
        state.guesses.wrong(peer.ip());
        (StatusCode::UNAUTHORIZED, "the operator token is wrong").into_response()
    }
}

/// The header that carries the operator token: one a foreign page cannot
/// set without the browser asking the bridge first (CORS), which it never
/// allows.
const OPERATOR_TOKEN: &str = "x-operator-token";

/// Wrong tokens an address may send in a minute.
pub const GUESSES_PER_MINUTE: u32 = 10;

/// Wrong tokens of one kind by address, over the last minute.
struct Guesses {
    /// What is guessed, for the log.
    what: &'static str,
    by_address: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Guesses {
    /// Addresses kept at most: beyond, the oldest minute's are forgotten.
    const ADDRESSES: usize = 4096;

    fn new(what: &'static str) -> Guesses {
        Guesses {
            what,
            by_address: Mutex::default(),
        }
    }

    fn blocked(&self, ip: IpAddr) -> bool {
        let map = self.by_address.lock().expect("guesses lock");
        map.get(&ip).is_some_and(|(since, n)| {
            since.elapsed() < Duration::from_secs(60) && *n >= GUESSES_PER_MINUTE
        })
    }

    fn wrong(&self, ip: IpAddr) {
        let what = self.what;
        let mut map = self.by_address.lock().expect("guesses lock");
        if map.len() >= Self::ADDRESSES {
            map.retain(|_, (since, _)| since.elapsed() < Duration::from_secs(60));
        }
        if map.len() >= Self::ADDRESSES {
            map.clear();
        }
        let entry = map.entry(ip).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= Duration::from_secs(60) {
            *entry = (Instant::now(), 0);
        }
        entry.1 += 1;
        // One line for the first wrong token and one when the address is
        // shut out: a flood of guesses does not flood the log.
        if entry.1 == 1 {
            tracing::warn!("a wrong {what} from {ip}");
        } else if entry.1 == GUESSES_PER_MINUTE {
            tracing::warn!(
                "{GUESSES_PER_MINUTE} wrong {what}s from {ip} within a minute: refused for the rest of it"
            );
        }
    }
}

/// Whether `given` is the secret `wanted` (never an empty one), comparing
/// every byte: the time taken does not tell how much of a guess matched.
pub fn same_secret(given: &str, wanted: &str) -> bool {
    !wanted.is_empty()
        && given.len() == wanted.len()
        && given
            .bytes()
            .zip(wanted.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

async fn operator_state(State(state): State<AppState>) -> Response {
    axum::Json(operator_view(&state).await).into_response()
}

/// The operator page's view, pushed as server-sent events whenever the
/// game or the robot changes (a fault reaches the staff at once, without
/// polling).
async fn operator_events(State(state): State<AppState>) -> Response {
    use axum::response::sse::{Event, KeepAlive, Sse};
    let changes = state.booth.lock().expect("booth lock").changes();
    let stream = futures_util::stream::unfold(
        (state, changes, true),
        |(state, mut changes, first)| async move {
            if !first && changes.changed().await.is_err() {
                return None;
            }
            let event = Event::default().data(operator_view(&state).await.to_string());
            Some((
                Ok::<_, std::convert::Infallible>(event),
                (state, changes, false),
            ))
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

async fn operator_view(state: &AppState) -> serde_json::Value {
    // The records are read on their own thread, off the booth's lock: a
    // slow read never holds up a move.
    let records = state.records.clone();
    let (today, games, unrecorded, records_file) = tokio::task::spawn_blocking(move || {
        (
            records.today(),
            records.recent(20),
            records.unrecorded(),
            records.file_event(),
        )
    })
    .await
    .unwrap_or_default();
    let live = state.live.lock().expect("config lock").clone();
    let booth = state.booth.lock().expect("booth lock");
    serde_json::json!({
        "robot": booth.robot_status(),
        "log": booth.robot().recent().iter().rev().take(40).collect::<Vec<_>>(),
        "events": booth.events().rev().collect::<Vec<_>>(),
        "today": today,
        "games": games,
        "unrecorded": unrecorded,
        "records_file": records_file,
        "game": booth.game_summary(),
        "config": live.shown(),
        "settings": live.staff_settings(),
        "config_file": state.config.config_file,
    })
}

/// Every recorded game as CSV, newest first, for a spreadsheet.
async fn operator_games_csv(State(state): State<AppState>) -> Response {
    let records = state.records.clone();
    let games = tokio::task::spawn_blocking(move || records.recent(u32::MAX))
        .await
        .unwrap_or_default();
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"booth-games.csv\"",
            ),
        ],
        crate::records::to_csv(&games),
    )
        .into_response()
}

/// What the operator page's buttons ask for: `{"action": "rebuild"}`.
#[derive(serde::Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
enum OperatorAction {
    /// End the game on the robot.
    EndGame,
    /// Release every coin and place the game's coins again.
    Rebuild,
    /// Light four cells for a moment.
    TestLeds,
    /// Leave the robot's error state, then rebuild.
    Reset,
}

async fn operator_action(State(state): State<AppState>, body: String) -> Response {
    let Ok(action) = serde_json::from_str::<OperatorAction>(&body) else {
        return (
            StatusCode::BAD_REQUEST,
            "send {\"action\": …} with end_game, rebuild, test_leds or reset",
        )
            .into_response();
    };
    let mut booth = state.booth.lock().expect("booth lock");
    match action {
        OperatorAction::EndGame => booth.end_by_operator(),
        OperatorAction::Rebuild => booth.robot().request(OperatorRequest::Rebuild),
        OperatorAction::TestLeds => booth.robot().request(OperatorRequest::TestLeds),
        OperatorAction::Reset => booth.robot().request(OperatorRequest::Reset),
    }
    StatusCode::NO_CONTENT.into_response()
}

/// Changes the staff's settings: checked as `check-config` checks a file
/// (a problem is a 400 naming its key), written to the config file (the
/// file before kept beside it), then in effect for every page and the next
/// game. One change at a time, from its check to its effect: the file
/// always holds the settings in effect.
async fn operator_settings(State(state): State<AppState>, body: String) -> Response {
    let settings: StaffSettings = match serde_json::from_str(&body) {
        Ok(settings) => settings,
        Err(e) => {
            return (StatusCode::BAD_REQUEST, format!("not settings: {e}")).into_response();
        }
    };
    let _one_at_a_time = state.saving.lock().await;
    let changed = state
        .live
        .lock()
        .expect("config lock")
        .with_staff_settings(settings.clone());
    let problems = changed.problems();
    if !problems.is_empty() {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(serde_json::json!({ "problems": problems })),
        )
            .into_response();
    }
    if let Some(path) = state.config.config_file.clone() {
        let written =
            tokio::task::spawn_blocking(move || crate::config_file::save(&path, &settings)).await;
        let error = match written {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(e.to_string()),
            Err(e) => Some(e.to_string()),
        };
        if let Some(error) = error {
            tracing::error!("the operator's settings were not saved: {error}");
            return (StatusCode::INTERNAL_SERVER_ERROR, error).into_response();
        }
    }
    tracing::info!(
        "the operator changed the settings{}",
        state.config.config_file.as_ref().map_or_else(
            || " (not saved: no --config)".into(),
            |p| format!(" in {}", p.display())
        )
    );
    let booth_settings = changed.booth_settings();
    *state.live.lock().expect("config lock") = changed;
    state
        .booth
        .lock()
        .expect("booth lock")
        .reconfigure(booth_settings);
    axum::Json(serde_json::json!({ "saved": state.config.config_file.is_some() })).into_response()
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
async fn sim_grid(
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
    axum::Json(serde_json::json!({ "columns": columns })).into_response()
}

/// Jams the simulator's next drop; only for this machine, and not from a
/// foreign page (a form may post across origins without asking).
async fn sim_jam(
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

/// Whether a Host header names this bridge: loopback names always, and with
/// `--lan` any IP address (a DNS-rebinding attack needs a domain name).
pub fn host_allowed(host: &str, config: &ServerConfig) -> bool {
    let (name, port) = match host.rsplit_once(':') {
        Some((n, p)) if !n.ends_with(']') || n.starts_with('[') => (n, p),
        _ => (host, ""),
    };
    if port != config.port.to_string() {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    if name == "localhost" {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) if ip.is_loopback() => true,
        Ok(_) => config.lan,
        Err(_) => false,
    }
}

/// Whether a page of this Origin may open the WebSocket: the bridge's own
/// origin (as the Host header names it) or one configured.
pub fn origin_allowed(origin: &str, host: &str, config: &ServerConfig) -> bool {
    origin == format!("http://{host}")
        || config
            .allowed_origins
            .iter()
            .any(|o| o.trim_end_matches('/') == origin)
}

async fn upgrade(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
    request: Request,
) -> Response {
    let headers = request.headers();
    let header = |name| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    };
    let (host, origin) = (header(header::HOST), header(header::ORIGIN));
    if !host_allowed(host, &state.config) {
        tracing::warn!("refused a WebSocket for host {host:?} from {peer}");
        return (StatusCode::FORBIDDEN, "unknown host").into_response();
    }
    if !origin_allowed(origin, host, &state.config) {
        tracing::warn!("refused a WebSocket from origin {origin:?} ({peer})");
        return (StatusCode::FORBIDDEN, "foreign origin").into_response();
    }
    websocket::accept(request, MAX_MESSAGE, move |socket| {
        session(socket, peer, state)
    })
}

async fn session(mut socket: Socket, peer: SocketAddr, state: AppState) {
    let id = state.next_id.fetch_add(1, Ordering::SeqCst);
    let outbox = Outbox::new();
    let loopback = peer.ip().is_loopback() && state.config.trust_loopback;
    {
        let mut booth = state.booth.lock().expect("booth lock");
        outbox.send(&ServerMessage::Welcome(booth.welcome_for(loopback)));
        booth.connect(id, Client::new(id, outbox.clone(), loopback));
    }
    let hello_by = tokio::time::Instant::now() + HELLO_WITHIN;
    let mut greeted = false;
    let mut rate = Rate::new(state.config.limits.messages_per_second);
    let mut alive = Alive::new();
    let closing = loop {
        tokio::select! {
            next = outbox.next() => match next {
                Next::Send(text) => {
                    let sent = tokio::time::timeout(
                        SEND_WITHIN,
                        websocket::send_text(&mut socket, text),
                    );
                    match sent.await {
                        Ok(Ok(())) => {}
                        // A page that takes no data for this long is gone.
                        Ok(Err(_)) | Err(_) => break None,
                    }
                }
                Next::FellBehind => break Some((CloseCode::Policy, "fell behind")),
            },
            () = tokio::time::sleep_until(alive.next_check()) => {
                let Some(ping) = alive.check() else {
                    tracing::debug!("page {id} ({peer}) stopped reading: dropped");
                    break None;
                };
                let sent = tokio::time::timeout(SEND_WITHIN, socket.send(Message::Ping(ping)));
                if !matches!(sent.await, Ok(Ok(()))) {
                    break None;
                }
            }
            incoming = socket.next() => {
                let frame = match incoming {
                    None => break None,
                    Some(Ok(frame)) => frame,
                    Some(Err(e)) => {
                        if !too_large(e) {
                            break None;
                        }
                        state.booth.lock().expect("booth lock").refused(id, ErrorCode::TooLarge);
                        send_now(&mut socket, &ServerMessage::Error { code: ErrorCode::TooLarge }).await;
                        break Some((CloseCode::Size, "message too large"));
                    }
                };
                match paced(&mut rate, &frame, &outbox, &state, id) {
                    Pace::Fine => {}
                    Pace::Flood => break Some((CloseCode::Policy, "too many messages")),
                    Pace::Over { .. } => continue,
                }
                let text = match frame {
                    Message::Text(t) => t.to_string(),
                    Message::Pong(payload) => {
                        alive.answered(&payload);
                        continue;
                    }
                    Message::Binary(_) => {
                        outbox.send(&ServerMessage::Error { code: ErrorCode::Binary });
                        state.booth.lock().expect("booth lock").refused(id, ErrorCode::Binary);
                        continue;
                    }
                    Message::Close(_) => {
                        // Reading on sends the answer the WebSocket queued
                        // (the page then sees a clean close, not 1006).
                        let _ = tokio::time::timeout(SEND_WITHIN, socket.next()).await;
                        break None;
                    }
                    Message::Ping(_) | Message::Frame(_) => continue,
                };
                if let Some(reply) = receive(&state, id, peer.ip(), &text) {
                    outbox.send(&reply);
                }
                greeted = greeted || state.booth.lock().expect("booth lock").has_said_hello(id);
            }
            () = tokio::time::sleep_until(hello_by), if !greeted => {
                break Some((CloseCode::Policy, "no hello"));
            }
        }
    };
    state.booth.lock().expect("booth lock").disconnect(id);
    if let Some((code, reason)) = closing {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = tokio::time::timeout(SEND_WITHIN, socket.send(Message::Close(Some(frame)))).await;
    }
}

/// Counts `frame` against the page's rate (text, binary, pings and pongs
/// alike). A data message over the limit is refused; the operator page
/// hears of it once a second at most, so that a flood does not flood it
/// too.
fn paced(rate: &mut Rate, frame: &Message, outbox: &Outbox, state: &AppState, id: u64) -> Pace {
    let pace = rate.count();
    if let Pace::Over { first } = pace {
        if matches!(frame, Message::Text(_) | Message::Binary(_)) {
            outbox.send(&ServerMessage::Error {
                code: ErrorCode::RateLimited,
            });
        }
        if first {
            state
                .booth
                .lock()
                .expect("booth lock")
                .refused(id, ErrorCode::RateLimited);
        }
    }
    pace
}

/// How one page's messages stand against its limit this second.
struct Rate {
    limit: u32,
    since: Instant,
    count: u32,
}

/// What the latest message did to a page's rate.
enum Pace {
    /// Within the limit.
    Fine,
    /// Over it: the message is refused (`first` for the first such this
    /// second).
    Over { first: bool },
    /// Far over it.
    Flood,
}

impl Rate {
    fn new(limit: u32) -> Rate {
        Rate {
            limit,
            since: Instant::now(),
            count: 0,
        }
    }

    fn count(&mut self) -> Pace {
        if self.since.elapsed() >= Duration::from_secs(1) {
            self.since = Instant::now();
            self.count = 0;
        }
        self.count += 1;
        if self.count > self.limit.saturating_mul(FLOOD_FACTOR) {
            Pace::Flood
        } else if self.count > self.limit {
            Pace::Over {
                first: self.count == self.limit + 1,
            }
        } else {
            Pace::Fine
        }
    }
}

/// Whether a page still reads: each ping carries a fresh number, and only
/// a pong with the latest one counts (a peer cannot answer without
/// reading).
struct Alive {
    sequence: u64,
    /// The unanswered ping and when it went out.
    waiting: Option<(u64, tokio::time::Instant)>,
    next_ping: tokio::time::Instant,
}

impl Alive {
    fn new() -> Alive {
        Alive {
            sequence: 0,
            waiting: None,
            next_ping: tokio::time::Instant::now() + PING_EVERY,
        }
    }

    /// When to look again.
    fn next_check(&self) -> tokio::time::Instant {
        match self.waiting {
            Some((_, sent)) => (sent + PONG_WITHIN).min(self.next_ping),
            None => self.next_ping,
        }
    }

    /// The next ping's payload, or `None` if the last one went unanswered
    /// for too long.
    fn check(&mut self) -> Option<Bytes> {
        let now = tokio::time::Instant::now();
        if let Some((_, sent)) = self.waiting
            && now >= sent + PONG_WITHIN
        {
            return None;
        }
        self.next_ping = now + PING_EVERY;
        if self.waiting.is_none() {
            self.sequence += 1;
            self.waiting = Some((self.sequence, now));
        }
        let (number, _) = self.waiting.expect("a ping waits");
        Some(Bytes::copy_from_slice(&number.to_be_bytes()))
    }

    fn answered(&mut self, payload: &[u8]) {
        if self
            .waiting
            .is_some_and(|(number, _)| payload == number.to_be_bytes())
        {
            self.waiting = None;
        }
    }
}

/// Whether a read failed because the page sent more than a message may hold.
fn too_large(error: tungstenite::Error) -> bool {
    matches!(error, tungstenite::Error::Capacity(_))
}

/// Sends one message straight away (before closing), giving up after
/// [`SEND_WITHIN`].
async fn send_now(socket: &mut Socket, message: &ServerMessage) {
    let text = serde_json::to_string(message).expect("messages serialise");
    let _ = tokio::time::timeout(SEND_WITHIN, socket.send(Message::Text(text.into()))).await;
}

/// Handles one page's message. A hello's LAN token trusts the page; an
/// address that sent [`GUESSES_PER_MINUTE`] wrong ones within a minute is
/// not trusted, right token or not, until the minute is over.
fn receive(state: &AppState, id: u64, from: IpAddr, text: &str) -> Option<ServerMessage> {
    let refuse = |code| Some(ServerMessage::Error { code });
    let Ok(message) = serde_json::from_str::<ClientMessage>(text) else {
        state
            .booth
            .lock()
            .expect("booth lock")
            .refused(id, ErrorCode::BadMessage);
        return refuse(ErrorCode::BadMessage);
    };
    let token = match &message {
        ClientMessage::Hello { token, .. } => token.as_deref().filter(|t| !t.is_empty()),
        _ => None,
    };
    let trusted = token.is_some_and(|t| {
        if state.lan_guesses.blocked(from) {
            return false;
        }
        let right = same_secret(t, &state.config.token);
        if !right {
            state.lan_guesses.wrong(from);
        }
        right
    });
    let mut booth = state.booth.lock().expect("booth lock");
    if trusted {
        booth.trust(id);
    }
    booth.handle(id, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(lan: bool) -> ServerConfig {
        ServerConfig {
            port: 8080,
            lan,
            token: "t".into(),
            allowed_origins: vec!["http://kiosk.local:8080".into()],
            app: AppFiles::Folder("dist".into()),
            trust_loopback: true,
            simulator: None,
            operator_token: String::new(),
            config: Config::default(),
            config_file: None,
            limits: Limits::default(),
        }
    }

    #[test]
    fn a_secret_matches_only_itself_and_an_empty_one_nothing() {
        assert!(same_secret("secrettoken123", "secrettoken123"));
        assert!(!same_secret("secrettoken124", "secrettoken123"));
        assert!(!same_secret("secrettoken12", "secrettoken123"));
        assert!(!same_secret("", ""), "no token set: nobody has it");
    }

    #[test]
    fn hosts_are_checked_against_dns_rebinding() {
        let local = config(false);
        for ok in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"] {
            assert!(host_allowed(ok, &local), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1:9999",
            "192.168.1.20:8080",
            "",
            "127.0.0.1",
        ] {
            assert!(!host_allowed(bad, &local), "{bad}");
        }
        assert!(host_allowed("192.168.1.20:8080", &config(true)));
        assert!(!host_allowed("evil.example:8080", &config(true)));
    }

    #[test]
    fn origins_must_be_our_own_or_configured() {
        let c = config(false);
        assert!(origin_allowed(
            "http://127.0.0.1:8080",
            "127.0.0.1:8080",
            &c
        ));
        assert!(origin_allowed(
            "http://kiosk.local:8080",
            "127.0.0.1:8080",
            &c
        ));
        assert!(!origin_allowed("http://evil.example", "127.0.0.1:8080", &c));
        assert!(!origin_allowed("", "127.0.0.1:8080", &c));
    }
}
