//! Fairness at the robot against the real binary: each way a visitor held
//! the robot before, tried from phones on the LAN (their own loopback
//! addresses, with the LAN token) and the booth's own screen.

use std::time::{Duration, Instant};

use crate::common::*;
use serde_json::{Value, json};

const LAN_TOKEN: &str = "lanToken12345";
const OPERATOR: &str = "staffToken98765";

/// The binary on the LAN with `config` beside the tokens, and its folder
/// (to keep until the bridge has ended).
fn booth(name: &str, config: &str) -> (std::process::Child, u16, Scratch) {
    let dir = app_folder("bridge-fair");
    let file = dir.join("bridge.toml");
    let tokens = format!("lan_token = \"{LAN_TOKEN}\"\noperator_token = \"{OPERATOR}\"\n");
    std::fs::write(&file, format!("{tokens}{config}")).unwrap();
    let port = free_port();
    let more = ["--config", file.to_str().unwrap(), "--lan"];
    (serve_simulated_with(&dir, port, name, &more), port, dir)
}

/// A phone on the Wi-Fi: its page from `127.0.0.<n>`, sent to the booth's
/// address (not the booth's own screen), said hello as a player with the
/// LAN token.
async fn phone(port: u16, n: u8, session: &str) -> Ws {
    let mut ws = connect_from([127, 0, 0, n], [127, 0, 0, 2], port).await;
    let mut hello = hello("player", session);
    hello["token"] = json!(LAN_TOKEN);
    hello["name"] = json!(format!("Phone_{n}"));
    send(&mut ws, hello).await;
    ws
}

/// The booth's own screen, said hello as a player.
async fn own_screen(port: u16) -> Ws {
    let mut ws = connect(&Bridge { port }).await;
    let mut hello = hello("player", "booth-screen");
    hello["name"] = json!("Screen");
    send(&mut ws, hello).await;
    ws
}

fn start(mode: &str) -> Value {
    json!({"type": "start", "mode": mode})
}

/// The refusal a message gets, or `None` once the page gets the snapshot
/// `accepted` waits for.
async fn refusal(ws: &mut Ws, message: Value, accepted: impl Fn(&Value) -> bool) -> Option<String> {
    send(ws, message).await;
    loop {
        let m = next_message(ws).await;
        match m["type"].as_str() {
            Some("error") => return m["code"].as_str().map(str::to_owned),
            Some("snapshot") if accepted(&m) => return None,
            _ => {}
        }
    }
}

