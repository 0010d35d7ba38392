//! The bridge's robot link against the reference firmware (`robot/firmware`)
//! running on the emulated Uno (`robot/emulator`), with the bridge's own
//! timeouts: whole games at two baud rates, every fault a real robot has,
//! and the bring-up check. The physical grid is the emulator's, built from
//! what the firmware's pins did, never from what the bridge asked.
//!
//! Needs `make -C robot` (`.ci/setup.sh` runs it).

use std::time::{Duration, Instant};

use bridge::codec::LineCodec;
use bridge::emulated_robot::{EmulatedRobot, EmulatorOptions};
use bridge::robot_link::{Desired, Fault, LinkState, OperatorRequest, RobotLink, Target, Timeouts};
use bridge::robot_protocol::Colour;
use engine::Board;
use engine::evaluation::Style;
use engine::{Level, Player};

/// `make -C robot`'s build: `$C4_ROBOT_BUILD`, else this repository's.
/// Not found from the test binary's own path, as the bridge finds it: the
/// binary may be built outside the repository (`.ci/setup.sh` keeps
/// Cargo's build folder elsewhere).
fn uno_build() -> std::path::PathBuf {
    std::env::var_os("C4_ROBOT_BUILD").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../robot/build"),
        Into::into,
    )
}

struct Rig {
    uno: EmulatedRobot,
    link: RobotLink,
}

fn rig(baud: u32) -> Rig {
    let uno = EmulatedRobot::start(&EmulatorOptions::new(uno_build(), baud))
        .unwrap_or_else(|e| panic!("{e}"));
    let link = link_to(&uno, baud);
    Rig { uno, link }
}

fn link_to(uno: &EmulatedRobot, baud: u32) -> RobotLink {
    RobotLink::spawn(
        Target::Serial {
            path: uno.path().to_path_buf(),
            baud,
        },
        Timeouts::default(),
        Box::new(LineCodec),
    )
}

/// The physical grid the board should be: per column, bottom first.
fn columns(board: &Board) -> [String; 7] {
    std::array::from_fn(|c| {
        (0..board.height(c))
            .map(|r| match board.cell(c, r).map(Colour::of) {
                Some(Colour::Yellow) => 'Y',
                Some(Colour::Red) => 'R',
                None => '.',
            })
            .collect()
    })
}

/// The lights the game should show, row by row from the bottom.
fn lights(board: &Board) -> String {
    let mut cells = vec!['.'; 42];
    if let (Some(winner), Some(line)) = (board.winner(), board.winning_line()) {
        let lit = if Colour::of(winner) == Colour::Yellow {
            'Y'
        } else {
            'R'
        };
        for cell in line {
            cells[usize::from(cell.row) * 7 + usize::from(cell.column)] = lit;
        }
    }
    cells.into_iter().collect()
}

/// What a failure says besides its own reason: how far the emulated chip
/// fell behind real time (a host too busy for it makes every motion miss
/// the bridge's timeouts) and the link's log.
fn story(rig: &Rig) -> String {
    format!(
        "the emulated Uno fell at most {} ms behind real time\n{:#?}",
        rig.uno.most_behind_ms(),
        rig.link.recent()
    )
}

