//! The WebSocket server with a real client: security checks, the protocol,
//! and a page that reconnects.

use std::time::Duration;

use bridge::booth::{Booth, DemoSettings};
use bridge::codec::LineCodec;
use bridge::records::Records;
use bridge::robot_link::{RobotLink, Target, Timeouts};
use bridge::server::{OwnScreens, ServerConfig};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::common::*;

async fn start(lan: bool, trust_loopback: bool) -> Bridge {
    start_with_idle(
        lan,
        trust_loopback,
        Duration::from_secs(30),
        Duration::from_secs(40),
        None,
    )
    .await
}

async fn start_with_idle(
    lan: bool,
    trust_loopback: bool,
    ask: Duration,
    free: Duration,
    demo: Option<Duration>,
) -> Bridge {
    let dir = app_folder("bridge-app");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let robot = RobotLink::spawn(Target::Dummy, Timeouts::default(), Box::new(LineCodec));
    let config = ServerConfig {
        port,
        lan,
        token: "secrettoken123".into(),
        allowed_origins: vec![],
        app: bridge::app_files::AppFiles::folder(&dir).unwrap(),
        own_screens: if trust_loopback {
            OwnScreens::Loopback
        } else {
            OwnScreens::Nobody
        },
        simulator: None,
        operator_token: "operatortoken42".into(),
        operator_on_lan: false,
        config: bridge::config::Config {
            port,
            ..Default::default()
        }
        .into(),
        config_file: None,
        limits: bridge::server::connections::Limits::default(),
    };
    let mut booth = Booth::new(robot, ask, free, Records::in_memory());
    booth.set_welcome(bridge::messages::Welcome {
        language: Some(bridge::messages::Language::De),
        levels: vec!["easy".parse().unwrap(), "hard".parse().unwrap()],
        join_url: Some("http://192.0.2.7:8080/?token=secrettoken123".into()),
        ..Default::default()
    });
    booth.set_demo(demo.map(|after| DemoSettings {
        after,
        ..DemoSettings::default()
    }));
    // The folder goes with the bridge's task, which the test's runtime
    // drops when the test ends.
    tokio::spawn(async move {
        let _app = dir;
        bridge::run(listener, booth, config, std::future::pending()).await
    });
    Bridge { port }
}

#[tokio::test]
async fn foreign_origins_and_unknown_hosts_are_refused() {
    let b = start(false, true).await;
    let host = format!("127.0.0.1:{}", b.port);
    let evil = connect_with(b.port, Some("http://evil.example"), &host)
        .await
        .unwrap_err();
    assert_eq!(status_of(evil), 403);
    let none = connect_with(b.port, None, &host).await.unwrap_err();
    assert_eq!(status_of(none), 403);
    let rebinding = format!("evil.example:{}", b.port);
    let rebound = connect_with(b.port, Some(&format!("http://{rebinding}")), &rebinding)
        .await
        .unwrap_err();
    assert_eq!(status_of(rebound), 403);
    assert!(
        connect_with(
            b.port,
            Some(&format!("http://localhost:{}", b.port)),
            &format!("localhost:{}", b.port)
        )
        .await
        .is_ok()
    );
}

/// The status line of a plain GET with the given Host header.
async fn get_status(port: u16, path: &str, host: &str) -> String {
    http(port, &format!("GET {path}"), host, "", "").await.0
}