fn seated(s: &Value) -> bool {
    s["you"] != "spectator"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_that_answers_every_still_there_holds_the_robot_no_longer_than_the_turns_limit() {
    // A turn's limit of three idle times: 6 s.
    let (mut child, port, _dir) = booth("answers", "idle_ask_s = 1\nidle_free_s = 2\n");
    let mut holder = phone(port, 3, "holder").await;
    assert_eq!(
        refusal(&mut holder, start("vs_computer"), seated).await,
        None
    );
    let began = Instant::now();
    let mut answered = 0;
    let ended = loop {
        let m = next_message(&mut holder).await;
        match m["type"].as_str() {
            Some("still_there") => {
                send(&mut holder, json!({"type": "still_here"})).await;
                answered += 1;
            }
            Some("notice") => break m,
            _ => {}
        }
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "the game never ended"
        );
    };
    let held = began.elapsed();
    assert_eq!(ended["code"], "ended_idle", "{ended}");
    assert!(answered >= 2, "asked and answered {answered} times");
    assert!(
        held >= Duration::from_millis(5800) && held < Duration::from_secs(9),
        "the robot was held {held:?}"
    );
    // The same phone cannot take it straight back, under a new session
    // either; another phone can.
    let again = refusal(&mut holder, start("vs_computer"), seated).await;
    assert_eq!(again.as_deref(), Some("others_first"));
    let mut renamed = phone(port, 3, "holder-anew").await;
    let again = refusal(&mut renamed, start("vs_computer"), seated).await;
    assert_eq!(again.as_deref(), Some("others_first"));
    let mut next = phone(port, 4, "next").await;
    assert_eq!(refusal(&mut next, start("vs_computer"), seated).await, None);
    child.kill().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_renewing_its_offer_cannot_keep_the_booths_screen_waiting() {
    let (mut child, port, _dir) = booth("offer", "offer_s = 15\n");
    let mut holder = phone(port, 5, "offerer").await;
    let waiting = |s: &Value| s["seats"][0].is_string() && s["status"] == "playing";
    assert_eq!(
        refusal(&mut holder, start("two_players"), waiting).await,
        None
    );
    // The booth's screen asks for the robot: it gets in line, first.
    let mut screen = own_screen(port).await;
    let in_line = |s: &Value| s["line_place"] == 1;
    assert_eq!(
        refusal(&mut screen, start("vs_computer"), in_line).await,
        None
    );
    // Every renewal of the offer is refused while the screen waits.
    let began = Instant::now();
    for _ in 0..20 {
        let renewed = refusal(&mut holder, start("two_players"), |_| false).await;
        assert_eq!(renewed.as_deref(), Some("others_first"));
        // The screen reads on (and so answers the bridge's pings).
        let _ = tokio::time::timeout(Duration::from_millis(200), next_message(&mut screen)).await;
    }
    // The offer runs out within its 15 s; then the screen's turn.
    let free = snapshot_where(&mut screen, |s| s["status"] == "idle").await;
    assert_eq!(free["line_place"], 1, "{free}");
    assert!(began.elapsed() < Duration::from_secs(16));
    // The phone, read again (its page went on), may not take it back.
    drop(holder);
    let mut holder = phone(port, 5, "offerer").await;
    let again = refusal(&mut holder, start("two_players"), waiting).await;
    assert_eq!(again.as_deref(), Some("others_first"));
    assert_eq!(
        refusal(&mut screen, start("vs_computer"), seated).await,
        None
    );
    child.kill().unwrap();
}

/// The staff's button on the operator page.
async fn staff(port: u16, action: &str) {
    let host = format!("127.0.0.1:{port}");
    let (status, body) = http(
        port,
        "POST /operator/action",
        &host,
        &format!("X-Operator-Token: {OPERATOR}\r\n"),
        &json!({"action": action}).to_string(),
    )
    .await;
    assert!(status.contains("204"), "{action}: {status} {body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_staff_end_a_game_for_good_and_bar_a_device_for_the_day() {
    let (mut child, port, _dir) = booth("staff", "");
    let mut holder = phone(port, 6, "holder").await;
    assert_eq!(
        refusal(&mut holder, start("vs_computer"), seated).await,
        None
    );
    // The staff's end is not undone by the next start.
    staff(port, "end_game").await;
    let again = refusal(&mut holder, start("vs_computer"), seated).await;
    assert_eq!(again.as_deref(), Some("others_first"));
    // Another phone plays; the staff end its game and bar it.
    let mut other = phone(port, 7, "other").await;
    assert_eq!(
        refusal(&mut other, start("two_players"), seated).await,
        None
    );
    staff(port, "end_game_and_bar").await;
    for session in ["other", "other-anew"] {
        let mut page = phone(port, 7, session).await;
        let barred = refusal(&mut page, start("vs_computer"), seated).await;
        assert_eq!(barred.as_deref(), Some("barred"), "{session}");
        // Nor may it take the seat of someone else's offer.
        let mut screen = own_screen(port).await;
        assert_eq!(
            refusal(&mut screen, start("two_players"), seated).await,
            None
        );
        let join = refusal(&mut page, json!({"type": "join"}), |_| false).await;
        assert_eq!(join.as_deref(), Some("barred"), "{session}");
        staff(port, "end_game").await;
    }
    // The staff may lift the bar: then it only lets others go first for
    // a while, as after any game the staff ended.
    staff(port, "lift_bars").await;
    let mut page = phone(port, 7, "other-lifted").await;
    let lifted = refusal(&mut page, start("vs_computer"), seated).await;
    assert_eq!(lifted.as_deref(), Some("others_first"));
    child.kill().unwrap();
}
