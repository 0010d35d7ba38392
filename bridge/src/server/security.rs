//! Who may do what, decided here and nowhere else: the Host every request
//! must name (no DNS rebinding), the Origin a WebSocket or a jam must come
//! from, the headers every answer carries, the booth's own screens (this
//! machine), the LAN token a phone's hello must show, and the operator
//! token, with the guessing of both tokens bounded by address.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};

use super::{AppState, ServerConfig};
use crate::server::connections::Reached;

/// Headers on every answer: what the pages may load and who may frame them
/// (the bridge itself and the configured origins; no other page can put
/// the booth in a frame and trick a visitor into tapping it), no sniffing,
/// and no address (which may carry the LAN token) sent on as a referrer.
pub(super) async fn security_headers(
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

/// Every request, files included, must name this bridge as its host, once:
/// a foreign page that rebinds its own domain name to 127.0.0.1 gets
/// nothing, and a request with two `Host` lines (which a proxy and the
/// bridge might read differently) is refused.
pub(super) async fn check_host(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> Response {
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let host = hosts.next().and_then(|v| v.to_str().ok()).unwrap_or("");
    if hosts.next().is_some() {
        tracing::warn!("refused a request with more than one Host");
        return (StatusCode::BAD_REQUEST, "more than one Host").into_response();
    }
    if host_allowed(host, &state.config) {
        next.run(request).await
    } else {
        tracing::warn!("refused a request for host {host:?}");
        (StatusCode::FORBIDDEN, "unknown host").into_response()
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

/// Which addresses are the booth's own screens (they play without the
/// LAN token and see the join code). A request that came through a
/// reverse proxy or tunnel (it says whom it forwards) is never one: the
/// proxy's own address stands for every visitor behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OwnScreens {
    /// Every loopback address (127.0.0.0/8 and ::1): any browser on the
    /// booth's computer, whatever address it was sent to.
    Loopback,
    /// Only pages on this machine that reached the bridge at 127.0.0.1
    /// or ::1, so a browser sent to 127.0.0.2 stands for a phone on the
    /// Wi-Fi: one machine can walk through both views. (Linux connects to
    /// 127.0.0.2 from 127.0.0.1: the address reached tells them apart, not
    /// the peer's.)
    #[default]
    Localhost,
    /// None: every page is a LAN device (the tests' phones).
    Nobody,
}

impl OwnScreens {
    /// The `--own-screens` word: `loopback` or `localhost`.
    pub fn parse(word: &str) -> Option<OwnScreens> {
        match word {
            "loopback" => Some(OwnScreens::Loopback),
            "localhost" => Some(OwnScreens::Localhost),
            _ => None,
        }
    }
}

/// The headers by which a proxy or tunnel says whom it forwards.
const FORWARDED: [&str; 5] = [
    "forwarded",
    "x-forwarded-for",
    "x-forwarded-host",
    "x-real-ip",
    "cf-connecting-ip",
];

/// Whether a page from `peer`, which reached the bridge at `reached` with
/// these request `headers`, is one of the booth's own screens.
pub(super) fn own_screen(
    config: &ServerConfig,
    peer: SocketAddr,
    reached: Reached,
    headers: &HeaderMap,
) -> bool {
    let localhost = |ip: IpAddr| {
        let ip = ip.to_canonical();
        ip == IpAddr::from([127, 0, 0, 1]) || ip == IpAddr::from(std::net::Ipv6Addr::LOCALHOST)
    };
    let loopback = on_this_machine(peer, headers);
    match config.own_screens {
        OwnScreens::Loopback => loopback,
        OwnScreens::Localhost => loopback && localhost(reached.0.ip()),
        OwnScreens::Nobody => false,
    }
}

/// Whether a request from `peer` with these `headers` comes from a
/// program on the booth's computer itself, not through a proxy or tunnel
/// there.
fn on_this_machine(peer: SocketAddr, headers: &HeaderMap) -> bool {
    !FORWARDED.iter().any(|name| headers.contains_key(*name))
        && peer.ip().to_canonical().is_loopback()
}

/// The operator page and its API answer only on the booth's computer,
/// unless the config opens them to the LAN (`operator_on_lan`): a staff
/// phone on an open Wi-Fi would carry the operator token over the air.
pub(super) async fn operator_here(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> Response {
    if state.config.operator_on_lan || on_this_machine(peer, request.headers()) {
        return next.run(request).await;
    }
    (
        StatusCode::NOT_FOUND,
        "the operator page opens on the booth's computer only; \
         operator_on_lan = true in bridge.toml opens it on the LAN",
    )
        .into_response()
}

/// Whether a hello's `token` lets the page from `from` play: the LAN token,
/// unless that address sent [`GUESSES_PER_MINUTE`] wrong ones within a
/// minute (then not, right token or not, until the minute is over).
pub(super) fn lan_token_trusts(state: &AppState, from: IpAddr, token: Option<&str>) -> bool {
    let Some(token) = token.filter(|t| !t.is_empty()) else {
        return false;
    };
    if state.lan_guesses.blocked(from) {
        return false;
    }
    let right = same_secret(token, &state.config.token);
    if !right {
        state.lan_guesses.wrong(from);
    }
    right
}

/// Lets through only requests that carry the operator token. An address
/// that sent [`GUESSES_PER_MINUTE`] wrong tokens within a minute is refused
/// until the minute is over, whatever it sends, and the log says so. A
/// request without the token header counts for nothing: any page in a
/// browser on the booth's computer can send one, and must not lock the
/// operator out.
pub(super) async fn require_operator(
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
pub(super) struct Guesses {
    /// What is guessed, for the log.
    what: &'static str,
    by_address: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Guesses {
    /// Addresses kept at most: beyond, the oldest minute's are forgotten.
    const ADDRESSES: usize = 4096;

    pub(super) fn new(what: &'static str) -> Guesses {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app_files::AppFiles;
    use crate::config::Config;
    use crate::server::connections::Limits;

    fn config(lan: bool) -> ServerConfig {
        ServerConfig {
            port: 8080,
            lan,
            token: "t".into(),
            allowed_origins: vec!["http://kiosk.local:8080".into()],
            app: AppFiles::Embedded,
            own_screens: OwnScreens::Loopback,
            simulator: None,
            operator_token: String::new(),
            operator_on_lan: false,
            config: Config::default().into(),
            config_file: None,
            limits: Limits::default(),
        }
    }

    #[test]
    fn only_localhost_is_an_own_screen_when_asked() {
        let at = |ip: &str| SocketAddr::new(ip.parse().unwrap(), 8080);
        let none = HeaderMap::new();
        let own = |c: &ServerConfig, peer: &str, reached: &str| {
            own_screen(c, at(peer), Reached(at(reached)), &none)
        };
        let mut c = config(true);
        c.own_screens = OwnScreens::parse("loopback").unwrap();
        for ip in ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"] {
            assert!(own(&c, ip, ip), "{ip}");
        }
        assert!(!own(&c, "192.168.1.20", "192.168.1.5"));
        c.own_screens = OwnScreens::default();
        for (peer, reached, is_own) in [
            ("127.0.0.1", "127.0.0.1", true),
            ("::1", "::1", true),
            ("::ffff:127.0.0.1", "::ffff:127.0.0.1", true),
            // Linux's way to 127.0.0.2: from 127.0.0.1.
            ("127.0.0.1", "127.0.0.2", false),
            ("127.0.0.1", "192.168.1.5", false),
            ("192.168.1.20", "192.168.1.5", false),
        ] {
            assert_eq!(own(&c, peer, reached), is_own, "{peer} to {reached}");
        }
        // A visitor behind a proxy or tunnel on the booth's computer.
        for name in FORWARDED {
            let mut forwarded = HeaderMap::new();
            forwarded.insert(name, "203.0.113.7".parse().unwrap());
            let localhost = at("127.0.0.1");
            assert!(
                !own_screen(&c, localhost, Reached(localhost), &forwarded),
                "{name}"
            );
        }
        c.own_screens = OwnScreens::Nobody;
        assert!(!own(&c, "127.0.0.1", "127.0.0.1"));
        assert_eq!(OwnScreens::parse("everyone"), None);
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
