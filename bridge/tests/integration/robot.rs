//! The robot link against the simulator on a real pseudo-terminal pair.

use std::time::{Duration, Instant};

use bridge::codec::LineCodec;
use bridge::robot_link::{Desired, LinkState, RobotLink, Target, Timeouts};
use bridge::robot_protocol::Colour;
use bridge::simulator::{Fault, FaultRates, Grid, Simulator, SimulatorConfig};
use engine::Board;

fn quick() -> SimulatorConfig {
    SimulatorConfig {
        motion: Duration::from_millis(5),
        repair: Duration::from_millis(300),
        replug: Duration::from_millis(200),
        link: std::env::temp_dir().join(format!(
            "c4sim-test-{}-{}",
            std::process::id(),
            rand_suffix()
        )),
        ..SimulatorConfig::default()
    }
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::SeqCst)
}

fn timeouts() -> Timeouts {
    Timeouts {
        received: Duration::from_millis(300),
        drop: Duration::from_millis(1000),
        clear: Duration::from_millis(1000),
        led: Duration::from_millis(500),
        poll: Duration::from_millis(100),
    }
}

/// A link to the robot on the pseudo-terminal at `path`.
fn link(path: impl Into<std::path::PathBuf>) -> RobotLink {
    RobotLink::spawn(
        Target::Serial {
            path: path.into(),
            baud: 115_200,
        },
        timeouts(),
        Box::new(LineCodec),
    )
}

/// The grid the board says the robot should show.
fn expected_grid(board: &Board) -> Grid {
    let mut grid: Grid = [[None; 6]; 7];
    for (c, column) in grid.iter_mut().enumerate() {
        for (r, cell) in column.iter_mut().enumerate() {
            *cell = board.cell(c, r).map(Colour::of);
        }
    }
    grid
}

