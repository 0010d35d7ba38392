//! The pages' WebSocket, bounded in memory per connection.
//!
//! The bridge upgrades the connection itself rather than through axum's
//! `WebSocketUpgrade`, whose socket cannot send a message in several
//! frames. A search message is big (its tree: 160 KB and more) and every
//! page is sent the same one: whole, each connection would copy it into its
//! own write buffer and keep that buffer's size for good, and a page that
//! does not read would hold the copy until it is dropped. Sent in frames of
//! [`FRAME`] bytes cut from the one shared text, a connection holds at most
//! one frame. Reading needs no more than a page's largest message.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use hyper::upgrade::Upgraded;
use hyper_util::rt::TokioIo;
use tokio_tungstenite::WebSocketStream;
use tungstenite::protocol::frame::Frame;
use tungstenite::protocol::frame::coding::{Data, OpCode};
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Bytes, Message};

/// One page's open WebSocket.
pub type Socket = WebSocketStream<TokioIo<Upgraded>>;

/// The most one frame of a long message carries.
pub const FRAME: usize = 8 * 1024;

/// The socket's limits: nothing read bigger than `max_message`, and
/// buffers sized for messages, not for bulk transfer.
fn config(max_message: usize) -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(max_message))
        .max_frame_size(Some(max_message))
        .read_buffer_size(max_message)
        // Each frame goes to the socket at once: nothing collects.
        .write_buffer_size(0)
}

/// Answers a WebSocket request with `101 Switching Protocols` and hands the
/// opened socket to `session`; a request that is no WebSocket handshake
/// gets `400`.
pub fn accept<F, S>(mut request: Request, max_message: usize, session: S) -> Response
where
    S: FnOnce(Socket) -> F + Send + 'static,
    F: Future<Output = ()> + Send + 'static,
{
    let Some(accept) = accept_key(request.headers()) else {
        return (StatusCode::BAD_REQUEST, "not a WebSocket handshake").into_response();
    };
    let upgrade = hyper::upgrade::on(&mut request);
    tokio::spawn(async move {
        let Ok(upgraded) = upgrade.await else {
            return;
        };
        let io = TokioIo::new(upgraded);
        let socket =
            WebSocketStream::from_raw_socket(io, Role::Server, Some(config(max_message))).await;
        session(socket).await;
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, "upgrade")
        .header(header::UPGRADE, "websocket")
        .header(header::SEC_WEBSOCKET_ACCEPT, accept)
        .body(Body::empty())
        .expect("a valid response")
}

/// The `Sec-WebSocket-Accept` answer, if the headers ask for a WebSocket
/// of the version browsers speak (RFC 6455).
fn accept_key(headers: &HeaderMap) -> Option<String> {
    let has = |name, wanted: &str| {
        headers.get_all(name).iter().any(|v| {
            v.to_str().is_ok_and(|v| {
                v.split(',')
                    .any(|token| token.trim().eq_ignore_ascii_case(wanted))
            })
        })
    };
    if !has(header::CONNECTION, "upgrade")
        || !has(header::UPGRADE, "websocket")
        || !has(header::SEC_WEBSOCKET_VERSION, "13")
    {
        return None;
    }
    let key = headers.get(header::SEC_WEBSOCKET_KEY)?;
    Some(tungstenite::handshake::derive_accept_key(key.as_bytes()))
}

/// The shared text as bytes, so that frames can be cut from it without a
/// copy.
struct SharedText(Arc<str>);

impl AsRef<[u8]> for SharedText {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

/// Sends `text` as one text message, in frames of at most [`FRAME`] bytes.
pub async fn send_text(socket: &mut Socket, text: Arc<str>) -> Result<(), tungstenite::Error> {
    if text.len() <= FRAME {
        return socket.send(Message::Text(text.as_ref().into())).await;
    }
    let bytes = Bytes::from_owner(SharedText(text));
    let mut start = 0;
    while start < bytes.len() {
        let end = (start + FRAME).min(bytes.len());
        // A frame may end inside a character: the page checks the
        // message's UTF-8 once it has all of it.
        let opcode = if start == 0 {
            Data::Text
        } else {
            Data::Continue
        };
        let frame = Frame::message(
            bytes.slice(start..end),
            OpCode::Data(opcode),
            end == bytes.len(),
        );
        socket.send(Message::Frame(frame)).await?;
        start = end;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handshake(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        headers
    }

    #[test]
    fn the_accept_key_is_the_one_of_rfc_6455() {
        // The example handshake of RFC 6455, section 1.3.
        let headers = handshake(&[
            ("connection", "keep-alive, Upgrade"),
            ("upgrade", "websocket"),
            ("sec-websocket-version", "13"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]);
        assert_eq!(
            accept_key(&headers).as_deref(),
            Some("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        );
    }

    #[test]
    fn a_plain_request_or_another_version_is_no_handshake() {
        assert_eq!(
            accept_key(&handshake(&[("connection", "keep-alive")])),
            None
        );
        let old = handshake(&[
            ("connection", "upgrade"),
            ("upgrade", "websocket"),
            ("sec-websocket-version", "8"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]);
        assert_eq!(accept_key(&old), None);
    }
}
