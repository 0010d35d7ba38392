//! Plain types: the game, the settings, what each hole of the board
//! shows, the values over the columns, a finished game's review, a robot
//! game as the bridge shows it and the computer's thoughts. No signals
//! and no words: the texts read these, the state holds them in signals,
//! the control changes them.

pub mod booth;
pub mod decimal;
pub mod game;
pub mod holes;
mod lang;
pub mod link;
pub mod qr;
pub mod review;
pub mod settings;
pub mod take_home;
pub mod thoughts;
pub mod values;

pub use lang::Lang;
