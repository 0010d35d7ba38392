//! The interface in English.

use booth_protocol::NoticeCode;
use engine::player::{Fact, Level};
use engine::review::Mark;
use engine::score::stones_to_win;

use super::{
    Caption, Outlook, RobotGameLine, Say, Text, capitalise, grouped, level_name_or_depth, minutes,
};
use crate::model::values::{Rank, short_value};
use crate::protocol::Database;

/// A fixed text in English.
pub(super) fn text(text: Text) -> &'static str {
    match text {
        Text::Title => "Connect Four",
        Text::NewGame => "New game",
        Text::Undo => "Undo",
        Text::Hint => "Hint",
        Text::Settings => "Settings",
        Text::Help => "Help",
        Text::Close => "Close",
        Text::ConfirmLeaveRobot => "This ends your game on the robot. Go on?",
        Text::LevelFixedOnRobot => "During a game on the robot its level stays as chosen.",
        Text::ConfirmNew => "End the game in progress and start a new one?",
        Text::Mode => "Mode",
        Text::VsComputer => "Against the computer",
        Text::HotSeat => "Two players",
        Text::Demo => "Computer against computer",
        Text::Level => "Level",
        Text::Style => "Style",
        Text::Defensive => "defensive",
        Text::Normal => "normal",
        Text::Aggressive => "aggressive",
        Text::Starts => "Who starts",
        Text::Me => "Me",
        Text::Computer => "Computer",
        Text::Random => "Random",
        Text::Colours => "Colours",
        Text::Animation => "Animation",
        Text::BoardSize => "Board size",
        Text::Language => "Language",
        Text::HighContrast => "High contrast",
        Text::Marks => "Marks on the coins",
        Text::Fullscreen => "Fullscreen",
        Text::YourTurn => "Your turn",
        Text::ComputerThinking => "The computer is thinking …",
        Text::Wins => "wins",
        Text::YouWon => "You won!",
        Text::YouLost => "The computer won.",
        Text::Draw => "Draw.",
        Text::PlayAgain => "Play again",
        Text::ColumnFull => "This column is full.",
        Text::NotYourTurn => "Wait, it is the computer's turn.",
        Text::NotYourTurnYet => "Wait, it is not your turn yet.",
        Text::GameOverRefused => "The game is over.",
        Text::NothingToUndo => "There is nothing to undo.",
        Text::HintTooDeep => {
            "The perfect analysis did not finish in time. It works after a few more moves."
        }
        Text::BookMissing => {
            "Opening book: not loaded yet (perfect play is slower in the opening)."
        }
        Text::Watching => "This screen only watches.",
        Text::NoUndoOnRobot => "Moves on the robot cannot be taken back.",
        Text::Robot => "Robot",
        Text::RobotConnecting => "Connecting to the robot …",
        Text::RobotReady => "The robot is ready.",
        Text::RobotWorking => "The robot is placing the coin …",
        Text::RobotFault => "The robot is jammed – staff has been called. The game is kept.",
        Text::RobotDisconnected => {
            "The robot is not answering – staff has been called. The game is kept."
        }
        Text::RobotRestoring => "The robot is back; the board is being restored …",
        Text::RobotBusy => "The robot is busy with another game. You can watch.",
        Text::RobotWait => "One moment, the robot is still busy.",
        Text::NeedToken => {
            "This device needs the booth's code to play (QR code at the booth); it can watch."
        }
        Text::NameRule => "A name has 3 to 15 letters, digits, _ or -.",
        Text::BridgeLost => "Lost the connection to the robot – reconnecting …",
        Text::StillThere => "Are you still there? Otherwise the game ends soon.",
        Text::ImStillHere => "I'm still here",
        Text::YourName => "Your name",
        Text::Opponent => "Opponent",
        Text::ComputerOpponent => "the computer",
        Text::PersonOpponent => "a person on another device",
        Text::WatchRobot => "Watch",
        Text::PlayOnRobot => "Play on the robot",
        Text::LeaveRobot => "Leave the robot game",
        Text::HintWaiting => "Analysing …",
        Text::WorkerFailed => "The computer could not move. Please reload.",
        Text::Thoughts => "What the computer thinks",
        Text::ShowThinking => "Thinking",
        Text::SpectatorScreen => "Spectator screen ↗",
        Text::Column => "Column",
        Text::Row => "Row",
        Text::Empty => "empty",
        Text::HelpRules => {
            "Two players take turns dropping coins into the columns. The first to get four of their own in a row – across, up or diagonally – wins."
        }
        Text::HelpPlay => "Tap a column or press its digit. Arrow keys pick a column, Enter drops.",
        Text::About => "Version",
        Text::Turn => "to move",
        Text::ReviewGame => "Review the game",
        Text::GameReview => "Game review",
        Text::PlayOnFromHere => "Play on from here",
        Text::Searching => "Searching …",
        Text::RealSearch => "Real search",
        Text::MinimaxTeaching => "Minimax (teaching)",
        Text::HowItThinks => "How does the computer think?",
        Text::Fit => "Fit",
        Text::All => "All",
        Text::Numbers => "Numbers",
        Text::TreeLegend => {
            "Under each coin: its column, then its value for the computer (+ good for it, − bad; ≤ or ≥: only a bound, the search stopped early there). ▸ positions in a folded branch; ✂ moves cut off; TT: taken from the table of positions seen before."
        }
        Text::ZoomIn => "Zoom in",
        Text::ZoomOut => "Zoom out",
        Text::Yellow => "yellow",
        Text::Red => "red",
        Text::Blue => "blue",
        Text::Green => "green",
        Text::Easy => "Easy",
        Text::Medium => "Medium",
        Text::Hard => "Hard",
        Text::Perfect => "Perfect",
        Text::Adaptive => "Adaptive",
        Text::RandomLevel => "Random",
        Text::Reviewing => "Reviewing the game …",
        Text::NotAllowed => "Only the person playing on the robot can do that.",
        Text::NoRobotGame => "There is no game on the robot right now.",
        Text::BridgeVersion => "This page is older than the booth: please reload.",
        Text::LevelNotOffered => "The booth does not offer this level: please choose another.",
        Text::BridgeRefused => "The booth refused the message. Please reload.",
        Text::NameTaken => "Someone on the robot already has this name: please choose another.",
        Text::NameReserved => "The booth uses this name itself: please choose another.",
        Text::DeviceHasName => "This device already plays on the robot under another name.",
        Text::WaitingForOpponent => {
            "Waiting for an opponent … Another visitor joins from their device."
        }
        Text::ComputersTurnWait => "Wait, it is the computer's turn.",
        Text::RobotJammed => {
            "A coin is jammed in the robot – staff has been called. The game is kept."
        }
        Text::RobotEmpty => {
            "The robot has run out of coins – staff has been called. The game is kept."
        }
        Text::RobotGridFull => {
            "The robot's board needs emptying – staff has been called. The game is kept."
        }
        Text::RobotNotAnswering => {
            "The robot is not answering – staff has been called. The game is kept."
        }
        Text::DemoRunning => "The robot is playing itself: tap to play",
        Text::PlayHere => "Play on this tablet instead",
        Text::LobbyTitle => "Connect Four against the robot",
        Text::LobbyIntro => "Enter your name, choose an opponent, and the robot drops the coins.",
        Text::LeaveQuestion => "Leave the game? The other player will be told.",
        Text::LeaveYes => "Leave",
        Text::Stay => "Stay",
        Text::BackToLobby => "Back to the lobby",
        Text::JoinWithPhone => "Play from your phone: scan the code.",
        Text::Sound => "Sound",
        Text::SoundOn => "Sound on",
        Text::SoundOff => "Sound off",
        Text::NoHintsOnRobot => {
            "No hints on the robot: with them anyone could play perfectly. Games on this tablet have them."
        }
        Text::OtherWantsAgain => "wants to play again.",
    }
}

