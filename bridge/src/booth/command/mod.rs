//! The messages a page sends, one file each, named as on the wire. Each
//! has `parse`, which checks what a message says on its own, and `apply`; `apply` checks who sent it and what the table allows
//! now, changes the table, and returns what changed. A command reaches
//! the table and its [`Context`], nothing else: it sends nothing, and the
//! booth turns what it returns into effects.

mod again;
mod hello;
mod join;
mod leave;
mod r#move;
mod start;
mod still_here;

use std::collections::BTreeMap;

use engine::player::{LevelSpec, SearchOverride};

use super::change::Reply;
use super::table::{Caller, Table};
use crate::messages::{ClientMessage, ErrorCode};
pub(super) use again::Again;
pub(super) use hello::Hello;
pub(super) use join::Join;
pub(super) use leave::Leave;
pub(super) use r#move::Move;
pub(super) use start::Start;
pub(super) use still_here::StillHere;

/// What a command may read besides the table.
pub(super) struct Context<'a> {
    /// The levels a visitor may choose against the computer (the first is
    /// taken when a page names none).
    pub(super) levels: &'a [LevelSpec],
    /// The booth's own tuning of those levels.
    pub(super) tuning: &'a BTreeMap<String, SearchOverride>,
    /// Whether the robot shows the game and takes a coin now.
    pub(super) robot_ready: bool,
}

/// A page's message, parsed.
pub(super) enum Command {
    Hello(Hello),
    Start(Start),
    Join(Join),
    Again(Again),
    Move(Move),
    StillHere(StillHere),
    Leave(Leave),
}

impl Command {
    /// The command a message asks for, or why it can never be done.
    pub(super) fn parse(message: ClientMessage) -> Result<Command, ErrorCode> {
        Ok(match message {
            ClientMessage::Hello {
                v,
                role,
                session,
                name,
                show_name,
                token: _,
            } => Command::Hello(Hello::parse(v, role, session, name, show_name)?),
            ClientMessage::Start {
                mode,
                computer_first,
                level,
            } => Command::Start(Start::parse(mode, computer_first, level)?),
            ClientMessage::Join => Command::Join(Join::parse()?),
            ClientMessage::Again => Command::Again(Again::parse()?),
            ClientMessage::Move { column } => Command::Move(Move::parse(column)?),
            ClientMessage::StillHere => Command::StillHere(StillHere::parse()?),
            ClientMessage::Leave => Command::Leave(Leave::parse()?),
        })
    }

    /// Does the command for `caller`: every message but hello waits for
    /// the page's hello.
    pub(super) fn apply(self, table: &mut Table, caller: &Caller, context: &Context) -> Reply {
        if caller.role.is_none() && !matches!(self, Command::Hello(_)) {
            return Err(ErrorCode::HelloFirst);
        }
        match self {
            Command::Hello(hello) => hello.apply(table, caller),
            Command::Start(start) => start.apply(table, caller, context),
            Command::Join(join) => join.apply(table, caller),
            Command::Again(again) => again.apply(table, caller),
            Command::Move(coin) => coin.apply(table, caller, context),
            Command::StillHere(still_here) => still_here.apply(table, caller),
            Command::Leave(leave) => leave.apply(table, caller),
        }
    }
}

#[cfg(test)]
mod tests;
