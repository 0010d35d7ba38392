//! Benchmark (not a test): how long the booth's computer takes per move at
//! each level, measured as a visitor's page sees it, from its coin to the
//! booth's `decided`, against a running bridge (`--robot dummy`, so that
//! the robot's motion does not count).
//!
//! ```text
//! bridge serve --robot dummy --port 8099 &
//! cargo run --release -p bridge --example move_times -- 8099 [games per level]
//! ```
//!
//! The visitor plays pseudo-random columns (the same ones in every run), at
//! most 12 coins a game.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const LEVELS: [&str; 5] = ["easy", "medium", "hard", "adaptive", "perfect"];

async fn connect(port: u16) -> Ws {
    let host = format!("127.0.0.1:{port}");
    let mut request = format!("ws://{host}/ws").into_client_request().unwrap();
    let origin = HeaderValue::from_str(&format!("http://{host}")).unwrap();
    request.headers_mut().insert("origin", origin);
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

async fn send(ws: &mut Ws, message: Value) {
    ws.send(Message::Text(message.to_string().into()))
        .await
        .unwrap();
}

async fn next(ws: &mut Ws) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(300), ws.next())
            .await
            .expect("the bridge answers")
            .expect("the bridge stays")
            .unwrap();
        if let Message::Text(text) = frame {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// The next snapshot in which the visitor may move or the game is over.
async fn visitors_moment(ws: &mut Ws) -> Value {
    loop {
        let m = next(ws).await;
        if m["type"] == "snapshot"
            && (m["can_move"] == true || m["status"] != "playing" && m["moves"] != "")
        {
            return m;
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let port: u16 = args.next().expect("the bridge's port").parse().unwrap();
    let games: u32 = args.next().map_or(5, |g| g.parse().unwrap());
    let mut ws = connect(port).await;
    let hello = json!({"type": "hello", "v": booth_protocol::VERSION, "role": "player", "session": "bench", "name": "Bench"});
    send(&mut ws, hello).await;
    let mut dice: u64 = 0x2545_f491_4f6c_dd1d;
    println!(
        "{:<9} {:>6} {:>10} {:>10} {:>10}",
        "level", "moves", "mean ms", "p90 ms", "max ms"
    );
    for level in LEVELS {
        let mut times = Vec::new();
        for _ in 0..games {
            send(
                &mut ws,
                json!({"type": "start", "mode": "vs_computer", "level": level}),
            )
            .await;
            let mut s = visitors_moment(&mut ws).await;
            for _ in 0..12 {
                if s["status"] != "playing" {
                    break;
                }
                let moves = s["moves"].as_str().unwrap().to_owned();
                let column = loop {
                    dice ^= dice << 13;
                    dice ^= dice >> 7;
                    dice ^= dice << 17;
                    let c = dice % 7 + 1;
                    let height = moves.matches(char::from(b'0' + c as u8)).count();
                    if height < 6 {
                        break c;
                    }
                };
                let sent = Instant::now();
                send(&mut ws, json!({"type": "move", "column": column})).await;
                let over = loop {
                    let m = next(&mut ws).await;
                    if m["type"] == "decided" {
                        times.push(sent.elapsed());
                        break None;
                    }
                    if m["type"] == "snapshot" && m["status"] != "playing" {
                        break Some(m); // the visitor's coin ended the game
                    }
                };
                s = match over {
                    Some(last) => last,
                    None => visitors_moment(&mut ws).await,
                };
            }
        }
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len().max(1) as f64;
        let p90 = times.get(times.len() * 9 / 10).map_or(0.0, |&d| ms(d));
        let max = times.last().map_or(0.0, |&d| ms(d));
        println!(
            "{level:<9} {:>6} {mean:>10.1} {p90:>10.1} {max:>10.1}",
            times.len()
        );
    }
}
