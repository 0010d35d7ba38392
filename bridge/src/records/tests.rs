use super::*;
use crate::scratch::Scratch;

fn names(a: &str, b: &str) -> [Option<String>; 2] {
    [Some(a.into()), Some(b.into())]
}

fn people(names: &[Option<String>; 2]) -> Players {
    Players {
        names: names.clone(),
        shown: [false; 2],
    }
}

fn game(
    mode: GameMode,
    computer: Option<Seat>,
    names: &[Option<String>; 2],
    moves: &str,
) -> NewGame {
    NewGame {
        mode,
        computer,
        level: computer.map(|_| "hard".into()),
        players: people(names),
        moves: moves.into(),
    }
}

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("records-{name}"))
}

#[test]
fn a_game_is_counted_from_its_first_coin_and_a_win_against_the_computer_is_the_visitors() {
    let r = Records::in_memory();
    assert_eq!(r.today().games, 0);
    let won = r.begin_game(game(
        GameMode::VsComputer,
        Some(Seat::Second),
        &names("Anna", "Computer"),
        "4",
    ));
    r.update_game(won, &people(&names("Anna", "Computer")), "4455667");
    r.end_game(won, Outcome::Won(Seat::First));
    let lost = r.begin_game(game(
        GameMode::VsComputer,
        Some(Seat::First),
        &names("Computer", "Ben"),
        "4",
    ));
    r.end_game(lost, Outcome::Won(Seat::First));
    let two = r.begin_game(game(
        GameMode::TwoPlayers,
        None,
        &[Some("Cleo".into()), None],
        "1",
    ));
    r.fault(Some(Fault::Jammed), Some(two));
    r.fault(None, None);
    let today = r.today();
    assert_eq!(
        (
            today.games,
            today.playing,
            today.won_by_visitors,
            today.faults
        ),
        (3, 1, 1, 2),
        "Cleo's game is still running"
    );
    assert_eq!(today.date.len(), 10, "{today:?}");
    let kinds = r.read("list faults", |db| {
        db.query_row("SELECT group_concat(kind) FROM faults", [], |row| {
            row.get::<_, String>(0)
        })
    });
    assert_eq!(kinds.as_deref(), Some("jammed,disconnected"));
    let recent = r.recent(10);
    assert_eq!(recent.len(), 3);
    assert_eq!(recent[0].result, None, "the newest game goes on");
    assert_eq!(recent[0].faults, 1);
    assert_eq!(recent[2].moves, "4455667");
    assert_eq!(recent[2].result.as_deref(), Some("first"));
    assert_eq!(r.unrecorded(), None);
}

#[test]
fn records_survive_reopening_and_a_file_that_is_no_records_is_named() {
    let dir = scratch("reopen");
    let path = dir.join("nested/booth.sqlite");
    {
        let r = Records::open(&path).unwrap();
        let id = r.begin_game(game(GameMode::TwoPlayers, None, &names("Anna", "Ben"), "4"));
        r.end_game(id, Outcome::Draw);
    }
    let again = Records::open(&path).unwrap();
    assert_eq!(again.today().games, 1);
    let next = again.begin_game(game(GameMode::TwoPlayers, None, &names("Cleo", "Dan"), "1"));
    assert_eq!(next, 2, "numbers go on after the last run's");
    drop(again);

    let text = dir.join("notes.sqlite");
    std::fs::write(
        &text,
        "these are not records, just a text file of some length",
    )
    .unwrap();
    let e = Records::open(&text).err().unwrap();
    assert_eq!(
        e.problem,
        OpenProblem::Unusable("it is not a SQLite database".into())
    );
    assert!(e.to_string().contains("notes.sqlite"), "{e}");
}

#[test]
fn a_read_only_file_is_called_so() {
    let dir = scratch("read-only");
    let path = dir.join("booth.sqlite");
    drop(Records::open(&path).unwrap());
    // What SQLite answers a write on a file it may only read.
    let db =
        Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let e = db
        .execute("UPDATE games SET moves = '4' WHERE id = 1", [])
        .unwrap_err();
    assert_eq!(
        sql::explain(&e),
        "the file is read-only (its permissions, or a disk mounted read-only)"
    );
}

#[test]
fn no_shared_memory_file_is_mapped_for_another_program_to_cut_short() {
    let dir = scratch("no-shm");
    let path = dir.join("booth.sqlite");
    let r = Records::open(&path).unwrap();
    r.begin_game(game(GameMode::TwoPlayers, None, &names("Anna", "Ben"), "4"));
    assert_eq!(r.today().games, 1);
    assert!(dir.join("booth.sqlite-wal").exists(), "written ahead");
    assert!(
        !dir.join("booth.sqlite-shm").exists(),
        "the WAL index is in memory"
    );
    drop(r);
}