/// A message with numbers or names in English.
pub(super) fn say(message: &Say) -> String {
    match message {
        Say::Thought(fact) => thought(fact),
        Say::WaitingChallenger(name) => {
            format!("{name} is waiting for an opponent on the robot. Play against {name}?")
        }
        Say::PlayAgainst(name) => format!("Play against {name}"),
        Say::Searched {
            column,
            depth,
            nodes,
        } => format!(
            "Column {} (depth {depth}, {nodes} positions searched).",
            column + 1
        ),
        Say::SearchLine {
            depth,
            nodes,
            per_second,
            best,
        } => {
            let best = best.map_or(String::new(), |(c, v)| {
                format!(" · best so far: column {} ({})", c + 1, short_value(v))
            });
            format!(
                "Depth {depth} · {} positions · {}/s{best}",
                grouped(*nodes),
                grouped(*per_second)
            )
        }
        Say::YourTurn {
            colour,
            level,
            style,
        } => format!(
            "Your turn ({}) – {} ({})",
            text(Text::from(*colour)),
            level_name(*level),
            text(Text::from(*style))
        ),
        Say::ComputerThinking { level, style } => format!(
            "The computer is thinking … – {} ({})",
            level_name(*level),
            text(Text::from(*style))
        ),
        Say::ToMove { colour } => format!("{} to move", capitalise(text(Text::from(*colour)))),
        Say::Wins { colour } => format!("{} wins!", capitalise(text(Text::from(*colour)))),
        Say::LevelName(level) => level_name(*level),
        Say::Cell { row, column, owner } => format!(
            "Row {row}, column {column}: {}",
            owner.map_or("empty", |c| text(Text::from(c)))
        ),
        Say::ColumnButton { column } => format!("Column {column}"),
        Say::ColourMenu { player } => format!("Colours {player}"),
        Say::PerfectValue { score, cells, plies } => {
            match (score.signum(), stones_to_win(*cells, *plies, *score)) {
                (0, _) | (_, None) => "draw".into(),
                (1, Some(1)) => "wins now".into(),
                (1, Some(n)) => format!("wins in {n} moves"),
                (_, Some(1)) => "loses at once".into(),
                (_, Some(n)) => format!("loses in {n}"),
            }
        }
        Say::SearchValue(rank) => match rank {
            Rank::Wins => "wins",
            Rank::Best => "best",
            Rank::Good => "good",
            Rank::Weaker => "weaker",
            Rank::Poor => "poor",
            Rank::Loses => "loses",
        }
        .into(),
        Say::DatabaseLoading { loaded, total } => match total {
            Some(total) => format!(
                "Perfect play: loading {} of {} MB",
                megabytes(*loaded),
                megabytes(*total)
            ),
            None => format!("Perfect play: loading {} MB", megabytes(*loaded)),
        },
        Say::DatabaseStatus(Some(Database::Ready { positions, .. })) => format!(
            "Position database: all {positions} positions of 12 stones are here, so perfect play and hints answer at once, offline too."
        ),
        Say::DatabaseStatus(Some(Database::Loading { .. }) | None) => {
            "Position database: loading. Until it is here, perfect play can take some seconds.".into()
        }
        Say::DatabaseStatus(Some(Database::Missing)) => {
            "Position database: not available. Perfect play still works, only slower in the opening.".into()
        }
        Say::BookStatus(None) => text(Text::BookMissing).into(),
        Say::BookStatus(Some((depth, positions))) => format!(
            "Opening book: every position up to {depth} stones ({positions} positions), perfect play there at once."
        ),
        Say::Reviewed {
            number,
            colour,
            reviewed,
        } => {
            let mark = match reviewed.mark {
                Mark::Best => "best".to_string(),
                Mark::Good => "good".to_string(),
                Mark::Mistake { better } => format!(
                    "mistake: column {} would have kept {}",
                    better + 1,
                    if reviewed.best > 0 { "the win" } else { "the draw" }
                ),
            };
            format!(
                "{number}. {}, column {}: {mark}",
                capitalise(text(Text::from(*colour))),
                reviewed.column + 1
            )
        }
        Say::Decided(Some((number, colour))) => format!(
            "Decided by move {number}: {}'s mistake.",
            capitalise(text(Text::from(*colour)))
        ),
        Say::Decided(None) => "No mistake: the result was fixed from the first move.".into(),
        Say::TreeCaption {
            depth,
            nodes,
            pruned,
            from_table,
        } => {
            let table = match from_table {
                0 => String::new(),
                n => format!(", {n} from the table (TT)"),
            };
            format!("Depth {depth}: {nodes} positions, {pruned} moves pruned{table}.")
        }
        Say::MinimaxCaption(None) => "Working out minimax …".into(),
        Say::MinimaxCaption(Some((depth, minimax, alpha_beta, saved))) => format!(
            "Minimax, depth {depth}: {minimax} positions. Alpha-beta to the same depth needs {alpha_beta} – {saved} % saved."
        ),
        Say::TreeNode {
            column,
            value,
            folded,
            pruned,
            from_table,
        } => {
            let mut s = column.map_or("root".into(), |c| format!("column {}", c + 1));
            s.push_str(": ");
            s.push_str(value);
            if let Some(n) = folded {
                s.push_str(&format!(", {n} nodes folded"));
            }
            if *pruned > 0 {
                s.push_str(&format!(", {pruned} moves pruned"));
            }
            if *from_table {
                s.push_str(", from the table");
            }
            s
        }
        Say::Notice { code, name } => match code {
            NoticeCode::PlayerLeft => format!(
                "{} left the game; the robot is free.",
                name.as_deref().unwrap_or("A player")
            ),
            NoticeCode::EndedByStaff => "The game was ended by the booth's staff. The robot is free.".into(),
            NoticeCode::Restarted => format!(
                "{} started a new game; you are watching now.",
                name.as_deref().unwrap_or("Someone")
            ),
            NoticeCode::EndedIdle => "The game ended: nobody moved for a while. The robot is free.".into(),
            NoticeCode::NoOpponent => "Nobody took up the challenge in time. The robot is free.".into(),
        },
        Say::Version => format!("Version {} · MIT", env!("CARGO_PKG_VERSION")),
        Say::Caption(caption) => caption_text(caption),
        Say::RobotGame(line) => match line {
            RobotGameLine::YouWon { against } => format!("You won against {against}!"),
            RobotGameLine::YouLost { winner } => format!("{winner} won. You lost."),
            RobotGameLine::Won { winner } => format!("{winner} won!"),
            RobotGameLine::YourTurn { name } => format!("Your turn, {name}."),
            RobotGameLine::TurnOf { name } => format!("{name}'s turn."),
            RobotGameLine::Draw { names: [a, b] } => format!("A draw between {a} and {b}."),
        },
        Say::BackInSeconds(s) => format!("Back to the lobby in {s} s."),
        Say::EndsInSeconds(s) => format!("The game ends in {s} s."),
        Say::OfferStands(s) => format!(
            "Waiting for an opponent … Another visitor joins from their device. The offer stands for another {}.",
            minutes(*s)
        ),
    }
}

