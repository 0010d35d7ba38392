//! Noticing that the records file was deleted or replaced while the bridge
//! runs (a tidy-up on the booth's computer, a copy restored over it).
//!
//! SQLite goes on writing to the file it opened even when the name points
//! elsewhere or nowhere: without a look, every game since would vanish
//! when the bridge stops. The records' thread looks every
//! [`CHECK_EVERY`]; when the name no longer leads to the open file, it
//! writes everything it holds to a new file (the old name if it is free,
//! else a name beside it, never over another file) and records on there.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::Connection;

use super::sql;

/// How often the file is looked at: a change is noticed within a minute.
pub const CHECK_EVERY: Duration = Duration::from_secs(20);

/// What happened to the records file, for the operator page.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FileEvent {
    /// `deleted` or `replaced`.
    pub kind: &'static str,
    /// The file's name.
    pub path: PathBuf,
    /// Where the games are kept now.
    pub kept_in: PathBuf,
    /// When it was noticed, Unix seconds.
    pub at: i64,
}

/// The records file under watch: its name and the file it named when
/// opened (device and inode).
pub struct Watched {
    path: PathBuf,
    identity: (u64, u64),
}

impl Watched {
    /// The file at `path` as it is now.
    pub fn new(path: &Path) -> std::io::Result<Watched> {
        let meta = std::fs::metadata(path)?;
        Ok(Watched {
            path: path.to_path_buf(),
            identity: (meta.dev(), meta.ino()),
        })
    }

    /// Whether the name still leads to the open file: `None`, or what
    /// happened to it.
    fn changed(&self) -> Option<&'static str> {
        match std::fs::metadata(&self.path) {
            Ok(meta) if (meta.dev(), meta.ino()) == self.identity => None,
            Ok(_) => Some("replaced"),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some("deleted"),
            // Unreadable for a moment (a folder's permissions): look again.
            Err(_) => None,
        }
    }

    /// Looks at the file; if it is gone or another, writes `db` to a new
    /// file and makes that the records (`db` replaced, watched from now
    /// on). What happened, if anything; an error in words if the games
    /// could not be written anywhere.
    pub fn check(&mut self, db: &mut Connection) -> Option<Result<FileEvent, String>> {
        let kind = self.changed()?;
        let kept_in = if kind == "deleted" {
            self.path.clone()
        } else {
            beside(&self.path, sql::now())
        };
        Some(self.move_to(db, kind, kept_in))
    }

    fn move_to(
        &mut self,
        db: &mut Connection,
        kind: &'static str,
        kept_in: PathBuf,
    ) -> Result<FileEvent, String> {
        let target = kept_in.to_string_lossy().into_owned();
        db.execute("VACUUM INTO ?1", [&target])
            .map_err(|e| sql::explain(&e))?;
        let fresh = Connection::open(&kept_in).map_err(|e| sql::explain(&e))?;
        sql::prepare(&fresh)?;
        let watched = Watched::new(&kept_in).map_err(|e| e.to_string())?;
        *db = fresh;
        let event = FileEvent {
            kind,
            path: self.path.clone(),
            kept_in,
            at: sql::now(),
        };
        *self = watched;
        Ok(event)
    }
}

/// A free name beside `path` for the games of a replaced file.
fn beside(path: &Path, now: i64) -> PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let (stem, ext) = name.rsplit_once('.').unwrap_or((&name, "sqlite"));
    (0..)
        .map(|n| {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            path.with_file_name(format!("{stem}.kept-{now}{suffix}.{ext}"))
        })
        .find(|p| !p.exists())
        .expect("a free name")
}