#[test]
fn a_record_that_cannot_be_written_is_counted_and_named_and_play_goes_on() {
    let r = Records::in_memory();
    let first = r.begin_game(game(GameMode::TwoPlayers, None, &names("Anna", "Ben"), "4"));
    // The next game under the same number: its insert fails.
    r.shared.next_game.store(first, Ordering::Relaxed);
    let clash = r.begin_game(game(GameMode::TwoPlayers, None, &names("Cleo", "Dan"), "4"));
    assert_eq!(r.today().games, 1);
    let unrecorded = r.unrecorded().expect("the loss is told");
    assert_eq!(unrecorded.lost, 1);
    assert!(unrecorded.since.is_some());
    assert!(
        unrecorded.last.starts_with("cannot record a game: "),
        "{unrecorded:?}"
    );
    assert!(!unrecorded.memory_only);
    // Later records are written as before.
    r.update_game(first, &people(&names("Anna", "Ben")), "44");
    assert_eq!(r.recent(1)[0].moves, "44");
    assert_eq!(clash, first);
}

#[test]
fn a_booth_without_its_file_counts_in_memory_and_says_so() {
    let why = RecordsError {
        path: "/media/card/booth.sqlite".into(),
        problem: OpenProblem::Unusable("the disk is full".into()),
    };
    let r = Records::memory_only(&why);
    r.begin_game(game(GameMode::TwoPlayers, None, &names("Anna", "Ben"), "4"));
    assert_eq!(r.today().games, 1);
    let unrecorded = r.unrecorded().unwrap();
    assert!(unrecorded.memory_only);
    assert_eq!(unrecorded.lost, 0);
    assert!(
        unrecorded.last.contains("/media/card/booth.sqlite"),
        "{unrecorded:?}"
    );
}

#[test]
fn a_move_is_recorded_while_the_operator_reads_a_season_of_60000_games() {
    let dir = scratch("season");
    let path = dir.join("booth.sqlite");
    drop(Records::open(&path).unwrap());
    Connection::open(&path)
        .unwrap()
        .execute_batch(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
                 INSERT INTO games (started, ended, mode, computer, first_name, second_name, moves, result)
                 SELECT 1700000000 + i, 1700000100 + i, 'vs_computer', 'second', 'Ada', 'Computer', '4455', 'first' FROM n;
                 INSERT INTO faults (at, kind, game) SELECT 1700000000 + id, 'jammed', id FROM games WHERE id % 10 = 0;",
        )
        .unwrap();
    let records = Records::open(&path).unwrap();
    // The operator's export, held up for as long as the test likes ...
    let (go_on, held) = std::sync::mpsc::channel::<()>();
    let (reading, read_started) = std::sync::mpsc::channel::<()>();
    let export = {
        let records = records.clone();
        std::thread::spawn(move || {
            records.read("hold the export", move |db| {
                let counted: i64 = db.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
                reading.send(()).unwrap();
                let _ = held.recv();
                Ok(counted)
            })
        })
    };
    read_started.recv().unwrap();
    // ... while the booth records a game's coins: handing them over never
    // waits for the read (if it did, this test would never end).
    let id = records.begin_game(game(
        GameMode::VsComputer,
        Some(Seat::Second),
        &[Some("Ben".into()), None],
        "4",
    ));
    records.update_game(id, &people(&[Some("Ben".into()), None]), "44");
    go_on.send(()).unwrap();
    assert_eq!(export.join().unwrap(), Some(60000));
    let newest = records.recent(1).remove(0);
    assert_eq!((newest.id, newest.moves.as_str()), (id, "44"));
    let started = std::time::Instant::now();
    let all = records.recent(u32::MAX);
    eprintln!(
        "60,001 games read for the export in {:?}",
        started.elapsed()
    );
    assert_eq!(all.len(), 60001);
    assert_eq!(all.iter().filter(|g| g.faults == 1).count(), 6000);
    // The export's pages: every game once, newest first, none left out.
    let mut paged = Vec::new();
    let mut before = None;
    loop {
        let page = records.page(before, 7000);
        before = page.last().map(|g| g.id);
        let full = page.len() == 7000;
        paged.extend(page.into_iter().map(|g| g.id));
        if !full {
            break;
        }
    }
    assert_eq!(paged, all.iter().map(|g| g.id).collect::<Vec<_>>());
    drop(records);
}

