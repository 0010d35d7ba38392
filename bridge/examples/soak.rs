//! Soak run (a benchmark, not a test): a booth's day compressed. Many
//! games through the real server, a WebSocket client and the simulated
//! robot with injected faults; beside them a crowd of pages coming and
//! going (reading, never reading, flooding pings), the operator saving the
//! settings every few games and exporting the records as CSV, with the
//! records in a real file.
//!
//! ```text
//! cargo run --release -p bridge --example soak -- [games] [fault rate] [pages] [games per export]
//! ```
//!
//! Reports games, faults injected, desyncs (the grid differs from the game
//! once the robot says it is in step), lost moves (a move sent while the page
//! was allowed to move but refused), the relay latency the bridge adds (from
//! the WebSocket message to the DROP line arriving at the robot, p50/p99),
//! the pages, saves and exports done, whether the records hold every game
//! and the config file the settings in effect, and the process's resident
//! memory through the run (at each tenth of the games) and at its peak.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use bridge::booth::Booth;
use bridge::codec::LineCodec;
use bridge::records::Records;
use bridge::robot_link::{RobotLink, Target, Timeouts};
use bridge::robot_protocol::Colour;
use bridge::server::{OwnScreens, ServerConfig};
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
    status_kb("VmHWM:")
}

fn status_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with(field)).map(str::to_owned))
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
    let pages: usize = args.next().map_or(1000, |a| a.parse().expect("pages"));
    // 0: no CSV export during the run (each export holds every game).
    let per_export: usize = args
        .next()
        .map_or(100, |a| a.parse().expect("games per export"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let work = std::env::temp_dir().join(format!("soak-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let app_dir = work.join("app");
    std::fs::create_dir_all(&app_dir).unwrap();
    std::fs::write(app_dir.join("index.html"), "soak").unwrap();
    let config_file = work.join("bridge.toml");
    std::fs::write(&config_file, format!("operator_token = \"{OPERATOR}\"\n")).unwrap();
    let records = Records::open(&work.join("booth.sqlite")).expect("records");
    let config = ServerConfig {
        port,
        lan: false,
        token: String::new(),
        allowed_origins: vec![],
        app: bridge::app_files::AppFiles::folder(&app_dir).unwrap(),
        own_screens: OwnScreens::Loopback,
        simulator: None,
        operator_token: OPERATOR.into(),
        operator_on_lan: false,
        config: bridge::config::Config::load(&config_file).unwrap().into(),
        config_file: Some(config_file.clone()),
        // The client moves as soon as it may, far faster than a person.
        limits: bridge::server::connections::Limits {
            messages_per_second: 10_000,
            ..bridge::server::connections::Limits::default()
        },
    };
    tokio::spawn(bridge::run(
        listener,
        Booth::new(
            robot,
            Duration::from_secs(600),
            Duration::from_secs(900),
            records,
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

    // Spread over the day: a game takes about a fifth of a second here.
    let spacing = Duration::from_millis((games as u64 * 200 / pages.max(1) as u64).max(5));
    let crowd = tokio::spawn(crowd(port, pages, spacing));
    let mut memory = vec![resident_kb()];
    let (mut saves, mut exports) = (0usize, 0usize);
    let started = Instant::now();
    let (mut desyncs, mut lost, mut moves) = (0usize, 0usize, 0usize);
    let mut sent_at: Vec<(Instant, String)> = Vec::new();
    let mut latencies: Vec<f64> = Vec::new();
    let mut rng = 0x1234_5678_9abc_def1u64;
    for game in 0..games {
        if game % 20 == 10 {
            saves += usize::from(operator_save(port, game).await);
        }
        if per_export > 0 && game % per_export == per_export / 2 {
            exports += usize::from(operator_get(port, "/operator/games.csv").await.is_some());
        }
        // The robot's lines of the game before, matched and let go: the
        // soak holds its figures, not its history.
        latencies.extend(relay_latencies(&mut sent_at, &sim.take_received()));
        if game > 0 && game % (games / 10).max(1) == 0 {
            memory.push(resident_kb());
            eprintln!(
                "{game} games in {:.0} s, {:.1} MB resident",
                started.elapsed().as_secs_f64(),
                resident_kb() as f64 / 1024.0
            );
        }
        ws.send(send(json!({"type": "start", "mode": "vs_computer"})))
            .await
            .unwrap();
        let mut board;
        let mut waiting_for: Option<String> = None;
        // Until the new game's first snapshot: the last one may still show
        // the game before, over.
        let mut begun = false;
        let game_began = Instant::now();
        loop {
            // The bridge's pings keep coming: a game that stops moving is
            // caught by its own clock.
            assert!(
                game_began.elapsed() < Duration::from_secs(120),
                "game {game} stalled"
            );
            let frame = tokio::time::timeout(Duration::from_secs(60), ws.next())
                .await
                .expect("the bridge answers");
            let text = match frame {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!("connection closed: {other:?}"),
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
                if !begun {
                    // The robot was busy (a fault): ask again.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    ws.send(send(json!({"type": "start", "mode": "vs_computer"})))
                        .await
                        .unwrap();
                }
                continue;
            }
            if v["type"] != "snapshot" || v["mode"].is_null() {
                continue;
            }
            let shown = v["moves"].as_str().unwrap_or("").to_string();
            // The snapshot of the visitor's coin alone may have been
            // replaced by the next (the computer's answer) in the outbox.
            if waiting_for
                .as_deref()
                .is_some_and(|m| !shown.starts_with(m))
            {
                continue;
            }
            waiting_for = None;
            board = Board::from_moves(engine::Geometry::STANDARD, &shown).unwrap();
            begun = begun || !board.is_over();
            if !begun {
                continue;
            }
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
    latencies.extend(relay_latencies(&mut sent_at, &sim.take_received()));
    memory.push(resident_kb());
    let crowd = crowd.await.unwrap();
    // Every game is in the records, with its end.
    let csv = operator_get(port, "/operator/games.csv")
        .await
        .unwrap_or_default();
    let rows: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let recorded = rows.len();
    let unfinished = rows
        .iter()
        .filter(|l| l.split(',').nth(7) == Some(""))
        .count();
    let state: Value = operator_get(port, "/operator/state")
        .await
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or_default();
    let on_disk = bridge::config::Config::load(&config_file).map(|c| c.staff_settings());
    let in_effect: Option<bridge::config::StaffSettings> =
        serde_json::from_value(state["settings"].clone()).ok();
    let config_agrees = on_disk.ok() == in_effect;

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
    println!(
        "pages                  {} came and went ({} read, {} never read, {} flooded pings; {} cut off by the bridge)",
        crowd.total, crowd.reading, crowd.stalled, crowd.pinging, crowd.cut_off
    );
    println!("operator               {saves} saves, {exports} CSV exports");
    println!(
        "records                {recorded} games recorded of {games} played ({unfinished} without an end), lost: {}",
        state["unrecorded"]
    );
    println!("config file            equal to the settings in effect: {config_agrees}");
    println!(
        "resident memory        {} MB (at each tenth of the games)",
        memory
            .iter()
            .map(|kb| format!("{:.1}", *kb as f64 / 1024.0))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("peak RSS               {} KB", peak_rss_kb());
}

const OPERATOR: &str = "soakOperator2026";

/// Each move sent (taken from `sent_at`) to the first matching DROP the
/// robot received after it, in milliseconds.
fn relay_latencies(
    sent_at: &mut Vec<(Instant, String)>,
    received: &[(Instant, String)],
) -> Vec<f64> {
    let mut latencies = Vec::new();
    let mut from = 0;
    for (sent, line) in sent_at.drain(..) {
        if let Some(i) = received[from..]
            .iter()
            .position(|(at, l)| *at >= sent && *l == line)
        {
            latencies.push((received[from + i].0 - sent).as_secs_f64() * 1000.0);
            from += i + 1;
        }
    }
    latencies
}

fn resident_kb() -> u64 {
    status_kb("VmRSS:")
}

/// A plain HTTP request to the operator's API: the body, if answered 200.
async fn operator_request(port: u16, head: &str, body: &str) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .ok()?;
    let request = format!(
        "{head} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nX-Operator-Token: {OPERATOR}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).await.ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).await.ok()?;
    let (status, rest) = text.split_once("\r\n\r\n")?;
    if !status.starts_with("HTTP/1.0 200") {
        eprintln!("{head}: {status}");
        return None;
    }
    // HTTP/1.0: the body as it is, never in chunks, to the close.
    Some(rest.to_owned())
}

async fn operator_get(port: u16, path: &str) -> Option<String> {
    operator_request(port, &format!("GET {path}"), "").await
}

/// The operator changes a setting: whether it was saved.
async fn operator_save(port: u16, game: usize) -> bool {
    let Some(state) = operator_get(port, "/operator/state").await else {
        return false;
    };
    let Ok(state) = serde_json::from_str::<Value>(&state) else {
        return false;
    };
    let mut settings = state["settings"].clone();
    settings["idle_ask_s"] = (20 + game % 10).into();
    operator_request(port, "POST /operator/settings", &settings.to_string())
        .await
        .is_some()
}

/// What the crowd of pages did.
#[derive(Default)]
struct Crowd {
    total: usize,
    reading: usize,
    stalled: usize,
    pinging: usize,
    cut_off: usize,
}

/// `pages` spectators from addresses of the loopback network, one every
/// `spacing`, at most 100 at once, each for a moment: a third read everything, a third never read,
/// a third flood pings without reading.
async fn crowd(port: u16, pages: usize, spacing: Duration) -> Crowd {
    let mut done = Crowd::default();
    let mut running = tokio::task::JoinSet::new();
    for n in 0..pages {
        while running.len() >= 100 {
            if let Some(Ok(cut)) = running.join_next().await {
                done.cut_off += usize::from(cut);
            }
        }
        let kind = n % 3;
        match kind {
            0 => done.reading += 1,
            1 => done.stalled += 1,
            _ => done.pinging += 1,
        }
        done.total += 1;
        running.spawn(page(port, n, kind));
        tokio::time::sleep(spacing).await;
    }
    while let Some(cut) = running.join_next().await {
        done.cut_off += usize::from(cut.unwrap_or(false));
    }
    done
}

/// One page for a few seconds; whether the bridge cut it off.
async fn page(port: u16, n: usize, kind: usize) -> bool {
    let address = [127, 0, 2, u8::try_from(1 + n % 200).unwrap()];
    let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
        return false;
    };
    if socket.bind((address, 0).into()).is_err() {
        return false;
    }
    let Ok(stream) = socket.connect(([127, 0, 0, 1], port).into()).await else {
        return false;
    };
    let host = format!("127.0.0.1:{port}");
    let mut request = format!("ws://{host}/ws").into_client_request().unwrap();
    request.headers_mut().insert(
        "origin",
        HeaderValue::from_str(&format!("http://{host}")).unwrap(),
    );
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let Ok((mut ws, _)) = tokio_tungstenite::client_async(request, stream).await else {
        return false;
    };
    let hello = json!({"type": "hello", "v": booth_protocol::VERSION, "role": "spectator", "session": format!("crowd-{n}")});
    if ws
        .send(Message::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return false;
    }
    let stay = Duration::from_millis(500 + (n as u64 * 7919) % 4500);
    let until = Instant::now() + stay;
    match kind {
        0 => {
            while Instant::now() < until {
                match tokio::time::timeout_at(until.into(), ws.next()).await {
                    Ok(Some(Ok(_))) => {}
                    Ok(_) => return true,
                    Err(_) => break,
                }
            }
        }
        1 => tokio::time::sleep(stay).await,
        _ => {
            while Instant::now() < until {
                if ws
                    .send(Message::Ping(vec![b'p'; 100].into()))
                    .await
                    .is_err()
                {
                    return true;
                }
            }
        }
    }
    let _ = ws.close(None).await;
    false
}
