//! The interface in German.

use booth_protocol::NoticeCode;
use engine::player::{Fact, Level};
use engine::review::Mark;
use engine::score::stones_to_win;

use super::{
    Caption, Outlook, RobotGameLine, Say, Text, capitalise, grouped, level_name_or_depth, minutes,
};
use crate::model::values::{Rank, short_value};
use crate::protocol::Database;

/// A fixed text in German.
pub(super) fn text(text: Text) -> &'static str {
    match text {
        Text::Title => "Vier gewinnt",
        Text::NewGame => "Neues Spiel",
        Text::Undo => "Zurück",
        Text::Hint => "Tipp",
        Text::Settings => "Einstellungen",
        Text::Help => "Hilfe",
        Text::Close => "Schließen",
        Text::ConfirmLeaveRobot => "Damit endet dein Spiel am Roboter. Fortfahren?",
        Text::LevelFixedOnRobot => "Während eines Spiels am Roboter bleibt die gewählte Stufe.",
        Text::ConfirmNew => "Das laufende Spiel beenden und neu beginnen?",
        Text::Mode => "Modus",
        Text::VsComputer => "Gegen den Computer",
        Text::HotSeat => "Zwei Personen",
        Text::Demo => "Computer gegen Computer",
        Text::Level => "Stufe",
        Text::Style => "Stil",
        Text::Defensive => "defensiv",
        Text::Normal => "normal",
        Text::Aggressive => "aggressiv",
        Text::Starts => "Wer beginnt",
        Text::Me => "Ich",
        Text::Computer => "Computer",
        Text::Random => "Zufall",
        Text::Colours => "Farben",
        Text::Animation => "Animation",
        Text::BoardSize => "Spielfeld",
        Text::Language => "Sprache",
        Text::HighContrast => "Hoher Kontrast",
        Text::Marks => "Zeichen auf den Steinen",
        Text::Fullscreen => "Vollbild",
        Text::YourTurn => "Du bist am Zug",
        Text::ComputerThinking => "Der Computer denkt nach …",
        Text::Wins => "gewinnt",
        Text::YouWon => "Du hast gewonnen!",
        Text::YouLost => "Der Computer hat gewonnen.",
        Text::Draw => "Unentschieden.",
        Text::PlayAgain => "Nochmal spielen",
        Text::ColumnFull => "Diese Spalte ist voll.",
        Text::NotYourTurn => "Warte, der Computer ist am Zug.",
        Text::NotYourTurnYet => "Warte, du bist noch nicht am Zug.",
        Text::GameOverRefused => "Das Spiel ist vorbei.",
        Text::NothingToUndo => "Es gibt nichts zurückzunehmen.",
        Text::HintTooDeep => {
            "Die perfekte Analyse war nicht rechtzeitig fertig. Nach ein paar Zügen klappt es."
        }
        Text::BookMissing => {
            "Eröffnungsbuch: noch nicht geladen (perfektes Spiel ist in der Eröffnung langsamer)."
        }
        Text::Watching => "Hier wird nur zugeschaut.",
        Text::NoUndoOnRobot => "Auf dem Roboter kann man keinen Zug zurücknehmen.",
        Text::Robot => "Roboter",
        Text::RobotConnecting => "Der Roboter wird verbunden …",
        Text::RobotReady => "Der Roboter ist bereit.",
        Text::RobotWorking => "Der Roboter setzt den Stein …",
        Text::RobotFault => "Der Roboter klemmt – das Team ist gerufen. Das Spiel bleibt erhalten.",
        Text::RobotDisconnected => {
            "Der Roboter antwortet nicht – das Team ist gerufen. Das Spiel bleibt erhalten."
        }
        Text::RobotRestoring => "Der Roboter ist zurück, das Spielfeld wird wiederhergestellt …",
        Text::RobotBusy => "Der Roboter spielt gerade ein anderes Spiel. Du kannst zuschauen.",
        Text::RobotWait => "Einen Moment, der Roboter ist noch beschäftigt.",
        Text::NeedToken => {
            "Dieses Gerät braucht den Code der Station zum Spielen (QR-Code am Stand); zuschauen geht."
        }
        Text::NameRule => "Ein Name hat 3 bis 15 Buchstaben, Ziffern, _ oder -.",
        Text::BridgeLost => "Verbindung zum Roboter unterbrochen – sie wird wiederhergestellt …",
        Text::StillThere => "Bist du noch da? Sonst endet das Spiel gleich.",
        Text::ImStillHere => "Ich bin noch da",
        Text::YourName => "Dein Name",
        Text::Opponent => "Gegner",
        Text::ComputerOpponent => "der Computer",
        Text::PersonOpponent => "eine Person an einem anderen Gerät",
        Text::WatchRobot => "Zuschauen",
        Text::PlayOnRobot => "Auf dem Roboter spielen",
        Text::LeaveRobot => "Roboter-Spiel verlassen",
        Text::HintWaiting => "Analyse läuft …",
        Text::WorkerFailed => "Der Computer konnte nicht ziehen. Bitte neu laden.",
        Text::Thoughts => "Was der Computer denkt",
        Text::ShowThinking => "Gedanken",
        Text::SpectatorScreen => "Zuschauer-Bildschirm ↗",
        Text::Column => "Spalte",
        Text::Row => "Reihe",
        Text::Empty => "leer",
        Text::HelpRules => {
            "Zwei Spieler werfen abwechselnd Steine in die Spalten. Wer zuerst vier eigene Steine in einer Reihe hat – waagrecht, senkrecht oder diagonal – gewinnt."
        }
        Text::HelpPlay => {
            "Tippe auf eine Spalte oder drücke ihre Ziffer. Pfeiltasten wählen eine Spalte, Enter wirft."
        }
        Text::About => "Version",
        Text::Turn => "ist am Zug",
        Text::ReviewGame => "Partie auswerten",
        Text::GameReview => "Partie-Auswertung",
        Text::PlayOnFromHere => "Von hier weiterspielen",
        Text::Searching => "Suche läuft …",
        Text::RealSearch => "Echte Suche",
        Text::MinimaxTeaching => "Minimax (Lernansicht)",
        Text::HowItThinks => "Wie denkt der Computer?",
        Text::Fit => "Ganz",
        Text::All => "Alles",
        Text::Numbers => "Zahlen",
        Text::TreeLegend => {
            "Unter jedem Stein: seine Spalte, dann sein Wert für den Computer (+ gut für ihn, − schlecht; ≤ oder ≥: nur eine Grenze, dort hat die Suche früh aufgehört). ▸ Stellungen in einem zugeklappten Ast; ✂ abgeschnittene Züge; TT: aus der Tabelle schon gesehener Stellungen."
        }
        Text::ZoomIn => "Vergrößern",
        Text::ZoomOut => "Verkleinern",
        Text::Yellow => "gelb",
        Text::Red => "rot",
        Text::Blue => "blau",
        Text::Green => "grün",
        Text::Easy => "Leicht",
        Text::Medium => "Mittel",
        Text::Hard => "Schwer",
        Text::Perfect => "Perfekt",
        Text::Adaptive => "Mitwachsend",
        Text::RandomLevel => "Zufällig",
        Text::Reviewing => "Partie wird ausgewertet …",
        Text::NotAllowed => "Das darf nur, wer am Roboter spielt.",
        Text::NoRobotGame => "Auf dem Roboter läuft gerade kein Spiel.",
        Text::BridgeVersion => "Diese Seite ist älter als die Station: bitte neu laden.",
        Text::LevelNotOffered => {
            "Diese Stufe bietet die Station nicht an: bitte eine andere wählen."
        }
        Text::BridgeRefused => "Die Station hat die Nachricht abgelehnt. Bitte neu laden.",
        Text::NameTaken => "Diesen Namen hat schon jemand am Roboter – bitte wähle einen anderen.",
        Text::NameReserved => {
            "Diesen Namen braucht die Station selbst – bitte wähle einen anderen."
        }
        Text::DeviceHasName => "Dieses Gerät spielt schon unter einem anderen Namen am Roboter.",
        Text::WaitingForOpponent => {
            "Warte auf eine Gegnerin oder einen Gegner … Sie steigen auf ihrem Gerät ein."
        }
        Text::ComputersTurnWait => "Warte, der Computer ist am Zug.",
        Text::RobotJammed => {
            "Im Roboter klemmt ein Stein – das Team ist gerufen. Das Spiel bleibt erhalten."
        }
        Text::RobotEmpty => {
            "Dem Roboter sind die Steine ausgegangen – das Team ist gerufen. Das Spiel bleibt erhalten."
        }
        Text::RobotGridFull => {
            "Das Spielfeld des Roboters muss geleert werden – das Team ist gerufen. Das Spiel bleibt erhalten."
        }
        Text::RobotNotAnswering => {
            "Der Roboter antwortet nicht – das Team ist gerufen. Das Spiel bleibt erhalten."
        }
        Text::DemoRunning => "Der Roboter spielt gegen sich selbst: tippe, um zu spielen",
        Text::PlayHere => "Lieber auf diesem Tablet spielen",
        Text::LobbyTitle => "Vier gewinnt gegen den Roboter",
        Text::LobbyIntro => {
            "Gib deinen Namen ein, wähle deinen Gegner, und der Roboter wirft die Steine ein."
        }
        Text::LeaveQuestion => "Spiel verlassen? Die andere Person erfährt es.",
        Text::LeaveYes => "Verlassen",
        Text::Stay => "Bleiben",
        Text::BackToLobby => "Zurück zur Lobby",
        Text::JoinWithPhone => "Mit dem Handy mitspielen: Code scannen.",
        Text::Sound => "Ton",
        Text::SoundOn => "Ton an",
        Text::SoundOff => "Ton aus",
        Text::NoHintsOnRobot => {
            "Keine Tipps am Roboter: Mit ihnen könnte jeder perfekt spielen. Spiele auf diesem Tablet haben sie."
        }
        Text::OtherWantsAgain => "möchte noch einmal spielen.",
    }
}

