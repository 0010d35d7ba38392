//! The computer's thinking in every language: thoughts, the search line,
//! the tree's nodes and perfect values.

use super::*;

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
        "Depth 12 · 1,234,567 positions · 2,000,000 positions/s · best so far: column 4 (+5)"
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
fn a_spectator_hears_the_thoughts_in_the_third_person() {
    let facts = [
        Fact::WinsIn { stones: 3 },
        Fact::LosesIn { stones: 1 },
        Fact::MustBlock { column: 2 },
        Fact::Unsolved { seconds: 3 },
        Fact::RandomMove,
    ];
    let first_or_second_person = [
        (EN, &[" I ", "I'll", " my ", " you", "You "][..]),
        (DE, &["Ich ", " ich ", " du", " dir", "Du ", " meiner "][..]),
        (FR, &["Je ", " je ", " tu ", "Tu ", " te ", " ma "][..]),
    ];
    for (lang, words) in first_or_second_person {
        for fact in &facts {
            let seen = format!(" {} ", lang.say(&Say::ThoughtSeen(fact.clone())));
            assert!(
                words.iter().all(|w| !seen.contains(w)),
                "{:?} to a spectator: {seen}",
                lang.tag()
            );
            assert_ne!(seen.trim(), lang.say(&Say::Thought(fact.clone())));
        }
    }
}