#[test]
fn a_second_bridge_on_the_same_records_stops_before_touching_them() {
    let dir = scratch("lock");
    let path = dir.join("booth.sqlite");
    let first = Records::open(&path).unwrap();
    let id = first.begin_game(game(
        GameMode::VsComputer,
        Some(Seat::Second),
        &[Some("Ada".into()), None],
        "4",
    ));
    let second = Records::open(&path).err().expect("refused");
    assert_eq!(second.problem, OpenProblem::InUse);
    assert!(
        second.to_string().contains("another bridge is using it"),
        "{second}"
    );
    let game = first.recent(1).remove(0);
    assert_eq!(
        (game.id, game.result),
        (id, None),
        "still playing, untouched"
    );
    drop(first);
    assert!(
        Records::open(&path).is_ok(),
        "free again once the first is gone"
    );
}

/// Waits until the records' thread has noticed what happened to its file.
fn file_event_within(r: &Records, wait: Duration) -> Option<FileEvent> {
    let until = std::time::Instant::now() + wait;
    while std::time::Instant::now() < until {
        // A write wakes the thread, as a game would.
        let _ = r.today();
        if let Some(event) = r.file_event() {
            return Some(event);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

#[test]
fn a_records_file_deleted_mid_game_is_written_back_with_its_games() {
    let dir = scratch("deleted");
    let path = dir.join("booth.sqlite");
    let r = Records::open_looking(&path, Duration::from_millis(100)).unwrap();
    let before = r.begin_game(game(
        GameMode::VsComputer,
        Some(Seat::Second),
        &names("Anna", "Computer"),
        "4",
    ));
    r.end_game(before, Outcome::Draw);
    let during = r.begin_game(game(GameMode::TwoPlayers, None, &names("Ben", "Cleo"), "1"));
    let _ = r.today();
    std::fs::remove_file(&path).unwrap();
    let event = file_event_within(&r, Duration::from_secs(5)).expect("noticed");
    assert_eq!((event.kind, &event.kept_in), ("deleted", &path));
    // The game goes on into the file written back.
    r.update_game(during, &people(&names("Ben", "Cleo")), "1234");
    r.end_game(during, Outcome::Won(Seat::First));
    drop(r);
    let reopened = Records::open(&path).unwrap();
    let games = reopened.recent(10);
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0].moves, "1234");
    assert_eq!(games[1].result.as_deref(), Some("draw"));
}

#[test]
fn a_records_file_replaced_mid_game_is_left_alone_and_the_games_kept_beside_it() {
    let dir = scratch("replaced");
    let path = dir.join("booth.sqlite");
    let r = Records::open_looking(&path, Duration::from_millis(100)).unwrap();
    let game = r.begin_game(game(
        GameMode::VsComputer,
        Some(Seat::Second),
        &names("Anna", "Computer"),
        "4",
    ));
    let _ = r.today();
    let other = dir.join("restored.sqlite");
    std::fs::write(&other, "someone else's file").unwrap();
    std::fs::rename(&other, &path).unwrap();
    let event = file_event_within(&r, Duration::from_secs(5)).expect("noticed");
    assert_eq!(event.kind, "replaced");
    assert_ne!(event.kept_in, path);
    r.end_game(game, Outcome::Won(Seat::First));
    drop(r);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "someone else's file"
    );
    let kept = Records::open(&event.kept_in).unwrap();
    assert_eq!(kept.recent(10)[0].result.as_deref(), Some("first"));
}

/// A finished game against the computer at `level`, the visitor `name`
/// in the first seat, `shown` or not, with `moves`.
fn against(r: &Records, name: &str, shown: bool, level: &str, moves: &str, won: bool) -> i64 {
    let id = r.begin_game(NewGame {
        level: Some(level.into()),
        players: Players {
            names: names(name, "Computer"),
            shown: [shown, true],
        },
        ..game(
            GameMode::VsComputer,
            Some(Seat::Second),
            &[None, None],
            moves,
        )
    });
    let outcome = Outcome::Won(if won { Seat::First } else { Seat::Second });
    r.end_game(id, outcome);
    id
}

