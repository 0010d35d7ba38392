//! Any bytes a page could send: parsing never panics, and what parses
//! serialises back to something that parses the same way.
#![no_main]

use bridge::messages::{ClientMessage, valid_name};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(message) = serde_json::from_str::<ClientMessage>(text) else { return };
    if let ClientMessage::Hello { name: Some(name), .. } = &message {
        let _ = valid_name(name);
    }
    let written = serde_json::to_string(&message).expect("a message serialises");
    let again: ClientMessage = serde_json::from_str(&written).expect("what was written parses");
    assert_eq!(
        serde_json::to_value(&again).ok(),
        serde_json::to_value(&message).ok(),
        "{text} came back as {written}"
    );
});
