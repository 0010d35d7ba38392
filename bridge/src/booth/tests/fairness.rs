//! Fairness at the robot, on the booth without a server: the line, the
//! turn's limit, the rest after a limit, the staff's bar.

use std::time::{Duration, Instant};

use super::*;

/// A phone on the LAN with the token: page `id` from its own address.
fn phone(b: &mut Booth, id: u64, session: &str, name: &str) -> Inbox {
    let inbox = page(b, id, false);
    b.trust(id);
    assert_eq!(b.handle(id, hello(Role::Player, session, name)), None);
    inbox
}

fn against_computer() -> ClientMessage {
    ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: None,
    }
}

fn for_two() -> ClientMessage {
    ClientMessage::Start {
        mode: GameMode::TwoPlayers,
        computer_first: false,
        level: None,
    }
}

fn seats(b: &Booth) -> [Option<String>; 2] {
    b.game_summary().map(|g| g.names).unwrap_or_default()
}

#[test]
fn a_player_who_answers_every_question_still_loses_the_robot_at_the_turns_limit() {
    let mut b = booth();
    b.times.idle_ask = Duration::from_millis(40);
    b.times.idle_free = Duration::from_millis(100);
    assert_eq!(b.times.turn_limit(), Duration::from_millis(300));
    let mut holder = phone(&mut b, 1, "hold", "Hal");
    assert_eq!(b.handle(1, against_computer()), None);
    ready(&mut b);
    let began = Instant::now();
    // Every question answered at once.
    while b.game_summary().is_some() {
        assert!(
            began.elapsed() < Duration::from_secs(5),
            "the game never ended"
        );
        b.tick();
        while let Ok(m) = holder.try_recv() {
            if matches!(m, ServerMessage::StillThere { .. }) {
                assert_eq!(b.handle(1, ClientMessage::StillHere), None);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(began.elapsed() >= Duration::from_millis(290));
    // It ran into a limit: another device goes first for a while.
    assert_eq!(
        refused(b.handle(1, against_computer())),
        Some(ErrorCode::OthersFirst)
    );
    let _other = phone(&mut b, 2, "next", "Ned");
    assert_eq!(b.handle(2, against_computer()), None);
    assert_eq!(seats(&b)[0].as_deref(), Some("Ned"));
}

#[test]
fn who_finds_the_robot_busy_gets_in_line_and_the_player_cannot_start_again_before_them() {
    let mut b = booth();
    let _holder = phone(&mut b, 1, "hold", "Hal");
    assert_eq!(b.handle(1, for_two()), None);
    let mut waiting = phone(&mut b, 2, "wait", "Wim");
    // A game for two is an offer: a third device does not join it but
    // asks for a game of its own.
    assert_eq!(b.handle(2, against_computer()), None);
    let s = last_snapshot(&mut waiting);
    assert_eq!((s.line, s.line_place), (1, Some(1)));
    // Once per device: a new session from the same phone is not a second
    // place.
    let _again = page(&mut b, 3, false);
    b.trust(3);
    b.handle(3, hello(Role::Player, "wait-2", "Wes"));
    let same_phone = b.table.pages.get_mut(&3).expect("page 3");
    same_phone.address = std::net::Ipv4Addr::new(192, 168, 1, 2).into();
    assert_eq!(
        refused(b.handle(3, against_computer())),
        Some(ErrorCode::Busy)
    );
    assert_eq!(b.line(), 1);
    // The one playing cannot renew the offer while someone waits.
    assert_eq!(
        refused(b.handle(1, for_two())),
        Some(ErrorCode::OthersFirst)
    );
    // The offer runs out: the robot is free, and the waiting phone's.
    b.times.offer = Duration::ZERO;
    b.tick();
    assert!(b.game_summary().is_none());
    assert_eq!(
        refused(b.handle(1, for_two())),
        Some(ErrorCode::OthersFirst)
    );
    let _late = phone(&mut b, 4, "late", "Lou");
    assert_eq!(b.handle(4, against_computer()), None, "in line behind");
    assert_eq!(b.line(), 2);
    assert!(b.game_summary().is_none());
    assert_eq!(b.handle(2, against_computer()), None);
    assert_eq!(seats(&b)[0].as_deref(), Some("Wim"));
    assert_eq!(b.line(), 1);
}

#[test]
fn the_booths_own_screen_goes_first_and_a_first_in_line_who_never_comes_loses_the_place() {
    let mut b = booth();
    let _holder = phone(&mut b, 1, "hold", "Hal");
    assert_eq!(b.handle(1, against_computer()), None);
    let mut phone_waiting = phone(&mut b, 2, "wait", "Wim");
    assert_eq!(b.handle(2, against_computer()), None);
    let mut screen = page(&mut b, 3, true);
    b.handle(3, hello(Role::Player, "screen", "Sam"));
    assert_eq!(b.handle(3, against_computer()), None);
    assert_eq!(last_snapshot(&mut screen).line_place, Some(1));
    assert_eq!(last_snapshot(&mut phone_waiting).line_place, Some(2));
    // The game ends; the booth's screen could start at once, but is away:
    // once its time to claim the robot is up, the phone's turn comes.
    assert_eq!(b.handle(1, ClientMessage::Leave), None);
    b.tick();
    assert_eq!(
        refused(b.handle(1, against_computer())),
        None,
        "a player who left gets in line again"
    );
    assert_eq!(b.line(), 3);
    b.table.fairness.first_since = Some(Instant::now() - crate::booth::fairness::CLAIM);
    b.tick();
    assert_eq!(last_snapshot(&mut phone_waiting).line_place, Some(1));
    assert_eq!(b.handle(2, against_computer()), None);
    assert_eq!(seats(&b)[0].as_deref(), Some("Wim"));
}

#[test]
fn a_page_closed_past_its_grace_leaves_the_line_and_a_finished_game_is_not_played_again_before_those_waiting()
 {
    let mut b = booth();
    let (_ada, _bob) = two_people(&mut b);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    ready(&mut b);
    let _waiting = phone(&mut b, 3, "wait", "Wim");
    assert_eq!(b.handle(3, against_computer()), None);
    let _gone = phone(&mut b, 4, "gone", "Gus");
    assert_eq!(b.handle(4, against_computer()), None);
    assert_eq!(b.line(), 2);
    // A page gone keeps its place for the grace time (a reload, a locked
    // phone), then loses it.
    b.disconnect(4);
    b.tick();
    assert_eq!(b.line(), 2);
    b.times.grace = Duration::ZERO;
    b.tick();
    assert_eq!(b.line(), 1);
    for (id, c) in [(1, 1), (2, 2), (1, 1), (2, 2), (1, 1), (2, 2), (1, 1)] {
        ready(&mut b);
        assert_eq!(b.handle(id, column(c)), None);
    }
    assert!(b.game_summary().is_some_and(|g| g.over));
    assert_eq!(
        refused(b.handle(1, ClientMessage::Again)),
        Some(ErrorCode::OthersFirst)
    );
    assert_eq!(b.handle(3, against_computer()), None);
    assert_eq!(seats(&b)[0].as_deref(), Some("Wim"));
}

#[test]
fn the_staff_end_a_game_and_bar_the_device_for_the_day_but_never_the_booths_screen() {
    let mut b = booth();
    let _holder = phone(&mut b, 1, "hold", "Hal");
    assert_eq!(b.handle(1, against_computer()), None);
    b.staff(StaffAction::EndGame);
    assert!(b.game_summary().is_none());
    assert_eq!(
        refused(b.handle(1, against_computer())),
        Some(ErrorCode::OthersFirst),
        "the staff's end is not undone by the next start"
    );
    b.table.fairness = crate::booth::fairness::Fairness::default();
    assert_eq!(b.handle(1, for_two()), None);
    let _screen = page(&mut b, 2, true);
    b.handle(2, hello(Role::Player, "screen", "Sam"));
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    b.staff(StaffAction::EndGameAndBar);
    assert!(b.game_summary().is_none());
    assert_eq!(b.barred_devices(), 1);
    assert_eq!(
        refused(b.handle(1, against_computer())),
        Some(ErrorCode::Barred)
    );
    // A new session on the same phone is the same device.
    let _fresh = phone(&mut b, 3, "fresh", "Fay");
    b.table.pages.get_mut(&3).expect("page 3").address =
        std::net::Ipv4Addr::new(192, 168, 1, 1).into();
    assert_eq!(
        refused(b.handle(3, against_computer())),
        Some(ErrorCode::Barred)
    );
    assert_eq!(b.handle(2, against_computer()), None, "the booth's screen");
    b.staff(StaffAction::EndGame);
    b.staff(StaffAction::LiftBars);
    assert_eq!(b.barred_devices(), 0);
    assert_eq!(
        refused(b.handle(1, against_computer())),
        Some(ErrorCode::OthersFirst),
        "no longer barred, but resting after the staff's end"
    );
}