#[tokio::test]
async fn the_operator_api_needs_its_token_and_ends_games() {
    let b = start(false, true).await;
    let host = format!("127.0.0.1:{}", b.port);
    let (status, _) = http(b.port, "GET /operator/state", &host, "", "").await;
    assert!(status.contains("401"), "{status}");
    let wrong = "X-Operator-Token: operatortoken43\r\n";
    let (status, _) = http(b.port, "GET /operator/state", &host, wrong, "").await;
    assert!(status.contains("401"), "{status}");
    // The page itself has no secret in it.
    assert!(get_status(b.port, "/operator", &host).await.contains("200"));

    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "op-test")).await;
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    snapshot_where(&mut ws, |s| s["can_move"] == true).await;
    // A game counts in the day's tally once its first coin is in.
    send(&mut ws, json!({"type": "move", "column": 4})).await;
    snapshot_where(&mut ws, |s| s["moves"] == "4").await;
    // A refused move reaches the operator page, with who and when.
    send(&mut ws, json!({"type": "move", "column": 9})).await;
    let refusal = next_of(&mut ws, "error").await["code"].clone();

    let token = "X-Operator-Token: operatortoken42\r\n";
    let (status, body) = http(b.port, "GET /operator/state", &host, token, "").await;
    assert!(status.contains("200"), "{status}");
    let state: Value = serde_json::from_str(body.trim()).unwrap();
    assert_eq!(state["today"]["games"], 1);
    assert_eq!(state["robot"]["port"], "dummy");
    assert_eq!(state["unrecorded"], Value::Null, "every record kept");
    assert_eq!(state["config"]["port"], b.port);
    let event = &state["events"][0];
    assert_eq!(
        (&event["kind"], &event["code"], &event["name"]),
        (&json!("refused"), &refusal, &json!("Ada_1")),
        "{state}"
    );
    assert!(event["at_ms"].as_i64().unwrap() > 1_700_000_000_000);

    let (status, body) = http(
        b.port,
        "POST /operator/action",
        &host,
        token,
        r#"{"action":"dance"}"#,
    )
    .await;
    assert!(
        status.contains("400") && body.contains("end_game"),
        "{status} {body}"
    );
    let (status, _) = http(
        b.port,
        "POST /operator/action",
        &host,
        token,
        r#"{"action":"end_game"}"#,
    )
    .await;
    assert!(status.contains("204"), "{status}");
    let notice = next_of(&mut ws, "notice").await;
    assert_eq!(notice["code"], "ended_by_staff");
    snapshot_where(&mut ws, |s| s["status"] == "idle").await;
}

#[tokio::test]
async fn the_app_is_served_only_to_its_own_host_name() {
    let b = start(false, true).await;
    let own = format!("127.0.0.1:{}", b.port);
    assert!(get_status(b.port, "/", &own).await.contains("200"));
    // The app's own routes load the app.
    assert!(get_status(b.port, "/watch", &own).await.contains("200"));
    let rebound = format!("evil.example:{}", b.port);
    assert!(get_status(b.port, "/", &rebound).await.contains("403"));
    // Two Host lines, one of them ours: refused whichever comes first.
    for extra in [format!("Host: {rebound}\r\n"), format!("Host: {own}\r\n")] {
        let (status, _) = http(b.port, "GET /", &own, &extra, "").await;
        assert!(status.contains("400"), "{extra}: {status}");
    }
}