/// A message with numbers or names in German.
pub(super) fn say(message: &Say) -> String {
    match message {
        Say::Thought(fact) => thought(fact),
        Say::WaitingChallenger(name) => {
            format!("{name} wartet am Roboter auf einen Gegner. Gegen {name} spielen?")
        }
        Say::PlayAgainst(name) => format!("Gegen {name} spielen"),
        Say::Searched {
            column,
            depth,
            nodes,
        } => format!(
            "Spalte {} (Tiefe {depth}, {nodes} Stellungen durchsucht).",
            column + 1
        ),
        Say::SearchLine {
            depth,
            nodes,
            per_second,
            best,
        } => {
            let best = best.map_or(String::new(), |(c, v)| {
                format!(" · bisher am besten: Spalte {} ({})", c + 1, short_value(v))
            });
            format!(
                "Tiefe {depth} · {} Stellungen · {}/s{best}",
                grouped(*nodes),
                grouped(*per_second)
            )
        }
        Say::YourTurn {
            colour,
            level,
            style,
        } => format!(
            "Du bist am Zug ({}) – {} ({})",
            text(Text::from(*colour)),
            level_name(*level),
            text(Text::from(*style))
        ),
        Say::ComputerThinking { level, style } => format!(
            "Der Computer denkt nach … – {} ({})",
            level_name(*level),
            text(Text::from(*style))
        ),
        Say::ToMove { colour } => format!("{} ist am Zug", capitalise(text(Text::from(*colour)))),
        Say::Wins { colour } => format!("{} gewinnt!", capitalise(text(Text::from(*colour)))),
        Say::LevelName(level) => level_name(*level),
        Say::Cell { row, column, owner } => format!(
            "Reihe {row}, Spalte {column}: {}",
            owner.map_or("leer", |c| text(Text::from(c)))
        ),
        Say::ColumnButton { column } => format!("Spalte {column}"),
        Say::ColourMenu { player } => format!("Farben {player}"),
        Say::PerfectValue { score, cells, plies } => {
            match (score.signum(), stones_to_win(*cells, *plies, *score)) {
                (0, _) | (_, None) => "remis".into(),
                (1, Some(1)) => "gewinnt sofort".into(),
                (1, Some(n)) => format!("gewinnt in {n} Zügen"),
                (_, Some(1)) => "verliert sofort".into(),
                (_, Some(n)) => format!("verliert in {n}"),
            }
        }
        Say::SearchValue(rank) => match rank {
            Rank::Wins => "gewinnt",
            Rank::Best => "beste",
            Rank::Good => "gut",
            Rank::Weaker => "schwächer",
            Rank::Poor => "schwach",
            Rank::Loses => "verliert",
        }
        .into(),
        Say::DatabaseLoading { loaded, total } => match total {
            Some(total) => format!(
                "Perfektes Spiel: {} von {} MB geladen",
                megabytes(*loaded),
                megabytes(*total)
            ),
            None => format!("Perfektes Spiel: {} MB geladen", megabytes(*loaded)),
        },
        Say::DatabaseStatus(Some(Database::Ready { positions, .. })) => format!(
            "Stellungsdatenbank: alle {positions} Stellungen mit 12 Steinen sind da, perfektes Spiel und Tipps antworten sofort, auch offline."
        ),
        Say::DatabaseStatus(Some(Database::Loading { .. }) | None) => {
            "Stellungsdatenbank: wird geladen. Bis dahin kann perfektes Spiel einige Sekunden brauchen.".into()
        }
        Say::DatabaseStatus(Some(Database::Missing)) => {
            "Stellungsdatenbank: nicht verfügbar. Perfektes Spiel geht trotzdem, in der Eröffnung nur langsamer.".into()
        }
        Say::BookStatus(None) => text(Text::BookMissing).into(),
        Say::BookStatus(Some((depth, positions))) => format!(
            "Eröffnungsbuch: alle Stellungen bis {depth} Steine ({positions} Stellungen), perfektes Spiel dort sofort."
        ),
        Say::Reviewed {
            number,
            colour,
            reviewed,
        } => {
            let mark = match reviewed.mark {
                Mark::Best => "bester Zug".to_string(),
                Mark::Good => "gut".to_string(),
                Mark::Mistake { better } => format!(
                    "Fehler: Spalte {} hätte {} gehalten",
                    better + 1,
                    if reviewed.best > 0 { "den Sieg" } else { "das Remis" }
                ),
            };
            format!(
                "{number}. {}, Spalte {}: {mark}",
                capitalise(text(Text::from(*colour))),
                reviewed.column + 1
            )
        }
        Say::Decided(Some((number, colour))) => format!(
            "Entschieden mit Zug {number}: dem Fehler von {}.",
            capitalise(text(Text::from(*colour)))
        ),
        Say::Decided(None) => "Kein Fehler: Das Ergebnis stand vom ersten Zug an fest.".into(),
        Say::TreeCaption {
            depth,
            nodes,
            pruned,
            from_table,
        } => {
            let table = match from_table {
                0 => String::new(),
                n => format!(", {n} aus der Tabelle (TT)"),
            };
            format!("Tiefe {depth}: {nodes} Stellungen, {pruned} Züge abgeschnitten{table}.")
        }
        Say::MinimaxCaption(None) => "Minimax wird gerechnet …".into(),
        Say::MinimaxCaption(Some((depth, minimax, alpha_beta, saved))) => format!(
            "Minimax, Tiefe {depth}: {minimax} Stellungen. Alpha-Beta kommt bei gleicher Tiefe mit {alpha_beta} aus – {saved} % gespart."
        ),
        Say::TreeNode {
            column,
            value,
            folded,
            pruned,
            from_table,
        } => {
            let mut s = column.map_or("Wurzel".into(), |c| format!("Spalte {}", c + 1));
            s.push_str(": ");
            s.push_str(value);
            if let Some(n) = folded {
                s.push_str(&format!(", {n} Knoten zugeklappt"));
            }
            if *pruned > 0 {
                s.push_str(&format!(", {pruned} Züge abgeschnitten"));
            }
            if *from_table {
                s.push_str(", aus der Tabelle");
            }
            s
        }
        Say::Notice { code, name } => match code {
            NoticeCode::PlayerLeft => format!(
                "{} hat das Spiel verlassen; der Roboter ist frei.",
                name.as_deref().unwrap_or("Ein Spieler")
            ),
            NoticeCode::EndedByStaff => "Das Team hat das Spiel beendet. Der Roboter ist frei.".into(),
            NoticeCode::Restarted => format!(
                "{} hat ein neues Spiel begonnen; du schaust jetzt zu.",
                name.as_deref().unwrap_or("Jemand")
            ),
            NoticeCode::EndedIdle => "Das Spiel ist beendet: Eine Weile hat niemand gezogen. Der Roboter ist frei.".into(),
            NoticeCode::NoOpponent => "Niemand hat die Herausforderung rechtzeitig angenommen. Der Roboter ist frei.".into(),
        },
        Say::Version => format!("Version {} · MIT", env!("CARGO_PKG_VERSION")),
        Say::Caption(caption) => caption_text(caption),
        Say::RobotGame(line) => match line {
            RobotGameLine::YouWon { against } => format!("Du hast gegen {against} gewonnen!"),
            RobotGameLine::YouLost { winner } => format!("{winner} hat gewonnen. Du hast verloren."),
            RobotGameLine::Won { winner } => format!("{winner} hat gewonnen!"),
            RobotGameLine::YourTurn { name } => format!("Du bist am Zug, {name}."),
            RobotGameLine::TurnOf { name } => format!("{name} ist am Zug."),
            RobotGameLine::Draw { names: [a, b] } => format!("Unentschieden zwischen {a} und {b}."),
        },
        Say::BackInSeconds(s) => format!("Zurück zur Lobby in {s} s."),
        Say::EndsInSeconds(s) => format!("Das Spiel endet in {s} s."),
        Say::OfferStands(s) => format!(
            "Warte auf eine Gegnerin oder einen Gegner … Sie steigen auf ihrem Gerät ein. Das Angebot gilt noch {} Minuten.",
            minutes(*s)
        ),
    }
}

