//! What the bridge's socket tests share: a client for the WebSocket.

#![allow(dead_code)] // each test file uses its own part

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Error, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub struct Bridge {
    pub port: u16,
}

pub async fn connect_with(port: u16, origin: Option<&str>, host: &str) -> Result<Ws, Error> {
    let mut request = format!("ws://127.0.0.1:{port}/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("host", HeaderValue::from_str(host).unwrap());
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", HeaderValue::from_str(origin).unwrap());
    }
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(ws, _)| ws)
}

pub async fn connect(b: &Bridge) -> Ws {
    let host = format!("127.0.0.1:{}", b.port);
    connect_with(b.port, Some(&format!("http://{host}")), &host)
        .await
        .unwrap()
}

pub async fn send(ws: &mut Ws, value: Value) {
    ws.send(Message::Text(value.to_string().into()))
        .await
        .unwrap();
}

/// The next message, whatever its type.
pub async fn next_message(ws: &mut Ws) -> Value {
    let frame = tokio::time::timeout(Duration::from_secs(30), ws.next())
        .await
        .expect("a message in time");
    let Some(Ok(Message::Text(text))) = frame else {
        panic!("connection closed")
    };
    let v: Value = serde_json::from_str(&text).unwrap();
    if std::env::var("WS_DEBUG").is_ok() {
        eprintln!("<- {:?} {v}", std::thread::current().name());
    }
    v
}

/// The next message of a type, skipping others.
pub async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let v = next_message(ws).await;
        if v["type"] == kind {
            return v;
        }
    }
}

/// The next snapshot that satisfies `want`.
pub async fn snapshot_where(ws: &mut Ws, want: impl Fn(&Value) -> bool) -> Value {
    loop {
        let s = next_of(ws, "snapshot").await;
        if want(&s) {
            return s;
        }
    }
}

pub fn hello(role: &str, session: &str) -> Value {
    json!({"type": "hello", "v": 2, "role": role, "session": session, "name": "Ada_1"})
}

pub fn status_of(e: Error) -> u16 {
    match e {
        Error::Http(response) => response.status().as_u16(),
        other => panic!("expected an HTTP refusal, got {other:?}"),
    }
}

/// The `bridge` binary serving the stub app in `dir` with the simulated
/// robot on `port`, its records in `dir/<name>.sqlite` (a records file has
/// one bridge), once it accepts connections.
pub fn serve_simulated(dir: &std::path::Path, port: u16, name: &str) -> std::process::Child {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_bridge"))
        .args(["serve", "--robot", "sim", "--port", &port.to_string()])
        .args(["--app-dir", dir.to_str().unwrap()])
        .args([
            "--records",
            dir.join(format!("{name}.sqlite")).to_str().unwrap(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            std::time::Instant::now() < until,
            "the bridge did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}