#[test]
fn the_hall_of_fame_lists_wins_strongest_first_names_only_when_shown_and_not_what_staff_hid() {
    let r = Records::in_memory();
    let easy = against(&r, "Anna", true, "easy", "1212121", true);
    let hard = against(&r, "Ben", false, "hard", "4455667", true);
    let slow_hard = against(&r, "Cleo", true, "hard", "445566172737", true);
    against(&r, "Dora", true, "medium", "1213141", false);
    let fame = r.hall_of_fame(None);
    let listed: Vec<_> = fame
        .best
        .iter()
        .map(|e| {
            (
                e.game,
                e.name.as_deref(),
                e.level.to_string(),
                e.moves,
                e.fastest,
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            (hard, None, "hard".to_string(), 4, true),
            (slow_hard, Some("Cleo"), "hard".to_string(), 6, false),
            (easy, Some("Anna"), "easy".to_string(), 4, true),
        ],
        "Ben did not tick 'show my name'; Dora lost"
    );
    assert_eq!(fame.date, r.today().date);
    assert_eq!(fame.streak, None);

    // Anna wins twice more in a row: a streak of three, under her name.
    against(&r, "Anna", true, "medium", "1212121", true);
    against(&r, "anna", true, "medium", "2323232", true);
    let fame = r.hall_of_fame(None);
    let streak = fame.streak.expect("three in a row");
    assert_eq!(
        (streak.name.as_deref(), streak.wins),
        (Some("anna"), 3),
        "her newest name"
    );

    r.hide_from_fame(slow_hard);
    let fame = r.hall_of_fame(None);
    assert!(fame.best.iter().all(|e| e.game != slow_hard), "{fame:?}");
    r.clear_fame();
    let fame = r.hall_of_fame(None);
    assert!(fame.best.is_empty() && fame.streak.is_none(), "{fame:?}");
    assert_eq!(r.today().games, 6, "hidden games still count");
}

#[test]
fn the_days_figures_count_the_games_results_lengths_faults_and_minutes_recorded() {
    let r = Records::in_memory();
    against(&r, "Anna", false, "easy", "1212121", true);
    against(&r, "Ben", false, "easy", "4455667", false);
    against(&r, "Cleo", false, "hard", "4455667", false);
    let open = r.begin_game(game(GameMode::TwoPlayers, None, &names("Dan", "Eve"), "4"));
    r.fault(Some(Fault::Jammed), Some(open));
    r.fault(Some(Fault::Jammed), None);
    r.fault(None, None);
    let minute = now() / 60;
    r.activity(minute, Activity::Playing);
    r.activity(minute - 1, Activity::Demo);
    r.activity(minute - 2, Activity::Demo);
    let day = r.day_report(None).expect("figures");
    assert_eq!(day.date, r.today().date);
    assert_eq!(day.games_by_hour.iter().sum::<u32>(), 4);
    let results: Vec<_> = day
        .results
        .iter()
        .map(|l| (l.level.as_str(), l.won, l.drawn, l.lost, l.unfinished))
        .collect();
    assert_eq!(results, [("easy", 1, 0, 1, 0), ("hard", 0, 0, 1, 0)]);
    assert_eq!(day.lengths[0], 3, "three games ended within the minute");
    let faults: u32 = day.faults.iter().flat_map(|h| h.kinds.values()).sum();
    assert_eq!(faults, 3);
    assert!(day.faults.iter().any(|h| h.kinds.get("jammed") == Some(&2)));
    // The minute just begun may fall on the next day at midnight.
    assert!(
        day.minutes.demo + day.minutes.playing >= 2,
        "{:?}",
        day.minutes
    );

    let empty = r.day_report(Some("2001-02-03".into())).expect("figures");
    assert_eq!(empty.date, "2001-02-03");
    assert_eq!(empty.games_by_hour, vec![0; 24]);
    assert!(empty.results.is_empty() && empty.faults.is_empty());
}

#[test]
fn records_of_the_first_schema_gain_levels_names_shown_and_the_hall_of_fame() {
    let dir = scratch("schema1");
    let path = dir.join("booth.sqlite");
    std::fs::create_dir_all(&dir).unwrap();
    {
        let db = Connection::open(&path).unwrap();
        db.execute_batch(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, started INTEGER NOT NULL, ended INTEGER,
                mode TEXT NOT NULL, computer TEXT, first_name TEXT, second_name TEXT,
                moves TEXT NOT NULL, result TEXT);
             CREATE TABLE faults (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, kind TEXT NOT NULL,
                game INTEGER REFERENCES games(id));
             INSERT INTO games VALUES (1, strftime('%s', 'now'), strftime('%s', 'now'), 'vs_computer',
                'second', 'Anna', 'Computer', '1212121', 'first');
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let r = Records::open(&path).unwrap();
    assert_eq!(r.recent(5)[0].moves, "1212121", "the old game is kept");
    assert!(r.hall_of_fame(None).best.is_empty(), "no level: not listed");
    let id = against(&r, "Ben", true, "hard", "1212121", true);
    assert_eq!(r.hall_of_fame(None).best[0].game, id);
}