#[tokio::test]
async fn a_game_is_played_and_every_bad_message_gets_an_error() {
    let b = start(false, true).await;
    let mut ws = connect(&b).await;
    let first = next_of(&mut ws, "snapshot").await;
    assert_eq!(first["status"], "idle");
    send(&mut ws, json!({"type": "move", "column": 4})).await;
    assert_eq!(next_of(&mut ws, "error").await["code"], "hello_first");
    send(&mut ws, hello("player", "s1")).await;
    send(
        &mut ws,
        json!({"type": "start", "mode": "vs_computer", "level": "easy"}),
    )
    .await;
    snapshot_where(&mut ws, |s| {
        s["status"] == "playing" && s["can_move"] == true
    })
    .await;
    // The visitor's coin; the booth's computer answers with its own.
    send(&mut ws, json!({"type": "move", "column": 4})).await;
    let decided = next_of(&mut ws, "decided").await;
    let s = snapshot_where(&mut ws, |s| {
        s["moves"].as_str().unwrap().len() == 2 && s["can_move"] == true
    })
    .await;
    let column = decided["column"].as_u64().unwrap() + 1;
    assert_eq!(
        s["moves"],
        format!("4{column}"),
        "the computer's move is the one it told"
    );
    assert_eq!(s["turn"], "first");
    assert_eq!(s["you"], "first");
    assert_eq!(s["computer"], "second");
    assert_eq!(s["robot"]["in_sync"], true);
    let moves = s["moves"].as_str().unwrap().to_string();

    send(&mut ws, json!({"type": "move", "column": 9})).await;
    let e = next_of(&mut ws, "error").await;
    assert_eq!(e["code"], "illegal_move");
    assert_eq!(e.get("message"), None, "codes only: the page words them");
    ws.send(Message::Text("{not json".into())).await.unwrap();
    assert_eq!(next_of(&mut ws, "error").await["code"], "bad_message");
    send(&mut ws, json!({"type": "dance"})).await;
    assert_eq!(next_of(&mut ws, "error").await["code"], "bad_message");
    // A page sends nothing near 4 KB: one that does is told and cut off.
    let huge = json!({"type": "hello", "v": booth_protocol::VERSION, "role": "player", "session": "s1", "name": "x".repeat(5000)});
    send(&mut ws, huge).await;
    assert_eq!(next_of(&mut ws, "error").await["code"], "too_large");
    // Nothing changed: back with its session, the page has its seat.
    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "s1")).await;
    snapshot_where(&mut ws, |s| {
        s["moves"] == moves.as_str() && s["can_move"] == true
    })
    .await;
    send(&mut ws, json!({"type": "move", "column": 3})).await;
    snapshot_where(&mut ws, |s| s["moves"] == format!("{moves}3")).await;
}

#[tokio::test]
async fn a_page_that_reconnects_gets_the_snapshot_and_its_seat() {
    let b = start(false, true).await;
    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "tablet-7")).await;
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    snapshot_where(&mut ws, |s| s["can_move"] == true).await;
    send(&mut ws, json!({"type": "move", "column": 2})).await;
    let s = snapshot_where(&mut ws, |s| {
        s["moves"].as_str().unwrap().len() == 2 && s["can_move"] == true
    })
    .await;
    let moves = s["moves"].as_str().unwrap().to_string();
    drop(ws);
    let mut again = connect(&b).await;
    send(&mut again, hello("player", "tablet-7")).await;
    let s = snapshot_where(&mut again, |s| s["you"] == "first").await;
    assert_eq!(s["moves"], moves.as_str());
    send(&mut again, json!({"type": "move", "column": 2})).await;
    snapshot_where(&mut again, |s| s["moves"] == format!("{moves}2")).await;
}

#[tokio::test]
async fn the_others_learn_at_once_that_a_closed_page_is_waited_for() {
    let b = start(false, true).await;
    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "tablet-8")).await;
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    snapshot_where(&mut ws, |s| s["can_move"] == true).await;
    let mut watcher = connect(&b).await;
    send(&mut watcher, hello("spectator", "wall")).await;
    snapshot_where(&mut watcher, |s| s["status"] == "playing").await;
    drop(ws);
    let s = tokio::time::timeout(
        std::time::Duration::from_secs(3),
        snapshot_where(&mut watcher, |s| s["away_left_s"][0].is_u64()),
    )
    .await
    .expect("told within 3 s");
    assert!(s["away_left_s"][0].as_u64().unwrap() > 0);
    let mut again = connect(&b).await;
    send(&mut again, hello("player", "tablet-8")).await;
    snapshot_where(&mut watcher, |s| s.get("away_left_s").is_none()).await;
}

