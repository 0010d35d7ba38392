//! The booth's computer: it plays its own side at the level chosen, a page
//! moves only its own, and new settings reach the next game, not the one
//! on.

use super::*;

#[test]
fn the_booth_plays_the_computer_and_a_page_moves_only_its_own_side() {
    let mut b = booth();
    b.set_levels(
        vec!["easy".parse().unwrap(), "hard".parse().unwrap()],
        Default::default(),
    );
    let mut player = page(&mut b, 1, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    let start = |level: &str| ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: Some(level.parse().unwrap()),
    };
    assert_eq!(
        refused(b.handle(1, start("perfect"))),
        Some(ErrorCode::UnknownLevel),
        "not offered here"
    );
    // A level no one knows is no `start` at all: the server refuses it as
    // a bad message before the booth sees it.
    assert!(
        serde_json::from_str::<ClientMessage>(
            r#"{"type":"start","mode":"vs_computer","level":"nonsense"}"#
        )
        .is_err()
    );
    assert_eq!(b.handle(1, start("hard")), None);
    ready(&mut b);
    let s = last_snapshot(&mut player);
    assert_eq!((s.you, s.computer), (Part::First, Some(Seat::Second)));
    assert_eq!(b.handle(1, column(4)), None);
    // The computer's turn: the page's move for it is refused, nothing changes.
    assert_eq!(
        refused(b.handle(1, column(1))),
        Some(ErrorCode::NotYourTurn)
    );
    assert_eq!(moves(&b), "4");
    // The booth's computer answers, and every page hears its search.
    tick_until(&mut b, "the computer's move", |b| moves(b).len() == 2);
    let mut decided = None;
    while let Ok(m) = player.try_recv() {
        if let ServerMessage::Decided(d) = m {
            decided = Some(d);
        }
    }
    let decided = decided.expect("the page heard the computer's decision");
    assert_eq!(
        moves(&b),
        format!("4{}", decided.column + 1),
        "the move the page was told is the one on the board"
    );
    assert!(
        decided.depth >= 6,
        "Hard, as chosen: depth {}",
        decided.depth
    );
    assert!(!decided.trace.nodes.is_empty(), "with its search tree");
}

#[test]
fn a_page_that_plays_both_sides_cannot_beat_the_computer() {
    let mut b = booth();
    let _page = page(&mut b, 1, true);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    let start = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: Some("hard".parse().unwrap()),
    };
    assert_eq!(b.handle(1, start), None);
    // The old page's win, 4141414: its own 4s, and 1s in the computer's
    // turns.
    for round in 0..4 {
        ready(&mut b);
        let before = moves(&b).len();
        assert_eq!(b.handle(1, column(4)), None, "round {round}");
        assert_eq!(
            refused(b.handle(1, column(1))),
            Some(ErrorCode::NotYourTurn),
            "the computer's coin is not the page's to drop"
        );
        tick_until(&mut b, "the computer's answer", |b| {
            moves(b).len() == before + 2
        });
    }
    let played = moves(&b);
    assert_eq!(b.game_summary().map(|g| g.over), Some(false), "{played}");
    assert_eq!(b.tally().won_by_visitors, 0, "{played}");
}

#[test]
fn new_settings_reach_every_page_and_the_next_game_but_not_the_game_on() {
    let mut b = booth();
    let mut own = page(&mut b, 1, true);
    let mut phone = page(&mut b, 2, false);
    b.handle(1, hello(Role::Player, "ada", "Ada"));
    let start = ClientMessage::Start {
        mode: GameMode::VsComputer,
        computer_first: false,
        level: Some("easy".parse().unwrap()),
    };
    assert_eq!(b.handle(1, start), None);
    let players = |b: &Booth| {
        let game = b.table.game.as_ref().unwrap();
        game.seats.each_ref().map(|s| s.computer.clone())
    };
    let before = players(&b);
    let config = crate::config::Config {
        levels: vec!["hard".parse().unwrap()],
        language: Language::En,
        ..Default::default()
    };
    b.reconfigure(config.booth_settings());
    let welcome = |rx: &mut Inbox| {
        let mut last = None;
        while let Ok(m) = rx.try_recv() {
            if let ServerMessage::Welcome(w) = m {
                last = Some(w);
            }
        }
        last.expect("a new welcome")
    };
    let own = welcome(&mut own);
    assert_eq!(own.levels, ["hard".parse().unwrap()]);
    assert_eq!(own.language, Some(Language::En));
    let phone = welcome(&mut phone);
    assert_eq!(phone.levels, ["hard".parse().unwrap()]);
    assert_eq!(
        phone.language, None,
        "a visitor's device keeps its language"
    );
    assert_eq!(players(&b), before);
    assert_eq!(b.levels, ["hard".parse::<LevelSpec>().unwrap()]);
}
