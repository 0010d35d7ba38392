//! The bridge under attack, over real sockets on loopback: each attack of
//! the hardening review, with the bridge's peak memory (the real binary's
//! `VmHWM`) and a normal game played beside it.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::common::*;

/// Peak memory the bridge may reach under any attack.
const MEMORY_GOAL_KB: u64 = 64 * 1024;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_that_never_read_do_not_grow_the_bridge() {
    let b = Running::start();
    let mut stalled = Vec::new();
    for i in 0..4 {
        let mut ws = connect(&b.bridge).await;
        send(&mut ws, hello("spectator", &format!("stalled-{i}"))).await;
        stalled.push(ws); // never read again
    }
    // Every move of the computer sends its growing tree to every page.
    b.game_against_hard("tracer").await;
    let peak = b.peak_kb();
    eprintln!("stalled spectators: peak RSS {peak} kB");
    assert!(peak < MEMORY_GOAL_KB, "peak {peak} kB");
}

/// Opens a WebSocket by hand (for frames no client library would send):
/// the socket after the server's `101`.
async fn raw_websocket(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    raw_websocket_on(s, port).await
}

/// [`raw_websocket`] over a connection made already.
async fn raw_websocket_on(mut s: TcpStream, port: u16) -> TcpStream {
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n\
         Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    s.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8];
        s.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 101"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    s
}

/// The header of a masked text frame announcing `len` bytes.
fn frame_header(len: u64) -> Vec<u8> {
    let mut h = vec![0x81, 0x80 | 127];
    h.extend_from_slice(&len.to_be_bytes());
    h.extend_from_slice(&[1, 2, 3, 4]);
    h
}

/// The server's next frame (unmasked): opcode and payload.
async fn server_frame(s: &mut TcpStream) -> (u8, Vec<u8>) {
    let mut head = [0u8; 2];
    s.read_exact(&mut head).await.unwrap();
    let len = match head[1] & 0x7f {
        126 => u64::from(s.read_u16().await.unwrap()),
        127 => s.read_u64().await.unwrap(),
        n => u64::from(n),
    };
    let mut payload = vec![0; len as usize];
    s.read_exact(&mut payload).await.unwrap();
    (head[0] & 0x0f, payload)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_frame_is_refused_from_its_header_with_1009() {
    let b = Running::start();
    // Ten connections announce 16 MiB frames and send the first MiB.
    let mut floods = Vec::new();
    for _ in 0..10 {
        let mut s = raw_websocket(b.bridge.port).await;
        floods.push(tokio::spawn(async move {
            let _ = s.write_all(&frame_header(16 << 20)).await;
            let _ = s.write_all(&vec![b'x'; 1 << 20]).await;
            s
        }));
    }
    for f in floods {
        drop(f.await);
    }
    // One that announces too much and sends nothing more hears why.
    let mut s = raw_websocket(b.bridge.port).await;
    s.write_all(&frame_header(600 * 1024)).await.unwrap();
    let error = loop {
        let (opcode, text) = server_frame(&mut s).await;
        assert_eq!(opcode, 1, "a text message before the close");
        let message: serde_json::Value = serde_json::from_slice(&text).unwrap();
        if message["type"] == "error" {
            break message;
        }
    };
    assert_eq!(error["code"], "too_large", "{error}");
    let (opcode, close) = server_frame(&mut s).await;
    assert_eq!(opcode, 8);
    assert_eq!(u16::from_be_bytes([close[0], close[1]]), 1009);
    b.normal_game("beside-the-flood").await;
    let peak = b.peak_kb();
    eprintln!("16 MiB frames: peak RSS {peak} kB");
    assert!(peak < MEMORY_GOAL_KB, "peak {peak} kB");
}

/// A connection from `address` that sends half a request and waits.
async fn half_request(address: [u8; 4], port: u16) -> Option<TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind((address, 0).into()).ok()?;
    let mut s = socket.connect(([127, 0, 0, 1], port).into()).await.ok()?;
    s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .ok()?;
    Some(s)
}

