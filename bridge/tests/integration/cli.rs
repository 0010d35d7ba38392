//! The `bridge` binary, run as booth staff would.

use crate::common;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn bridge(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_connect4-bridge"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn check_config_explains_every_problem() {
    let dir = common::Scratch::new("bridge-cfg");
    let good = dir.join("good.toml");
    std::fs::write(&good, include_str!("../../bridge.example.toml")).unwrap();
    let out = bridge(&["check-config", good.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).ends_with(": ok\n"));

    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "baud = 7\nidle_ask_s = 60\n[timeouts]\nreceived = 1\n",
    )
    .unwrap();
    let out = bridge(&["check-config", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(err.contains("baud = 7: use one of"));
    assert!(err.contains("timeouts.received = 1: use 50 to 10000 milliseconds"));
    assert!(err.contains("idle_ask_s = 60, idle_free_s = 40"));

    let out = bridge(&["serve", "--config", bad.to_str().unwrap()]);
    assert!(!out.status.success(), "a bad config is refused at start");
    let out = bridge(&["check-config", dir.join("missing.toml").to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn http_get(port: u16, path: &str) -> Option<String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    Some(text)
}

#[test]
fn serve_alone_is_a_complete_demo_with_the_simulated_robot() {
    let dir = common::Scratch::new("bridge-dist");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Vier gewinnt</title>",
    )
    .unwrap();
    let port = common::free_port();
    let log_file = dir.join("bridge.log");
    let server = Server(
        Command::new(env!("CARGO_BIN_EXE_connect4-bridge"))
            .args([
                "serve",
                "--port",
                &port.to_string(),
                "--app-dir",
                dir.to_str().unwrap(),
                "--records",
                dir.join("booth.sqlite").to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log_file).unwrap())
            .spawn()
            .unwrap(),
    );
    let start = Instant::now();
    let page = loop {
        if let Some(page) = http_get(port, "/") {
            break page;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the server starts"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    let log = std::fs::read_to_string(&log_file).unwrap();
    assert!(log.contains("INFO"), "the bridge logs its start: {log:?}");
    assert!(
        !log.contains('\u{1b}'),
        "a log that is not a terminal has no colour codes: {log:?}"
    );
    assert!(page.contains("Vier gewinnt"));
    // A deep link of the app is the app too.
    assert!(
        http_get(port, "/spectator")
            .unwrap()
            .contains("Vier gewinnt")
    );

    let out = bridge(&[
        "serve",
        "--port",
        &port.to_string(),
        "--app-dir",
        "/nonexistent",
    ]);
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(log.contains("no app in /nonexistent"), "{log}");

    // SIGTERM (systemd stopping the booth): a clean exit that removes the
    // simulator's link.
    let pid = server.0.id();
    let link = std::env::temp_dir().join(format!("c4robot-sim-{pid}"));
    assert!(link.exists(), "the simulator's link {link:?}");
    let status = stop(server);
    assert!(status.success(), "{status:?}");
    assert!(!link.exists(), "the link {link:?} was left behind");
    let log = std::fs::read_to_string(&log_file).unwrap();
    assert!(log.contains("SIGTERM: stopping"), "{log}");
}

#[test]
fn check_config_names_a_missing_app_or_robot_port() {
    let dir = common::Scratch::new("bridge-paths");
    let file = dir.join("paths.toml");
    std::fs::write(
        &file,
        "robot = \"/dev/ttyUSB-not-here\"\napp_dir = \"/no/such/dist\"\n",
    )
    .unwrap();
    let out = bridge(&["check-config", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("app_dir = \"/no/such/dist\": no index.html there"),
        "{err}"
    );
    assert!(
        err.contains("robot = \"/dev/ttyUSB-not-here\": no such device"),
        "{err}"
    );
}

/// `connect4-bridge serve --config <config>` on `port`, once it answers.
fn serve_with(config: &std::path::Path, port: u16, log: &std::path::Path) -> Server {
    serve_with_args(config, port, log, &[])
}

/// As [`serve_with`], with more arguments to `serve`.
fn serve_with_args(
    config: &std::path::Path,
    port: u16,
    log: &std::path::Path,
    more: &[&str],
) -> Server {
    let server = Server(
        Command::new(env!("CARGO_BIN_EXE_connect4-bridge"))
            .args(["serve", "--config", config.to_str().unwrap()])
            .args(["--port", &port.to_string(), "--robot", "dummy"])
            .args(more)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(log).unwrap())
            .spawn()
            .unwrap(),
    );
    let start = Instant::now();
    while http_get(port, "/").is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the server starts"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

/// SIGTERM, as systemd stops the booth; the exit status.
fn stop(mut server: Server) -> std::process::ExitStatus {
    // SAFETY: a signal to our own child process.
    assert_eq!(
        unsafe { libc::kill(server.0.id() as i32, libc::SIGTERM) },
        0
    );
    let until = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < until, "the bridge ignored SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    }
}

const OPERATOR: &str = "operatorToken123";

fn operator_get(port: u16, path: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nX-Operator-Token: {OPERATOR}\r\n\r\n"
    )
    .unwrap();
    // HTTP/1.0: the body as it is, never in chunks, to the close.
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.0 200"), "{text}");
    text.split_once("\r\n\r\n").unwrap().1.to_owned()
}

#[test]
fn the_days_games_survive_a_restart_and_export_as_csv() {
    let dir = common::app_folder("bridge-records");
    let records = dir.join("data/booth.sqlite");
    let config = dir.join("bridge.toml");
    std::fs::write(
        &config,
        format!(
            "app_dir = {:?}\noperator_token = \"{OPERATOR}\"\nrecords = {:?}\n",
            dir.to_str().unwrap(),
            records.to_str().unwrap()
        ),
    )
    .unwrap();
    let port = common::free_port();
    let server = serve_with(&config, port, &dir.join("first.log"));

    // A visitor plays a coin, the computer answers; SIGTERM comes in the
    // middle of the game.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let moves = runtime.block_on(async {
        use crate::common::*;
        let mut ws = connect(&Bridge { port }).await;
        send(&mut ws, hello("player", "visitor")).await;
        send(
            &mut ws,
            serde_json::json!({"type": "start", "mode": "vs_computer"}),
        )
        .await;
        snapshot_where(&mut ws, |s| s["can_move"] == true).await;
        send(&mut ws, serde_json::json!({"type": "move", "column": 4})).await;
        let s = snapshot_where(&mut ws, |s| s["moves"].as_str().unwrap().len() == 2).await;
        s["moves"].as_str().unwrap().to_string()
    });
    let state: serde_json::Value =
        serde_json::from_str(&operator_get(port, "/operator/state")).unwrap();
    assert_eq!(state["today"]["games"], 1, "{state}");
    assert_eq!(state["games"][0]["moves"], moves.as_str(), "{state}");
    assert!(
        state["games"][0]["result"].is_null(),
        "still playing: {state}"
    );
    assert!(stop(server).success());

    let port = common::free_port();
    let server = serve_with(&config, port, &dir.join("second.log"));
    let state: serde_json::Value =
        serde_json::from_str(&operator_get(port, "/operator/state")).unwrap();
    assert_eq!(state["today"]["games"], 1, "the count survives: {state}");
    assert_eq!(state["games"][0]["names"][0], "Ada_1", "{state}");
    assert_eq!(state["games"][0]["result"], "bridge_stopped", "{state}");
    let csv = operator_get(port, "/operator/games.csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[0].starts_with("id,started,seconds,mode"), "{csv}");
    assert!(
        lines[1].contains(&format!(
            ",vs_computer,Ada_1,Computer,\"=\"\"{moves}\"\"\",bridge_stopped,0"
        )),
        "{csv}"
    );
    assert!(stop(server).success());
    // Beside the records, the robot's journal: both runs' commands.
    let journal = std::fs::read_to_string(records.with_file_name("robot.log")).unwrap();
    assert!(journal.contains("robot: dummy robot: 2 coins"), "{journal}");
    assert!(
        journal.matches("dummy robot: 0 coins").count() >= 2,
        "{journal}"
    );

    // A file that is not the booth's records: the booth plays on, counts
    // in memory, names the problem in its log and on the operator page,
    // and leaves the file as it was.
    let foreign = "not a database, but long enough to have a header";
    std::fs::write(&records, foreign).unwrap();
    let _ = std::fs::remove_file(records.with_extension("sqlite-wal"));
    let port = common::free_port();
    let log = dir.join("third.log");
    let server = serve_with(&config, port, &log);
    let state: serde_json::Value =
        serde_json::from_str(&operator_get(port, "/operator/state")).unwrap();
    assert_eq!(state["unrecorded"]["memory_only"], true, "{state}");
    let why = state["unrecorded"]["last"].as_str().unwrap();
    assert!(why.contains("it is not a SQLite database"), "{why}");
    assert!(stop(server).success());
    let err = std::fs::read_to_string(&log).unwrap();
    assert!(
        err.contains("cannot keep the booth's records in") && err.contains("in memory only"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&records).unwrap(), foreign);
}

#[test]
fn a_killed_bridges_simulator_link_is_removed_at_the_next_start() {
    let dir = common::app_folder("bridge-killed");
    let start = |name: &str| Server(common::serve_simulated(&dir, common::free_port(), name));
    let mut killed = start("first");
    let link = std::env::temp_dir().join(format!("c4robot-sim-{}", killed.0.id()));
    // The simulator opens its pseudo-terminal beside the listening socket,
    // not necessarily before it.
    let until = std::time::Instant::now() + Duration::from_secs(10);
    while link.symlink_metadata().is_err() && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        link.symlink_metadata().is_ok(),
        "the simulator's link is there"
    );
    killed.0.kill().unwrap(); // SIGKILL: no chance to clean up
    killed.0.wait().unwrap();
    assert!(
        link.symlink_metadata().is_ok(),
        "a killed bridge leaves its link"
    );
    let next = start("second");
    assert!(
        link.symlink_metadata().is_err(),
        "the next start removed it"
    );
    assert!(stop(next).success());
}

/// A POST to the operator's API with its token: the status line and the
/// body.
fn operator_post(port: u16, path: &str, body: &str) -> (String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Operator-Token: {OPERATOR}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

#[test]
fn settings_changed_on_the_operator_page_reach_the_lobby_at_once_and_the_file_for_the_next_start() {
    let dir = common::app_folder("bridge-settings");
    let config = dir.join("bridge.toml");
    let before = format!(
        "# the fair's booth\noperator_token = \"{OPERATOR}\"\napp_dir = \"{}\"\nrecords = \"{}\"\nlanguage = \"de\"\nlevels = [\"easy\", \"hard\"]\n",
        dir.display(),
        dir.join("booth.sqlite").display()
    );
    std::fs::write(&config, &before).unwrap();
    let port = common::free_port();
    let server = serve_with(&config, port, &dir.join("first.log"));
    let state: serde_json::Value =
        serde_json::from_str(&operator_get(port, "/operator/state")).unwrap();
    let mut settings = state["settings"].clone();
    assert_eq!(settings["levels"], serde_json::json!(["easy", "hard"]));

    // A bad value is explained and changes nothing.
    settings["idle_ask_s"] = 90.into();
    let (status, body) = operator_post(port, "/operator/settings", &settings.to_string());
    assert!(status.contains("400"), "{status} {body}");
    assert!(
        body.contains("idle_ask_s = 90, idle_free_s = 40: the question must come first"),
        "{body}"
    );
    assert_eq!(std::fs::read_to_string(&config).unwrap(), before);

    // A page already open hears the new levels without a reload.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let welcome = runtime.block_on(async {
        use crate::common::*;
        let mut ws = connect(&Bridge { port }).await;
        next_of(&mut ws, "welcome").await;
        settings["idle_ask_s"] = 20.into();
        settings["levels"] = serde_json::json!(["medium", "perfect"]);
        settings["language"] = "en".into();
        let (status, body) = operator_post(port, "/operator/settings", &settings.to_string());
        assert!(status.contains("200"), "{status} {body}");
        assert_eq!(body, r#"{"saved":true}"#);
        next_of(&mut ws, "welcome").await
    });
    assert_eq!(welcome["levels"], serde_json::json!(["medium", "perfect"]));
    assert_eq!(welcome["language"], "en");
    let page = http_get(port, "/operator").unwrap();
    assert!(
        page.contains("<html lang=\"en\">"),
        "the page follows the language"
    );
    assert!(stop(server).success());

    // The file keeps the staff's comment and the keys the page does not
    // change; the next start reads the new settings.
    let after = std::fs::read_to_string(&config).unwrap();
    assert!(after.starts_with("# the fair's booth\n"), "{after}");
    assert_eq!(
        std::fs::read_to_string(dir.join("bridge.toml.previous")).unwrap(),
        before
    );
    let port = common::free_port();
    let server = serve_with(&config, port, &dir.join("second.log"));
    let state: serde_json::Value =
        serde_json::from_str(&operator_get(port, "/operator/state")).unwrap();
    assert_eq!(state["settings"]["idle_ask_s"], 20, "{state}");
    assert_eq!(
        state["settings"]["levels"],
        serde_json::json!(["medium", "perfect"])
    );
    assert!(stop(server).success());
}

/// A request to the operator's API from `from` with `token` (`None`: no
/// token header): the status line.
fn operator_request_from(from: [u8; 4], port: u16, token: Option<&str>) -> String {
    let mut s = connect_from(from, port);
    let header = token.map_or(String::new(), |t| format!("X-Operator-Token: {t}\r\n"));
    write!(
        s,
        "GET /operator/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{header}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text.lines().next().unwrap_or("").to_owned()
}

/// A connection to the bridge on `port` from the loopback address of
/// `from`.
fn connect_from(from: [u8; 4], port: u16) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((from, 0).into()).unwrap();
        let stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
        let stream = stream.into_std().unwrap();
        stream.set_nonblocking(false).unwrap();
        stream
    })
}

