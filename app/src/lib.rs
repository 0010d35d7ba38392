//! The Connect Four web app. Its user interface arrives with the app issue;
//! until then the crate only proves that the engine links without its CLI.

pub use engine::Board;