/// Whether the server closed `s` within `wait`.
async fn closed_within(s: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 256];
    loop {
        match tokio::time::timeout(wait, s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_bounded_timed_out_and_do_not_lock_out_a_visitor() {
    bridge::server::connections::raise_file_limit(4096);
    let b = Running::start();
    let port = b.bridge.port;
    // 500 unfinished requests from ten addresses of the loopback network.
    let mut idle = Vec::new();
    for i in 0..500u32 {
        let address = [127, 0, 0, 2 + u8::try_from(i / 50).unwrap()];
        idle.push(half_request(address, port).await.expect("a connection"));
    }
    let start = Instant::now();
    b.normal_game("beside-500-idle").await;
    eprintln!(
        "500 idle connections: a normal game in {:?}, peak RSS {} kB",
        start.elapsed(),
        b.peak_kb()
    );
    // One address gets no more than its share.
    let mut one_address = Vec::new();
    for _ in 0..70 {
        one_address.push(half_request([127, 0, 0, 20], port).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut refused = 0;
    for s in &mut one_address {
        if closed_within(s, Duration::from_millis(20)).await {
            refused += 1;
        }
    }
    assert_eq!(refused, 70 - 64, "the connections over 64 from one address");
    // Unfinished headers are cut off after 10 s.
    assert!(closed_within(&mut idle[0], Duration::from_secs(15)).await);
    // A WebSocket that never says hello is closed with a reason.
    let mut silent = connect(&b.bridge).await;
    let frame = tokio::time::timeout(Duration::from_secs(15), silent.next())
        .await
        .expect("closed in time");
    let close = loop_to_close(frame, &mut silent).await;
    assert_eq!(close, Some(CloseCode::Policy));
    assert!(b.peak_kb() < MEMORY_GOAL_KB, "peak {} kB", b.peak_kb());
}

/// The close code the server ends with, reading past its other messages.
async fn loop_to_close(
    mut frame: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ws: &mut Ws,
) -> Option<CloseCode> {
    loop {
        match frame {
            Some(Ok(Message::Close(close))) => return close.map(|c| c.code),
            Some(Ok(_)) => frame = ws.next().await,
            _ => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_is_answered_and_the_jam_button_refuses_foreign_pages() {
    let b = Running::start();
    let mut ws = connect(&b.bridge).await;
    ws.close(None).await.unwrap();
    let answer = loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("an answer in time");
        if !matches!(
            frame,
            Some(Ok(Message::Text(_) | Message::Ping(_) | Message::Pong(_)))
        ) {
            break frame;
        }
    };
    assert!(
        matches!(answer, Some(Ok(Message::Close(_))) | None),
        "the close was not answered: {answer:?}"
    );
    let port = b.bridge.port;
    let jam = |origin: &str| {
        format!(
            "POST /sim/jam HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{origin}Content-Length: 0\r\nConnection: close\r\n\r\n"
        )
    };
    for (origin, status) in [
        ("Origin: http://evil.example\r\n".to_string(), "403"),
        (format!("Origin: http://127.0.0.1:{port}\r\n"), "204"),
        (String::new(), "204"),
    ] {
        let mut s = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        s.write_all(jam(&origin).as_bytes()).await.unwrap();
        let mut reply = String::new();
        s.read_to_string(&mut reply).await.unwrap();
        assert!(
            reply.starts_with(&format!("HTTP/1.1 {status}")),
            "{origin}: {reply}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_jam_longer_than_the_idle_time_keeps_the_game() {
    use bridge::booth::Booth;
    use bridge::codec::LineCodec;
    use bridge::records::Records;
    use bridge::robot_link::{RobotLink, Target, Timeouts};
    use bridge::simulator::{Fault, Simulator, SimulatorConfig};
    let sim = Simulator::start(SimulatorConfig {
        motion: Duration::from_millis(5),
        repair: Duration::from_secs(5),
        link: std::env::temp_dir().join(format!("c4sim-idle-{}", std::process::id())),
        ..SimulatorConfig::default()
    })
    .unwrap();
    let robot = RobotLink::spawn(
        Target::Serial {
            path: sim.path().to_path_buf(),
            baud: 115_200,
        },
        Timeouts {
            poll: Duration::from_millis(200),
            ..Timeouts::default()
        },
        Box::new(LineCodec),
    );
    let sim = std::sync::Arc::new(sim);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let config = bridge::server::ServerConfig {
        port,
        lan: false,
        token: String::new(),
        allowed_origins: vec![],
        app: bridge::app_files::AppFiles::Embedded,
        own_screens: bridge::server::OwnScreens::Loopback,
        simulator: Some(std::sync::Arc::clone(&sim)),
        operator_token: "operatortoken42".into(),
        operator_on_lan: false,
        config: bridge::config::Config::default().into(),
        config_file: None,
        limits: bridge::server::connections::Limits::default(),
    };
    // The visitor is asked after 1 s of silence and loses the seat after 2.
    let idle = (Duration::from_secs(1), Duration::from_secs(2));
    tokio::spawn(bridge::run(
        listener,
        Booth::new(robot, idle.0, idle.1, Records::in_memory()),
        config,
        std::future::pending(),
    ));
    let b = Bridge { port };
    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "patient")).await;
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    snapshot_where(&mut ws, |s| s["can_move"] == true).await;
    sim.inject_on_next_drop(Fault::Jam);
    send(&mut ws, json!({"type": "move", "column": 4})).await;
    let jammed = Instant::now();
    snapshot_where(&mut ws, |s| s["robot"]["state"] == "fault").await;
    // The fault reaches the operator page as an event with its time.
    let host = format!("127.0.0.1:{port}");
    let token = "X-Operator-Token: operatortoken42\r\n";
    let (_, body) = http(port, "GET /operator/state", &host, token, "").await;
    let state: serde_json::Value = serde_json::from_str(body.trim()).unwrap();
    let event = &state["events"][0];
    assert_eq!(
        (&event["kind"], &event["fault"]),
        (&json!("fault"), &json!("jammed")),
        "{state}"
    );
    // Five seconds of jam, more than twice the idle time: the game waits.
    let back = snapshot_where(&mut ws, |s| s["can_move"] == true || s["status"] == "idle").await;
    assert!(jammed.elapsed() >= Duration::from_secs(4), "{back}");
    assert_eq!(back["status"], "playing", "the jam ended the game: {back}");
    // The computer answered once the robot was back.
    let moves = back["moves"].as_str().unwrap().to_string();
    assert!(moves.len() == 2 && moves.starts_with('4'), "{back}");
    send(&mut ws, json!({"type": "move", "column": 4})).await;
    snapshot_where(&mut ws, |s| {
        s["moves"].as_str().unwrap().len() == 4 && s["can_move"] == true
    })
    .await;
    // The visitor's own silence still ends it.
    assert_eq!(next_of(&mut ws, "notice").await["code"], "ended_idle");
}

/// A masked client frame: `opcode` with `payload` (at most 125 bytes).
fn client_frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mask = [7, 1, 8, 3];
    let mut f = vec![0x80 | opcode, 0x80 | u8::try_from(payload.len()).unwrap()];
    f.extend_from_slice(&mask);
    f.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    f
}

/// A spectator's hello over a raw WebSocket (a masked text frame, its
/// mask all zeros).
async fn say_hello(s: &mut TcpStream, session: &str) {
    let greeting = hello("spectator", session).to_string();
    let mut frame = vec![0x81, 0x80 | 126];
    frame.extend_from_slice(&u16::try_from(greeting.len()).unwrap().to_be_bytes());
    frame.extend_from_slice(&[0, 0, 0, 0]);
    frame.extend_from_slice(greeting.as_bytes());
    s.write_all(&frame).await.unwrap();
}

/// Sends pings from `s` as fast as the socket takes them, never reading,
/// for at most `for_at_most`; how many went out before the bridge closed.
async fn ping_flood(mut s: TcpStream, for_at_most: Duration) -> u64 {
    let ping = client_frame(0x9, &[b'p'; 125]);
    let burst: Vec<u8> = ping.iter().copied().cycle().take(ping.len() * 64).collect();
    let until = Instant::now() + for_at_most;
    let mut sent = 0;
    while Instant::now() < until {
        match tokio::time::timeout(Duration::from_secs(1), s.write_all(&burst)).await {
            Ok(Ok(())) => sent += 64,
            // Closed by the bridge, or the bridge stopped taking them.
            Ok(Err(_)) => break,
            Err(_) => {}
        }
    }
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_from_pages_that_never_read_are_cut_off_and_do_not_grow_the_bridge() {
    let b = Running::start();
    let port = b.bridge.port;
    // One page without a hello and two spectators flood pings and read
    // nothing: every ping makes the library queue a pong for them.
    let mut floods = vec![tokio::spawn(async move {
        ping_flood(raw_websocket(port).await, Duration::from_secs(10)).await
    })];
    for i in 0..2 {
        let mut s = raw_websocket(port).await;
        say_hello(&mut s, &format!("pinger-{i}")).await;
        floods.push(tokio::spawn(async move {
            ping_flood(s, Duration::from_secs(10)).await
        }));
    }
    let started = Instant::now();
    for flood in floods {
        let sent = flood.await.unwrap();
        eprintln!("a ping flood: {sent} pings before the bridge stopped it");
    }
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the floods went on for {:?}",
        started.elapsed()
    );
    b.normal_game("beside-the-pings").await;
    let peak = b.peak_kb();
    eprintln!("ping floods that never read: peak RSS {peak} kB");
    assert!(peak < MEMORY_GOAL_KB, "peak {peak} kB");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_stops_reading_is_dropped_within_seconds() {
    let b = Running::start();
    // A spectator that reads what comes but never answers a ping, as a
    // page that stopped reading would not.
    let mut s = raw_websocket(b.bridge.port).await;
    say_hello(&mut s, "deaf").await;
    let started = Instant::now();
    let mut pings = 0;
    let closed = loop {
        let read = tokio::time::timeout(Duration::from_secs(30), server_frame_or_end(&mut s)).await;
        match read.expect("the bridge drops it in time") {
            Some((9, _)) => pings += 1,
            Some((8, _)) | None => break started.elapsed(),
            Some(_) => {}
        }
    };
    eprintln!("a page that stopped reading: dropped after {closed:?} ({pings} pings unanswered)");
    assert!(pings >= 1, "the bridge pinged it");
    assert!(closed < Duration::from_secs(15), "dropped after {closed:?}");
    // A page that answers stays.
    let mut ws = connect(&b.bridge).await;
    send(&mut ws, hello("spectator", "listening")).await;
    let until = Instant::now() + Duration::from_secs(14);
    while Instant::now() < until {
        let frame = tokio::time::timeout(Duration::from_secs(15), ws.next()).await;
        assert!(
            matches!(frame, Ok(Some(Ok(_)))),
            "a reading page was dropped: {frame:?}"
        );
    }
}

/// The server's next frame, or `None` once the connection is closed.
async fn server_frame_or_end(s: &mut TcpStream) -> Option<(u8, Vec<u8>)> {
    let mut head = [0u8; 2];
    s.read_exact(&mut head).await.ok()?;
    let len = match head[1] & 0x7f {
        126 => u64::from(s.read_u16().await.ok()?),
        127 => s.read_u64().await.ok()?,
        n => u64::from(n),
    };
    let mut payload = vec![0; usize::try_from(len).ok()?];
    s.read_exact(&mut payload).await.ok()?;
    Some((head[0] & 0x0f, payload))
}

/// A connection from `address` that sends a request line and `bytes` of
/// headers without ending them.
async fn endless_headers(address: [u8; 4], port: u16, bytes: usize) -> Option<TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind((address, 0).into()).ok()?;
    let mut s = socket.connect(([127, 0, 0, 1], port).into()).await.ok()?;
    let mut head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".to_vec();
    let line = format!("X-Padding: {}\r\n", "a".repeat(1000));
    while head.len() < bytes {
        head.extend_from_slice(line.as_bytes());
    }
    // The bridge may stop reading (and close) long before all is sent.
    let _ = tokio::time::timeout(Duration::from_secs(2), s.write_all(&head)).await;
    Some(s)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_requests_with_huge_headers_neither_grow_the_bridge_nor_shut_out_its_own_screen()
{
    bridge::server::connections::raise_file_limit(4096);
    let b = Running::start();
    let port = b.bridge.port;
    // 1,024 connections from 17 other addresses, each sending 380 KB of
    // headers that never end: the total is full.
    let mut crowd = Vec::new();
    for i in 0..1024u32 {
        let address = [127, 0, 3, 1 + u8::try_from(i / 60).unwrap()];
        let sending = tokio::spawn(endless_headers(address, port, 380 * 1024));
        crowd.push(sending);
    }
    let mut held = Vec::new();
    for c in crowd {
        if let Some(s) = c.await.unwrap() {
            held.push(s);
        }
    }
    // The booth's own screen on 127.0.0.1 still plays.
    let start = Instant::now();
    b.normal_game("the-booths-own-screen").await;
    let peak = b.peak_kb();
    eprintln!(
        "1,024 requests with 380 KB of headers: a game on the booth's screen in {:?}, peak RSS {peak} kB",
        start.elapsed()
    );
    assert!(peak < MEMORY_GOAL_KB, "peak {peak} kB");
    // Each was answered 431 or closed, not held with its headers.
    let mut s = endless_headers([127, 0, 4, 1], port, 64 * 1024)
        .await
        .unwrap();
    let mut reply = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut reply)).await;
    let reply = String::from_utf8_lossy(&reply);
    assert!(
        reply.is_empty() || reply.starts_with("HTTP/1.1 431"),
        "{reply}"
    );
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handshake_with_an_invalid_key_is_refused() {
    let b = Running::start();
    let port = b.bridge.port;
    for key in ["not-base64!", "AAAAAAAAAAAAAAAAAAAAAAAA", ""] {
        let request = format!(
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n\
             Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\
             Sec-WebSocket-Key: {key}\r\nConnection: close\r\n\r\n"
        );
        let mut s = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        s.write_all(request.as_bytes()).await.unwrap();
        let mut reply = String::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_string(&mut reply)).await;
        assert!(reply.starts_with("HTTP/1.1 400"), "{key:?}: {reply}");
    }
    // The same request with a valid key opens.
    drop(raw_websocket(port).await);
}

/// A connection from `address` with a 4 KB receive window that asks for
/// `path` and never reads the answer.
async fn slow_reader(address: [u8; 4], port: u16, path: &str) -> Option<TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.set_recv_buffer_size(4096).ok()?;
    socket.bind((address, 0).into()).ok()?;
    let mut s = socket.connect(([127, 0, 0, 1], port).into()).await.ok()?;
    let request = format!("GET /{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
    s.write_all(request.as_bytes()).await.ok()?;
    Some(s)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_slow_readers_of_the_largest_file_share_one_copy_and_are_let_go() {
    bridge::server::connections::raise_file_limit(4096);
    let b = Running::start();
    let port = b.bridge.port;
    // The app's folder holds a database as large as the real one (2.6 MB).
    let database: Vec<u8> = (0..2_607_099u64).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(b.dir.join("layer12.c4l"), &database).unwrap();
    // 1,024 connections from 16 other loopback addresses ask for it and
    // never read.
    let mut crowd = Vec::new();
    for i in 0..1024u32 {
        let address = [127, 0, 5, 1 + u8::try_from(i / 64).unwrap()];
        crowd.push(tokio::spawn(slow_reader(address, port, "layer12.c4l")));
    }
    let mut held = Vec::new();
    for c in crowd {
        held.extend(c.await.unwrap());
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    // The booth's own screen plays on: its move is on the board within a
    // second.
    let mut ws = connect(&b.bridge).await;
    send(&mut ws, hello("player", "the-booths-own-screen")).await;
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    snapshot_where(&mut ws, |s| s["can_move"] == true).await;
    let start = Instant::now();
    send(&mut ws, json!({"type": "move", "column": 4})).await;
    snapshot_where(&mut ws, |s| !s["moves"].as_str().unwrap().is_empty()).await;
    let moved = start.elapsed();
    let peak = b.peak_kb();
    eprintln!(
        "{} slow readers of a 2.6 MB file: the booth's move shown in {moved:?}, peak RSS {peak} kB",
        held.len()
    );
    assert!(held.len() >= 1000, "only {} connected", held.len());
    assert!(peak < MEMORY_GOAL_KB, "peak {peak} kB");
    assert!(moved < Duration::from_secs(1), "the move took {moved:?}");
    // A reader that takes nothing is let go after the write stall: what
    // it reads afterwards ends, short of the whole file.
    let mut first = held.swap_remove(0);
    tokio::time::sleep(bridge::server::connections::WRITE_STALL + Duration::from_secs(3)).await;
    let mut rest = Vec::new();
    let end = tokio::time::timeout(Duration::from_secs(5), first.read_to_end(&mut rest)).await;
    assert!(
        end.is_ok(),
        "a reader that took nothing for 23 s is still connected"
    );
    assert!(
        rest.len() < database.len(),
        "the whole file came after the stall"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_refused_messages_reaches_the_staffs_page_as_a_few_views_a_second() {
    use futures_util::SinkExt;
    let b = Running::start_with("operator_token = \"operatortoken42\"\n");
    let port = b.bridge.port;
    let mut events = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!(
        "GET /operator/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Operator-Token: operatortoken42\r\n\r\n"
    );
    events.write_all(request.as_bytes()).await.unwrap();
    // 32 pages say hello as spectators, then send broken JSON 49 times a
    // second each (just under the rate limit) for three seconds.
    let mut pages = Vec::new();
    for i in 0..32 {
        let mut ws = connect(&b.bridge).await;
        send(&mut ws, hello("spectator", &format!("flood-{i}"))).await;
        pages.push(ws);
    }
    let flood = tokio::spawn(async move {
        let mut sent = 0u64;
        for _ in 0..(3 * 49) {
            for ws in &mut pages {
                if ws.send(Message::Text("{bad json".into())).await.is_ok() {
                    sent += 1;
                }
            }
            tokio::time::sleep(Duration::from_millis(1000 / 49)).await;
        }
        sent
    });
    let mut seen = String::new();
    let start = Instant::now();
    let mut chunk = vec![0u8; 64 * 1024];
    while start.elapsed() < Duration::from_secs(3) {
        let left = Duration::from_secs(3).saturating_sub(start.elapsed());
        match tokio::time::timeout(left, events.read(&mut chunk)).await {
            Ok(Ok(n)) if n > 0 => seen.push_str(&String::from_utf8_lossy(&chunk[..n])),
            _ => break,
        }
    }
    let sent = flood.await.unwrap();
    let views = seen.matches("\ndata:").count();
    eprintln!("{sent} refused messages in 3 s: {views} views on the operator's stream");
    assert!(sent > 3000, "only {sent} sent");
    assert!((1..=14).contains(&views), "{views} views in 3 s");
    // The staff still see them, within the view's refresh.
    assert!(seen.contains("\"kind\":\"refused\""), "no refusal shown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_robots_fault_storm_is_one_line_for_the_staff_and_a_few_records_and_log_lines() {
    use std::io::{Read, Write};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    // A robot on a pseudo-terminal that answers every command and, once
    // ready, reports ERROR INTERNAL every 2 ms.
    let (mut robot, host_side) = serialport::TTYPort::pair().unwrap();
    serialport::SerialPort::set_timeout(&mut robot, Duration::from_millis(2)).unwrap();
    let path = serialport::SerialPort::name(&host_side).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let stopping = Arc::clone(&stop);
    let storming = std::thread::spawn(move || {
        let mut reports = 0u64;
        let mut pending = Vec::new();
        while !stopping.load(Ordering::SeqCst) {
            let mut chunk = [0u8; 256];
            if let Ok(n) = robot.read(&mut chunk) {
                pending.extend_from_slice(&chunk[..n]);
            }
            while let Some(end) = pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = pending.drain(..=end).collect();
                let answer: &[u8] = if line.starts_with(b"PING") {
                    b"READY\n"
                } else {
                    b"RECEIVED\nREADY\n"
                };
                let _ = robot.write_all(answer);
            }
            if robot.write_all(b"ERROR INTERNAL overheated\n").is_ok() {
                reports += 1;
            }
        }
        reports
    });
    let dir = app_folder("bridge-storm");
    std::fs::write(
        dir.join("bridge.toml"),
        "operator_token = \"operatortoken42\"\n",
    )
    .unwrap();
    let port = free_port();
    let journal = dir.join("journal.log");
    let mut bridge = std::process::Command::new(env!("CARGO_BIN_EXE_connect4-bridge"))
        .args(["serve", "--robot", &path, "--port", &port.to_string()])
        .args(["--config", dir.join("bridge.toml").to_str().unwrap()])
        .args(["--app-dir", dir.to_str().unwrap()])
        .args(["--records", dir.join("storm.sqlite").to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&journal).unwrap())
        .spawn()
        .unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    // A page watching through the storm is told of the robot's changes a
    // few times a second, not at every report.
    let mut watcher = connect(&Bridge { port }).await;
    send(&mut watcher, hello("spectator", "storm-watcher")).await;
    let watching = Instant::now();
    let mut snapshots = 0;
    while watching.elapsed() < Duration::from_secs(5) {
        let left = Duration::from_secs(5).saturating_sub(watching.elapsed());
        match tokio::time::timeout(left, next_message(&mut watcher)).await {
            Ok(m) if m["type"] == "snapshot" => snapshots += 1,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let (status, view) = http(
        port,
        "GET /operator/state",
        &format!("127.0.0.1:{port}"),
        "X-Operator-Token: operatortoken42\r\n",
        "",
    )
    .await;
    stop.store(true, Ordering::SeqCst);
    let reports = storming.join().unwrap();
    let _ = bridge.kill();
    let _ = bridge.wait();
    assert!(status.contains("200"), "{status}");
    let view: serde_json::Value = serde_json::from_str(&view).unwrap();
    let faults: Vec<&serde_json::Value> = view["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "fault")
        .collect();
    let counted: u64 = faults.iter().map(|e| e["count"].as_u64().unwrap()).sum();
    let journal = std::fs::read_to_string(&journal).unwrap();
    let robot_lines = journal.lines().filter(|l| l.contains("robot")).count();
    let records = rusqlite::Connection::open(dir.join("storm.sqlite")).unwrap();
    let recorded: i64 = records
        .query_row("SELECT count(*) FROM faults", [], |r| r.get(0))
        .unwrap();
    eprintln!(
        "a robot sent {reports} errors in 8 s: {} fault line(s) for the staff counting {counted}, {recorded} record(s), {robot_lines} journal lines, {snapshots} snapshots in 5 s to a page",
        faults.len()
    );
    assert!(snapshots <= 60, "{snapshots} snapshots in 5 s");
    assert!(
        counted * 2 >= reports,
        "the staff's line counts {counted} of {reports} reports"
    );
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert!(recorded <= 2, "{recorded} faults recorded");
    assert!(robot_lines <= 100, "{robot_lines} lines in the journal");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_hall_of_fame_requests_costs_the_records_nothing_and_a_bad_day_is_refused() {
    let b = Running::start_with("operator_token = \"operatortoken42\"\n");
    let port = b.bridge.port;
    let host = format!("127.0.0.1:{port}");
    // 48 connections ask for the hall of fame 40 times each, all at once,
    // while a visitor plays: every game is still recorded. (Not 64: a
    // closed connection keeps its place until its task has ended, so on a
    // loaded machine each of 64 could hold two of the own screens' 128 for
    // a moment, and the visitor's page was refused.)
    const FLOOD: usize = 48;
    let mut flood = Vec::new();
    for _ in 0..FLOOD {
        let host = host.clone();
        flood.push(tokio::spawn(async move {
            let mut ok = 0;
            for _ in 0..40 {
                let (status, body) = http(port, "GET /fame.json", &host, "", "").await;
                if status.contains("200") && body.contains("\"best\":[]") {
                    ok += 1;
                }
            }
            ok
        }));
    }
    let player = b.game_against_hard("fame-flood").await;
    let mut answered = 0;
    for f in flood {
        answered += f.await.unwrap();
    }
    assert_eq!(answered, FLOOD * 40, "every request answered");
    drop(player);
    let staff = "X-Operator-Token: operatortoken42\r\n";
    let (status, body) = http(port, "GET /operator/state", &host, staff, "").await;
    assert!(status.contains("200"), "{status}");
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(state["unrecorded"], Value::Null, "no record lost: {body}");
    assert_eq!(state["today"]["games"], 1, "{body}");
    for bad in [
        "2026-13-01",
        "yesterday",
        "2026-1-1",
        "%3Cscript%3E",
        "1969-12-31",
    ] {
        let path = format!("GET /operator/day?date={bad}");
        let (status, body) = http(port, &path, &host, staff, "").await;
        assert!(status.contains("400"), "{bad}: {status}");
        assert!(body.contains("YYYY-MM-DD"), "{bad}: {body}");
    }
    let (status, body) = http(port, "GET /operator/day", &host, "", "").await;
    assert!(
        status.contains("401"),
        "the day is the staff's: {status} {body}"
    );
    let (status, body) = http(port, "GET /operator/day?date=2026-11-28", &host, staff, "").await;
    assert!(status.contains("200"), "{status}");
    let day: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(day["date"], "2026-11-28");
    assert_eq!(day["games_by_hour"].as_array().unwrap().len(), 24);
}
