//! The bridge's integration tests, one binary: each of these files was
//! a test binary of its own, and each binary is a whole-program optimised
//! link of the bridge (10 to 30 s of a core each on 2026-11-28), the
//! largest part of CI's Rust build.
//!
//! `cargo test -p bridge --test integration attacks::` runs one file's.

mod common;

mod attacks;
mod cli;
mod crowds;
mod fairness;
mod firmware;
mod parsers;
mod robot;
mod websocket;