fn thought(fact: &Fact) -> String {
    match fact {
        Fact::WinsNow => "This move wins.".into(),
        Fact::WinsIn { stones } => format!("I can win with {stones} more coins."),
        Fact::LosesIn { stones } => {
            format!("If you play perfectly you win with {stones} more coins.")
        }
        Fact::Draw => "With best play on both sides this is a draw.".into(),
        Fact::MustBlock { column } => format!("I must block column {}.", column + 1),
        Fact::CreatesThreats { count } => format!("This move creates {count} threats."),
        Fact::EveryOtherMoveLoses => "Every other move loses.".into(),
        Fact::Unsolved { seconds } => format!(
            "The perfect analysis was not done after {seconds} s, so this move comes from my Hard search."
        ),
        Fact::RandomMove { .. } => "I'll let you have a chance …".into(),
    }
}

fn level_name(level: Level) -> String {
    match level_name_or_depth(level) {
        Ok(name) => text(name).into(),
        Err(depth) => format!("Classic {depth}"),
    }
}

fn megabytes(bytes: u32) -> String {
    format!("{:.1}", f64::from(bytes) / 1e6)
}

/// The explainer's sections: heading and paragraph.
pub(super) const EXPLAINER: [(&str, &str); 6] = [
    (
        "1. Playing it all in its head",
        "Before the computer drops a coin, it tries every column in its head, then every answer you could give, then its answer to that … This makes a tree: the position now at the top, and every branch is one coin dropped, in that player's colour.",
    ),
    (
        "2. Guessing a score",
        "It has to stop somewhere. There it guesses how good the position is: twos and threes that can still become a four earn points, the opponent's cost points. A real four is worth infinitely much (∞).",
    ),
    (
        "3. Minimax",
        "Then the scores travel up. When the computer moves, it takes the biggest value. When you move, it assumes you find the move that is worst for it – the smallest. In the picture: move A is worth 3, because you would answer with the 3. That is the best value, so it plays A.",
    ),
    (
        "4. Alpha-beta: skip what cannot matter",
        "At move B, your first answer already scores 1. So B is worth at most 1 – worse than A's 3, whatever the other answers bring. It does not need to look at them at all: pruned (✂, dashed red). The result is exactly the same, only much faster.",
    ),
    (
        "5. Why so many positions?",
        "7 columns, 7 answers, 7 answers to those: after 3 moves there are 343 positions, after 8 moves almost 6 million. Alpha-beta finds the same answer with a small fraction of them. Try “Minimax (teaching)” above: it says how much was saved. Positions reached by different orders of moves are remembered in a table (TT) by the perfect player.",
    ),
    (
        "6. Reading the tree",
        "The number under a coin is its value for that coin's player; ≥ and ≤ mean “at least” and “at most” (something was pruned there). The yellow path is what the computer expects next. ▸ is a folded branch: tap to open it, double-tap to make it the root. Pointing at a node or pressing it long shows its position as a small board.",
    ),
];

