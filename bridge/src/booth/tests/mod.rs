//! The booth's rules without a server: pages are channels, the robot is
//! the dummy link that shows every game at once.

use std::time::{Duration, Instant};

use super::*;
use crate::codec::LineCodec;
use crate::messages::{GameStatus, Language, NoticeCode, Part, Role, Seat, Snapshot, VERSION};
use crate::outbox::{Next, Outbox};
use crate::robot_link::{Target, Timeouts};

fn booth() -> Booth {
    let robot = RobotLink::spawn(Target::Dummy, Timeouts::default(), Box::new(LineCodec));
    Booth::new(
        robot,
        Duration::from_secs(30),
        Duration::from_secs(60),
        crate::records::Records::in_memory(),
    )
}

/// Connects page `id` (trusted: on this machine, or with the token).
fn page(booth: &mut Booth, id: u64, trusted: bool) -> Inbox {
    let outbox = Outbox::new();
    booth.connect(
        id,
        Client::new(id, outbox.clone(), trusted, address(id, trusted)),
    );
    Inbox(outbox)
}

/// Where page `id` connects from: this machine, or a device of its own.
fn address(id: u64, own_screen: bool) -> std::net::IpAddr {
    if own_screen {
        std::net::Ipv4Addr::LOCALHOST.into()
    } else {
        std::net::Ipv4Addr::new(192, 168, 1, u8::try_from(id).unwrap_or(u8::MAX)).into()
    }
}

/// What a page receives: its outbox, read back.
struct Inbox(Outbox);

impl Inbox {
    fn try_recv(&mut self) -> Result<ServerMessage, ()> {
        match self.0.try_next() {
            Some(Next::Send(text)) => Ok(serde_json::from_str(&text).expect("valid JSON")),
            _ => Err(()),
        }
    }
}

fn hello(role: Role, session: &str, name: &str) -> ClientMessage {
    ClientMessage::Hello {
        v: VERSION,
        role,
        session: session.into(),
        name: Some(name.into()),
        show_name: false,
        token: None,
    }
}

fn refused(reply: Option<ServerMessage>) -> Option<ErrorCode> {
    match reply {
        Some(ServerMessage::Error { code }) => Some(code),
        _ => None,
    }
}

/// Waits until the dummy robot shows the game, and tells the pages (the
/// server does on every change of the robot's status).
fn ready(booth: &mut Booth) {
    let until = Instant::now() + Duration::from_secs(5);
    while !booth.robot_ready() {
        assert!(Instant::now() < until, "the dummy robot never got ready");
        std::thread::sleep(Duration::from_millis(5));
    }
    booth.robot_changed();
}

fn last_snapshot(rx: &mut Inbox) -> Snapshot {
    let mut last = None;
    while let Ok(m) = rx.try_recv() {
        if let ServerMessage::Snapshot(s) = m {
            last = Some(*s);
        }
    }
    last.expect("a snapshot")
}

fn column(column: u8) -> ClientMessage {
    ClientMessage::Move { column }
}

#[test]
fn nothing_counts_before_hello() {
    let mut b = booth();
    let _rx = page(&mut b, 1, true);
    assert_eq!(refused(b.handle(1, column(4))), Some(ErrorCode::HelloFirst));
    let stale = ClientMessage::Hello {
        v: VERSION + 1,
        role: Role::Player,
        session: "s".into(),
        name: None,
        show_name: false,
        token: None,
    };
    assert_eq!(refused(b.handle(1, stale)), Some(ErrorCode::Version));
    let bad_name = hello(Role::Player, "s", "<b>");
    assert_eq!(refused(b.handle(1, bad_name)), Some(ErrorCode::BadName));
}

#[test]
fn a_device_without_the_token_only_watches() {
    let mut b = booth();
    let mut rx = page(&mut b, 1, false);
    assert_eq!(
        refused(b.handle(1, hello(Role::Player, "lan", "Ada"))),
        Some(ErrorCode::Token)
    );
    assert_eq!(last_snapshot(&mut rx).you, Part::Spectator);
    let start = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: None,
    };
    assert_eq!(refused(b.handle(1, start)), Some(ErrorCode::NotAllowed));
}

