//! The page's connection to the booth's bridge (`/ws` on the origin that
//! served the page): says the hello the control gives it, hands every
//! message to a listener, and
//! reconnects after a drop, so a Wi-Fi hiccup loses nothing (the bridge
//! answers a reconnect with the full state).

use std::rc::Rc;

use booth_protocol::{ClientMessage, ServerMessage};
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, WebSocket};

use crate::io::js_handle::{Handle, Handlers, Listener};

/// What the link tells the page.
#[derive(Debug, Clone)]
pub enum LinkEvent {
    /// The bridge answered: robot play is possible.
    Open,
    /// A message from the bridge.
    Message(ServerMessage),
    /// The connection dropped; the link tries again.
    Closed,
}

struct Inner {
    socket: Option<WebSocket>,
    hello: ClientMessage,
    listener: Listener<LinkEvent>,
    handlers: Handlers,
    /// Whether the socket is open now: only a drop of an open connection
    /// is news for the visitor.
    open: bool,
    /// Attempts that failed since the connection was last open.
    failures: u32,
}

/// The connection to the bridge, cheap to clone.
#[derive(Clone)]
pub struct BoothLink(Handle<Inner>);

const SESSION_KEY: &str = "vier-gewinnt.session";
const TOKEN_KEY: &str = "vier-gewinnt.lan-token";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// This page's session id: 128 random bits from the browser's
/// cryptographic generator (another visitor cannot guess it and take the
/// seat), kept in `localStorage` so a reload keeps the seat. An id of an
/// older, shorter kind is replaced.
pub fn session_id() -> String {
    let storage = storage();
    if let Some(id) = storage
        .as_ref()
        .and_then(|s| s.get_item(SESSION_KEY).ok().flatten())
        .filter(|id| id.len() >= SESSION_PREFIX.len() + 32)
    {
        return id;
    }
    let mut bytes = [0u8; 16];
    let crypto = web_sys::window().and_then(|w| w.crypto().ok());
    if crypto
        .and_then(|c| c.get_random_values_with_u8_array(&mut bytes).ok())
        .is_none()
    {
        // No Web Crypto (never in the browsers the app supports): a
        // weaker id is better than none.
        for chunk in bytes.chunks_mut(4) {
            let random = (js_sys::Math::random() * 2f64.powi(32)) as u32;
            chunk.copy_from_slice(&random.to_le_bytes());
        }
    }
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let id = format!("{SESSION_PREFIX}{hex}");
    if let Some(s) = storage {
        let _ = s.set_item(SESSION_KEY, &id);
    }
    id
}

/// What every session id starts with.
const SESSION_PREFIX: &str = "page-";

/// The LAN token from the page's address (`?token=...`), if any.
fn url_token() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get("token")
}

/// The LAN token: from the address the visitor's device opened (the
/// booth's QR code), kept on the device, since the address bar soon shows
/// the game instead; a reload then keeps the seat.
pub fn lan_token() -> Option<String> {
    let storage = storage();
    match url_token() {
        Some(token) => {
            if let Some(s) = storage {
                let _ = s.set_item(TOKEN_KEY, &token);
            }
            Some(token)
        }
        None => storage?.get_item(TOKEN_KEY).ok()?,
    }
}

/// Forgets the kept LAN token: the booth refused it (a restarted booth has
/// a new one, and its QR code must be scanned again).
pub fn forget_token() {
    if let Some(s) = storage() {
        let _ = s.remove_item(TOKEN_KEY);
    }
}

/// Whether a booth's bridge served this page: it marks the page it serves
/// (`<meta name="connect4-bridge">`, see `app/post-build.mjs`). A static
/// host has no bridge, and the page opens no WebSocket there; a build
/// without the booth's screens ([`crate::BOOTH`]) never does.
pub fn served_by_bridge() -> bool {
    crate::BOOTH
        && web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| {
                d.query_selector("meta[name=connect4-bridge]")
                    .ok()
                    .flatten()
            })
            .is_some()
}

fn socket_url() -> Option<String> {
    let location = web_sys::window()?.location();
    let scheme = if location.protocol().ok()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    Some(format!("{scheme}://{}/ws", location.host().ok()?))
}

/// How long the link waits before it knocks again, after `failures`
/// attempts in a row found no bridge: a second after a drop, then longer,
/// up to 8 s. Only a page the bridge served connects at all, so a bridge
/// that does not answer is one starting or restarting (a kiosk's page
/// opened from the cache before its bridge is up) and will answer soon.
fn retry_delay(failures: u32) -> std::time::Duration {
    std::time::Duration::from_secs(1 << failures.min(3))
}

