//! The WebSocket protocol: its types live in `booth-protocol`, shared with
//! the app.

pub use booth_protocol::*;