fn wait_in_sync(rig: &Rig, within: Duration) {
    let start = Instant::now();
    loop {
        let s = rig.link.status().borrow().clone();
        if s.in_sync && s.state == LinkState::Ready {
            return;
        }
        assert!(
            start.elapsed() < within,
            "not in sync after {within:?}: {s:?}\n{}",
            story(rig)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn wait_for_fault(rig: &Rig, within: Duration, want: Fault) {
    let start = Instant::now();
    while start.elapsed() < within {
        let s = rig.link.status().borrow().clone();
        if s.state == LinkState::Fault {
            assert_eq!(s.fault, Some(want), "{}", story(rig));
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("no fault within {within:?}: {}", story(rig));
}

fn wait_for_log(rig: &Rig, within: Duration, needle: &str) {
    let start = Instant::now();
    while start.elapsed() < within {
        if rig.link.recent().iter().any(|e| e.text.contains(needle)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("no {needle:?} within {within:?}: {}", story(rig));
}

fn assert_physical(rig: &Rig, game: &Board, when: &str) {
    assert_eq!(
        rig.uno.grid().unwrap(),
        columns(game),
        "{when}: the physical grid differs from the game {game}\n{}",
        story(rig)
    );
}

/// A game between two of the engine's levels, every move through the robot.
fn play_game(rig: &Rig, seed: u64) -> Board {
    let mut players = [
        Player::new(Level::Medium.config(Style::Normal), seed),
        Player::new(Level::Easy.config(Style::Aggressive), seed + 1),
    ];
    let mut game = Board::new();
    rig.link.set_desired(Desired::of(&game));
    wait_in_sync(rig, Duration::from_secs(20));
    assert_physical(rig, &game, "a new game");
    while !game.is_over() {
        let mover = game.plies() % 2;
        let column = players[mover].choose(&game).expect("a move").column;
        game.play(column).unwrap();
        rig.link.set_desired(Desired::of(&game));
        wait_in_sync(rig, Duration::from_secs(20));
        assert_physical(rig, &game, "after a move");
    }
    assert_eq!(
        rig.uno.leds().unwrap(),
        lights(&game),
        "the lights of {game}"
    );
    game
}

fn whole_games(baud: u32, games: u64) {
    let rig = rig(baud);
    let mut won = 0;
    for seed in 0..games {
        let game = play_game(&rig, 100 * seed + u64::from(baud));
        won += usize::from(game.winner().is_some());
    }
    assert!(won > 0, "at least one game was won and lit");
    let log = rig.link.recent();
    assert!(
        !log.iter()
            .any(|e| e.text.contains("unreadable") || e.text.contains("no RECEIVED")),
        "the firmware kept the protocol: {log:#?}"
    );
}

#[test]
fn three_whole_games_at_115200_baud_leave_the_grid_and_lights_as_the_game_on_the_emulated_uno() {
    whole_games(115_200, 3);
}

#[test]
fn two_whole_games_at_9600_baud_leave_the_grid_and_lights_as_the_game_on_the_emulated_uno() {
    whole_games(9600, 2);
}

/// The game so far on the robot.
fn game_in_progress(rig: &Rig) -> Board {
    let game: Board = "4453".parse().unwrap();
    rig.link.set_desired(Desired::of(&game));
    wait_in_sync(rig, Duration::from_secs(30));
    game
}

fn next_move(rig: &Rig, game: &mut Board, column: usize) {
    game.play(column).unwrap();
    rig.link.set_desired(Desired::of(game));
}

#[test]
fn every_fault_at_9600_baud_is_recovered_with_the_grid_as_the_game_on_the_emulated_uno() {
    every_fault_is_recovered(9600);
}

#[test]
fn every_fault_at_115200_baud_is_recovered_with_the_grid_as_the_game_on_the_emulated_uno() {
    every_fault_is_recovered(115_200);
}

fn every_fault_is_recovered(baud: u32) {
    let rig = rig(baud);
    let mut game = game_in_progress(&rig);

    // A coin sticks in the chute: the robot says JAM and waits for a
    // person; the staff clear the chute and press reset on the operator
    // page.
    rig.uno.act("jam").unwrap();
    next_move(&rig, &mut game, 0);
    wait_for_fault(&rig, Duration::from_secs(10), Fault::Jammed);
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(
        rig.link.status().borrow().state,
        LinkState::Fault,
        "a jam needs a person"
    );
    rig.uno.act("unjam").unwrap();
    rig.link.request(OperatorRequest::Reset);
    wait_in_sync(&rig, Duration::from_secs(40));
    assert_physical(&rig, &game, "after the jam");

    // A magazine runs out: filling it is enough.
    rig.uno.act("empty R").unwrap();
    next_move(&rig, &mut game, 1);
    wait_for_fault(&rig, Duration::from_secs(10), Fault::MagazineEmpty);
    rig.uno.act("fill R").unwrap();
    wait_in_sync(&rig, Duration::from_secs(40));
    assert_physical(&rig, &game, "after the empty magazine");

    // The robot refuses a seventh coin in a column (the bridge never asks
    // one; a host with a wrong count would): nothing spills.
    let mut overfull = Desired::of(&game);
    overfull.coins = (0..7)
        .map(|i| {
            (
                if i % 2 == 0 {
                    Colour::Yellow
                } else {
                    Colour::Red
                },
                7,
            )
        })
        .collect();
    rig.link.set_desired(overfull);
    // Not latched: the robot is ready again at the next PING, too soon to
    // see in the status; the link's log has it.
    wait_for_log(&rig, Duration::from_secs(60), "ERROR FULL column 7 is full");
    rig.link.set_desired(Desired::of(&game));
    wait_in_sync(&rig, Duration::from_secs(60));
    assert_physical(&rig, &game, "after a column was full");
    rig.uno.control("state");
    rig.uno
        .wait_for(Duration::from_secs(5), |l| {
            l.starts_with("state") && l.ends_with("spilled 0")
        })
        .expect("no coin spilled");

    // The USB cable is pulled and plugged in again (the board restarts).
    rig.uno.act("unplug 1500").unwrap();
    next_move(&rig, &mut game, 2);
    wait_in_sync(&rig, Duration::from_secs(60));
    assert_physical(&rig, &game, "after the port closed");

    // Noise on the line both ways.
    rig.uno.act("noise 120").unwrap();
    next_move(&rig, &mut game, 3);
    wait_in_sync(&rig, Duration::from_secs(60));
    assert_physical(&rig, &game, "after noise on the line");

    // The bridge restarts mid-game: opening the port resets the Uno, which
    // forgets its count of coins while they still stand in the grid.
    drop(rig.link);
    rig.uno
        .wait_for(Duration::from_secs(10), |l| l == "closed")
        .expect("the old link let go of the port");
    let rig = Rig {
        link: link_to(&rig.uno, baud),
        uno: rig.uno,
    };
    rig.uno
        .wait_for(Duration::from_secs(10), |l| {
            l.starts_with("reset (the port opened")
        })
        .expect("the Uno reset when the port opened");
    next_move(&rig, &mut game, 4);
    wait_in_sync(&rig, Duration::from_secs(60));
    assert_physical(&rig, &game, "after the bridge opened the port again");
}

#[test]
fn the_bring_up_check_passes_and_finds_a_wrong_baud_rate_on_the_emulated_uno() {
    let bridge = env!("CARGO_BIN_EXE_connect4-bridge");
    let run = |baud: &str| {
        std::process::Command::new(bridge)
            .args(["robot-check", "--robot", "emulated", "--baud", baud])
            .env("C4_ROBOT_BUILD", uno_build())
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    };
    let good = run("115200");
    let text = String::from_utf8_lossy(&good.stdout);
    assert!(good.status.success(), "{text}");
    assert!(text.contains("5 of 5 steps passed."), "{text}");
    assert!(text.contains("ERROR JAM"), "{text}");

    // The most common mistake: the bridge at another speed than the
    // firmware's.
    let uno = EmulatedRobot::start(&EmulatorOptions::new(uno_build(), 115_200)).unwrap();
    let mut report = Vec::new();
    let passed = bridge::robot_check::run(
        uno.path(),
        9600,
        &mut bridge::robot_check::EmulatedWorld(&uno),
        &mut report,
    );
    let report = String::from_utf8(report).unwrap();
    assert!(!passed, "{report}");
    assert!(report.contains("the baud rate"), "{report}");
}
