//! The computer players: presets, determinism, traces and facts.

use engine::evaluation::Style;
use engine::player::{Fact, Level, LevelSpec, Opponent, Player, PlayerConfig, ValueKind};
use engine::trace::Bound;
use engine::{Board, Flow, Mode, Solver};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pons");

fn positions(file: &str, step: usize) -> Vec<Board> {
    std::fs::read_to_string(format!("{DATA}/{file}"))
        .unwrap()
        .lines()
        .step_by(step)
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

fn player(spec: &str, seed: u64) -> Player {
    Player::new(spec.parse::<LevelSpec>().unwrap().config(), seed)
}

/// A clock that advances by `step` milliseconds at every reading, so
/// progress reports come at known points of a search.
fn fake_clock(step: f64) -> impl Fn() -> f64 {
    let now = std::cell::Cell::new(0.0);
    move || {
        now.set(now.get() + step);
        now.get()
    }
}

/// Plays a whole game between two players and returns its move string.
fn game(a: &mut Player, b: &mut Player) -> String {
    let mut board = Board::new();
    while !board.is_over() {
        let p = if board.plies().is_multiple_of(2) {
            &mut *a
        } else {
            &mut *b
        };
        let d = p.choose(&board).unwrap();
        board.play(d.column).unwrap();
    }
    board.to_string()
}

#[test]
fn the_same_seed_replays_the_same_games() {
    for (x, y) in [
        ("easy", "medium"),
        ("random", "hard:aggressive"),
        ("adaptive", "easy:defensive"),
    ] {
        let first = game(&mut player(x, 3), &mut player(y, 4));
        let again = game(&mut player(x, 3), &mut player(y, 4));
        assert_eq!(first, again, "{x} vs {y}");
    }
    let games: std::collections::HashSet<String> = (0..6)
        .map(|seed| game(&mut player("easy", seed), &mut player("easy", seed + 100)))
        .collect();
    assert!(games.len() > 1, "different seeds give different games");
}

#[test]
fn classic_level_two_on_the_empty_board_matches_the_hand_computed_tree() {
    // The machine opens. A coin in column c is worth 50 + w(c) (no groups);
    // the human's best reply lies on top of it or beside it in the centre:
    // column 4 gives 53 + (53 - 3) = 103, column 3 gives 52 + 49 = 101, ...
    let mut classic = player("classic2", 0);
    let d = classic.choose(&Board::new()).unwrap();
    assert_eq!(d.value_kind, ValueKind::Classic);
    assert_eq!(d.column_values, [97, 99, 101, 103, 101, 99, 97].map(Some));
    assert_eq!(d.column, 3);
    // Level 1 after "44", the machine (first player) to move: a coin beside
    // its own centre coin forms a 2-group (+1) and weighs 2 against 3 on top.
    let d = player("classic1", 0)
        .choose(&"44".parse().unwrap())
        .unwrap();
    assert_eq!(d.column_values, [50, 51, 53, 53, 53, 51, 50].map(Some));
    assert_eq!(d.column, 2, "the leftmost of the best");
}

#[test]
fn hard_traces_keep_their_invariants() {
    let mut hard = player("hard", 1);
    for board in positions("Test_L2_R2", 100).iter().chain(&[Board::new()]) {
        let d = hard.choose(board).unwrap();
        let t = &d.trace;
        assert!(t.nodes.len() <= 2000, "budget respected");
        assert!(
            t.nodes
                .iter()
                .enumerate()
                .skip(1)
                .all(|(i, n)| (n.parent.unwrap() as usize) < i),
            "parents first"
        );
        // The root's children carry each column's value.
        assert_eq!(t.root_values(7), d.column_values, "{board}");
        for i in t.children(0) {
            let n = &t.nodes[i];
            assert_eq!(n.side, board.side_to_move());
            if n.bound == Bound::Exact {
                assert!(n.value <= t.nodes[0].value);
            }
        }
        // The principal variation is a legal continuation and starts with
        // the chosen move.
        assert_eq!(usize::from(t.pv[0]), d.column);
        let mut line = board.clone();
        for &c in &t.pv {
            line.play(usize::from(c))
                .unwrap_or_else(|e| panic!("{board}: pv {:?}: {e}", t.pv));
        }
        let on_pv: Vec<_> = t.nodes.iter().filter(|n| n.on_pv).collect();
        assert!(on_pv.len() >= 2, "the root and the chosen child are marked");
        assert!(t.total_nodes >= t.nodes.len() as u64);
    }
}

#[test]
fn the_tree_counts_the_positions_the_move_says_it_searched() {
    // A budget that cuts a deeper iteration short: the tree is the last
    // finished one's, its count the whole search's.
    let mut config = match Level::Hard.config(Style::Normal) {
        engine::player::PlayerConfig::Search(c) => c,
        _ => unreachable!("Hard is a search"),
    };
    config.node_budget = Some(3000);
    config.time_budget_ms = None;
    let mut hard = Player::new(engine::player::PlayerConfig::Search(config), 1);
    let board: Board = "4453".parse().unwrap();
    let d = hard.choose(&board).unwrap();
    assert!(d.depth < 8, "cut short at depth {}", d.depth);
    assert_eq!(d.trace.total_nodes, d.nodes);
}

#[test]
fn a_small_budget_summarises_instead_of_growing() {
    let mut hard = Player::new(Level::Hard.config(Style::Normal), 1).with_trace_budget(100);
    let d = hard.choose(&"4453".parse().unwrap()).unwrap();
    assert!(d.trace.nodes.len() <= 100);
    assert!(d.trace.nodes.iter().any(|n| n.summarised));
}

#[test]
fn easy_plays_a_weak_move_about_a_third_of_the_time() {
    let mut easy = player("easy", 9);
    let boards = positions("Test_L2_R1", 2);
    let random = boards
        .iter()
        .filter(|b| {
            easy.choose(b)
                .unwrap()
                .facts
                .iter()
                .any(|f| matches!(f, Fact::RandomMove))
        })
        .count();
    let share = random as f64 / boards.len() as f64;
    assert!((0.25..0.41).contains(&share), "{share}");
}

#[test]
fn styles_choose_differently_somewhere() {
    let boards = positions("Test_L1_R1", 10);
    let differ = boards
        .iter()
        .filter(|b| {
            player("hard:aggressive", 1).choose(b).unwrap().column
                != player("hard:defensive", 1).choose(b).unwrap().column
        })
        .count();
    assert!(differ > 0);
}

#[test]
fn perfect_plays_a_best_move_and_says_how_it_ends() {
    let mut perfect = player("perfect", 5);
    let mut solver = Solver::new();
    for board in positions("Test_L2_R1", 100) {
        let d = perfect.choose(&board).unwrap();
        let scores = solver.analyze(board.position(), Mode::Strong);
        let best = scores.iter().flatten().max().copied().unwrap();
        assert_eq!(scores[d.column], Some(best), "{board}");
        assert_eq!(d.value, best);
        assert_eq!(d.value_kind, ValueKind::Exact);
        // Columns it did not solve exactly stay blank, never wrong.
        for (shown, exact) in d.column_values.iter().zip(&scores) {
            assert!(
                shown.is_none() || shown == exact,
                "{board}: {shown:?} vs {exact:?}"
            );
        }
        let expected = if best > 0 {
            "WinsIn"
        } else if best < 0 {
            "LosesIn"
        } else {
            "Draw"
        };
        let facts = format!("{:?}", d.facts);
        assert!(facts.contains(expected), "{board}: {facts}");
    }
}

#[test]
fn facts_name_blocks_wins_and_hopeless_alternatives() {
    // O (second) must block X's three in column 1.
    let board: Board = "12131".parse().unwrap();
    let d = player("medium", 1).choose(&board).unwrap();
    assert_eq!(d.column, 0);
    assert!(d.facts.contains(&Fact::MustBlock { column: 0 }));
    assert!(
        d.facts.contains(&Fact::EveryOtherMoveLoses),
        "{:?}",
        d.facts
    );
    let board: Board = "121212".parse().unwrap();
    let d = player("hard", 1).choose(&board).unwrap();
    assert_eq!(d.column, 0);
    assert_eq!(d.facts[0], Fact::WinsNow);
}

#[test]
fn progress_is_rate_limited_by_the_clock_and_can_stop_the_search() {
    let clock = fake_clock(10.0);
    let mut reports = Vec::new();
    let board: Board = "4453".parse().unwrap();
    let mut hard = player("hard", 1);
    hard.choose_observed(&board, Some(&clock), &mut |p| {
        reports.push(p.clone());
        Flow::Continue
    })
    .unwrap();
    assert!(!reports.is_empty());
    assert!(
        reports
            .windows(2)
            .all(|w| w[1].elapsed_ms >= w[0].elapsed_ms)
    );
    assert!(reports.iter().all(|r| r.nodes_per_second >= 0.0));
    let last = reports.last().unwrap();
    assert_eq!(last.depth, 8);
    assert!(last.best_column.is_some() && !last.pv.is_empty());

    let stopped = player("hard", 1).choose_observed(&board, Some(&clock), &mut |_| Flow::Stop);
    assert!(stopped.is_err());
    let perfect =
        player("perfect", 1)
            .choose_observed(&"13712".parse().unwrap(), Some(&clock), &mut |_| Flow::Stop);
    assert!(perfect.is_err(), "the solver stops too");
}

#[test]
fn a_running_search_shows_its_growing_tree_now_and_then() {
    let clock = fake_clock(100.0);
    let board: Board = "4453".parse().unwrap();
    let mut trees = Vec::new();
    let mut reports = 0;
    let d = player("hard", 1)
        .choose_observed(&board, Some(&clock), &mut |p| {
            reports += 1;
            if let Some(t) = &p.tree {
                trees.push((p.elapsed_ms, t.clone()));
            }
            Flow::Continue
        })
        .unwrap();
    assert!(
        trees.len() >= 2,
        "{} trees in {reports} reports",
        trees.len()
    );
    assert!(trees.len() < reports, "not every report carries a tree");
    assert!(
        trees.windows(2).all(|w| w[1].0 - w[0].0 >= 250.0),
        "at most one tree per 250 ms"
    );
    for (_, t) in &trees {
        assert_eq!(t.root_moves, "4453");
        assert!(t.is_running(), "the root is still being searched");
        assert!(t.nodes.iter().any(|n| !n.searching), "some nodes are done");
        assert!(t.nodes.len() <= d.trace.nodes.len().max(2000));
    }
    assert_eq!(d.trace.root_moves, "4453");
    assert!(
        d.trace.nodes.iter().all(|n| !n.searching),
        "the final tree is done"
    );
    // Without a clock nobody watches: no trees.
    let mut any = false;
    player("hard", 1)
        .choose_observed(&board, None, &mut |p| {
            any |= p.tree.is_some();
            Flow::Continue
        })
        .unwrap();
    assert!(!any);
}

#[test]
fn perfect_shows_each_column_as_it_is_settled_and_bounds_for_the_others() {
    let clock = fake_clock(40.0);
    let board = positions("Test_L2_R2", 50).remove(1);
    let mut trees = Vec::new();
    let d = player("perfect", 3)
        .choose_observed(&board, Some(&clock), &mut |p| {
            trees.extend(p.tree.clone());
            Flow::Continue
        })
        .unwrap();
    assert!(!trees.is_empty(), "a long solve shows its tree");
    let children = |t: &engine::trace::SearchTrace| t.children(0).count();
    assert!(trees.iter().all(|t| t.is_running()));
    assert!(
        trees.windows(2).all(|w| children(&w[0]) <= children(&w[1])),
        "columns only add up"
    );
    // The final tree has every playable column: exact where the column
    // keeps the score, an upper bound where it was refuted.
    let legal = (0..7).filter(|&c| board.can_play(c)).count();
    assert_eq!(children(&d.trace), legal);
    let mut solver = Solver::new();
    let exact = solver.analyze(board.position(), Mode::Strong);
    for i in d.trace.children(0) {
        let n = &d.trace.nodes[i];
        let truth = exact[usize::from(n.column.unwrap())].unwrap();
        match n.bound {
            Bound::Exact => assert_eq!(n.value, truth),
            Bound::Upper => assert!(truth <= n.value, "{truth} <= {}", n.value),
            Bound::Lower => panic!("no lower bounds here"),
        }
    }
}

#[test]
fn the_highlighted_line_starts_with_the_move_played() {
    // Symmetric positions give ties, which the seed breaks; Easy also
    // blunders on purpose. Either way the tree must show the move played.
    for spec in ["hard", "medium", "easy"] {
        for seed in 1..12 {
            let board: Board = "44".parse().unwrap();
            let d = player(spec, seed).choose(&board).unwrap();
            let t = &d.trace;
            let on_pv: Vec<u8> = t
                .children(0)
                .filter(|&i| t.nodes[i].on_pv)
                .filter_map(|i| t.nodes[i].column)
                .collect();
            assert_eq!(on_pv, [d.column as u8], "{spec} seed {seed}");
            assert_eq!(d.pv.first(), Some(&(d.column as u8)));
            // The line goes on below the move played, through legal moves.
            let mut b = board.clone();
            for &c in &d.pv {
                b.play(usize::from(c)).unwrap();
            }
            if spec == "hard" {
                assert!(d.pv.len() >= 2, "{spec} seed {seed}: {:?}", d.pv);
            }
        }
    }
}

#[test]
fn perfect_in_a_hurry_still_plays_a_best_move() {
    // Every reading of the clock is a second later: variety is given up.
    let clock = fake_clock(1000.0);
    let mut solver = Solver::new();
    for board in positions("Test_L2_R2", 250) {
        let d = player("perfect", 5)
            .choose_observed(&board, Some(&clock), &mut |_| Flow::Continue)
            .unwrap();
        let exact = solver.analyze(board.position(), Mode::Strong);
        let best = exact.iter().flatten().max().copied();
        assert_eq!(exact[d.column], best, "{board}");
        assert_eq!(d.trace.nodes[0].value, best.unwrap());
    }
}

#[test]
fn configs_survive_serde_and_the_game_over_is_refused() {
    for level in Level::ALL {
        let config = level.config(Style::Aggressive);
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(
            serde_json::from_str::<PlayerConfig>(&json).unwrap(),
            config,
            "{json}"
        );
    }
    let won: Board = "1212121".parse().unwrap();
    assert!(player("hard", 1).choose(&won).is_err());
}

#[test]
fn the_adaptive_level_weakens_after_it_wins() {
    let mut adaptive = player("adaptive", 1);
    let before = adaptive.adaptive().unwrap().strength();
    adaptive.game_over(Some(true));
    assert!(adaptive.adaptive().unwrap().strength() < before);
    let mut hard = player("hard", 2);
    let mut adaptive = player("adaptive", 1);
    for _ in 0..4 {
        game(&mut hard, &mut adaptive);
        adaptive.game_over(Some(false));
    }
    assert!(
        adaptive.adaptive().unwrap().strength() > before,
        "it strengthens after losses"
    );
}

#[test]
fn perfect_hands_a_slow_move_to_the_hard_search_and_says_so() {
    // A clock that runs a second per reading: Perfect is out of time as
    // soon as its search first reports.
    let clock = fake_clock(1000.0);
    let board: Board = "13712".parse().unwrap(); // seconds without the book
    let mut perfect = player("perfect", 1);
    let decision = perfect
        .choose_within(&board, &clock, 15_000.0, &mut |_| {})
        .unwrap();
    // The solver had its share (60 %) of the 15 s, and is told as such.
    let Fact::Unsolved { seconds } = decision.facts[0] else {
        panic!("{:?}", decision.facts)
    };
    assert!((9..=11).contains(&seconds), "{seconds} s");
    assert!(board.position().can_play(decision.column));
    // Other levels are never limited.
    let mut hard = player("hard", 1);
    let decision = hard
        .choose_within(&board, &clock, 0.0, &mut |_| {})
        .unwrap();
    assert!(
        !decision
            .facts
            .iter()
            .any(|f| matches!(f, Fact::Unsolved { .. }))
    );
}

#[test]
fn perfect_on_a_board_no_book_covers_answers_within_its_limit() {
    // A clock that runs 2 ms per reading: the solver's and the search's
    // checks of the time are what moves it on.
    let clock = fake_clock(2.0);
    let geometry = engine::Geometry::new(9, 6, 4).unwrap();
    assert!(!engine::player::perfect_on(geometry));
    assert!(engine::player::perfect_on(engine::Geometry::STANDARD));
    let board = Board::with_geometry(geometry);
    let mut perfect = player("perfect", 1);
    let start = clock();
    let decision = perfect
        .choose_within(&board, &clock, 3000.0, &mut |_| {})
        .unwrap();
    let spent = clock() - start;
    assert_eq!(decision.facts[0], Fact::Unsolved { seconds: 2 }, "1.8 s");
    assert!(spent <= 3100.0, "the move took {spent} ms of the clock");
    assert!(board.position().can_play(decision.column));
}

#[test]
fn the_opponent_keeps_its_player_while_configuration_and_seed_stay() {
    let mut opponent = Opponent::default();
    let medium = Level::Medium.config(Style::Normal);
    let board: Board = "44".parse().unwrap();
    let clock = || 0.0;
    let first = opponent
        .choose(&board, (&medium, 3), &clock, &mut |_| {})
        .unwrap();
    assert!(opponent.plays(&medium, 3));
    // The same player answers the same position the same way.
    let again = opponent
        .choose(&board, (&medium, 3), &clock, &mut |_| {})
        .unwrap();
    assert_eq!(again.column, first.column);
    let hard = Level::Hard.config(Style::Normal);
    opponent
        .choose(&board, (&hard, 3), &clock, &mut |_| {})
        .unwrap();
    assert!(opponent.plays(&hard, 3) && !opponent.plays(&medium, 3));
}

#[test]
fn the_opponent_limits_perfect_play_and_lends_its_solver_to_hints() {
    let mut opponent = Opponent::default();
    let perfect = Level::Perfect.config(Style::Normal);
    // On 9 x 6 no book helps: a clock of a second per reading runs the
    // solver out of its share of the limit at its first report.
    let board = Board::with_geometry(engine::Geometry::new(9, 6, 4).unwrap());
    let clock = fake_clock(1000.0);
    let decision = opponent
        .choose(&board, (&perfect, 1), &clock, &mut |_| {})
        .unwrap();
    let Fact::Unsolved { seconds } = decision.facts[0] else {
        panic!("{:?}", decision.facts)
    };
    // This clock runs a second per reading, the solver's own included: the
    // time told is the solver's share of the limit at least.
    let share = (engine::player::PERFECT_TIME_LIMIT_MS * 0.6 / 1000.0).round() as u32;
    assert!(seconds >= share, "{seconds} s of the solver's");
    // A hint's scores from the opponent's solver are the solver's own.
    let near_end: Board = "2252576253462244111563365343671351441".parse().unwrap();
    let lent = opponent
        .solver()
        .analyze_observed(near_end.position(), Mode::Strong, &mut |_| Flow::Continue)
        .unwrap();
    let own = Solver::new()
        .analyze_observed(near_end.position(), Mode::Strong, &mut |_| Flow::Continue)
        .unwrap();
    assert_eq!(lent, own);
}