/// The spectator screen's caption: what the tree shows, in plain words.
fn caption_text(caption: &Caption) -> String {
    let (column, nodes, outlook) = match caption {
        Caption::Thinking { depth, nodes } => {
            return format!(
                "The computer is thinking {depth} moves ahead: it has looked at {} positions so far. Each coin in the tree is one of them.",
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
        Outlook::WinsNow => format!("Column {column} makes four in a row: the computer wins!"),
        Outlook::Wins { stones } => format!(
            "It sees a certain win with {} of its own, whatever the opponent does. The golden path is the line it will follow.",
            if *stones == 1 {
                "one more coin".to_string()
            } else {
                format!("{stones} more coins")
            }
        ),
        Outlook::Blocks { column: blocked } => format!(
            "The opponent threatened four in a row in column {}: the computer blocks it. It looked at {nodes} positions.",
            blocked + 1
        ),
        Outlook::Loses { stones } => format!(
            "It sees that a perfect opponent could win with {} more. It chose column {column}, the move that makes that hardest.",
            if *stones == 1 {
                "one coin".to_string()
            } else {
                format!("{stones} coins")
            }
        ),
        Outlook::Draw => format!(
            "With perfect play on both sides this game ends in a draw. It chose column {column} after looking at {nodes} positions."
        ),
        Outlook::Random => format!(
            "This time it chose column {column} at random, on purpose: at this level it sometimes plays a weak move, so that visitors can win."
        ),
        Outlook::Expects => format!(
            "The computer looked at {nodes} positions and chose column {column}. The golden path is the game it expects. Red scissors (✂) mark branches it cut off: they could not change its choice."
        ),
    }
}
