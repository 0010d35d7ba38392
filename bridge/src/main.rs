//! `bridge`: the booth server, the robot simulator and the config checker.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use bridge::app_files::AppFiles;
use bridge::booth::Booth;
use bridge::codec::LineCodec;
use bridge::config::{Config, RobotPort};
use bridge::emulated_robot::{self, EmulatedRobot, EmulatorOptions};
use bridge::records::{self, OpenProblem, Records};
use bridge::robot_link::{RobotLink, Target};
use bridge::server::connections::{Limits, raise_file_limit};
use bridge::server::{OwnScreens, ServerConfig};
use bridge::simulator::{FaultRates, Simulator, SimulatorConfig};
use clap::{Parser, Subcommand};
use engine::SolvedPositions;

/// The booth bridge between the Connect Four app and the robot.
#[derive(Parser)]
#[command(name = "connect4-bridge", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the app and the WebSocket, and drive the robot.
    Serve {
        /// The config file (defaults apply without one).
        #[arg(long)]
        config: Option<PathBuf>,
        /// `sim`, `emulated`, `dummy` or a serial device path (overrides
        /// the config).
        #[arg(long)]
        robot: Option<String>,
        /// Port (overrides the config).
        #[arg(long)]
        port: Option<u16>,
        /// Folder of the built app (overrides the config).
        #[arg(long)]
        app_dir: Option<PathBuf>,
        /// Listen on every interface; LAN devices need the printed token to play.
        #[arg(long)]
        lan: bool,
        /// The records file (overrides the config).
        #[arg(long)]
        records: Option<PathBuf>,
        /// Which browsers on this machine are the booth's own screens:
        /// `localhost` (only those sent to 127.0.0.1 and ::1, so a browser
        /// sent to 127.0.0.2 is a phone on the Wi-Fi) or `loopback` (every
        /// 127.x.y.z and ::1). Never a request a proxy forwarded.
        #[arg(long, default_value = "localhost", value_parser = own_screens)]
        own_screens: OwnScreens,
    },
    /// A simulated robot on a pseudo-terminal.
    Simulate {
        /// Milliseconds a drop or clear takes.
        #[arg(long, default_value_t = 300)]
        delay_ms: u64,
        /// Chance per command of a fault (split evenly among jam, missing
        /// RECEIVED, timeout and closing the port).
        #[arg(long, default_value_t = 0.0)]
        fault_rate: f64,
        /// Seed of the fault dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Bring up a robot step by step: it answers, each cell's light, one
    /// coin into each column, the grid released, a jam seen.
    RobotCheck {
        /// The robot's serial device (e.g. /dev/ttyACM0), or `emulated`
        /// for the reference firmware on the emulated Uno.
        #[arg(long)]
        robot: String,
        /// Serial speed: the firmware's BAUD.
        #[arg(long, default_value_t = 115_200)]
        baud: u32,
        /// Ask nothing: check only what the robot itself reports.
        #[arg(long)]
        no_questions: bool,
    },
    /// Check a config file and explain every problem.
    CheckConfig {
        /// The file.
        file: PathBuf,
    },
}

/// The opening book and the position database the app ships (the pages'
/// worker loads the same files), for the computer's perfect play.
fn game_data(app: &AppFiles) -> SolvedPositions {
    let mut solved = SolvedPositions::default();
    if let Some(bytes) = app.read("book.c4b")
        && let Err(e) = solved.load_book(&bytes)
    {
        tracing::warn!("the app's book.c4b is not an opening book: {e}");
    }
    if let Some(bytes) = app.read("layer12.c4l")
        && let Err(e) = solved.load_database(&bytes)
    {
        tracing::warn!("the app's layer12.c4l is not a position database: {e}");
    }
    if solved.book().is_none() || solved.database().is_none() {
        tracing::warn!(
            "the app has no opening book or position database: a Perfect move that takes over {} s is the Hard search's",
            engine::player::PERFECT_TIME_LIMIT_MS / 1000.0
        );
    }
    solved
}