fn thought(fact: &Fact) -> String {
    match fact {
        Fact::WinsNow => "Dieser Zug gewinnt.".into(),
        Fact::WinsIn { stones } => format!("Ich kann mit {stones} weiteren Steinen gewinnen."),
        Fact::LosesIn { stones } => {
            format!("Wenn du perfekt spielst, gewinnst du mit {stones} weiteren Steinen.")
        }
        Fact::Draw => "Bei bestem Spiel endet es unentschieden.".into(),
        Fact::MustBlock { column } => format!("Ich muss Spalte {} blockieren.", column + 1),
        Fact::CreatesThreats { count } => format!("Dieser Zug schafft {count} Drohungen."),
        Fact::EveryOtherMoveLoses => "Jeder andere Zug verliert.".into(),
        Fact::Unsolved { seconds } => format!(
            "Die perfekte Analyse war nach {seconds} s nicht fertig, darum kommt dieser Zug aus meiner starken Suche."
        ),
        Fact::RandomMove { .. } => "Ich lasse dir eine Chance …".into(),
    }
}

fn level_name(level: Level) -> String {
    match level_name_or_depth(level) {
        Ok(name) => text(name).into(),
        Err(depth) => format!("Klassisch {depth}"),
    }
}

/// Megabytes with one decimal and a decimal comma.
fn megabytes(bytes: u32) -> String {
    format!("{:.1}", f64::from(bytes) / 1e6).replace('.', ",")
}

