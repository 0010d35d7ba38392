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
fn perfect_scores_read_as_moves_to_the_end() {
    // Pons' "4455": the mover wins with its 4th stone, its 2nd from here.
    let board: Board = "4455".parse().unwrap();
    let scores = Solver::new().analyze(board.position(), Mode::Strong);
    let words: Vec<String> = scores
        .iter()
        .map(|&s| {
            EN.say(&Say::PerfectValue {
                score: s.unwrap(),
                cells: 42,
                plies: 4,
            })
        })
        .collect();
    // Column 3 or 6 makes two threats: the win comes with the 2nd move.
    assert_eq!(words[2], "wins in 2 moves", "{words:?}");
    assert_eq!(words[5], "wins in 2 moves", "{words:?}");
    let value = |score, plies| Say::PerfectValue {
        score,
        cells: 42,
        plies,
    };
    assert_eq!(DE.say(&value(0, 4)), "remis");
    assert_eq!(EN.say(&value(win_now_score(42, 10), 10)), "wins now");
    assert_eq!(EN.say(&value(-win_now_score(42, 12), 11)), "loses at once");
    assert_eq!(
        DE.say(&value(-win_now_score(42, 12) + 1, 11)),
        "verliert in 2 Zügen"
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
fn thoughts_carry_their_numbers_in_both_languages() {
    let block = Say::Thought(Fact::MustBlock { column: 2 });
    assert_eq!(EN.say(&block), "I must block column 3.");
    assert_eq!(DE.say(&block), "Ich muss Spalte 3 blockieren.");
    let searched = Say::Searched {
        column: 3,
        depth: 9,
        nodes: 1234,
        solved: false,
    };
    assert_eq!(
        DE.say(&searched),
        "Spalte 4 (Tiefe 9, 1.234 Stellungen durchsucht)."
    );
    // Perfect's move in words: no depth, and no "0 positions".
    let known = Say::Searched {
        column: 4,
        depth: 35,
        nodes: 0,
        solved: true,
    };
    assert_eq!(
        EN.say(&known),
        "Column 5: known from the database, without searching."
    );
    let solved = Say::Searched {
        column: 4,
        depth: 35,
        nodes: 3_762_692,
        solved: true,
    };
    assert_eq!(
        FR.say(&solved),
        "Colonne 5\u{a0}: résolue jusqu'à la fin de la partie (3\u{202f}762\u{202f}692 positions examinées)."
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
fn the_search_line_groups_digits_and_names_the_best_column() {
    let line = Say::SearchLine {
        depth: 12,
        nodes: 1_234_567,
        per_second: 2_000_000,
        best: Some((3, 5)),
        solving: false,
    };
    assert_eq!(
        EN.say(&line),
        "Depth 12 · 1,234,567 positions · 2,000,000/s · best so far: column 4 (+5)"
    );
    assert!(DE.say(&line).contains("1.234.567"), "{}", DE.say(&line));
    assert!(
        FR.say(&line).contains("1\u{202f}234\u{202f}567"),
        "{}",
        FR.say(&line)
    );
    assert_eq!(grouped(999, ','), "999");
    assert_eq!(capitalise("über"), "Über");
    assert_eq!(capitalise("éclair"), "Éclair");
    assert_eq!(capitalise("yellow"), "Yellow");
    assert_eq!(capitalise("Grün"), "Grün");
    assert_eq!(capitalise(""), "");
}

#[test]
fn tree_nodes_read_out_what_the_drawing_shows() {
    let node = Say::TreeNode {
        column: Some(3),
        value: "≥2".into(),
        folded: Some(40),
        pruned: 2,
        from_table: true,
    };
    assert_eq!(
        EN.say(&node),
        "column 4: ≥2, 40 nodes folded, 2 moves pruned, from the table"
    );
    let root = Say::TreeNode {
        column: None,
        value: "+3".into(),
        folded: None,
        pruned: 0,
        from_table: false,
    };
    assert_eq!(DE.say(&root), "Wurzel: +3");
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