#[tokio::test]
async fn spectators_watch_and_see_trees_but_cannot_move_and_a_busy_robot_puts_a_player_in_line() {
    let b = start(false, true).await;
    let mut player = connect(&b).await;
    send(&mut player, hello("player", "p")).await;
    let start = json!({"type": "start", "mode": "vs_computer", "level": "hard"});
    send(&mut player, start).await;
    snapshot_where(&mut player, |s| s["can_move"] == true).await;
    let mut watcher = connect(&b).await;
    send(&mut watcher, hello("spectator", "w")).await;
    snapshot_where(&mut watcher, |s| s["you"] == "spectator").await;
    send(&mut watcher, json!({"type": "move", "column": 1})).await;
    assert_eq!(next_of(&mut watcher, "error").await["code"], "not_allowed");
    // The computer's search reaches the spectators, tree and all; a page
    // has no tree of its own to send.
    send(&mut player, json!({"type": "move", "column": 4})).await;
    let decided = next_of(&mut watcher, "decided").await;
    assert!(
        decided["trace"]["nodes"]
            .as_array()
            .is_some_and(|n| !n.is_empty()),
        "{decided}"
    );
    // A tree is longer than a frame: it came in several, read as one.
    let length = decided.to_string().len();
    assert!(length > bridge::server::websocket::FRAME, "{length} bytes");
    send(
        &mut player,
        json!({"type": "trace", "trace": {"nodes": [1, 2, 3]}}),
    )
    .await;
    assert_eq!(next_of(&mut player, "error").await["code"], "bad_message");
    let mut other = connect(&b).await;
    // Ada_1 plays: another person's name must differ, in any case.
    send(&mut other, hello("player", "o")).await;
    assert_eq!(next_of(&mut other, "error").await["code"], "name_taken");
    send(
        &mut other,
        json!({"type": "hello", "v": booth_protocol::VERSION, "role": "player", "session": "o", "name": "Ben_2"}),
    )
    .await;
    // The robot is busy: the other page gets in line, first.
    send(&mut other, json!({"type": "start", "mode": "two_players"})).await;
    let lined = snapshot_where(&mut other, |s| s["line_place"].is_u64()).await;
    assert_eq!(
        (lined["line"].as_u64(), lined["you"].as_str()),
        (Some(1), Some("spectator"))
    );
    assert_eq!(lined["line_place"], 1);
    send(&mut player, json!({"type": "leave"})).await;
    let notice = next_of(&mut other, "notice").await;
    assert_eq!(notice["code"], "player_left");
}

#[tokio::test]
async fn on_the_lan_a_device_without_the_token_can_only_watch() {
    let b = start(true, false).await;
    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "lan-1")).await;
    assert_eq!(next_of(&mut ws, "error").await["code"], "token");
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    assert_eq!(next_of(&mut ws, "error").await["code"], "not_allowed");
    let mut with_token = connect(&b).await;
    send(&mut with_token, json!({"type": "hello", "v": booth_protocol::VERSION, "role": "player", "session": "lan-2", "token": "secrettoken123"})).await;
    send(
        &mut with_token,
        json!({"type": "start", "mode": "two_players"}),
    )
    .await;
    snapshot_where(&mut with_token, |s| {
        s["status"] == "playing" && s["you"] == "first"
    })
    .await;
}

#[tokio::test]
async fn lan_token_guesses_are_limited_per_address() {
    let b = start(true, false).await;
    let hello_with = |session: &str, token: &str| json!({"type": "hello", "v": booth_protocol::VERSION, "role": "player", "session": session, "token": token});
    // Ten wrong tokens from one address within a minute...
    for i in 0..10 {
        let mut ws = connect(&b).await;
        send(
            &mut ws,
            hello_with(&format!("guess-{i}"), &format!("guess{i:08}xyz")),
        )
        .await;
        assert_eq!(next_of(&mut ws, "error").await["code"], "token");
    }
    // ...and the right one from there is not taken for the rest of it.
    let mut lucky = connect(&b).await;
    send(&mut lucky, hello_with("lucky", "secrettoken123")).await;
    assert_eq!(next_of(&mut lucky, "error").await["code"], "token");
    send(&mut lucky, json!({"type": "start", "mode": "two_players"})).await;
    assert_eq!(next_of(&mut lucky, "error").await["code"], "not_allowed");
}

#[tokio::test]
async fn an_idle_player_is_asked_and_then_the_robot_is_freed() {
    let b = start_with_idle(
        false,
        true,
        Duration::from_secs(1),
        Duration::from_secs(3),
        None,
    )
    .await;
    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "idle")).await;
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    snapshot_where(&mut ws, |s| s["can_move"] == true).await;
    let asked = next_of(&mut ws, "still_there").await;
    assert!(asked["seconds_left"].as_u64().unwrap() <= 2);
    let notice = next_of(&mut ws, "notice").await;
    assert_eq!(notice["code"], "ended_idle");
    snapshot_where(&mut ws, |s| s["status"] == "idle").await;
}