#[test]
fn a_spectator_with_a_players_session_cannot_act_for_them() {
    let mut b = booth();
    let mut player = page(&mut b, 1, true);
    let _spy = page(&mut b, 2, true);
    assert_eq!(b.handle(1, hello(Role::Player, "ada", "Ada")), None);
    let start = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: None,
    };
    assert_eq!(b.handle(1, start), None);
    assert_eq!(b.handle(2, hello(Role::Spectator, "ada", "Spy")), None);
    ready(&mut b);
    for message in [column(4), ClientMessage::Leave, ClientMessage::StillHere] {
        assert_eq!(refused(b.handle(2, message)), Some(ErrorCode::NotAllowed));
    }
    let s = last_snapshot(&mut player);
    assert_eq!(
        (s.status, s.you, s.can_move),
        (GameStatus::Playing, Part::First, true)
    );
    assert_eq!(b.handle(1, column(4)), None);
    assert_eq!(last_snapshot(&mut player).moves, "4");
}

#[test]
fn two_people_take_turns_and_one_cannot_hold_both_seats() {
    let mut b = booth();
    let (mut first, mut second) = two_people(&mut b);
    assert_eq!(
        refused(b.handle(1, ClientMessage::Join)),
        Some(ErrorCode::NotAllowed)
    );
    ready(&mut b);
    // Nobody to play against yet: the first coin waits for the second person.
    assert_eq!(
        refused(b.handle(1, column(4))),
        Some(ErrorCode::WaitingForOpponent)
    );
    assert_eq!(last_snapshot(&mut first).seats, [Some("Ada".into()), None]);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    ready(&mut b);
    assert_eq!(
        refused(b.handle(2, column(4))),
        Some(ErrorCode::NotYourTurn)
    );
    assert_eq!(b.handle(1, column(4)), None);
    let s = last_snapshot(&mut second);
    assert_eq!((s.you, s.turn), (Part::Second, Some(Seat::Second)));
    assert_eq!(s.seats, [Some("Ada".into()), Some("Bob".into())]);
    assert_eq!(last_snapshot(&mut first).you, Part::First);
    // A third visitor finds the robot taken, and gets in line.
    let mut third = page(&mut b, 3, true);
    b.handle(3, hello(Role::Player, "cy", "Cyd"));
    let busy = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: None,
    };
    assert_eq!(refused(b.handle(3, busy)), None);
    let s = last_snapshot(&mut third);
    assert_eq!((s.line, s.line_place, s.you), (1, Some(1), Part::Spectator));
    assert_eq!(last_snapshot(&mut first).line_place, None);
    assert_eq!(
        refused(b.handle(3, ClientMessage::Join)),
        Some(ErrorCode::Busy)
    );
}

#[test]
fn leaving_frees_the_robot_and_names_who_left() {
    let mut b = booth();
    let _first = page(&mut b, 1, true);
    let mut watcher = page(&mut b, 2, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    b.handle(2, hello(Role::Spectator, "w", "Watcher"));
    let start = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: true,
        level: None,
    };
    b.handle(1, start);
    assert_eq!(b.handle(1, ClientMessage::Leave), None);
    let mut notice = None;
    let mut snapshot = None;
    while let Ok(m) = watcher.try_recv() {
        match m {
            ServerMessage::Notice { code, name } => notice = Some((code, name)),
            ServerMessage::Snapshot(s) => snapshot = Some(s.status),
            _ => {}
        }
    }
    assert_eq!(notice, Some((NoticeCode::PlayerLeft, Some("Ada".into()))));
    assert_eq!(snapshot, Some(GameStatus::Idle));
}

