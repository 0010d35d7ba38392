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
            if let Ok(message) = serde_json::from_str::<Broadcast>(&text) {
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
        if let Ok(text) = serde_json::to_string(message) {
            let _ = self.0.get().channel.post_message(&text.into());
        }
    }

    /// Sends, once a spectator has said hello.
    pub fn tell_spectators(&self, message: impl FnOnce() -> Broadcast) {
        if self.0.get().watched {
            self.send(&message());
        }
    }
}