/// The explainer's sections: heading and paragraph.
pub(super) const EXPLAINER: [(&str, &str); 6] = [
    (
        "1. Alles im Kopf durchspielen",
        "Bevor der Computer eine Münze wirft, probiert er in Gedanken jede Spalte aus, dann jede deiner Antworten, dann seine Antwort darauf … So entsteht ein Baum: oben die Stellung jetzt, jeder Ast ist eine eingeworfene Münze in der Farbe des Spielers.",
    ),
    (
        "2. Punkte schätzen",
        "Irgendwo muss er aufhören. Dort schätzt er, wie gut die Stellung ist: Zweier und Dreier, die noch zu einem Vierer werden können, geben Punkte, die des Gegners ziehen Punkte ab. Ein echter Vierer ist unendlich viel wert (∞).",
    ),
    (
        "3. Minimax",
        "Dann wandern die Punkte nach oben. Ist der Computer am Zug, nimmt er den größten Wert. Bist du am Zug, nimmt er an, dass du den für ihn schlechtesten Zug findest – den kleinsten. Im Bild: Zug A bringt höchstens 3, weil du mit 3 antwortest. Das ist der beste Wert, also spielt er A.",
    ),
    (
        "4. Alpha-Beta: Unwichtiges weglassen",
        "Bei Zug B findet deine erste Antwort schon eine 1. B ist also höchstens 1 wert – schlechter als die 3 von A, egal was die anderen Antworten bringen. Die muss er gar nicht mehr anschauen: abgeschnitten (✂, rot gestrichelt). Das Ergebnis bleibt genau dasselbe, nur viel schneller.",
    ),
    (
        "5. Warum so viele Stellungen?",
        "7 Spalten, 7 Antworten, 7 Antworten darauf: nach 3 Zügen sind es 343 Stellungen, nach 8 Zügen fast 6 Millionen. Alpha-Beta schafft dieselbe Antwort mit einem kleinen Bruchteil. Probier oben „Minimax (Lernansicht)“: dort steht, wie viel gespart wurde. Stellungen, die auf verschiedenen Wegen entstehen, merkt sich der perfekte Spieler in einer Tabelle (TT).",
    ),
    (
        "6. Den Baum lesen",
        "Die Zahl unter einer Münze ist ihr Wert für den Spieler dieser Münze; ≥ und ≤ heißen „mindestens“ und „höchstens“ (dort wurde abgeschnitten). Der gelbe Pfad ist, was der Computer als Nächstes erwartet. ▸ ist ein zugeklappter Ast: antippen öffnet ihn, doppelt tippen macht ihn zur Wurzel. Zeigen oder lange drücken zeigt die Stellung als kleines Brett.",
    ),
];

