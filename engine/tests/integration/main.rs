//! The engine's integration tests, one binary: each of these files was a
//! test binary of its own, and each binary is a whole-program optimised
//! link, which is most of what CI's Rust build spends its time on.
//!
//! `cargo test -p engine --release --test integration pons::` runs one
//! file's.

mod book;
mod cli;
mod database;
mod players;
mod pons;
mod rules;
mod shell;
