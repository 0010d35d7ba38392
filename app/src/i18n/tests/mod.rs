use booth_protocol::Language;
use engine::Board;
use engine::review::Mark;
use engine::score::win_now_score;
use engine::{Mode, Solver};

use super::*;

const DE: Lang = Lang(Language::De);
const EN: Lang = Lang(Language::En);
const FR: Lang = Lang(Language::Fr);

#[test]
fn each_language_has_its_own_files_texts() {
    // The texts are numbered by tag here and in the protocol's `Language`:
    // a language that named itself otherwise would show another's texts.
    for lang in Lang::all() {
        assert_eq!(lang.name(), lang.0.own_name(), "{}", lang.tag());
    }
}

#[test]
fn a_first_visit_speaks_the_first_language_the_browser_lists_that_the_app_has() {
    assert_eq!(Lang::from_preferences(["de-AT", "en"]), DE);
    assert_eq!(Lang::from_preferences(["fr-FR", "de_CH"]), FR);
    assert_eq!(Lang::from_preferences(["it-CH", "fr_CH", "de"]), FR);
    assert_eq!(Lang::from_preferences(["en-GB", "de"]), EN);
    assert_eq!(Lang::from_preferences(["it"]), EN);
    assert_eq!(Lang::from_preferences([]), EN);
}

/// The keys of a locale file and the values each message fills in, read
/// with Fluent's own parser rather than the build's.
fn keys_of(file: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    fn walk(pattern: &Pattern<&str>, names: &mut Vec<String>) {
        for element in &pattern.elements {
            if let PatternElement::Placeable { expression } = element {
                expression_names(expression, names);
            }
        }
    }
    fn expression_names(expression: &Expression<&str>, names: &mut Vec<String>) {
        match expression {
            Expression::Select { selector, variants } => {
                inline_names(selector, names);
                variants.iter().for_each(|v| walk(&v.value, names));
            }
            Expression::Inline(inline) => inline_names(inline, names),
        }
    }
    fn inline_names(inline: &InlineExpression<&str>, names: &mut Vec<String>) {
        match inline {
            InlineExpression::VariableReference { id } => names.push(id.name.to_string()),
            InlineExpression::FunctionReference { arguments, .. } => arguments
                .positional
                .iter()
                .for_each(|a| inline_names(a, names)),
            InlineExpression::Placeable { expression } => expression_names(expression, names),
            _ => {}
        }
    }
    let path = format!(
        "{}/../shared/locales/app/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(&path).unwrap();
    let resource = fluent_syntax::parser::parse(source.as_str()).expect("the file parses");
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(m) => Some(m),
            _ => None,
        })
        .map(|m| {
            let mut names = Vec::new();
            walk(m.value.as_ref().expect("a message with text"), &mut names);
            names.sort();
            names.dedup();
            (m.id.name.to_string(), names)
        })
        .collect()
}

#[test]
fn every_key_exists_in_every_language_with_the_same_values() {
    let english = keys_of("en.ftl");
    assert!(english.len() > 200, "{} keys", english.len());
    for lang in Lang::all() {
        let file = format!("{}.ftl", lang.tag());
        let keys = keys_of(&file);
        let missing: Vec<&String> = english.keys().filter(|k| !keys.contains_key(*k)).collect();
        let extra: Vec<&String> = keys.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{file}: missing {missing:?}, not in en.ftl {extra:?}"
        );
        for (key, values) in &keys {
            assert_eq!(
                values, &english[key],
                "{file}: `{key}` fills in other values than en.ftl"
            );
        }
    }
}

#[test]
fn counts_of_one_take_the_singular_in_each_language() {
    let wins = |stones| Say::Thought(Fact::WinsIn { stones });
    assert_eq!(
        DE.say(&wins(1)),
        "Ich kann mit einem weiteren Stein gewinnen."
    );
    assert_eq!(
        DE.say(&wins(3)),
        "Ich kann mit 3 weiteren Steinen gewinnen."
    );
    assert_eq!(EN.say(&wins(1)), "I can win with one more coin.");
    let caption = |nodes, pruned| Say::TreeCaption {
        depth: 1,
        nodes,
        pruned,
        from_table: 0,
    };
    assert_eq!(
        DE.say(&caption(1, 0)),
        "Tiefe 1: 1 Stellung, 0 Züge abgeschnitten."
    );
    assert_eq!(
        EN.say(&caption(7, 1)),
        "Depth 1: 7 positions, 1 move pruned."
    );
    // French counts 0 with the singular, as its CLDR rule says.
    assert_eq!(
        FR.say(&caption(1, 0)),
        "Profondeur 1\u{a0}: 1 position, 0 coup coupé."
    );
    assert_eq!(
        FR.say(&caption(7, 2)),
        "Profondeur 1\u{a0}: 7 positions, 2 coups coupés."
    );
}

