//! The commands and the clock on a table alone: no server, no robot, no records; what
//! each returns is what the booth would do.

use std::collections::BTreeMap;
use std::time::Duration;

use super::*;
use crate::booth::change::Change;
use crate::booth::clock::Times;
use crate::booth::table::Page;
use crate::messages::{GameMode, NoticeCode, Role, VERSION};
use crate::records::Outcome;

fn levels() -> Vec<LevelSpec> {
    vec!["hard".parse().unwrap()]
}

/// A table with pages 1 and 2, both on this machine, and page 3 from
/// another device without the token.
fn table() -> Table {
    let mut table = Table::new();
    for (id, trusted) in [(1, true), (2, true), (3, false)] {
        let page = Page {
            role: None,
            session: format!("connection-{id}"),
            name: None,
            show_name: false,
            trusted,
            own_screen: trusted,
            address: if trusted {
                std::net::Ipv4Addr::LOCALHOST.into()
            } else {
                std::net::Ipv4Addr::new(192, 168, 1, 3).into()
            },
        };
        table.pages.insert(id, page);
    }
    table
}

/// Sends `message` from page `id`, the robot ready or not.
fn send(table: &mut Table, id: u64, message: ClientMessage, robot_ready: bool) -> Reply {
    let levels = levels();
    let tuning = BTreeMap::new();
    let context = Context {
        levels: &levels,
        tuning: &tuning,
        robot_ready,
    };
    let caller = table.caller(id).expect("a page");
    Command::parse(message).and_then(|command| command.apply(table, &caller, &context))
}

fn hello(session: &str, name: &str) -> ClientMessage {
    ClientMessage::Hello {
        v: VERSION,
        role: Role::Player,
        session: session.into(),
        name: Some(name.into()),
        show_name: false,
        token: None,
    }
}

fn start(mode: GameMode) -> ClientMessage {
    ClientMessage::Start {
        mode,
        computer_first: false,
        level: None,
    }
}

#[test]
fn a_page_without_the_token_gets_its_snapshot_then_the_refusal() {
    let mut t = table();
    assert_eq!(
        send(&mut t, 3, hello("lan", "Ada"), true),
        Ok(vec![
            Change::SnapshotFor(3),
            Change::Refused(ErrorCode::Token)
        ])
    );
    assert_eq!(t.pages[&3].role, Some(Role::Spectator));
    assert_eq!(
        send(&mut t, 3, start(GameMode::TwoPlayers), true),
        Err(ErrorCode::NotAllowed)
    );
    assert!(t.game.is_none());
}

#[test]
fn a_page_without_the_token_under_a_seated_session_learns_nothing_of_the_seat() {
    let mut t = table();
    send(&mut t, 1, hello("ada", "Ada"), true).unwrap();
    send(&mut t, 1, start(GameMode::VsComputer), true).unwrap();
    // Page 3 (another device, no token) says hello with Ada's session.
    let _ = send(&mut t, 3, hello("ada", "Ada"), true);
    let robot = crate::robot_link::RobotStatus {
        state: crate::robot_link::LinkState::Ready,
        fault: None,
        in_sync: true,
        placed: 0,
        behind: 0,
        port: "sim".into(),
    };
    let stranger = t.snapshot_for(
        3,
        robot.clone(),
        Duration::from_secs(60),
        Duration::from_secs(30),
    );
    assert_eq!(stranger.you, crate::messages::Part::Spectator);
    assert!(!stranger.can_move);
    let ada = t.snapshot_for(1, robot, Duration::from_secs(60), Duration::from_secs(30));
    assert_eq!(ada.you, crate::messages::Part::First);
    assert!(ada.can_move);
}

#[test]
fn a_coin_waits_for_the_robot_and_a_refused_coin_changes_nothing() {
    let mut t = table();
    send(&mut t, 1, hello("ada", "Ada"), true).unwrap();
    assert_eq!(
        send(&mut t, 1, start(GameMode::VsComputer), true),
        Ok(vec![Change::Game])
    );
    let coin = || ClientMessage::Move { column: 4 };
    assert_eq!(send(&mut t, 1, coin(), false), Err(ErrorCode::RobotBusy));
    assert_eq!(t.game.as_ref().unwrap().board.to_string(), "");
    assert_eq!(send(&mut t, 1, coin(), true), Ok(vec![Change::Coin]));
    assert_eq!(t.game.as_ref().unwrap().board.to_string(), "4");
    assert_eq!(send(&mut t, 1, coin(), true), Err(ErrorCode::NotYourTurn));
}

#[test]
fn a_restart_tells_the_other_person_and_closes_the_record() {
    let mut t = table();
    send(&mut t, 1, hello("ada", "Ada"), true).unwrap();
    send(&mut t, 2, hello("bob", "Bob"), true).unwrap();
    send(&mut t, 1, start(GameMode::TwoPlayers), true).unwrap();
    assert_eq!(
        send(&mut t, 2, ClientMessage::Join, true),
        Ok(vec![Change::Seats])
    );
    send(&mut t, 1, ClientMessage::Move { column: 1 }, true).unwrap();
    // The booth's records gave the game an entry on its first coin.
    t.game.as_mut().unwrap().record = Some(7);
    assert_eq!(
        send(&mut t, 2, start(GameMode::TwoPlayers), true),
        Err(ErrorCode::NotAllowed),
        "only the person who started it"
    );
    assert_eq!(
        send(&mut t, 1, start(GameMode::VsComputer), true),
        Ok(vec![
            Change::Notice {
                code: NoticeCode::Restarted,
                name: Some("Ada".into())
            },
            Change::RecordEnded {
                record: 7,
                outcome: Outcome::Restarted
            },
            Change::Game,
        ])
    );
}

#[test]
fn leaving_ends_the_game_and_names_who_left() {
    let mut t = table();
    send(&mut t, 1, hello("ada", "Ada"), true).unwrap();
    assert_eq!(
        send(&mut t, 2, ClientMessage::Leave, true),
        Err(ErrorCode::HelloFirst)
    );
    send(&mut t, 1, start(GameMode::VsComputer), true).unwrap();
    assert_eq!(
        send(&mut t, 1, ClientMessage::Leave, true),
        Ok(vec![
            Change::Notice {
                code: NoticeCode::PlayerLeft,
                name: Some("Ada".into())
            },
            Change::Game,
        ]),
        "no record before the first coin"
    );
    assert!(t.game.is_none());
}

#[test]
fn the_clock_asks_once_then_frees_the_seat() {
    let mut t = table();
    send(&mut t, 1, hello("ada", "Ada"), true).unwrap();
    send(&mut t, 1, start(GameMode::VsComputer), true).unwrap();
    let times = |ask, free| Times {
        idle_ask: Duration::from_millis(ask),
        idle_free: Duration::from_millis(free),
        grace: Duration::from_secs(30),
        offer: Duration::from_secs(120),
    };
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(
        t.tick(&times(10, 60_000), false),
        vec![Change::AskStillThere {
            session: "ada".into(),
            seconds_left: 59
        }]
    );
    assert_eq!(t.tick(&times(10, 60_000), false), vec![], "asked once");
    assert_eq!(
        t.tick(&times(10, 15), true),
        vec![],
        "the robot down stops the clock"
    );
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(
        t.tick(&times(10, 15), false),
        vec![
            Change::Notice {
                code: NoticeCode::EndedIdle,
                name: None
            },
            Change::Game
        ]
    );
}
