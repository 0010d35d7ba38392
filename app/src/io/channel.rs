//! The spectator screen on the same device: the playing page tells a
//! `BroadcastChannel` what happens, and a page on the spectator route shows
//! it (a second window on the screen beside the robot, with no bridge).

use booth_protocol::search::{Thinking, Tree};
use engine::{Geometry, Side};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::JsValue;

use crate::io::js_handle::{Handle, Handlers, Listener};
use crate::model::settings::Settings;
use crate::model::values::ColumnValues;
use crate::{json_enum, json_struct};

/// The channel's name; one per origin, like the stored game.
const CHANNEL: &str = "connect4-spectate";

/// What goes over the channel.
// Externally tagged: see `protocol.rs`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Broadcast {
    /// A spectator opened: playing pages answer with their state.
    Hello,
    /// The game and what the computer thought about it.
    State(Box<Shared>),
    /// The running search's numbers (the trees come with the state).
    Progress {
        /// None once the search ended.
        progress: Option<Thinking>,
    },
}

/// Everything the spectator screen shows.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Shared {
    /// The moves so far.
    pub moves: String,
    /// The board's shape.
    pub geometry: Geometry,
    /// The person's side against the computer.
    pub human: Side,
    /// The player's settings: colours, level, mode and language.
    pub settings: Settings,
    /// The last (or the running) search's tree.
    pub trace: Option<Tree>,
    /// The computer's thoughts, newest first.
    pub thoughts: Vec<crate::model::thoughts::Thought>,
    /// Column values and where they come from.
    pub column_values: Option<ColumnValues>,
    /// The expected continuation.
    pub pv: Vec<u8>,
    /// Whether the computer is thinking.
    pub thinking: bool,
    /// The finished game's review, once the player asked for it.
    #[serde(default)]
    pub review: Option<crate::model::review::GameReview>,
}

/// The open channel (it lives as long as the page: closing it on drop
/// would lose messages in flight), cheap to clone.
#[derive(Clone)]
pub struct Spectate(Handle<Channel>);

struct Channel {
    channel: web_sys::BroadcastChannel,
    /// Whether a spectator said hello: until then the playing page sends
    /// nothing, so a page nobody watches pays nothing for it.
    watched: bool,
    handlers: Handlers,
}

impl Spectate {
    /// Opens the channel; `listener` gets what other pages send. `None`
    /// where the browser has no `BroadcastChannel`.
    pub fn open(listener: impl Fn(Broadcast) + 'static) -> Option<Spectate> {
        let channel = web_sys::BroadcastChannel::new(CHANNEL).ok()?;
        let link = Spectate(Handle::new(Channel {
            channel,
            watched: false,
            handlers: Handlers::default(),
        }));
        let listener: Listener<Broadcast> = Rc::new(listener);
        let me = link.clone();
        // Messages travel as JSON text: one string is far cheaper to clone
        // into another page than a tree of thousands of small objects.
        let on_message = link.0.get_mut().handlers.add(move |event: JsValue| {
            let event: web_sys::MessageEvent = event.unchecked_into();
            let text = event.data().as_string().unwrap_or_default();
            if let Ok(message) = crate::json::from_str::<Broadcast>(&text) {
                if matches!(message, Broadcast::Hello) {
                    me.0.get_mut().watched = true;
                }
                listener(message);
            }
        });
        link.0.get().channel.set_onmessage(Some(&on_message));
        Some(link)
    }

    /// Sends to every other page of this origin.
    pub fn send(&self, message: &Broadcast) {
        let text = crate::json::to_string(message);
        let _ = self.0.get().channel.post_message(&text.into());
    }

    /// Sends, once a spectator has said hello.
    pub fn tell_spectators(&self, message: impl FnOnce() -> Broadcast) {
        if self.0.get().watched {
            self.send(&message());
        }
    }
}

json_enum!(Broadcast {
    Hello "Hello",
    State "State" (Box<Shared>),
    Progress "Progress" { progress },
});
json_struct!(Shared {
    moves, geometry, human, settings, trace, thoughts, column_values, pv, thinking,
    review = None
});

#[cfg(test)]
mod tests {
    use engine::player::Level;
    use engine::{Geometry, Side, evaluation::Style};

    use super::*;
    use crate::json::tests::{agrees_with_serde, hard_move, thinking};
    use crate::model::game::SavedGame;
    use crate::model::review::GameReview;
    use crate::model::settings::{CoinColour, GameMode, Starter};
    use crate::model::thoughts::Thought;
    use crate::model::values::ValueSource;

    #[test]
    fn the_spectators_screen_and_the_stored_game_agree_with_serde() {
        let decided = hard_move("44");
        let mut settings = Settings {
            lang: crate::model::Lang("fr".parse().unwrap()),
            lang_chosen: true,
            mode: GameMode::Demo,
            level: Level::Classic(4),
            style: Style::Aggressive,
            starter: Starter::Random,
            size: (9, 6),
            sound: Some(false),
            ..Settings::default()
        };
        settings.set_colour(Side::First, CoinColour::Green);
        let shared = Shared {
            moves: "4453".into(),
            geometry: Geometry::STANDARD,
            human: Side::Second,
            settings: settings.clone(),
            trace: Some(decided.trace.clone()),
            thoughts: vec![
                Thought::Searched {
                    column: 3,
                    depth: 8,
                    nodes: 10_683,
                    solved: false,
                },
                Thought::Searched {
                    column: 0,
                    depth: 30,
                    nodes: 0,
                    solved: true,
                },
            ]
            .into_iter()
            .chain(decided.facts.iter().cloned().map(Thought::Fact))
            .collect(),
            column_values: Some((ValueSource::Hint, vec![Some(1), None, Some(-3)])),
            pv: vec![3, 3],
            thinking: true,
            review: Some(GameReview {
                moves: "44".into(),
                marks: Vec::new(),
            }),
        };
        agrees_with_serde(&Broadcast::Hello);
        agrees_with_serde(&Broadcast::Progress { progress: None });
        agrees_with_serde(&Broadcast::Progress {
            progress: Some(thinking(None)),
        });
        agrees_with_serde(&Broadcast::State(Box::new(shared.clone())));
        agrees_with_serde(&Broadcast::State(Box::new(Shared {
            trace: None,
            column_values: None,
            review: None,
            ..shared
        })));
        agrees_with_serde(&settings);
        agrees_with_serde(&Settings::default());
        for mode in [GameMode::VsComputer, GameMode::TwoPlayers] {
            agrees_with_serde(&Settings {
                mode,
                ..Settings::default()
            });
        }
        // As the serde derive of an older page stored it.
        let stored = r#"{"moves":"1","size":[7,6],"human":"Second","onlooker":false}"#;
        let game: SavedGame = crate::json::from_str(stored).unwrap();
        assert_eq!(
            (game.size, game.human, game.onlooker),
            ((7, 6), Side::Second, false)
        );
        assert_eq!(
            crate::json::to_string(&game),
            stored.replace(",\"onlooker\":false", "")
        );
    }
}