#[test]
fn saves_at_once_keep_the_file_valid_private_and_equal_to_the_settings_in_effect() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::app_folder("bridge-saves");
    let config = dir.join("bridge.toml");
    std::fs::write(
        &config,
        format!(
            "# the fair's booth\noperator_token = \"{OPERATOR}\"\nlan_token = \"lanToken12345\"\napp_dir = \"{}\"\nrecords = \"{}\"\n",
            dir.display(),
            dir.join("booth.sqlite").display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o600)).unwrap();
    let port = common::free_port();
    let server = serve_with(&config, port, &dir.join("saves.log"));
    let state: serde_json::Value =
        serde_json::from_str(&operator_get(port, "/operator/state")).unwrap();
    let settings = state["settings"].clone();

    // Three saves at once, 200 times: the file is always a valid config
    // holding the settings in effect.
    for round in 0..200u64 {
        let saves: Vec<_> = (0..3u64)
            .map(|i| {
                let mut s = settings.clone();
                s["idle_ask_s"] = (20 + i).into();
                s["demo_after_s"] = (60 + round).into();
                std::thread::spawn(move || {
                    operator_post(port, "/operator/settings", &s.to_string())
                })
            })
            .collect();
        for save in saves {
            let (status, body) = save.join().unwrap();
            assert!(status.contains("200"), "round {round}: {status} {body}");
        }
        let on_disk = bridge::config::Config::load(&config)
            .unwrap_or_else(|e| panic!("round {round}: {e:?}"));
        let state: serde_json::Value =
            serde_json::from_str(&operator_get(port, "/operator/state")).unwrap();
        let in_effect: bridge::config::StaffSettings =
            serde_json::from_value(state["settings"].clone()).unwrap();
        assert_eq!(on_disk.staff_settings(), in_effect, "round {round}");
    }
    let mode = std::fs::metadata(&config).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the tokens stay private");

    // Values out of range are refused by key.
    let mut huge = settings.clone();
    huge["demo_after_s"] = u64::MAX.into();
    let (status, body) = operator_post(port, "/operator/settings", &huge.to_string());
    assert!(
        status.contains("400") && body.contains("demo_after_s"),
        "{status} {body}"
    );
    let mut twice = settings.clone();
    twice["levels"] = serde_json::json!(["easy", "easy"]);
    let (status, body) = operator_post(port, "/operator/settings", &twice.to_string());
    assert!(
        status.contains("400") && body.contains("levels"),
        "{status} {body}"
    );

    // Requests without the token header never lock the operator out; wrong
    // tokens lock out only the address that sent them.
    for _ in 0..20 {
        let status = operator_request_from([127, 0, 0, 1], port, None);
        assert!(status.contains("401"), "{status}");
    }
    assert!(operator_request_from([127, 0, 0, 1], port, Some(OPERATOR)).contains("200"));
    for _ in 0..12 {
        operator_request_from([127, 0, 0, 9], port, Some("wrongToken1234"));
    }
    let guesser = operator_request_from([127, 0, 0, 9], port, Some(OPERATOR));
    assert!(guesser.contains("429"), "{guesser}");
    assert!(operator_request_from([127, 0, 0, 1], port, Some(OPERATOR)).contains("200"));

    // A config deleted while the bridge runs is not made again in part.
    std::fs::remove_file(&config).unwrap();
    let (status, body) = operator_post(port, "/operator/settings", &settings.to_string());
    assert!(
        status.contains("500") && body.contains("was deleted"),
        "{status} {body}"
    );
    assert!(!config.exists());
    assert!(stop(server).success());
}