/// `--own-screens`' word.
fn own_screens(word: &str) -> Result<OwnScreens, String> {
    OwnScreens::parse(word).ok_or_else(|| format!("`{word}` is neither `loopback` nor `localhost`"))
}

fn main() -> ExitCode {
    start_logging();
    match Cli::parse().command {
        Command::CheckConfig { file } => check_config(&file),
        Command::RobotCheck {
            robot,
            baud,
            no_questions,
        } => robot_check(&robot, baud, no_questions),
        Command::Simulate {
            delay_ms,
            fault_rate,
            seed,
        } => simulate(delay_ms, fault_rate, seed),
        Command::Serve {
            config,
            robot,
            port,
            app_dir,
            lan,
            records,
            own_screens,
        } => {
            let overrides = Overrides {
                robot,
                port,
                app_dir,
                records,
            };
            match booth_config(config.as_deref(), overrides) {
                Ok(cfg) => match serve(cfg, lan, own_screens, config) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("error: {e}");
                        ExitCode::FAILURE
                    }
                },
                Err(problems) => {
                    for p in problems {
                        eprintln!("config: {p}");
                    }
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Logs to stderr, and the robot's commands, replies and faults also to
/// its journal.
fn start_logging() {
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let console = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        // Colour codes only for a person at a terminal: a log file or the
        // journal gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        );
    let journal = tracing_subscriber::fmt::layer()
        .with_writer(|| bridge::journal::JournalWriter)
        .with_ansi(false)
        .with_filter(
            tracing_subscriber::filter::Targets::new().with_target("robot", tracing::Level::INFO),
        );
    tracing_subscriber::registry()
        .with(console)
        .with(journal)
        .init();
}

/// `check-config`: every problem of the file, or "ok".
fn check_config(file: &Path) -> ExitCode {
    match Config::load(file).map(|c| c.path_problems()) {
        Ok(missing) if missing.is_empty() => {
            println!("{}: ok", file.display());
            ExitCode::SUCCESS
        }
        Ok(problems) | Err(problems) => {
            for p in problems {
                eprintln!("{}: {p}", file.display());
            }
            ExitCode::FAILURE
        }
    }
}

/// `robot-check`: the bring-up steps against a serial port, or against
/// the emulated Uno with its world as the witness.
fn robot_check(robot: &str, baud: u32, no_questions: bool) -> ExitCode {
    use bridge::robot_check::{self, EmulatedWorld, Person};
    let mut out = std::io::stdout();
    let passed = if robot == "emulated" {
        let options = EmulatorOptions::new(emulated_robot::default_build(), baud);
        match EmulatedRobot::start(&options) {
            Ok(uno) => robot_check::run(uno.path(), baud, &mut EmulatedWorld(&uno), &mut out),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        let mut person = Person {
            input: std::io::stdin().lock(),
            output: std::io::stdout(),
            ask: !no_questions,
        };
        robot_check::run(Path::new(robot), baud, &mut person, &mut out)
    };
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `simulate`: a simulated robot on a pseudo-terminal until stopped.
fn simulate(delay_ms: u64, fault_rate: f64, seed: u64) -> ExitCode {
    if !(0.0..=1.0).contains(&fault_rate) {
        eprintln!("error: --fault-rate must be between 0 and 1");
        return ExitCode::FAILURE;
    }
    let config = SimulatorConfig {
        motion: Duration::from_millis(delay_ms),
        faults: FaultRates::uniform(fault_rate),
        seed,
        render: true,
        ..SimulatorConfig::default()
    };
    match Simulator::start(config) {
        Ok(sim) => {
            println!("simulated robot ready: connect to {}", sim.path().display());
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
        Err(e) => {
            eprintln!("error: cannot start the simulator: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What `serve`'s options say over the config file.
struct Overrides {
    robot: Option<String>,
    port: Option<u16>,
    app_dir: Option<PathBuf>,
    records: Option<PathBuf>,
}

/// The booth's configuration: the file (or the defaults), the options over
/// it, checked whole.
fn booth_config(file: Option<&Path>, overrides: Overrides) -> Result<Config, Vec<String>> {
    let mut cfg = file.map(Config::load).transpose()?.unwrap_or_default();
    if let Some(r) = overrides.robot {
        cfg.robot = r.into();
    }
    if let Some(p) = overrides.port {
        cfg.port = p;
    }
    if let Some(d) = overrides.app_dir {
        cfg.app_dir = Some(d);
    }
    if let Some(r) = overrides.records {
        cfg.records = Some(r);
    }
    let problems = cfg.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    // A robot port may appear later (the link keeps trying); a missing app
    // is refused by `serve` itself.
    if let Some(p) = cfg.missing_robot() {
        tracing::warn!("config: {p}");
    }
    Ok(cfg)
}

fn serve(
    cfg: Config,
    lan: bool,
    own_screens: OwnScreens,
    config_file: Option<PathBuf>,
) -> Result<(), Box<dyn std::error::Error>> {
    let app = match (&cfg.app_dir, AppFiles::embedded()) {
        (Some(dir), _) => AppFiles::folder(dir)?,
        (None, Some(embedded)) => embedded,
        (None, None) => AppFiles::folder(Path::new("dist"))?,
    };
    // The simulator lives as long as the server.
    let robot_target = robot_target(&cfg)?;
    let records_path = cfg.records.clone().unwrap_or_else(records::default_path);
    let records = open_records(&records_path)?;
    let journal_path = records_path.with_file_name("robot.log");
    if let Err(e) = bridge::journal::start(&journal_path) {
        tracing::warn!("no robot journal at {}: {e}", journal_path.display());
    }
    let robot = RobotLink::spawn(
        robot_target.target.clone(),
        cfg.timeouts(),
        Box::new(LineCodec),
    );
    let mut booth = Booth::new(
        robot,
        Duration::from_secs(cfg.idle_ask_s),
        Duration::from_secs(cfg.idle_free_s),
        records,
    );
    booth.reconfigure(cfg.booth_settings());
    booth.set_game_data(game_data(&app));
    let token = given_or_new(&cfg.lan_token);
    let operator_token = given_or_new(&cfg.operator_token);
    let join_url = lan.then(|| format!("http://{}:{}/?token={token}", lan_address(), cfg.port));
    booth.set_join_url(join_url.clone());
    let server = ServerConfig {
        port: cfg.port,
        lan,
        token: if lan { token.clone() } else { String::new() },
        allowed_origins: cfg.allowed_origins.clone(),
        app: app.clone(),
        own_screens,
        simulator: robot_target.simulator.clone(),
        operator_token: operator_token.clone(),
        operator_on_lan: cfg.operator_on_lan,
        config: cfg.clone().into(),
        config_file,
        limits: Limits::default().within_files(raise_file_limit(FILES_WANTED)),
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async move {
        let listener = bridge::server::connections::Listeners::bind(lan, cfg.port).await?;
        greet(
            &cfg,
            &app,
            &operator_token,
            &records_path,
            &journal_path,
            join_url.as_deref(),
        );
        bridge::run(listener, booth, server, stop_signal()).await;
        println!("stopped");
        Ok::<(), std::io::Error>(())
    })?;
    // Dropping the runtime ends every connection; the simulator or the
    // emulated Uno, if any, removes its link as it goes.
    drop(runtime);
    drop(robot_target);
    Ok(())
}

/// The robot's port, and what runs behind it when the bridge started it:
/// the simulator or the emulated Uno, which live as long as the server.
struct RobotTarget {
    target: Target,
    simulator: Option<Arc<Simulator>>,
    _emulated: Option<EmulatedRobot>,
}

/// Where the robot is: nowhere (`dummy`), a simulator or an emulated Uno
/// started here, or a serial port.
fn robot_target(cfg: &Config) -> Result<RobotTarget, Box<dyn std::error::Error>> {
    let serial = |path: PathBuf| Target::Serial {
        path,
        baud: cfg.baud,
    };
    Ok(match &cfg.robot {
        RobotPort::Dummy => RobotTarget {
            target: Target::Dummy,
            simulator: None,
            _emulated: None,
        },
        RobotPort::Simulated => {
            let sim = Simulator::start(SimulatorConfig::default())?;
            RobotTarget {
                target: serial(sim.path().to_path_buf()),
                simulator: Some(Arc::new(sim)),
                _emulated: None,
            }
        }
        RobotPort::Emulated => {
            let options = EmulatorOptions::new(emulated_robot::default_build(), cfg.baud);
            let uno = EmulatedRobot::start(&options)?;
            RobotTarget {
                target: serial(uno.path().to_path_buf()),
                simulator: None,
                _emulated: Some(uno),
            }
        }
        RobotPort::Serial(path) => RobotTarget {
            target: serial(path.clone()),
            simulator: None,
            _emulated: None,
        },
    })
}

/// The games' records. A file another bridge holds stops this one; any
/// other problem leaves the booth playing, counting in memory (the
/// operator page says that nothing is kept).
fn open_records(path: &Path) -> Result<Records, Box<dyn std::error::Error>> {
    match Records::open(path) {
        Ok(records) => Ok(records),
        Err(e) if e.problem == OpenProblem::InUse => Err(e.into()),
        Err(e) => {
            tracing::error!("{e}; games are counted in memory only until the bridge stops");
            Ok(Records::memory_only(&e))
        }
    }
}

/// The configured token, or a new one when the config leaves it empty.
fn given_or_new(token: &str) -> String {
    if token.is_empty() {
        new_token()
    } else {
        token.to_string()
    }
}

/// What the staff reads at the start: the addresses, the files, and the
/// LAN's join address with its QR code.
fn greet(
    cfg: &Config,
    app: &AppFiles,
    operator_token: &str,
    records: &Path,
    journal: &Path,
    join_url: Option<&str>,
) {
    println!(
        "Connect Four booth at http://127.0.0.1:{}/ (robot: {}, {})",
        cfg.port,
        cfg.robot,
        app.describe()
    );
    println!(
        "operator page: http://127.0.0.1:{}/operator?token={operator_token}",
        cfg.port
    );
    if cfg.operator_on_lan && join_url.is_some() {
        // Never with the token: that address is typed on phones on the
        // Wi-Fi, and the page asks for the token once.
        println!(
            "operator page on the LAN: http://{}:{}/operator (asks for the token)",
            lan_address(),
            cfg.port
        );
    }
    println!("records: {}", records.display());
    println!("robot journal: {}", journal.display());
    if let Some(join_url) = join_url {
        println!("tablets on the LAN: {join_url}");
        if let Ok(code) = qrcode::QrCode::new(join_url.as_bytes()) {
            let picture = code
                .render::<qrcode::render::unicode::Dense1x2>()
                .quiet_zone(true)
                .build();
            println!("{picture}");
        }
    }
}

/// Files the bridge asks for: room for [`Limits::default`]'s connections.
const FILES_WANTED: u64 = 4096;

/// Completes on SIGTERM (systemd stopping the booth) or SIGINT (Ctrl-C).
async fn stop_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        tracing::warn!("cannot listen for SIGTERM: the bridge stops only when killed");
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM: stopping"),
        _ = int.recv() => tracing::info!("SIGINT: stopping"),
    }
}

/// This machine's address on the LAN: the source address of a route to a
/// documentation address (UDP "connect" sends nothing).
fn lan_address() -> String {
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map_or_else(
            |_| "<this machine's address>".into(),
            |a| a.ip().to_string(),
        )
}

fn new_token() -> String {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).expect("the OS has randomness");
    bytes.iter().map(|b| format!("{:02x}", b)).collect()
}