/// Die Bildunterschrift des Zuschauerbildschirms: was der Baum zeigt.
fn caption_text(caption: &Caption) -> String {
    let (column, nodes, outlook) = match caption {
        Caption::Thinking { depth, nodes } => {
            return format!(
                "Der Computer denkt {depth} Züge voraus: Er hat schon {} Stellungen angeschaut. Jeder Stein im Baum ist eine davon.",
                grouped(*nodes)
            );
        }
        Caption::Chose {
            column,
            nodes,
            outlook,
        } => (column + 1, grouped(*nodes), outlook),
    };
    match outlook {
        Outlook::WinsNow => {
            format!("Spalte {column} macht vier in einer Reihe: Der Computer gewinnt!")
        }
        Outlook::Wins { stones } => format!(
            "Er sieht einen sicheren Sieg mit {}, egal was der Gegner tut. Der goldene Weg ist die Zugfolge, der er folgen wird.",
            if *stones == 1 {
                "einem weiteren eigenen Stein".to_string()
            } else {
                format!("noch {stones} eigenen Steinen")
            }
        ),
        Outlook::Blocks { column: blocked } => format!(
            "Der Gegner drohte mit vier in einer Reihe in Spalte {}: Der Computer blockiert. Er hat {nodes} Stellungen angeschaut.",
            blocked + 1
        ),
        Outlook::Loses { stones } => format!(
            "Er sieht: Ein perfekter Gegner könnte mit {} gewinnen. Er wählt Spalte {column}, damit es so schwer wie möglich wird.",
            if *stones == 1 {
                "einem weiteren Stein".to_string()
            } else {
                format!("noch {stones} Steinen")
            }
        ),
        Outlook::Draw => format!(
            "Spielen beide perfekt, endet dieses Spiel unentschieden. Er hat Spalte {column} gewählt, nach {nodes} Stellungen."
        ),
        Outlook::Random => format!(
            "Diesmal hat er Spalte {column} absichtlich zufällig gewählt: Auf dieser Stufe spielt er manchmal einen schwachen Zug, damit Besucher gewinnen können."
        ),
        Outlook::Expects => format!(
            "Der Computer hat {nodes} Stellungen angeschaut und Spalte {column} gewählt. Der goldene Weg ist das Spiel, das er erwartet. Rote Scheren (✂) zeigen abgeschnittene Äste: Sie konnten seine Wahl nicht mehr ändern."
        ),
    }
}
