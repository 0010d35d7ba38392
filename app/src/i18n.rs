//! Every text of the app in German and English.

use serde::{Deserialize, Serialize};

/// The language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Lang {
    /// Deutsch.
    De,
    /// English.
    #[default]
    En,
}

/// A fixed text of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Text {
    Title,
    NewGame,
    Undo,
    Hint,
    Settings,
    Help,
    Close,
    ConfirmNew,
    Mode,
    VsComputer,
    HotSeat,
    Demo,
    Level,
    Style,
    Defensive,
    Normal,
    Aggressive,
    Starts,
    Me,
    Computer,
    Random,
    Colours,
    Animation,
    BoardSize,
    Language,
    HighContrast,
    Marks,
    Fullscreen,
    YourTurn,
    ComputerThinking,
    Wins,
    YouWon,
    YouLost,
    Draw,
    PlayAgain,
    ColumnFull,
    NotYourTurn,
    GameOverRefused,
    NothingToUndo,
    HintTooDeep,
    BookMissing,
    Watching,
    NoUndoOnRobot,
    Robot,
    RobotConnecting,
    RobotReady,
    RobotWorking,
    RobotFault,
    RobotDisconnected,
    RobotRestoring,
    RobotBusy,
    RobotWait,
    NeedToken,
    NameRule,
    BridgeLost,
    StillThere,
    ImStillHere,
    YourName,
    Opponent,
    ComputerOpponent,
    PersonOpponent,
    TakeSeat,
    WatchRobot,
    PlayOnRobot,
    LeaveRobot,
    HintWaiting,
    WorkerFailed,
    Thoughts,
    SpectatorScreen,
    Column,
    Row,
    Empty,
    HelpRules,
    HelpPlay,
    About,
    Turn,
}

