//! A folder of one test's own, removed with all it holds when dropped
//! (also when the test fails), so a run of the tests leaves nothing in the
//! system's temporary folder. The integration tests use this file too.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// An empty folder under the system's temporary folder, named after its
/// kind, this process and a count: tests running side by side in one
/// process never share one.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new empty folder named after `kind`.
    pub fn new(kind: &str) -> Scratch {
        static MADE: AtomicU32 = AtomicU32::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("{kind}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