fn wait_in_sync(link: &RobotLink, within: Duration) {
    let start = Instant::now();
    loop {
        let s = link.status().borrow().clone();
        if s.in_sync && s.state == LinkState::Ready {
            return;
        }
        assert!(
            start.elapsed() < within,
            "not in sync after {within:?}: {s:?} {:#?}",
            link.recent()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_whole_game_drives_the_grid_move_by_move() {
    let sim = Simulator::start(quick()).unwrap();
    let robot = link(sim.path());
    wait_in_sync(&robot, Duration::from_secs(5));
    let board: Board = "4453432232".parse().unwrap();
    let mut game = Board::new();
    for column in board.moves() {
        game.play(column).unwrap();
        robot.set_desired(Desired::of(&game));
        wait_in_sync(&robot, Duration::from_secs(5));
        assert_eq!(sim.grid(), expected_grid(&game), "after {game}");
    }
    assert_eq!(
        sim.counters()
            .host_faults
            .load(std::sync::atomic::Ordering::SeqCst),
        0
    );
    // A new game clears the grid.
    robot.set_desired(Desired::default());
    wait_in_sync(&robot, Duration::from_secs(5));
    assert_eq!(sim.grid(), [[None; 6]; 7]);
}

#[test]
fn a_jam_is_reported_and_the_grid_rebuilt() {
    let sim = Simulator::start(quick()).unwrap();
    let robot = link(sim.path());
    let game: Board = "4453".parse().unwrap();
    robot.set_desired(Desired::of(&game));
    wait_in_sync(&robot, Duration::from_secs(5));
    sim.inject_on_next_drop(Fault::Jam);
    let next: Board = "44531".parse().unwrap();
    robot.set_desired(Desired::of(&next));
    let start = Instant::now();
    let mut saw_fault = false;
    while start.elapsed() < Duration::from_secs(5) && !saw_fault {
        let s = robot.status().borrow().clone();
        if s.state == LinkState::Fault {
            saw_fault = true;
            assert_eq!(s.fault, Some(bridge::robot_link::Fault::Jammed), "{s:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(saw_fault, "the jam was reported");
    wait_in_sync(&robot, Duration::from_secs(10));
    assert_eq!(sim.grid(), expected_grid(&next), "cleared and replayed");
    assert_eq!(
        sim.counters()
            .host_faults
            .load(std::sync::atomic::Ordering::SeqCst),
        0,
        "the host kept the rules"
    );
}

#[test]
fn every_fault_type_is_recovered_and_the_game_survives() {
    let config = SimulatorConfig {
        faults: FaultRates::uniform(0.2),
        seed: 7,
        ..quick()
    };
    let sim = Simulator::start(config).unwrap();
    let robot = link(sim.path());
    let mut game = Board::new();
    for column in "2252576253462244"
        .chars()
        .map(|c| c as usize - '1' as usize)
    {
        game.play(column).unwrap();
        robot.set_desired(Desired::of(&game));
        wait_in_sync(&robot, Duration::from_secs(60));
        let log: Vec<String> = robot.recent().into_iter().map(|e| e.text).collect();
        let lines: Vec<String> = sim.take_received().into_iter().map(|e| e.1).collect();
        assert_eq!(
            sim.grid(),
            expected_grid(&game),
            "after {game}: {log:#?} {lines:?}"
        );
    }
    assert!(
        sim.counters()
            .faults_injected
            .load(std::sync::atomic::Ordering::SeqCst)
            > 0
    );
    assert_eq!(
        sim.counters()
            .host_faults
            .load(std::sync::atomic::Ordering::SeqCst),
        0
    );
}

#[test]
fn a_win_lights_the_four_cells() {
    let sim = Simulator::start(quick()).unwrap();
    let robot = link(sim.path());
    let won: Board = "1212121".parse().unwrap();
    robot.set_desired(Desired::of(&won));
    wait_in_sync(&robot, Duration::from_secs(5));
    assert!(
        robot
            .recent()
            .iter()
            .any(|e| e.text.starts_with("LED Y 11 12 13 14")),
        "{:?}",
        robot.recent()
    );
}

#[test]
fn each_fault_alone_is_recovered_with_the_grid_in_step() {
    for fault in [
        Fault::MissingReceived,
        Fault::Timeout,
        Fault::Close,
        Fault::Jam,
    ] {
        let sim = Simulator::start(quick()).unwrap();
        let robot = link(sim.path());
        let mut game: Board = "4453".parse().unwrap();
        robot.set_desired(Desired::of(&game));
        wait_in_sync(&robot, Duration::from_secs(5));
        sim.inject_on_next_drop(fault);
        game.play(1).unwrap();
        robot.set_desired(Desired::of(&game));
        wait_in_sync(&robot, Duration::from_secs(10));
        assert_eq!(sim.grid(), expected_grid(&game), "{fault:?}");
        let counters = sim.counters();
        assert_eq!(
            counters
                .faults_injected
                .load(std::sync::atomic::Ordering::SeqCst),
            1,
            "{fault:?}"
        );
        assert_eq!(
            counters
                .host_faults
                .load(std::sync::atomic::Ordering::SeqCst),
            0,
            "{fault:?}"
        );
        let log: Vec<String> = robot.recent().into_iter().map(|e| e.text).collect();
        let expected = match fault {
            Fault::MissingReceived => "no RECEIVED",
            Fault::Timeout => "no READY",
            Fault::Close => "the port closed",
            Fault::Jam => "ERROR JAM",
        };
        assert!(
            log.iter().any(|l| l.contains(expected)),
            "{fault:?}: {log:#?}"
        );
    }
}

#[test]
fn the_operators_requests_rebuild_the_grid_and_flash_the_leds() {
    use bridge::robot_link::OperatorRequest;
    let sim = Simulator::start(quick()).unwrap();
    let robot = link(sim.path());
    wait_in_sync(&robot, Duration::from_secs(5));
    let game: Board = "44536".parse().unwrap();
    robot.set_desired(Desired::of(&game));
    wait_in_sync(&robot, Duration::from_secs(5));
    sim.take_received();
    for request in [
        OperatorRequest::Rebuild,
        OperatorRequest::TestLeds,
        OperatorRequest::Reset,
    ] {
        robot.request(request);
        // The request is taken at once: out of step until it is done.
        assert!(!robot.status().borrow().in_sync);
        wait_in_sync(&robot, Duration::from_secs(5));
        assert_eq!(sim.grid(), expected_grid(&game), "after {request:?}");
    }
    let sent: Vec<String> = sim.take_received().into_iter().map(|(_, l)| l).collect();
    let clears = sent.iter().filter(|l| l.starts_with("CLEAR")).count();
    assert_eq!(clears, 2, "rebuild and reset each clear once: {sent:?}");
    assert!(sent.iter().any(|l| l.starts_with("LED ")), "{sent:?}");
    assert!(sent.iter().any(|l| l.starts_with("RESET")), "{sent:?}");
    assert_eq!(
        sent.iter().filter(|l| l.starts_with("DROP")).count(),
        2 * 5,
        "the game's five coins, dropped again twice: {sent:?}"
    );
}

/// A pseudo-terminal for a robot a test scripts itself: its side, read
/// with `timeout`, and the path the link opens.
fn scripted_robot(timeout: Duration) -> (serialport::TTYPort, String) {
    use serialport::SerialPort;
    let (mut robot, host_side) = serialport::TTYPort::pair().unwrap();
    robot.set_timeout(timeout).unwrap();
    let path = host_side.name().unwrap();
    (robot, path)
}

/// What a scripted robot reads in one go (waiting up to its port's
/// timeout): the host's commands it completed, trimmed.
fn read_commands(
    robot: &mut serialport::TTYPort,
    pending: &mut Vec<u8>,
) -> std::io::Result<Vec<String>> {
    use std::io::Read;
    let mut chunk = [0u8; 64];
    let n = robot.read(&mut chunk)?;
    pending.extend_from_slice(&chunk[..n]);
    let mut lines = Vec::new();
    while let Some(end) = pending.iter().position(|&b| b == b'\n') {
        let line: Vec<u8> = pending.drain(..=end).collect();
        lines.push(String::from_utf8_lossy(&line).trim().to_string());
    }
    Ok(lines)
}

/// A scripted robot's life: each command the host sends goes to
/// `respond`, with the robot's port to answer on, until `stop` is set.
fn answer_commands(
    robot: &mut serialport::TTYPort,
    stop: &std::sync::atomic::AtomicBool,
    mut respond: impl FnMut(&mut serialport::TTYPort, String),
) {
    let mut pending = Vec::new();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let Ok(lines) = read_commands(robot, &mut pending) else {
            continue;
        };
        for command in lines {
            respond(robot, command);
        }
    }
}

#[test]
fn a_robot_sending_endless_bytes_without_a_newline_is_survived() {
    use std::io::Write;
    let (mut robot, path) = scripted_robot(Duration::from_millis(100));
    // A robot that babbles 8 MiB with no newline before its first answer,
    // then speaks the protocol.
    let babbler = std::thread::spawn(move || {
        let until = Instant::now() + Duration::from_secs(60);
        let mut pending = Vec::new();
        let mut commands: Vec<String> = Vec::new();
        while Instant::now() < until {
            // Nothing to read yet (or the host has not opened its side).
            let Ok(lines) = read_commands(&mut robot, &mut pending) else {
                std::thread::sleep(Duration::from_millis(5));
                continue;
            };
            for command in lines {
                if commands.is_empty() {
                    for _ in 0..(8 << 10) {
                        robot.write_all(&[b'x'; 1024]).unwrap();
                    }
                    robot.write_all(b"\n").unwrap();
                }
                let answer: &[u8] = if command == "PING" {
                    b"READY\n"
                } else {
                    b"RECEIVED\nREADY\n"
                };
                robot.write_all(answer).unwrap();
                let done = command.starts_with("DROP");
                commands.push(command);
                if done {
                    return commands;
                }
            }
        }
        commands
    });
    let link = link(path);
    let board: Board = "4".parse().unwrap();
    link.set_desired(Desired::of(&board));
    let commands = babbler.join().unwrap();
    assert_eq!(
        commands.last().map(String::as_str),
        Some("DROP Y 4"),
        "{commands:?}"
    );
    let log = link.recent();
    assert!(
        log.iter().any(|e| e.text.contains("more than 64 bytes")),
        "{log:?}"
    );
}

/// A `READY` that answers an earlier `PING` and arrives late (a busy robot
/// or host) must not be read as proof that a `DROP` was lost: the coin may
/// be in, and dropping it again would put two coins where the game has one.
#[test]
fn a_late_ready_never_makes_a_coin_drop_twice() {
    use std::io::Write;
    let (mut robot, path) = scripted_robot(Duration::from_millis(20));
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stop = std::sync::Arc::clone(&done);
    // A robot that keeps its own grid (coins per column) and is slow once:
    // the first DROP is answered after the host's RECEIVED timeout, behind
    // a stale READY.
    let scripted = std::thread::spawn(move || {
        let mut heights = [0u8; 7];
        let mut slow_once = true;
        answer_commands(&mut robot, &stop, |robot, command| {
            let answer: &[u8] = if command == "PING" {
                b"READY\n"
            } else if command == "CLEAR" {
                heights = [0; 7];
                b"RECEIVED\nREADY\n"
            } else if let Some(column) = command.strip_prefix("DROP Y ") {
                heights[column.parse::<usize>().unwrap() - 1] += 1;
                if std::mem::take(&mut slow_once) {
                    std::thread::sleep(timeouts().received * 2);
                    b"READY\nRECEIVED\nREADY\n"
                } else {
                    b"RECEIVED\nREADY\n"
                }
            } else {
                b"RECEIVED\nREADY\n"
            };
            robot.write_all(answer).unwrap();
        });
        heights
    });
    let link = link(path);
    wait_in_sync(&link, Duration::from_secs(5));
    let board: Board = "4".parse().unwrap();
    link.set_desired(Desired::of(&board));
    // Out of step first, then in step once the robot has the coin.
    std::thread::sleep(Duration::from_millis(50));
    wait_in_sync(&link, Duration::from_secs(10));
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let heights = scripted.join().unwrap();
    assert_eq!(
        heights,
        [0, 0, 0, 1, 0, 0, 0],
        "the robot's grid once the link says it is in step: {:#?}",
        link.recent()
    );
}

/// After a lost command the robot may still answer it, late: those
/// answers must not be read as the next command's. A robot, slow once,
/// sends a stale `READY` (taken for the answer to the link's `PING`, so
/// the `DROP` counts as lost) and then does the `DROP` after all. When the
/// link says it is in step, the robot must hold the coin: not be about to
/// drop it, with the link a command ahead.
#[test]
fn a_late_answer_never_counts_for_the_next_command() {
    use std::io::Write;
    use std::sync::{Arc, Mutex};
    let (mut robot, path) = scripted_robot(Duration::from_millis(20));
    let heights = Arc::new(Mutex::new([0u8; 7]));
    let grid = Arc::clone(&heights);
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stop = Arc::clone(&done);
    let motion = Duration::from_millis(150);
    let scripted = std::thread::spawn(move || {
        let mut slow_once = true;
        answer_commands(&mut robot, &stop, |robot, command| {
            if command == "PING" {
                robot.write_all(b"READY\n").unwrap();
                return;
            }
            if command.starts_with("DROP") && std::mem::take(&mut slow_once) {
                std::thread::sleep(timeouts().received * 3 / 2);
                robot.write_all(b"READY\n").unwrap();
            }
            robot.write_all(b"RECEIVED\n").unwrap();
            if command == "CLEAR" {
                std::thread::sleep(motion);
                *grid.lock().unwrap() = [0; 7];
            } else if let Some(drop) = command.strip_prefix("DROP ") {
                std::thread::sleep(motion);
                let column: usize = drop[2..].parse().unwrap();
                grid.lock().unwrap()[column - 1] += 1;
            }
            robot.write_all(b"READY\n").unwrap();
        });
    });
    let link = link(path);
    wait_in_sync(&link, Duration::from_secs(5));
    // Each coin in turn: the robot must hold it when the link says so.
    let mut held = Vec::new();
    for moves in ["4", "44", "444"] {
        let board: Board = moves.parse().unwrap();
        link.set_desired(Desired::of(&board));
        std::thread::sleep(Duration::from_millis(50));
        wait_in_sync(&link, Duration::from_secs(10));
        held.push(heights.lock().unwrap()[3]);
    }
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    scripted.join().unwrap();
    assert_eq!(
        held,
        [1, 2, 3],
        "coins in column 4 each time the link said it was in step: {:#?}",
        link.recent()
    );
}

/// A robot may report a fault by itself while nothing is asked of it (a
/// coin jammed late, a door opened). The link must not drop that line: the
/// page hears of the fault, and once the robot is ready the grid is
/// rebuilt, since what the robot holds is no longer known.
#[test]
fn an_error_reported_while_idle_is_a_fault_and_the_grid_is_rebuilt() {
    use std::io::Write;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    let (mut robot, path) = scripted_robot(Duration::from_millis(20));
    let jam = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let commands = Arc::new(Mutex::new(Vec::<String>::new()));
    let (jam_now, stop, seen) = (Arc::clone(&jam), Arc::clone(&done), Arc::clone(&commands));
    let scripted = std::thread::spawn(move || {
        let mut pending = Vec::new();
        let mut error_until: Option<Instant> = None;
        while !stop.load(Ordering::SeqCst) {
            if jam_now.swap(false, Ordering::SeqCst) {
                robot
                    .write_all(b"ERROR JAM coin stuck in the chute\n")
                    .unwrap();
                error_until = Some(Instant::now() + Duration::from_millis(400));
            }
            let Ok(lines) = read_commands(&mut robot, &mut pending) else {
                continue;
            };
            for command in lines {
                let in_error = error_until.is_some_and(|until| Instant::now() < until);
                let answer: &[u8] = match (in_error, command.as_str()) {
                    (true, _) => b"ERROR JAM coin stuck in the chute\n",
                    (false, "PING") => b"READY\n",
                    _ => b"RECEIVED\nREADY\n",
                };
                robot.write_all(answer).unwrap();
                seen.lock().unwrap().push(command);
            }
        }
    });
    let link = link(path);
    let board: Board = "4".parse().unwrap();
    link.set_desired(Desired::of(&board));
    std::thread::sleep(Duration::from_millis(50));
    wait_in_sync(&link, Duration::from_secs(10));
    commands.lock().unwrap().clear();
    let mut status = link.status();
    jam.store(true, Ordering::SeqCst);
    let start = Instant::now();
    while status.borrow_and_update().state != LinkState::Fault {
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "no fault: {:#?}",
            link.recent()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(50));
    wait_in_sync(&link, Duration::from_secs(10));
    done.store(true, Ordering::SeqCst);
    scripted.join().unwrap();
    let after: Vec<String> = commands
        .lock()
        .unwrap()
        .iter()
        .filter(|c| *c != "PING")
        .cloned()
        .collect();
    assert_eq!(
        after,
        ["CLEAR", "DROP Y 4", "LEDOFF"],
        "{:#?}",
        link.recent()
    );
}

/// A robot line that spews garbage: the link notes it at most once a
/// second, with a count, and finds the robot once it talks sense again.
#[test]
fn a_robot_spewing_garbage_is_noted_once_a_second() {
    use std::io::Write;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let (mut robot, path) = scripted_robot(Duration::from_millis(20));
    let spew = Duration::from_millis(2500);
    let done = Arc::new(AtomicBool::new(false));
    let stop = Arc::clone(&done);
    let scripted = std::thread::spawn(move || {
        let started = Instant::now();
        let mut lines = 0u64;
        let burst = b"~%&#GARBAGE~~\n".repeat(64);
        while started.elapsed() < spew {
            if robot.write_all(&burst).is_ok() {
                lines += 64;
            }
        }
        // Then a robot that answers.
        answer_commands(&mut robot, &stop, |robot, command| {
            let answer: &[u8] = if command == "PING" {
                b"READY\n"
            } else {
                b"RECEIVED\nREADY\n"
            };
            let _ = robot.write_all(answer);
        });
        lines
    });
    let link = link(path);
    std::thread::sleep(spew + Duration::from_millis(500));
    let noted: Vec<String> = link
        .recent()
        .into_iter()
        .map(|e| e.text)
        .filter(|t| t.contains("unreadable") || t.contains("more than"))
        .collect();
    wait_in_sync(&link, Duration::from_secs(10));
    done.store(true, Ordering::SeqCst);
    let lines = scripted.join().unwrap();
    assert!(lines > 1000, "the robot spewed only {lines} lines");
    assert!(
        !noted.is_empty() && noted.len() <= 4,
        "garbage noted {} times: {noted:#?}",
        noted.len()
    );
    assert!(
        noted
            .iter()
            .any(|t| t.contains("more such lines not noted")),
        "{noted:#?}"
    );
}
