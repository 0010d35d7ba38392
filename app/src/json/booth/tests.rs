//! Every message between a booth's page and the bridge, both ways against
//! serde_json, and what the page refuses.

use crate::json::tests::{agrees_with_serde, hard_move, thinking};
use crate::json::{from_str, to_string};

#[test]
fn every_message_between_a_booth_page_and_the_bridge_agrees_with_serde() {
    use booth_protocol::{
        ClientMessage, ErrorCode, GameMode, Language, NoticeCode, Role, ServerMessage, Welcome,
    };
    use engine::player::{LevelSpec, SearchOverride};
    let level: LevelSpec = "hard:aggressive".parse().unwrap();
    let pages = [
        ClientMessage::Hello {
            v: 4,
            role: Role::Player,
            session: "s-1\"é".into(),
            name: Some("Ada_1".into()),
            show_name: true,
            token: Some("t0k3n".into()),
        },
        ClientMessage::Hello {
            v: 4,
            role: Role::Spectator,
            session: String::new(),
            name: None,
            show_name: false,
            token: None,
        },
        ClientMessage::Start {
            mode: GameMode::VsComputer,
            computer_first: true,
            level: Some(level),
        },
        ClientMessage::Start {
            mode: GameMode::TwoPlayers,
            computer_first: false,
            level: None,
        },
        ClientMessage::Join,
        ClientMessage::Again,
        ClientMessage::Move { column: 7 },
        ClientMessage::StillHere,
        ClientMessage::Leave,
    ];
    for message in &pages {
        agrees_with_serde(message);
    }
    assert_eq!(to_string(&ClientMessage::Join), r#"{"type":"join"}"#);
    assert_eq!(
        to_string(&ClientMessage::Move { column: 4 }),
        r#"{"type":"move","column":4}"#
    );
    // The example of docs/bridge.md, as the bridge writes it.
    let snapshot = r#"{"type":"snapshot","v":4,"status":"playing","moves":"4453","mode":"vs_computer",
        "turn":"first","winner":null,"winning_cells":[[0,3]],"seats":["Ada_1","Computer"],"shown":[true,false],
        "fame":2,"levels":[null,"hard:aggressive"],"computer":"second","again":[false,true],"offer_left_s":9,
        "away_left_s":[null,30],"line":3,"line_place":2,"you":"first","can_move":true,
        "robot":{"state":"fault","fault":"jammed","in_sync":false,"placed":4,"behind":1,"port":"/tmp/c4robot-sim-812"}}"#;
    let snapshot: ServerMessage = from_str(snapshot).unwrap();
    assert!(
        matches!(&snapshot, ServerMessage::Snapshot(s) if s.moves == "4453" && s.robot.behind == 1
            && s.levels[1] == Some(level) && s.away_left_s == [None, Some(30)])
    );
    let welcome = Welcome {
        language: Some(Language::De),
        levels: vec![level, "easy".parse().unwrap()],
        tuning: [(
            "easy".to_string(),
            SearchOverride {
                depth: Some(2),
                random_moves: Some(0.25),
            },
        )]
        .into(),
        join_url: Some("http://192.168.1.2:8080/?token=x".into()),
        name: Some("Vier gewinnt im Museum".into()),
        robot_hints: true,
        turn_limit_s: Some(90),
        take_home_url: Some("https://example.org/c4/".into()),
        take_home_names: true,
    };
    let bridge = [
        ServerMessage::Welcome(welcome),
        ServerMessage::Welcome(Welcome::default()),
        snapshot,
        ServerMessage::Error {
            code: ErrorCode::NotYourTurn,
        },
        ServerMessage::Notice {
            code: NoticeCode::PlayerLeft,
            name: Some("Ada".into()),
        },
        ServerMessage::Notice {
            code: NoticeCode::EndedByStaff,
            name: None,
        },
        ServerMessage::StillThere { seconds_left: 25 },
        ServerMessage::Thinking(Box::new(thinking(None))),
        ServerMessage::Decided(Box::new(hard_move("4453"))),
    ];
    for message in &bridge {
        agrees_with_serde(message);
        assert_eq!(
            &from_str::<ServerMessage>(&to_string(message)).unwrap(),
            message
        );
    }
}

#[test]
fn a_bridge_message_out_of_shape_is_refused_and_a_newer_language_is_none() {
    use booth_protocol::ServerMessage;
    for text in [
        r#"{"code":"busy","type":"error"}"#,
        r#"{"type":"dance"}"#,
        r#"{"type":"error"}"#,
        r#"{"type":"error","code":"busy""#,
        r#"{"type":"error" "code":"busy"}"#,
        r#"{"type":"still_there","seconds_left":"soon"}"#,
    ] {
        assert!(from_str::<ServerMessage>(text).is_err(), "{text}");
    }
    let welcome = r#"{"type":"welcome","language":"tlh","name":"Booth","levels":["easy"]}"#;
    let ServerMessage::Welcome(welcome) = from_str::<ServerMessage>(welcome).unwrap() else {
        panic!("a welcome");
    };
    assert_eq!(welcome.language, None);
    assert_eq!(welcome.name.as_deref(), Some("Booth"));
    assert_eq!(welcome.levels.len(), 1);
}
