//! Reading and checking a config, from strings: every key, every problem named.

use super::*;
use engine::Side;
use engine::player::PlayerConfig;

#[test]
fn the_example_config_is_valid_and_documents_every_key() {
    let text = include_str!("../../bridge.example.toml");
    let config = Config::parse(text).expect("the example is valid");
    assert_eq!(config, Config::default());
    for key in [
        "robot",
        "baud",
        "port",
        "app_dir",
        "received",
        "drop",
        "clear",
        "led",
        "poll",
        "idle_ask_s",
        "idle_free_s",
        "grace_s",
        "demo_after_s",
        "offer_s",
        "demo_levels",
        "language",
        "booth_name",
        "take_home_url",
        "take_home_names",
        "robot_hints",
        "levels",
        "depth",
        "random_moves",
        "allowed_origins",
        "lan_token",
        "operator_token",
        "operator_on_lan",
        "records",
    ] {
        assert!(text.contains(&format!("{key} =")), "{key} is documented");
    }
}

#[test]
fn the_booth_speaks_every_language_the_app_has_a_locale_file_for() {
    for tag in ["de", "en", "fr"] {
        let config = Config::parse(&format!("language = \"{tag}\"\n")).unwrap();
        assert_eq!(config.language.tag(), tag);
    }
    let problems = Config::parse("language = \"it\"\n").unwrap_err();
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].contains(
            r#"unknown language "it": use "de" (Deutsch), "en" (English), "fr" (Français)"#
        ),
        "{problems:?}"
    );
}

#[test]
fn a_tuned_level_plays_at_the_booths_depth_and_rate() {
    let config =
        Config::parse("demo_levels = [\"easy\", \"hard\"]\n[tuning.easy]\ndepth = 4\nrandom_moves = 0.5\n[tuning.hard]\ndepth = 6\n")
            .unwrap();
    let demo = config.demo();
    let players = [Side::First, Side::Second].map(|side| match demo.player(side) {
        PlayerConfig::Search(s) => (s.depth, s.blunder_rate),
        other => panic!("{other:?}"),
    });
    assert_eq!(players, [(4, 0.5), (6, 0.0)]);
    // Untuned levels keep the engine's preset.
    let untuned = Config::default().demo();
    assert_eq!(
        untuned.player(Side::First),
        untuned.levels[Side::First].config()
    );
    assert_eq!(
        untuned.player(Side::Second),
        untuned.levels[Side::Second].config()
    );
}

#[test]
fn a_bad_tuning_says_which_level_and_which_value() {
    let problems = Config::parse(
        "[tuning.easy]\ndepth = 20\n[tuning.hard]\nrandom_moves = 1.5\n[tuning.perfect]\ndepth = 3\n[tuning.godlike]\ndepth = 3\n[tuning.Hard]\ndepth = 3\n",
    )
    .unwrap_err();
    assert_eq!(
        problems,
        [
            "[tuning.Hard]: \"Hard\" is not a level: tune easy, medium or hard",
            "tuning.easy: depth = 20: use 1 to 12 plies",
            "[tuning.godlike]: \"godlike\" is not a level: tune easy, medium or hard",
            "tuning.hard: random_moves = 1.5: use a chance from 0 to 1",
            "tuning.perfect: perfect has no depth to set: only easy, medium and hard can be tuned",
        ]
    );
    let unknown = Config::parse("[tuning.easy]\nspeed = 3\n").unwrap_err();
    assert!(unknown[0].contains("unknown field `speed`"), "{unknown:?}");
}

#[test]
fn every_problem_names_the_key_the_value_and_what_is_allowed() {
    let problems = Config::parse(
        "baud = 1234\nport = 0\nidle_ask_s = 50\nlevels = []\n[timeouts]\ndrop = 5\n",
    )
    .unwrap_err();
    assert_eq!(problems.len(), 5, "{problems:#?}");
    assert!(problems[0].starts_with("baud = 1234: use one of"));
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("timeouts.drop = 5: use 100 to 120000"))
    );
    assert!(problems.iter().any(|p| p.starts_with("levels = []")));
    // A word that names no level is refused where the file says it.
    let godlike = Config::parse("levels = [\"godlike\"]").unwrap_err();
    assert!(
        godlike[0].contains("line 1")
            && godlike[0].contains("unknown level \"godlike\": use random, easy"),
        "{godlike:?}"
    );
    let perfect = Config::parse("demo_levels = [\"perfect\", \"hard\"]").unwrap_err();
    assert!(
        perfect[0].starts_with(
            "demo_levels = [\"perfect\", \"hard\"]: name two levels that play on their own"
        ),
        "{perfect:?}"
    );
    let one = Config::parse("demo_levels = [\"hard\"]").unwrap_err();
    assert!(one[0].starts_with("demo_levels"), "{one:?}");
    let unknown = Config::parse("colour = \"pink\"").unwrap_err();
    assert!(unknown[0].contains("colour"), "{unknown:?}");
    let wrong_type = Config::parse("port = \"eighty\"").unwrap_err();
    assert!(wrong_type[0].contains("port"), "{wrong_type:?}");
}

#[test]
fn robot_hints_are_off_unless_asked_for_also_by_their_old_name() {
    assert!(!Config::parse("").unwrap().robot_hints);
    assert!(Config::parse("robot_hints = true").unwrap().robot_hints);
    let old = Config::parse("hints_between_people = true").unwrap();
    assert!(old.robot_hints, "a config of an older bridge keeps working");
}

#[test]
fn the_operator_page_offers_the_engines_levels() {
    let choices = LevelChoices::of_engine();
    assert_eq!(
        choices.offered,
        ["easy", "medium", "hard", "perfect", "adaptive", "random"]
    );
    assert!(choices.all.contains(&"classic3".to_string()));
    assert!(choices.demo.contains(&"medium:aggressive".to_string()));
    for level in &choices.demo {
        let spec: LevelSpec = level.parse().unwrap();
        assert!(plays_alone(spec.level), "{level} cannot play a demo");
    }
    assert!(choices.demo.contains(&"random".to_string()));
    assert!(
        !choices.demo.iter().any(|l| l.starts_with("random:")),
        "a random player has no style: {:?}",
        choices.demo
    );
    // The page shows what an empty tuning field means.
    assert_eq!(
        choices.presets.keys().collect::<Vec<_>>(),
        ["easy", "hard", "medium"]
    );
    let easy = choices.presets["easy"];
    assert_eq!((easy.depth, easy.random_moves), (Some(2), Some(0.33)));
}

#[test]
fn the_take_home_address_is_a_web_address_the_welcome_carries() {
    let config = Config::parse("take_home_url = \"https://example.org/vier-gewinnt/\"\n").unwrap();
    assert_eq!(
        config.welcome().take_home_url.as_deref(),
        Some("https://example.org/vier-gewinnt/")
    );
    assert_eq!(Config::default().welcome().take_home_url, None);
    for bad in [
        "ftp://example.org/",
        "https://example.org",
        "example.org/",
        "https://a b/",
    ] {
        let problems = Config::parse(&format!("take_home_url = \"{bad}\"\n")).unwrap_err();
        assert!(
            problems.iter().any(|p| p.contains("take_home_url")),
            "{bad}: {problems:?}"
        );
    }
}
