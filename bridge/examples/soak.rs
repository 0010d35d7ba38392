//! Soak run (a benchmark, not a test): many games through the real server,
//! a WebSocket client and the simulated robot with injected faults.
//!
//! ```text
//! cargo run --release -p bridge --example soak -- [games] [fault rate]
//! ```
//!
//! Reports games, faults injected, desyncs (the grid differs from the game
//! once the robot says it is in step), lost moves (a move sent while the page
//! was allowed to move but refused), the relay latency the bridge adds (from
//! the WebSocket message to the DROP line arriving at the robot, p50/p99),
//! and the process's peak memory.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use bridge::booth::Booth;
use bridge::codec::LineCodec;
use bridge::records::Records;
use bridge::robot_link::{RobotLink, Target, Timeouts};
use bridge::robot_protocol::Colour;
use bridge::server::ServerConfig;
use bridge::simulator::{FaultRates, Grid, Simulator, SimulatorConfig};
use engine::{Board, Side};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

fn grid_of(board: &Board) -> Grid {
    let mut grid: Grid = [[None; 6]; 7];
    for (c, column) in grid.iter_mut().enumerate() {
        for (r, cell) in column.iter_mut().enumerate() {
            *cell = board.cell(c, r).map(Colour::of);
        }
    }
    grid
}

fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(str::to_owned)
        })
        .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    if std::env::var("SOAK_LOG").is_ok() {
        tracing_subscriber::fmt().with_env_filter("info").init();
    }
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().map_or(1000, |a| a.parse().expect("games"));
    let fault_rate: f64 = args.next().map_or(0.05, |a| a.parse().expect("fault rate"));
    let sim = Simulator::start(SimulatorConfig {
        motion: Duration::from_millis(1),
        faults: FaultRates::uniform(fault_rate),
        repair: Duration::from_millis(30),
        replug: Duration::from_millis(30),
        seed: 42,
        ..SimulatorConfig::default()
    })
    .expect("a pseudo-terminal");
    let timeouts = Timeouts {
        received: Duration::from_millis(40),
        drop: Duration::from_millis(120),
        clear: Duration::from_millis(120),
        led: Duration::from_millis(60),
        poll: Duration::from_millis(30),
    };
    let robot = RobotLink::spawn(
        Target::Serial {
            path: sim.path().to_path_buf(),
            baud: 115_200,
        },
        timeouts,
        Box::new(LineCodec),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let app_dir = std::env::temp_dir().join("soak-app");
    std::fs::create_dir_all(&app_dir).unwrap();
    std::fs::write(app_dir.join("index.html"), "soak").unwrap();
    let config = ServerConfig {
        port,
        lan: false,
        token: String::new(),
        allowed_origins: vec![],
        app: bridge::app_files::AppFiles::Folder(app_dir),
        trust_loopback: true,
        simulator: None,
        operator_token: String::new(),
        config: Default::default(),
        config_file: None,
        // The client moves as soon as it may, far faster than a person.
        limits: bridge::connections::Limits {
            messages_per_second: 10_000,
            ..bridge::connections::Limits::default()
        },
    };
    tokio::spawn(bridge::run(
        listener,
        Booth::new(
            robot,
            Duration::from_secs(600),
            Duration::from_secs(900),
            Records::in_memory(),
        ),
        config,
        std::future::pending(),
    ));

    let mut request = format!("ws://127.0.0.1:{port}/ws")
        .into_client_request()
        .unwrap();
    let host = format!("127.0.0.1:{port}");
    request.headers_mut().insert(
        "origin",
        HeaderValue::from_str(&format!("http://{host}")).unwrap(),
    );
    let (mut ws, _) = loop {
        match tokio_tungstenite::connect_async(request.clone()).await {
            Ok(c) => break c,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    let send = |v: Value| Message::Text(v.to_string().into());
    ws.send(send(
        json!({"type": "hello", "v": booth_protocol::VERSION, "role": "player", "session": "soak"}),
    ))
    .await
    .unwrap();

    let started = Instant::now();
    let (mut desyncs, mut lost, mut moves) = (0usize, 0usize, 0usize);
    let mut sent_at: Vec<(Instant, String)> = Vec::new();
    let mut rng = 0x1234_5678_9abc_def1u64;
    for _ in 0..games {
        ws.send(send(json!({"type": "start", "mode": "vs_computer"})))
            .await
            .unwrap();
        let mut board;
        let mut waiting_for: Option<String> = None;
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(60), ws.next())
                .await
                .expect("the bridge answers");
            let Some(Ok(Message::Text(text))) = frame else {
                panic!("connection closed")
            };
            let v: Value = serde_json::from_str(&text).unwrap();
            if std::env::var("SOAK_LOG").is_ok_and(|v| v == "2") {
                eprintln!(
                    "{:>8.1} <- {text}",
                    started.elapsed().as_secs_f64() * 1000.0
                );
            }
            if v["type"] == "error" {
                if waiting_for.take().is_some() {
                    lost += 1;
                }
                continue;
            }
            if v["type"] != "snapshot" || v["mode"].is_null() {
                continue;
            }
            let shown = v["moves"].as_str().unwrap_or("").to_string();
            if waiting_for.as_deref().is_some_and(|m| m != shown) {
                continue;
            }
            waiting_for = None;
            board = Board::from_moves(engine::Geometry::STANDARD, &shown).unwrap();
            let synced = v["robot"]["in_sync"] == true && v["robot"]["state"] == "ready";
            if board.is_over() {
                if synced {
                    if sim.grid() != grid_of(&board) {
                        desyncs += 1;
                        tracing::warn!("desync at the end of {shown}: robot {:?}", sim.grid());
                    }
                    break;
                }
                continue;
            }
            if v["can_move"] != true {
                continue;
            }
            if sim.grid() != grid_of(&board) {
                desyncs += 1;
                tracing::warn!("desync at {shown}: robot {:?}", sim.grid());
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let legal: Vec<usize> = board.legal_moves().collect();
            let column = legal[(rng % legal.len() as u64) as usize];
            let colour = if board.side_to_move() == Side::First {
                "Y"
            } else {
                "R"
            };
            sent_at.push((Instant::now(), format!("DROP {colour} {}", column + 1)));
            ws.send(send(json!({"type": "move", "column": column + 1})))
                .await
                .unwrap();
            moves += 1;
            waiting_for = Some(format!("{board}{}", column + 1));
        }
    }
    let elapsed = started.elapsed();

    // Latency: each move to the first matching DROP the robot received after it.
    let received = sim.take_received();
    let mut latencies: Vec<f64> = Vec::new();
    let mut from = 0;
    for (sent, line) in &sent_at {
        if let Some(i) = received[from..]
            .iter()
            .position(|(at, l)| at >= sent && l == line)
        {
            latencies.push((received[from + i].0 - *sent).as_secs_f64() * 1000.0);
            from += i + 1;
        }
    }
    latencies.sort_by(f64::total_cmp);
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(f64::NAN)
    };
    let counters = sim.counters();
    println!("games                  {games}");
    println!("moves                  {moves}");
    println!("time                   {:.1} s", elapsed.as_secs_f64());
    println!(
        "commands to the robot  {}",
        counters.commands.load(Ordering::SeqCst)
    );
    println!(
        "faults injected        {} ({:.0} % per command)",
        counters.faults_injected.load(Ordering::SeqCst),
        fault_rate * 100.0
    );
    println!(
        "host protocol faults   {}",
        counters.host_faults.load(Ordering::SeqCst)
    );
    println!("desyncs                {desyncs}");
    println!("lost moves             {lost}");
    println!(
        "relay latency          p50 {:.2} ms, p99 {:.2} ms ({} moves matched)",
        pick(0.5),
        pick(0.99),
        latencies.len()
    );
    println!("peak RSS               {} KB", peak_rss_kb());
}
