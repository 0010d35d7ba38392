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
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use hyper::upgrade::Upgraded;
use hyper_util::rt::TokioIo;
use tokio_tungstenite::WebSocketStream;
use tungstenite::handshake::server::create_response_with_body;
use tungstenite::protocol::frame::Frame;
use tungstenite::protocol::frame::coding::{Data, OpCode};
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Bytes, Message};

/// One page's open WebSocket.
pub type Socket = WebSocketStream<TokioIo<Upgraded>>;

/// The most one frame of a long message carries.
pub const FRAME: usize = 8 * 1024;

/// The most that may wait unsent on one connection: a frame, a close and
/// the answer to a ping. A peer that never reads but keeps sending pings
/// makes the library queue a pong for each; beyond this the connection
/// fails instead of growing.
pub const WRITE_LIMIT: usize = 4 * FRAME;

/// The socket's limits: nothing read bigger than `max_message`, and
/// buffers sized for messages, not for bulk transfer.
fn config(max_message: usize) -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(max_message))
        .max_frame_size(Some(max_message))
        .read_buffer_size(max_message)
        // Each frame goes to the socket at once: nothing collects.
        .write_buffer_size(0)
        .max_write_buffer_size(WRITE_LIMIT)
}

/// Answers a WebSocket request with `101 Switching Protocols` and hands the
/// opened socket to `session`; a request that is no WebSocket handshake
/// (as the library checks it, key included) gets `400` saying why.
pub fn accept<F, S>(mut request: Request, max_message: usize, session: S) -> Response
where
    S: FnOnce(Socket) -> F + Send + 'static,
    F: Future<Output = ()> + Send + 'static,
{
    let answer = match create_response_with_body(&request, Body::empty) {
        Ok(answer) => answer,
        Err(e) => {
            return (
                StatusCode::BAD_REQUEST,
                format!("not a WebSocket handshake: {e}"),
            )
                .into_response();
        }
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
    answer
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

    fn handshake(pairs: &[(&str, &str)]) -> Response {
        let mut request = Request::builder().uri("/ws");
        for (name, value) in pairs {
            request = request.header(*name, *value);
        }
        accept(request.body(Body::empty()).unwrap(), 4096, |_| async {})
    }

    fn rfc_6455(key: &str) -> Response {
        handshake(&[
            ("connection", "keep-alive, Upgrade"),
            ("upgrade", "websocket"),
            ("sec-websocket-version", "13"),
            ("sec-websocket-key", key),
        ])
    }

    #[tokio::test]
    async fn the_accept_key_is_the_one_of_rfc_6455() {
        // The example handshake of RFC 6455, section 1.3.
        let answer = rfc_6455("dGhlIHNhbXBsZSBub25jZQ==");
        assert_eq!(answer.status(), StatusCode::SWITCHING_PROTOCOLS);
        assert_eq!(
            answer.headers()["sec-websocket-accept"],
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[tokio::test]
    async fn a_key_that_is_not_16_bytes_in_base64_is_refused() {
        for key in [
            "",
            "x",
            "dGhlIHNhbXBsZSBub25jZQ!!",
            "AAAAAAAAAAAAAAAAAAAAAAAA",
            "dGhlIHNhbXBsZSBub25jZQ==AAAA",
        ] {
            assert_eq!(rfc_6455(key).status(), StatusCode::BAD_REQUEST, "{key:?}");
        }
    }

    #[tokio::test]
    async fn a_plain_request_or_another_version_is_no_handshake() {
        let plain = handshake(&[("connection", "keep-alive")]);
        assert_eq!(plain.status(), StatusCode::BAD_REQUEST);
        let old = handshake(&[
            ("connection", "upgrade"),
            ("upgrade", "websocket"),
            ("sec-websocket-version", "8"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]);
        assert_eq!(old.status(), StatusCode::BAD_REQUEST);
    }
}