/// Hands `event` to `listener` in a task of its own: reading a message
/// and drawing what it changed are then two shorter tasks, not one that a
/// tap waits for (the snapshot on a booth page's start is the longest).
/// Every event goes this way, so they arrive in the order they came.
fn later(listener: Listener<LinkEvent>, event: LinkEvent) {
    crate::io::browser::after(std::time::Duration::ZERO, move || listener(event));
}

impl BoothLink {
    /// Connects, saying `hello` (and again after every reconnect); every
    /// event goes to `listener`, each in a task of its own.
    pub fn connect(hello: ClientMessage, listener: impl Fn(LinkEvent) + 'static) -> BoothLink {
        let link = BoothLink(Handle::new(Inner {
            socket: None,
            hello,
            listener: Rc::new(listener),
            handlers: Handlers::default(),
            open: false,
            failures: 0,
        }));
        link.open();
        link.close_when_hidden();
        link
    }

    /// Closes the connection when the page goes away, so the bridge knows
    /// at once that its seat waits for it: a browser may keep a page it
    /// navigated away from in its back-forward cache with the connection
    /// open. Back on the page, the reconnect after a close opens it again.
    fn close_when_hidden(&self) {
        let me = self.clone();
        let on_hide = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
            if let Some(socket) = &me.0.get().socket {
                let _ = socket.close();
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window
                .add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
        }
        // One listener for the page's life.
        on_hide.forget();
    }

    fn open(&self) {
        let Some(socket) = socket_url().and_then(|url| WebSocket::new(&url).ok()) else {
            return;
        };
        let mut handlers = Handlers::default();
        let me = self.clone();
        let on_open = handlers.add(move |_| {
            let (hello, listener) = {
                let mut inner = me.0.get_mut();
                inner.open = true;
                inner.failures = 0;
                (inner.hello.clone(), inner.listener.clone())
            };
            me.send(&hello);
            later(listener, LinkEvent::Open);
        });
        let me = self.clone();
        let on_message = handlers.add(move |event: JsValue| {
            let event: MessageEvent = event.unchecked_into();
            let Some(text) = event.data().as_string() else {
                return;
            };
            if let Ok(message) = crate::json::from_str::<ServerMessage>(&text) {
                let listener = me.0.get().listener.clone();
                later(listener, LinkEvent::Message(message));
            }
        });
        let me = self.clone();
        let on_close = handlers.add(move |_| {
            let (was_open, failures, listener) = {
                let mut inner = me.0.get_mut();
                let was_open = std::mem::replace(&mut inner.open, false);
                if !was_open {
                    inner.failures += 1;
                }
                (was_open, inner.failures, inner.listener.clone())
            };
            if was_open {
                later(listener, LinkEvent::Closed);
            }
            let again = me.clone();
            crate::io::browser::after(retry_delay(failures), move || again.open());
        });
        socket.set_onopen(Some(&on_open));
        socket.set_onmessage(Some(&on_message));
        socket.set_onclose(Some(&on_close));
        let mut inner = self.0.get_mut();
        inner.socket = Some(socket);
        inner.handlers = handlers;
    }

    /// Sends a message (dropped while the connection is down: the snapshot
    /// after the reconnect shows what the bridge has).
    pub fn send(&self, message: &ClientMessage) {
        let inner = self.0.get();
        if let Some(socket) = &inner.socket
            && socket.ready_state() == WebSocket::OPEN
        {
            let _ = socket.send_with_str(&crate::json::to_string(message));
        }
    }

    /// The hello this page says.
    pub fn hello(&self) -> ClientMessage {
        self.0.get().hello.clone()
    }

    /// Changes the hello and says it again now.
    pub fn change_hello(&self, change: impl FnOnce(&mut ClientMessage)) {
        let hello = {
            let mut inner = self.0.get_mut();
            change(&mut inner.hello);
            inner.hello.clone()
        };
        self.send(&hello);
    }
}

#[cfg(test)]
mod tests {
    use super::retry_delay;
    use std::time::Duration;

    #[test]
    fn a_drop_is_retried_at_once_and_a_bridge_still_down_ever_more_gently() {
        let waits: Vec<_> = (0..6).map(retry_delay).collect();
        let secs = |s| Duration::from_secs(s);
        assert_eq!(
            waits,
            [secs(1), secs(2), secs(4), secs(8), secs(8), secs(8)]
        );
        assert_eq!(
            retry_delay(u32::MAX),
            secs(8),
            "no overflow after days down"
        );
    }
}
