//! One page's WebSocket: its hello within 10 s, its messages paced and
//! handed to the booth, the booth's messages from its bounded outbox, pings
//! that tell a page still reading from one that stopped, and a close with
//! a reason.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::Extension;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tungstenite::protocol::CloseFrame;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::{Bytes, Message};

use super::AppState;
use super::security::{host_allowed, lan_token_trusts, origin_allowed, own_screen};
use crate::booth::Client;
use crate::messages::{ClientMessage, ErrorCode, ServerMessage};
use crate::outbox::{Next, Outbox};
use crate::server::connections::Reached;
use crate::server::websocket::{self, Socket};

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

pub(super) async fn upgrade(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(reached): Extension<Reached>,
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
    let own = own_screen(&state.config, peer, reached, headers);
    websocket::accept(request, MAX_MESSAGE, move |socket| {
        session(socket, peer, own, state)
    })
}

async fn session(mut socket: Socket, peer: SocketAddr, own_screen: bool, state: AppState) {
    let id = state.next_id.fetch_add(1, Ordering::SeqCst);
    let outbox = Outbox::new();
    {
        let mut booth = state.booth.lock().expect("booth lock");
        outbox.send(&ServerMessage::Welcome(booth.welcome_for(own_screen)));
        let address = peer.ip().to_canonical();
        booth.connect(id, Client::new(id, outbox.clone(), own_screen, address));
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

/// Handles one page's message; a hello's token may trust the page (see
/// [`lan_token_trusts`]).
fn receive(state: &AppState, id: u64, from: IpAddr, text: &str) -> Option<ServerMessage> {
    let Ok(message) = serde_json::from_str::<ClientMessage>(text) else {
        state
            .booth
            .lock()
            .expect("booth lock")
            .refused(id, ErrorCode::BadMessage);
        return Some(ServerMessage::Error {
            code: ErrorCode::BadMessage,
        });
    };
    let token = match &message {
        ClientMessage::Hello { token, .. } => token.as_deref(),
        _ => None,
    };
    let trusted = lan_token_trusts(state, from, token);
    let mut booth = state.booth.lock().expect("booth lock");
    if trusted {
        booth.trust(id);
    }
    booth.handle(id, message)
}