#[test]
fn french_has_its_own_words_decimal_comma_and_colour_names() {
    assert_eq!(FR.t(Text::NewGame), "Nouvelle partie");
    assert_eq!(FR.name(), "Français");
    let loading = Say::DatabaseLoading {
        loaded: 1_200_000,
        total: Some(2_607_099),
    };
    assert_eq!(
        FR.say(&loading),
        "Jeu parfait\u{a0}: 1,2 Mo sur 2,6 chargés"
    );
    assert_eq!(
        FR.say(&Say::Wins {
            colour: CoinColour::Red
        }),
        "Rouge gagne\u{a0}!"
    );
    assert_eq!(
        FR.say(&Say::ToMove {
            colour: CoinColour::Yellow
        }),
        "Au tour de jaune"
    );
}

#[test]
fn the_database_line_counts_megabytes_in_each_language() {
    let loading = Say::DatabaseLoading {
        loaded: 1_200_000,
        total: Some(2_607_099),
    };
    assert_eq!(EN.say(&loading), "Perfect play: loading 1.2 of 2.6 MB");
    assert_eq!(DE.say(&loading), "Perfektes Spiel: 1,2 von 2,6 MB geladen");
    let ready = Database::Ready {
        positions: 4_200_899,
        millis: 300,
        memory: 20 << 20,
    };
    assert!(
        EN.say(&Say::DatabaseStatus(Some(ready)))
            .contains("4,200,899 positions")
    );
    assert!(
        DE.say(&Say::DatabaseStatus(Some(Database::Missing)))
            .contains("nicht verfügbar")
    );
}

fn reviewed(column: u8, best: i32, played: i32, mark: Mark) -> ReviewedMove {
    ReviewedMove {
        column,
        best,
        played,
        mark,
    }
}

#[test]
fn a_mistake_names_the_column_that_kept_the_result() {
    let corner = Say::Reviewed {
        number: 1,
        colour: CoinColour::Yellow,
        reviewed: reviewed(0, 1, -2, Mark::Mistake { better: 3 }),
    };
    assert_eq!(
        EN.say(&corner),
        "1. Yellow, column 1: mistake: column 4 would have kept the win"
    );
    assert_eq!(
        DE.say(&corner),
        "1. Gelb, Spalte 1: Fehler: Spalte 4 hätte den Sieg gehalten"
    );
    let drawn = Say::Reviewed {
        number: 8,
        colour: CoinColour::Red,
        reviewed: reviewed(2, 0, -3, Mark::Mistake { better: 5 }),
    };
    assert!(
        EN.say(&drawn)
            .ends_with("column 6 would have kept the draw")
    );
    let best = Say::Reviewed {
        number: 2,
        colour: CoinColour::Red,
        reviewed: reviewed(3, 2, 2, Mark::Best),
    };
    assert_eq!(EN.say(&best), "2. Red, column 4: best");
}

#[test]
fn the_decisive_move_is_named_with_its_player() {
    assert_eq!(
        EN.say(&Say::Decided(Some((2, CoinColour::Red)))),
        "Decided by move 2: Red's mistake."
    );
    assert_eq!(
        DE.say(&Say::Decided(Some((2, CoinColour::Blue)))),
        "Entschieden mit Zug 2: dem Fehler von Blau."
    );
    assert_eq!(
        EN.say(&Say::Decided(None)),
        "No mistake: the result was fixed from the first move."
    );
}