impl Lang {
    /// The text in this language.
    pub fn t(self, text: Text) -> &'static str {
        use Text::*;
        let (de, en) = match text {
            Title => ("Vier gewinnt", "Connect Four"),
            NewGame => ("Neues Spiel", "New game"),
            Undo => ("Zurück", "Undo"),
            Hint => ("Tipp", "Hint"),
            Settings => ("Einstellungen", "Settings"),
            Help => ("Hilfe", "Help"),
            Close => ("Schließen", "Close"),
            ConfirmNew => (
                "Das laufende Spiel beenden und neu beginnen?",
                "End the game in progress and start a new one?",
            ),
            Mode => ("Modus", "Mode"),
            VsComputer => ("Gegen den Computer", "Against the computer"),
            HotSeat => ("Zwei Personen", "Two players"),
            Demo => ("Computer gegen Computer", "Computer against computer"),
            Level => ("Stufe", "Level"),
            Style => ("Stil", "Style"),
            Defensive => ("defensiv", "defensive"),
            Normal => ("normal", "normal"),
            Aggressive => ("aggressiv", "aggressive"),
            Starts => ("Wer beginnt", "Who starts"),
            Me => ("Ich", "Me"),
            Computer => ("Computer", "Computer"),
            Random => ("Zufall", "Random"),
            Colours => ("Farben", "Colours"),
            Animation => ("Animation", "Animation"),
            BoardSize => ("Spielfeld", "Board size"),
            Language => ("Sprache", "Language"),
            HighContrast => ("Hoher Kontrast", "High contrast"),
            Marks => ("Zeichen auf den Steinen", "Marks on the coins"),
            Fullscreen => ("Vollbild", "Fullscreen"),
            YourTurn => ("Du bist am Zug", "Your turn"),
            ComputerThinking => ("Der Computer denkt nach …", "The computer is thinking …"),
            Wins => ("gewinnt", "wins"),
            YouWon => ("Du hast gewonnen!", "You won!"),
            YouLost => ("Der Computer hat gewonnen.", "The computer won."),
            Draw => ("Unentschieden.", "Draw."),
            PlayAgain => ("Nochmal spielen", "Play again"),
            ColumnFull => ("Diese Spalte ist voll.", "This column is full."),
            NotYourTurn => (
                "Warte, der Computer ist am Zug.",
                "Wait, it is the computer's turn.",
            ),
            GameOverRefused => ("Das Spiel ist vorbei.", "The game is over."),
            NothingToUndo => (
                "Es gibt nichts zurückzunehmen.",
                "There is nothing to undo.",
            ),
            HintTooDeep => (
                "Die perfekte Analyse war nicht rechtzeitig fertig. Nach ein paar Zügen klappt es.",
                "The perfect analysis did not finish in time. It works after a few more moves.",
            ),
            BookMissing => (
                "Eröffnungsbuch: noch nicht geladen (perfektes Spiel ist in der Eröffnung langsamer).",
                "Opening book: not loaded yet (perfect play is slower in the opening).",
            ),
            Watching => ("Hier wird nur zugeschaut.", "This screen only watches."),
            NoUndoOnRobot => (
                "Auf dem Roboter kann man keinen Zug zurücknehmen.",
                "Moves on the robot cannot be taken back.",
            ),
            Robot => ("Roboter", "Robot"),
            RobotConnecting => ("Der Roboter wird verbunden …", "Connecting to the robot …"),
            RobotReady => ("Der Roboter ist bereit.", "The robot is ready."),
            RobotWorking => (
                "Der Roboter setzt den Stein …",
                "The robot is placing the coin …",
            ),
            RobotFault => (
                "Der Roboter klemmt – das Team ist gerufen. Das Spiel bleibt erhalten.",
                "The robot is jammed – staff has been called. The game is kept.",
            ),
            RobotDisconnected => (
                "Der Roboter antwortet nicht – das Team ist gerufen. Das Spiel bleibt erhalten.",
                "The robot is not answering – staff has been called. The game is kept.",
            ),
            RobotRestoring => (
                "Der Roboter ist zurück, das Spielfeld wird wiederhergestellt …",
                "The robot is back; the board is being restored …",
            ),
            RobotBusy => (
                "Der Roboter spielt gerade ein anderes Spiel. Du kannst zuschauen.",
                "The robot is busy with another game. You can watch.",
            ),
            RobotWait => (
                "Einen Moment, der Roboter ist noch beschäftigt.",
                "One moment, the robot is still busy.",
            ),
            NeedToken => (
                "Dieses Gerät braucht den Code der Station zum Spielen (QR-Code am Stand); zuschauen geht.",
                "This device needs the booth's code to play (QR code at the booth); it can watch.",
            ),
            NameRule => (
                "Ein Name hat 3 bis 15 Buchstaben, Ziffern, _ oder -.",
                "A name has 3 to 15 letters, digits, _ or -.",
            ),
            BridgeLost => (
                "Verbindung zum Roboter unterbrochen – sie wird wiederhergestellt …",
                "Lost the connection to the robot – reconnecting …",
            ),
            StillThere => (
                "Bist du noch da? Sonst endet das Spiel gleich.",
                "Are you still there? Otherwise the game ends soon.",
            ),
            ImStillHere => ("Ich bin noch da", "I'm still here"),
            YourName => ("Dein Name", "Your name"),
            Opponent => ("Gegner", "Opponent"),
            ComputerOpponent => ("der Computer", "the computer"),
            PersonOpponent => (
                "eine Person an einem anderen Gerät",
                "a person on another device",
            ),
            TakeSeat => ("Als zweite Person mitspielen", "Take the second seat"),
            WatchRobot => ("Zuschauen", "Watch"),
            PlayOnRobot => ("Auf dem Roboter spielen", "Play on the robot"),
            LeaveRobot => ("Roboter-Spiel verlassen", "Leave the robot game"),
            HintWaiting => ("Analyse läuft …", "Analysing …"),
            WorkerFailed => (
                "Der Computer konnte nicht ziehen. Bitte neu laden.",
                "The computer could not move. Please reload.",
            ),
            Thoughts => ("Was der Computer denkt", "What the computer thinks"),
            SpectatorScreen => ("Zuschauer-Bildschirm ↗", "Spectator screen ↗"),
            Column => ("Spalte", "Column"),
            Row => ("Reihe", "Row"),
            Empty => ("leer", "empty"),
            HelpRules => (
                "Zwei Spieler werfen abwechselnd Steine in die Spalten. Wer zuerst vier eigene Steine in einer Reihe hat – waagrecht, senkrecht oder diagonal – gewinnt.",
                "Two players take turns dropping coins into the columns. The first to get four of their own in a row – across, up or diagonally – wins.",
            ),
            HelpPlay => (
                "Tippe auf eine Spalte oder drücke ihre Ziffer. Pfeiltasten wählen eine Spalte, Enter wirft.",
                "Tap a column or press its digit. Arrow keys pick a column, Enter drops.",
            ),
            About => ("Version", "Version"),
            Turn => ("ist am Zug", "to move"),
        };
        match self {
            Lang::De => de,
            Lang::En => en,
        }
    }
}
