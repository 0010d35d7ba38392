//! The robot's journal: every command, reply and fault of the link (the
//! `robot` log target) in a text file beside the records, rotated by size
//! so that a booth running for weeks keeps the last few megabytes.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A log file that moves to `.1` (and `.1` to `.2`, ...) once it grows
/// past its limit, keeping `keep` old files.
pub struct Journal {
    path: PathBuf,
    file: File,
    written: u64,
    limit: u64,
    keep: u32,
}

impl Journal {
    /// Opens (or creates) the journal at `path`, appending.
    ///
    /// # Errors
    /// When the file cannot be opened.
    pub fn open(path: &Path, limit: u64, keep: u32) -> io::Result<Journal> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let written = file.metadata()?.len();
        Ok(Journal {
            path: path.to_path_buf(),
            file,
            written,
            limit,
            keep,
        })
    }

    fn numbered(&self, n: u32) -> PathBuf {
        let mut name = self.path.clone().into_os_string();
        name.push(format!(".{n}"));
        name.into()
    }

    fn rotate(&mut self) -> io::Result<()> {
        for n in (1..self.keep).rev() {
            let _ = std::fs::rename(self.numbered(n), self.numbered(n + 1));
        }
        if self.keep > 0 {
            std::fs::rename(&self.path, self.numbered(1))?;
        }
        self.file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(&self.path)?;
        self.written = 0;
        Ok(())
    }
}

impl Write for Journal {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.written > 0 && self.written + bytes.len() as u64 > self.limit {
            self.rotate()?;
        }
        self.file.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

static OPEN: Mutex<Option<Journal>> = Mutex::new(None);

/// Starts writing the journal at `path` (1 MB a file, three old ones).
///
/// # Errors
/// When the file cannot be opened.
pub fn start(path: &Path) -> io::Result<()> {
    let journal = Journal::open(path, 1 << 20, 3)?;
    *OPEN.lock().unwrap_or_else(|e| e.into_inner()) = Some(journal);
    Ok(())
}

/// The journal as a log writer: lines go to the open journal, or nowhere
/// before [`start`] (and in tests).
#[derive(Debug, Clone, Copy, Default)]
pub struct JournalWriter;

impl Write for JournalWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match OPEN.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            Some(journal) => journal.write(bytes),
            None => Ok(bytes.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match OPEN.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            Some(journal) => journal.flush(),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_journal_moves_aside_and_only_the_newest_files_stay() {
        let dir = crate::scratch::Scratch::new("journal-test");
        let path = dir.join("robot.log");
        let mut journal = Journal::open(&path, 100, 2).unwrap();
        for i in 0..30 {
            writeln!(journal, "DROP Y 4: done in {i:02} ms").unwrap();
        }
        let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
        let newest = read(&path);
        assert!(newest.ends_with("done in 29 ms\n"), "{newest}");
        assert!(newest.len() <= 100, "{} bytes", newest.len());
        assert!(!read(&dir.join("robot.log.1")).is_empty());
        assert!(!read(&dir.join("robot.log.2")).is_empty());
        assert!(!dir.join("robot.log.3").exists(), "only two old files kept");
        // Reopened, it appends to what is there.
        drop(journal);
        let mut journal = Journal::open(&path, 1000, 2).unwrap();
        writeln!(journal, "CLEAR: done in 1 ms").unwrap();
        assert!(read(&path).starts_with(&newest));
    }
}