#[tokio::test]
async fn a_quiet_booth_plays_a_demo_that_gives_way_to_a_visitor() {
    let b = start_with_idle(
        false,
        true,
        Duration::from_secs(30),
        Duration::from_secs(40),
        Some(Duration::from_secs(1)),
    )
    .await;
    // No page is open: the bridge's own players find the demo's moves.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let mut screen = connect(&b).await;
    let s = next_of(&mut screen, "snapshot").await;
    assert_eq!(s["mode"], "demo", "{s}");
    assert_eq!(s["seats"], json!(["Computer", "Computer"]), "{s}");
    assert_eq!(s["levels"], json!(["hard", "medium:aggressive"]), "{s}");
    let played = s["moves"].as_str().unwrap().len();
    assert!(played >= 1, "the demo played without a page: {s}");
    // A spectator screen sees the next moves and their search trees.
    send(&mut screen, hello("spectator", "booth-screen")).await;
    let decided = next_of(&mut screen, "decided").await;
    assert!(decided["trace"].is_object(), "{decided}");
    snapshot_where(&mut screen, |s| s["moves"].as_str().unwrap().len() > played).await;
    // A visitor's page cannot play the demo's moves ...
    let mut visitor = connect(&b).await;
    send(&mut visitor, hello("player", "visitor-1")).await;
    send(&mut visitor, json!({"type": "move", "column": 1})).await;
    assert_eq!(next_of(&mut visitor, "error").await["code"], "not_allowed");
    // ... but starting a game ends the demo at once.
    send(
        &mut visitor,
        json!({"type": "start", "mode": "vs_computer"}),
    )
    .await;
    let s = snapshot_where(&mut visitor, |s| s["mode"] == "vs_computer").await;
    assert_eq!(s["moves"], "");
    assert_eq!(s["you"], "first");
}

#[tokio::test]
async fn the_booths_own_screen_is_welcomed_with_its_language_and_levels() {
    let b = start(false, true).await;
    let mut ws = connect(&b).await;
    // The welcome comes first, before any snapshot.
    let first = next_message(&mut ws).await;
    assert_eq!(first["type"], "welcome", "{first}");
    assert_eq!(first["language"], "de", "{first}");
    assert_eq!(first["levels"], json!(["easy", "hard"]), "{first}");
    assert_eq!(
        first["join_url"],
        "http://192.0.2.7:8080/?token=secrettoken123"
    );
    // A device that is not the booth's own keeps its language, and is not
    // handed the token.
    let lan = start(true, false).await;
    let mut ws = connect(&lan).await;
    let other = next_of(&mut ws, "welcome").await;
    assert!(other["language"].is_null(), "{other}");
    assert!(other["join_url"].is_null(), "{other}");
    assert_eq!(other["levels"], json!(["easy", "hard"]), "{other}");
}