#[test]
fn the_status_line_names_colours_and_levels() {
    let turn = Say::YourTurn {
        colour: CoinColour::Yellow,
        level: Level::Classic(4),
        style: Style::Aggressive,
    };
    assert_eq!(EN.say(&turn), "Your turn (yellow) – Classic 4 (aggressive)");
    assert_eq!(
        DE.say(&Say::Wins {
            colour: CoinColour::Green
        }),
        "Grün gewinnt!"
    );
    assert_eq!(DE.say(&Say::LevelName(Level::Perfect)), "Perfekt");
    assert_eq!(DE.say(&Say::LevelName(Level::Classic(3))), "Klassisch 3");
    // A refusal shown in the status line is worded in the language of the
    // moment it is shown.
    let refusal = Message::Text(Text::ColumnFull);
    assert_eq!(DE.message(&refusal), "Diese Spalte ist voll.");
    assert_eq!(EN.message(&refusal), "This column is full.");
}

#[test]
fn a_robot_game_between_people_reads_from_each_seat() {
    let line = |you, turn, winner| {
        let names = ["Ada".to_string(), "Bob".to_string()];
        EN.say(&Say::RobotGame(RobotGameLine::of(names, you, turn, winner)))
    };
    assert_eq!(line(Some(0), None, Some(0)), "You won against Bob!");
    assert_eq!(line(Some(1), None, Some(0)), "Ada won. You lost.");
    assert_eq!(line(None, None, Some(1)), "Bob won!");
    assert_eq!(line(Some(1), Some(1), None), "Your turn, Bob.");
    assert_eq!(line(Some(0), Some(1), None), "Next to move: Bob.");
    assert_eq!(line(None, Some(0), None), "Next to move: Ada.");
    assert_eq!(line(Some(0), None, None), "A draw between Ada and Bob.");
    let german = DE.say(&Say::RobotGame(RobotGameLine::of(
        ["Ada".into(), "Bob".into()],
        Some(1),
        None,
        Some(1),
    )));
    assert_eq!(german, "Du hast gegen Ada gewonnen!");
}

#[test]
fn every_sentence_with_its_values_leaves_no_blank_in_any_language() {
    let says = [
        Say::Version,
        Say::WaitingChallenger("Ada".into()),
        Say::BackInSeconds(5),
        Say::OfferStands(65),
        Say::ColourMenu { player: 2 },
        Say::DatabaseStatus(None),
        Say::BookStatus(Some((8, 4_000_000))),
        Say::MinimaxCaption(Some((3, 400, 100, 75))),
        Say::Caption(Caption::Thinking {
            depth: 4,
            nodes: 1234,
        }),
        Say::Caption(Caption::Solving { nodes: 1234 }),
        Say::AwayWaits {
            name: "Bob".into(),
            seconds: 25,
        },
        Say::Notice {
            code: booth_protocol::NoticeCode::PlayerLeft,
            name: None,
        },
    ];
    for lang in Lang::all() {
        for say in &says {
            let words = lang.say(say);
            assert!(
                !words.contains("{$") && !words.is_empty(),
                "{lang:?} {say:?}: {words}"
            );
        }
    }
    assert!(EN.say(&Say::Version).starts_with("Version 0."));
    assert_eq!(
        FR.say(&Say::OfferStands(65)).rsplit(' ').next(),
        Some("1:05.")
    );
}

mod page;
mod thinking;

#[test]
fn the_line_for_the_robot_says_next_for_the_first_and_counts_the_rest() {
    assert_eq!(
        EN.say(&Say::LinePlace(1)),
        "You are next in line for the robot."
    );
    assert_eq!(
        DE.say(&Say::LinePlace(3)),
        "Du bist Nummer 3 in der Warteschlange für den Roboter."
    );
    assert_eq!(
        FR.say(&Say::LineWaiting(1)),
        "Une personne attend dans la file."
    );
    assert_eq!(
        EN.say(&Say::LineWaiting(4)),
        "4 visitors are waiting in line."
    );
    assert!(
        DE.say(&Say::TurnLimit(120))
            .starts_with("Spätestens alle 120 s ein Zug")
    );
    assert_eq!(
        refusal_text(booth_protocol::ErrorCode::OthersFirst),
        Text::OthersFirst
    );
}

#[test]
fn french_elides_de_before_a_name_that_starts_with_a_vowel() {
    let away = |name: &str| Say::AwayWaits {
        name: name.into(),
        seconds: 9,
    };
    assert!(FR.say(&away("Ada")).starts_with("La page d'Ada est fermée"));
    assert!(FR.say(&away("Éric")).starts_with("La page d'Éric"));
    assert!(FR.say(&away("Bob")).starts_with("La page de Bob"));
    assert!(DE.say(&away("Ada")).starts_with("Die Seite von Ada"));
}