#[test]
fn the_demo_plays_itself_with_no_page_and_counts_no_visitor_game() {
    let mut b = booth();
    b.set_demo(Some(DemoSettings {
        after: Duration::ZERO,
        ..DemoSettings::default()
    }));
    b.tick(); // starts the demo and asks its first player
    ready(&mut b);
    let until = Instant::now() + Duration::from_secs(20);
    let _visitor = page(&mut b, 1, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    while moves(&b).len() < 2 {
        assert!(Instant::now() < until, "the demo did not move");
        std::thread::sleep(Duration::from_millis(100));
        b.tick();
        ready(&mut b);
    }
    assert_eq!(b.game_summary().map(|g| g.mode), Some(GameMode::Demo));
    // A visitor cannot play the demo's moves.
    assert_eq!(
        refused(b.handle(1, ClientMessage::Move { column: 1 })),
        Some(ErrorCode::NotAllowed)
    );
    assert_eq!(b.tally().games, 0, "a demo is no visitor's game");
}

#[test]
fn a_game_counts_once_its_first_coin_is_in() {
    let mut b = booth();
    let _page = page(&mut b, 1, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    let start = || ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: None,
    };
    for _ in 0..5 {
        assert_eq!(b.handle(1, start()), None);
    }
    assert_eq!(b.tally().games, 0, "starting again is not a game");
    ready(&mut b);
    assert_eq!(b.handle(1, column(4)), None);
    assert_eq!(b.tally().games, 1);
}

fn two_people(b: &mut Booth) -> (Inbox, Inbox) {
    let first = page(b, 1, true);
    let second = page(b, 2, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    b.handle(2, hello(Role::Player, "bo", "Bob"));
    let start = ClientMessage::Start {
        mode: GameMode::TwoPlayers,
        computer_first: false,
        level: None,
    };
    assert_eq!(b.handle(1, start), None);
    (first, second)
}

#[test]
fn the_second_person_needs_a_name_of_their_own() {
    let mut b = booth();
    let (_first, _second) = two_people(&mut b);
    let mut third = page(&mut b, 3, true);
    let nameless = ClientMessage::Hello {
        v: VERSION,
        role: Role::Player,
        session: "cy".into(),
        name: None,
        show_name: false,
        token: None,
    };
    assert_eq!(b.handle(3, nameless), None);
    assert_eq!(
        refused(b.handle(3, hello(Role::Player, "cy", "Ada"))),
        Some(ErrorCode::NameTaken)
    );
    // Refused names are not kept: joining without one is refused too.
    assert_eq!(
        refused(b.handle(3, ClientMessage::Join)),
        Some(ErrorCode::BadName)
    );
    assert_eq!(b.handle(3, hello(Role::Player, "cy", "Cyd")), None);
    assert_eq!(b.handle(3, ClientMessage::Join), None);
    assert_eq!(
        last_snapshot(&mut third).seats,
        [Some("Ada".into()), Some("Cyd".into())]
    );
    // Ada's own page may say hello again under her name.
    assert_eq!(b.handle(1, hello(Role::Player, "ada", "Ada")), None);
}

#[test]
fn both_people_asking_to_play_again_swap_who_opens() {
    let mut b = booth();
    let (mut first, mut second) = two_people(&mut b);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    assert_eq!(
        refused(b.handle(1, ClientMessage::Again)),
        Some(ErrorCode::NotAllowed),
        "not while the game is on"
    );
    // Ada wins in column 1.
    for (page, c) in [(1, 1), (2, 2), (1, 1), (2, 2), (1, 1), (2, 2), (1, 1)] {
        ready(&mut b);
        assert_eq!(b.handle(page, column(c)), None);
    }
    let over = last_snapshot(&mut second);
    assert_eq!(
        (over.status, over.winner),
        (GameStatus::Won, Some(Seat::First))
    );
    assert_eq!(b.handle(2, ClientMessage::Again), None);
    let asked = last_snapshot(&mut first);
    assert_eq!(
        (asked.status, asked.again),
        (GameStatus::Won, [false, true])
    );
    assert_eq!(b.handle(1, ClientMessage::Again), None);
    let next = last_snapshot(&mut second);
    assert_eq!(next.status, GameStatus::Playing);
    assert_eq!(next.moves, "");
    assert_eq!(next.seats, [Some("Bob".into()), Some("Ada".into())]);
    assert_eq!(next.you, Part::First, "Bob opens the next game");
    assert_eq!(last_snapshot(&mut first).you, Part::Second);
    assert_eq!(
        b.tally().games,
        1,
        "the second game counts from its first coin"
    );
}

/// Ticks the booth (as the server does) until `done`, or fails after 20 s.
fn tick_until(b: &mut Booth, what: &str, mut done: impl FnMut(&Booth) -> bool) {
    let until = Instant::now() + Duration::from_secs(20);
    while !done(b) {
        assert!(Instant::now() < until, "{what}: not within 20 s");
        std::thread::sleep(Duration::from_millis(20));
        ready(b);
        b.tick();
    }
}

fn moves(b: &Booth) -> String {
    b.game_summary().map(|g| g.moves).unwrap_or_default()
}

/// The notices a page got, and its last snapshot.
fn notices(rx: &mut Inbox) -> (Vec<(NoticeCode, Option<String>)>, Option<Snapshot>) {
    let mut out = Vec::new();
    let mut last = None;
    while let Ok(m) = rx.try_recv() {
        match m {
            ServerMessage::Notice { code, name } => out.push((code, name)),
            ServerMessage::Snapshot(s) => last = Some(*s),
            _ => {}
        }
    }
    (out, last)
}

#[test]
fn names_are_one_persons_in_any_case_and_never_the_booths_own() {
    let mut b = booth();
    let (_first, _second) = two_people(&mut b);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    let _third = page(&mut b, 3, true);
    for taken in ["ada", "ADA", "bOb"] {
        assert_eq!(
            refused(b.handle(3, hello(Role::Player, "cy", taken))),
            Some(ErrorCode::NameTaken),
            "{taken}"
        );
    }
    for reserved in ["Computer", "computer", "Hard", "perfect", "easy"] {
        assert_eq!(
            refused(b.handle(3, hello(Role::Player, "cy", reserved))),
            Some(ErrorCode::ReservedName),
            "{reserved}"
        );
    }
}

#[test]
fn a_seat_is_one_sessions_under_one_name() {
    let mut b = booth();
    let (mut first, _second) = two_people(&mut b);
    ready(&mut b);
    // A second page of Ada's session, under another name, is refused and
    // can do nothing in her seat.
    let _other_tab = page(&mut b, 3, true);
    assert_eq!(
        refused(b.handle(3, hello(Role::Player, "ada", "Eve"))),
        Some(ErrorCode::SessionHasName)
    );
    assert_eq!(refused(b.handle(3, column(4))), Some(ErrorCode::HelloFirst));
    assert_eq!(
        refused(b.handle(3, ClientMessage::Leave)),
        Some(ErrorCode::HelloFirst)
    );
    // Under her own name (in any case), it is Ada's page.
    assert_eq!(b.handle(3, hello(Role::Player, "ada", "ada")), None);
    // One connection cannot say hello for a second session.
    assert_eq!(
        refused(b.handle(1, hello(Role::Player, "bo", "Bob"))),
        Some(ErrorCode::SessionChange)
    );
    assert_eq!(
        last_snapshot(&mut first).you,
        Part::First,
        "Ada keeps her seat"
    );
}

#[test]
fn only_the_person_who_started_a_game_restarts_it_and_the_other_is_told() {
    let mut b = booth();
    let (mut first, mut second) = two_people(&mut b);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    ready(&mut b);
    let take_over = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: None,
    };
    assert_eq!(
        refused(b.handle(2, take_over.clone())),
        Some(ErrorCode::NotAllowed)
    );
    assert_eq!(
        last_snapshot(&mut second).you,
        Part::Second,
        "Bob keeps his seat"
    );
    assert_eq!(b.handle(1, take_over), None);
    let (told, now) = notices(&mut second);
    assert_eq!(told, [(NoticeCode::Restarted, Some("Ada".into()))]);
    assert_eq!(now.expect("a snapshot").you, Part::Spectator);
    assert_eq!(last_snapshot(&mut first).mode, Some(GameMode::VsComputer));
}

#[test]
fn a_page_that_goes_away_keeps_its_seat_for_the_grace_time_then_the_other_is_told() {
    let mut b = booth();
    b.set_grace(Duration::from_millis(300));
    let (_first, mut second) = two_people(&mut b);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    ready(&mut b);
    // Ada's page reloads: gone and back within the grace time. Bob is
    // told at once that the game waits for her, and when she is back.
    b.disconnect(1);
    let waiting = last_snapshot(&mut second);
    assert!(waiting.away_left_s[0].is_some() && waiting.away_left_s[1].is_none());
    let _back = page(&mut b, 3, true);
    assert_eq!(b.handle(3, hello(Role::Player, "ada", "Ada")), None);
    assert_eq!(last_snapshot(&mut second).away_left_s, [None, None]);
    std::thread::sleep(Duration::from_millis(400));
    b.tick();
    assert_eq!(b.handle(3, column(4)), None, "her seat waited for her");
    // Then she closes the page for good.
    b.disconnect(3);
    b.tick();
    assert!(notices(&mut second).0.is_empty(), "not at once");
    std::thread::sleep(Duration::from_millis(400));
    b.tick();
    let (told, now) = notices(&mut second);
    assert_eq!(told, [(NoticeCode::PlayerLeft, Some("Ada".into()))]);
    assert_eq!(now.expect("a snapshot").status, GameStatus::Idle);
}

#[test]
fn while_a_page_is_away_only_its_grace_time_counts() {
    let mut b = booth();
    b.set_grace(Duration::from_millis(600));
    b.times.idle_ask = Duration::from_millis(100);
    b.times.idle_free = Duration::from_millis(300);
    let (mut ada, _bob) = two_people(&mut b);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    ready(&mut b);
    // Ada is to move; Bob's page closes. Her idle time passes the
    // question and the end, yet the game waits on Bob's grace alone.
    b.disconnect(2);
    std::thread::sleep(Duration::from_millis(400));
    b.tick();
    let asked = std::iter::from_fn(|| ada.try_recv().ok())
        .any(|m| matches!(m, ServerMessage::StillThere { .. }));
    assert!(!asked, "not asked while the other page is away");
    b.broadcast();
    assert_eq!(last_snapshot(&mut ada).status, GameStatus::Playing);
    // Bob is back: Ada's clock starts afresh.
    let _back = page(&mut b, 3, true);
    b.handle(3, hello(Role::Player, "bo", "Bob"));
    b.tick();
    b.broadcast();
    assert_eq!(last_snapshot(&mut ada).status, GameStatus::Playing);
    std::thread::sleep(Duration::from_millis(150));
    b.tick();
    let asked = std::iter::from_fn(|| ada.try_recv().ok())
        .any(|m| matches!(m, ServerMessage::StillThere { .. }));
    assert!(asked, "asked once both are back and she stays quiet");
}

#[test]
fn a_person_waiting_sees_the_offer_run_out_and_is_not_asked_if_still_there() {
    let mut b = booth();
    // Shorter than the idle question (30 s): only the offer's clock runs.
    b.times.offer = Duration::from_millis(400);
    let mut ada = page(&mut b, 1, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    let start = ClientMessage::Start {
        mode: GameMode::TwoPlayers,
        computer_first: false,
        level: None,
    };
    assert_eq!(b.handle(1, start), None);
    let (_, snapshot) = notices(&mut ada);
    assert_eq!(snapshot.expect("a snapshot").offer_left_s, Some(0));
    b.times.offer = Duration::from_secs(90);
    b.broadcast();
    let (_, snapshot) = notices(&mut ada);
    let left = snapshot
        .expect("a snapshot")
        .offer_left_s
        .expect("an offer");
    assert!((89..=90).contains(&left), "{left}");
    b.times.offer = Duration::from_millis(400);
    std::thread::sleep(Duration::from_millis(450));
    b.tick();
    let (said, snapshot) = notices(&mut ada);
    assert_eq!(said, [(NoticeCode::NoOpponent, None)]);
    assert_eq!(snapshot.expect("a snapshot").status, GameStatus::Idle);
}

#[test]
fn a_second_person_ends_the_offer_and_starts_the_first_moves_clock() {
    let mut b = booth();
    b.times.offer = Duration::from_millis(300);
    let (mut ada, _bob) = two_people(&mut b);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    std::thread::sleep(Duration::from_millis(200));
    b.tick();
    let (said, snapshot) = notices(&mut ada);
    assert!(said.is_empty(), "{said:?}");
    let snapshot = snapshot.expect("a snapshot");
    assert_eq!(snapshot.offer_left_s, None);
    assert_eq!(snapshot.status, GameStatus::Playing);
}

mod computer;
mod fairness;
mod fame;
mod golden;