/// The status line of a GET for `path` sent to `to` with `extra` headers.
fn status_at(to: &str, port: u16, path: &str, extra: &str) -> String {
    let mut s = TcpStream::connect((to, port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text.lines().next().unwrap_or("").to_owned()
}

#[test]
fn only_a_browser_sent_to_localhost_or_ipv6_loopback_is_the_booths_own_screen_never_one_behind_a_proxy()
 {
    let dir = common::app_folder("bridge-own");
    let config = dir.join("bridge.toml");
    std::fs::write(&config, "lan_token = \"lanToken12345\"\n").unwrap();
    let port = common::free_port();
    let app_dir = dir.to_str().unwrap();
    let records = dir.join("booth.sqlite");
    let more = [
        "--lan",
        "--app-dir",
        app_dir,
        "--records",
        records.to_str().unwrap(),
    ];
    let _server = serve_with_args(&config, port, &dir.join("own.log"), &more);
    // The booth's own screen gets the join code (with the LAN token in it).
    let own = status_at("127.0.0.1", port, "/join-qr.svg", "");
    assert!(own.contains("200"), "{own}");
    // A visitor through a proxy or tunnel on the booth's computer does not.
    for header in ["X-Forwarded-For: 203.0.113.7", "Forwarded: for=203.0.113.7"] {
        let proxied = status_at("127.0.0.1", port, "/join-qr.svg", &format!("{header}\r\n"));
        assert!(proxied.contains("404"), "{header}: {proxied}");
    }
    // Nor does another loopback address.
    let other = status_at("127.0.0.2", port, "/join-qr.svg", "");
    assert!(other.contains("404"), "{other}");
    // The bridge listens on IPv6 too, where the machine has it; ::1 is
    // the booth's own.
    if std::net::TcpListener::bind("[::1]:0").is_ok() {
        let v6 = status_at("::1", port, "/join-qr.svg", "");
        assert!(v6.contains("200"), "{v6}");
    } else {
        eprintln!("this machine has no IPv6 loopback: [::1] not tried");
    }
}

/// This machine's address on its network, if it has one.
fn lan_address() -> Option<String> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then(|| ip.to_string())
}

#[test]
fn the_operator_page_answers_the_booths_computer_and_the_lan_only_when_the_config_says_so() {
    let Some(lan) = lan_address() else {
        eprintln!("this machine has no network address: the LAN not tried");
        return;
    };
    let dir = common::app_folder("bridge-operator-lan");
    let token = "X-Operator-Token: staffToken98765\r\n";
    for (open, port) in [(false, common::free_port()), (true, common::free_port())] {
        let config = dir.join(format!("{open}.toml"));
        let text = format!("operator_token = \"staffToken98765\"\noperator_on_lan = {open}\n");
        std::fs::write(&config, text).unwrap();
        let records = dir.join(format!("{open}.sqlite"));
        let app = dir.to_str().unwrap();
        let more = [
            "--lan",
            "--app-dir",
            app,
            "--records",
            records.to_str().unwrap(),
        ];
        let _server = serve_with_args(&config, port, &dir.join(format!("{open}.log")), &more);
        let here = status_at("127.0.0.1", port, "/operator/state", token);
        assert!(here.contains("200"), "{here}");
        let proxied = format!("{token}X-Forwarded-For: 203.0.113.7\r\n");
        let from_lan = [
            status_at(&lan, port, "/operator", ""),
            status_at(&lan, port, "/operator/state", token),
            status_at("127.0.0.1", port, "/operator/state", &proxied),
        ];
        let want = if open { "200" } else { "404" };
        for status in from_lan {
            assert!(status.contains(want), "operator_on_lan = {open}: {status}");
        }
    }
}