#[tokio::test]
async fn the_operator_page_is_told_of_each_change_as_it_happens() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let b = start(false, true).await;
    let host = format!("127.0.0.1:{}", b.port);
    let (status, _) = http(b.port, "GET /operator/events", &host, "", "").await;
    assert!(
        status.contains("401"),
        "the events need the token too: {status}"
    );

    let mut events = tokio::net::TcpStream::connect(("127.0.0.1", b.port))
        .await
        .unwrap();
    let request = format!(
        "GET /operator/events HTTP/1.1\r\nHost: {host}\r\nX-Operator-Token: operatortoken42\r\n\r\n"
    );
    events.write_all(request.as_bytes()).await.unwrap();
    let mut seen = String::new();
    // Reads the stream until `want` has arrived, within five seconds.
    async fn until(stream: &mut tokio::net::TcpStream, seen: &mut String, want: &str) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        while !seen.contains(want) {
            let mut chunk = [0u8; 4096];
            let n = tokio::time::timeout_at(deadline, stream.read(&mut chunk))
                .await
                .unwrap_or_else(|_| panic!("no {want:?} in {seen}"))
                .unwrap();
            assert!(n > 0, "the stream ended: {seen}");
            seen.push_str(&String::from_utf8_lossy(&chunk[..n]));
        }
    }
    until(&mut events, &mut seen, "text/event-stream").await;
    until(&mut events, &mut seen, r#""game":null"#).await;
    // A visitor starts a game: the page hears of it without asking.
    let mut ws = connect(&b).await;
    send(&mut ws, hello("player", "push-test")).await;
    send(&mut ws, json!({"type": "start", "mode": "vs_computer"})).await;
    until(&mut events, &mut seen, r#""mode":"vs_computer""#).await;
}

#[tokio::test]
async fn the_booths_own_screens_get_the_join_address_as_a_qr_code() {
    let b = start(false, true).await;
    let host = format!("127.0.0.1:{}", b.port);
    let (status, body) = http(b.port, "GET /join-qr.svg", &host, "", "").await;
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("<svg") && body.contains("<path"), "{body}");
    // A page the bridge does not count as its own screen gets no token.
    let other = start(false, false).await;
    let host = format!("127.0.0.1:{}", other.port);
    let (status, body) = http(other.port, "GET /join-qr.svg", &host, "", "").await;
    assert!(status.contains("404") && !body.contains("<svg"), "{status}");
}

#[tokio::test]
async fn a_flood_of_binary_frames_is_rate_limited_like_text() {
    let b = start(false, true).await;
    let mut ws = connect(&b).await;
    // 50 messages a second are allowed: 60 binary frames in well under a
    // second are not (sent ten at a time, each ten's answers read before
    // the next, so that no answer waits long).
    let mut codes = Vec::new();
    for _ in 0..6 {
        for _ in 0..10 {
            ws.send(Message::Binary(vec![0u8; 16].into()))
                .await
                .unwrap();
        }
        let wanted = codes.len() + 10;
        while codes.len() < wanted {
            let m = next_message(&mut ws).await;
            if m["type"] == "error" {
                codes.push(m["code"].as_str().unwrap().to_string());
            }
        }
    }
    let limited = codes.iter().filter(|c| *c == "rate_limited").count();
    assert_eq!(limited, 10, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| *c == "binary").count(), 50);
}

#[tokio::test]
async fn guessing_the_operator_token_shuts_the_guesser_out() {
    let b = start(false, true).await;
    let host = format!("127.0.0.1:{}", b.port);
    let wrong = "X-Operator-Token: operatortoken00\r\n";
    for _ in 0..bridge::server::GUESSES_PER_MINUTE {
        let (status, _) = http(b.port, "GET /operator/state", &host, wrong, "").await;
        assert!(status.contains("401"), "{status}");
    }
    // Even the right token is refused for the rest of the minute.
    let right = "X-Operator-Token: operatortoken42\r\n";
    let (status, body) = http(b.port, "GET /operator/state", &host, right, "").await;
    assert!(status.contains("429"), "{status}");
    assert!(body.contains("try again in a minute"), "{body}");
}

#[tokio::test]
async fn every_answer_says_who_may_frame_it_and_keeps_the_address_to_itself() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let b = start(false, true).await;
    for path in ["/", "/operator", "/watch"] {
        let mut stream = TcpStream::connect(("127.0.0.1", b.port)).await.unwrap();
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            b.port
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).await.unwrap();
        let head = response.split("\r\n\r\n").next().unwrap().to_lowercase();
        assert!(
            head.contains("content-security-policy: default-src 'self';")
                && head.contains("frame-ancestors 'self'"),
            "{path}: {head}"
        );
        assert!(
            head.contains("x-content-type-options: nosniff"),
            "{path}: {head}"
        );
        assert!(
            head.contains("referrer-policy: no-referrer"),
            "{path}: {head}"
        );
    }
}
