//! What the bridge's socket tests share: a client for the WebSocket.

#![allow(dead_code)] // not every helper is used by the tests of every file

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

#[path = "../../../src/scratch.rs"]
mod scratch;
pub use scratch::Scratch;

/// A [`Scratch`] folder holding the page a bridge serves as its app.
pub fn app_folder(kind: &str) -> Scratch {
    let scratch = Scratch::new(kind);
    std::fs::write(
        scratch.join("index.html"),
        "<!doctype html><title>app</title>",
    )
    .unwrap();
    scratch
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

/// A page's WebSocket from the loopback address `from`, sent to the
/// bridge's address `to` (as its Host and Origin say).
pub async fn connect_from(from: [u8; 4], to: [u8; 4], port: u16) -> Ws {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((from, 0).into()).unwrap();
    let stream = socket.connect((to, port).into()).await.unwrap();
    let host = format!("{}:{port}", std::net::Ipv4Addr::from(to));
    let mut request = format!("ws://{host}/ws").into_client_request().unwrap();
    let headers = request.headers_mut();
    headers.insert("host", HeaderValue::from_str(&host).unwrap());
    let origin = format!("http://{host}");
    headers.insert("origin", HeaderValue::from_str(&origin).unwrap());
    let stream = MaybeTlsStream::Plain(stream);
    let (ws, _) = tokio_tungstenite::client_async(request, stream)
        .await
        .unwrap();
    ws
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
    let text = loop {
        let frame = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a message in time");
        match frame {
            Some(Ok(Message::Text(text))) => break text,
            // The bridge's keep-alive (the library answers it).
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("connection closed: {other:?}"),
        }
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
    json!({"type": "hello", "v": booth_protocol::VERSION, "role": role, "session": session, "name": "Ada_1"})
}

pub fn status_of(e: Error) -> u16 {
    match e {
        Error::Http(response) => response.status().as_u16(),
        other => panic!("expected an HTTP refusal, got {other:?}"),
    }
}

/// A plain HTTP request: the status line and the body.
pub async fn http(
    port: u16,
    request: &str,
    host: &str,
    extra: &str,
    body: &str,
) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let request = format!(
        "{request} HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response.lines().next().unwrap_or("").to_string();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// A port no socket on this machine uses now, for a bridge to start on.
/// It is drawn below 32768, where Linux takes no ports for outgoing
/// connections: a port the kernel hands out free (`bind` to port 0) may
/// be taken by one of the thousands of connections another test process
/// opens before the bridge binds it, as test binaries run side by side.
pub fn free_port() -> u16 {
    use std::hash::BuildHasher;
    // Ports drawn by this process's tests: two tests that drew one port
    // before either's bridge bound it would share a bridge, and the first
    // to end would close the other's connections.
    static DRAWN: std::sync::Mutex<std::collections::BTreeSet<u16>> =
        std::sync::Mutex::new(std::collections::BTreeSet::new());
    loop {
        // A `RandomState`'s keys are seeded at random per thread and
        // change with every `new`: its hash is a draw.
        let draw = std::collections::hash_map::RandomState::new().hash_one(0u8);
        let port = 20_000 + (draw % 12_000) as u16;
        // Every address, as a bridge on the LAN binds it.
        if std::net::TcpListener::bind(("0.0.0.0", port)).is_ok()
            && DRAWN.lock().expect("drawn ports").insert(port)
        {
            return port;
        }
    }
}

/// The `bridge` binary serving the stub app in `dir` with the simulated
/// robot on `port`, its records in `dir/<name>.sqlite` (a records file has
/// one bridge), once it accepts connections.
pub fn serve_simulated(dir: &std::path::Path, port: u16, name: &str) -> std::process::Child {
    serve_simulated_with(dir, port, name, &[])
}

/// As [`serve_simulated`], with more arguments to `connect4-bridge serve`.
pub fn serve_simulated_with(
    dir: &std::path::Path,
    port: u16,
    name: &str,
    more: &[&str],
) -> std::process::Child {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_connect4-bridge"))
        .args(["serve", "--robot", "sim", "--port", &port.to_string()])
        .args(more)
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
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the bridge on port {port} ended at its start: {status}");
        }
        assert!(
            std::time::Instant::now() < until,
            "the bridge on port {port} did not answer within 20 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// The `bridge` binary serving a stub app with the simulated robot.
pub struct Running {
    pub child: std::process::Child,
    pub bridge: Bridge,
    /// The folder it serves the app from (and keeps its records in),
    /// removed after the bridge has ended.
    pub dir: Scratch,
}

impl Running {
    pub fn start() -> Running {
        Running::start_with("")
    }

    /// As [`Running::start`], with `config` as its `bridge.toml`.
    pub fn start_with(config: &str) -> Running {
        let dir = app_folder("bridge-attack");
        let port = free_port();
        let name = port.to_string();
        let child = if config.is_empty() {
            serve_simulated(&dir, port, &name)
        } else {
            let file = dir.join(format!("{name}.toml"));
            std::fs::write(&file, config).unwrap();
            serve_simulated_with(&dir, port, &name, &["--config", file.to_str().unwrap()])
        };
        Running {
            child,
            bridge: Bridge { port },
            dir,
        }
    }

    /// The bridge's peak resident memory so far, in KiB.
    pub fn peak_kb(&self) -> u64 {
        self.status_kb("VmHWM:")
    }

    /// The bridge's resident memory now, in KiB.
    pub fn resident_kb(&self) -> u64 {
        self.status_kb("VmRSS:")
    }

    fn status_kb(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("{field} in /proc"))
    }

    /// A visitor's game against Hard, six coins (or until it ends), while
    /// the computer's trees go to every page; the visitor's page, still
    /// open.
    pub async fn game_against_hard(&self, session: &str) -> Ws {
        let mut player = connect(&self.bridge).await;
        send(&mut player, hello("player", session)).await;
        let start = json!({"type": "start", "mode": "vs_computer", "level": "hard"});
        send(&mut player, start).await;
        snapshot_where(&mut player, |s| s["can_move"] == true).await;
        let mut played = 0;
        for column in [1, 2, 3, 5, 6, 7] {
            send(&mut player, json!({"type": "move", "column": column})).await;
            played += 2;
            let s = snapshot_where(&mut player, |s| {
                s["moves"].as_str().unwrap().len() >= played && s["can_move"] == true
                    || s["status"] != "playing"
            })
            .await;
            if s["status"] != "playing" {
                break;
            }
        }
        player
    }

    /// A visitor's whole turn: a game against the computer and one coin on
    /// the robot, seen back in a snapshot.
    pub async fn normal_game(&self, session: &str) {
        let mut ws = connect(&self.bridge).await;
        send(&mut ws, hello("player", session)).await;
        send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
        snapshot_where(&mut ws, |s| s["can_move"] == true).await;
        send(&mut ws, json!({"type": "move", "column": 4})).await;
        // The visitor's coin and the computer's answer.
        snapshot_where(&mut ws, |s| {
            s["moves"].as_str().unwrap().len() == 2 && s["can_move"] == true
        })
        .await;
        send(&mut ws, json!({"type": "leave"})).await;
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
