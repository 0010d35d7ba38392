//! Names shown to everyone, and the hall of fame following the games.

use super::*;

#[test]
fn a_name_is_shown_to_everyone_only_when_its_visitor_ticked_it_and_the_hall_of_fame_follows_each_game()
 {
    let mut b = booth();
    let (mut first, _second) = two_people(&mut b);
    // Ada ticks "show my name" after her hello; Bob never does.
    let ticked = ClientMessage::Hello {
        v: VERSION,
        role: Role::Player,
        session: "ada".into(),
        name: Some("Ada".into()),
        show_name: true,
        token: None,
    };
    assert_eq!(b.handle(1, ticked), None);
    assert_eq!(b.handle(2, ClientMessage::Join), None);
    let seated = last_snapshot(&mut first);
    assert_eq!(seated.shown, [true, false]);
    let edition = seated.fame;
    ready(&mut b);
    for (page, column) in [(1, 1), (2, 2), (1, 1), (2, 2), (1, 1), (2, 2)] {
        assert_eq!(b.handle(page, self::column(column)), None);
        ready(&mut b);
    }
    assert_eq!(
        b.handle(1, self::column(1)),
        None,
        "Ada's fourth in column 1"
    );
    let over = last_snapshot(&mut first);
    assert_eq!(over.status, GameStatus::Won);
    assert_ne!(
        over.fame, edition,
        "the spectator screen reads the hall of fame again"
    );
    let game = b.records().recent(1).remove(0);
    assert_eq!(game.names, [Some("Ada".into()), Some("Bob".into())]);
    // A game between two people is no win over the computer.
    assert!(b.records().hall_of_fame(None).best.is_empty());
}
