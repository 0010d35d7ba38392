//! Writing the operator's settings back to `bridge.toml`: only their keys
//! change, the staff's comments and every other key stay, the file is
//! replaced in one step and the one before is kept as
//! `bridge.toml.previous`.
//!
//! A save survives anything a booth does to it: saves run one at a time,
//! each through a temporary file of its own in the config's folder,
//! flushed to disk before it replaces the file, with the file's mode and
//! owner (it holds the tokens). A config that is a symbolic link is
//! written where the link points and stays a link; `.previous` is replaced,
//! never followed. A config deleted while the bridge runs is not made
//! again in part: the save is refused.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::config::{Config, StaffSettings};

/// Why the settings could not be saved.
#[derive(Debug)]
pub enum SaveError {
    /// The file or its folder could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        error: std::io::Error,
    },
    /// The file is gone (deleted while the bridge ran).
    Missing(PathBuf),
    /// The file is not TOML any more (edited by hand while the booth ran).
    NotToml {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        error: String,
    },
    /// The written text would not read back as these settings.
    Unreadable(Vec<String>),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io { path, error } => write!(f, "cannot write {}: {error}", path.display()),
            SaveError::Missing(path) => write!(
                f,
                "{} was deleted while the bridge ran: nothing was saved or changed; \
                 put the file back (its last version may be in {}) and save again",
                path.display(),
                sibling(path, "previous").display()
            ),
            SaveError::NotToml { path, error } => write!(
                f,
                "{} is not a valid config now ({error}): fix it by hand or with check-config",
                path.display()
            ),
            SaveError::Unreadable(problems) => {
                write!(
                    f,
                    "the new file would not read back: {}",
                    problems.join("; ")
                )
            }
        }
    }
}

impl std::error::Error for SaveError {}

/// One save at a time in this process: two at once would interleave their
/// reads, `.previous` and renames.
static SAVING: Mutex<()> = Mutex::new(());

/// Writes `settings` into the config file at `path`.
///
/// # Errors
/// When the file is missing or cannot be read, parsed or replaced; the
/// file is then as it was.
pub fn save(path: &Path, settings: &StaffSettings) -> Result<(), SaveError> {
    let _one_at_a_time = SAVING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // A link is written where it points, and stays a link.
    let target = match std::fs::canonicalize(path) {
        Ok(target) => target,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(SaveError::Missing(path.to_path_buf()));
        }
        Err(error) => {
            return Err(SaveError::Io {
                path: path.to_path_buf(),
                error,
            });
        }
    };
    let io = |error| SaveError::Io {
        path: target.clone(),
        error,
    };
    let before = std::fs::read_to_string(&target).map_err(io)?;
    let kept = std::fs::metadata(&target).map_err(io)?;
    let text = with_settings(&before, settings).map_err(|error| SaveError::NotToml {
        path: path.to_path_buf(),
        error,
    })?;
    let read_back = Config::parse(&text).map_err(SaveError::Unreadable)?;
    if read_back.staff_settings() != *settings {
        return Err(SaveError::Unreadable(vec![
            "the settings read back differ from those written".into(),
        ]));
    }
    remove_stale_temporaries(&target);
    let previous = sibling(&target, "previous");
    replace(&previous, &before, &kept).map_err(|error| SaveError::Io {
        path: previous.clone(),
        error,
    })?;
    replace(&target, &text, &kept).map_err(io)?;
    Ok(())
}

/// Removes what a save killed halfway left beside `path` (a bridge stopped
/// with SIGKILL, a power cut): its temporary files, named after a process
/// that no longer runs.
fn remove_stale_temporaries(path: &Path) {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        let Some(rest) = file
            .strip_prefix(prefix.as_str())
            .and_then(|r| r.strip_suffix(".tmp"))
        else {
            continue;
        };
        // `.{name}.{pid}-{n}-{random}.tmp` (or `.{name}.previous.{pid}…`).
        let pid = rest
            .rsplit('.')
            .next()
            .unwrap_or(rest)
            .split('-')
            .next()
            .unwrap_or("");
        let running = pid.parse::<u32>().is_ok_and(|pid| {
            pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists()
        });
        if !running && !pid.is_empty() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Replaces the file at `path` (a link there is replaced, not followed)
/// with `text`, in one step, with the mode and owner of `like`.
fn replace(path: &Path, text: &str, like: &std::fs::Metadata) -> std::io::Result<()> {
    let (fresh, mut file) = temporary_beside(path)?;
    let written = (|| {
        file.write_all(text.as_bytes())?;
        file.set_permissions(std::fs::Permissions::from_mode(like.mode() & 0o7777))?;
        // Only root may give a file away; a booth user's own file is
        // its own already.
        match std::os::unix::fs::fchown(&file, Some(like.uid()), Some(like.gid())) {
            Err(e) if e.kind() != std::io::ErrorKind::PermissionDenied => return Err(e),
            _ => {}
        }
        file.sync_all()?;
        // The one step that replaces the file: a reader sees the old or
        // the new one, never half of either.
        std::fs::rename(&fresh, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&fresh);
    }
    written?;
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty())
        && let Ok(folder) = File::open(folder)
    {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// A new file of a name no other save uses, in `path`'s folder (so that
/// renaming it over `path` is one step), readable by its owner only until
/// it gets its mode.
fn temporary_beside(path: &Path) -> std::io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut random = [0u8; 8];
        let _ = getrandom::fill(&mut random);
        let fresh = path.with_file_name(format!(
            ".{name}.{}-{n}-{:016x}.tmp",
            std::process::id(),
            u64::from_le_bytes(random)
        ));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&fresh)
        {
            Ok(file) => return Ok((fresh, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// `text` with the settings' keys replaced (comments and other keys
/// kept).
fn with_settings(text: &str, settings: &StaffSettings) -> Result<String, String> {
    let mut document: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    let wanted: toml_edit::DocumentMut = toml::to_string(settings)
        .map_err(|e| e.to_string())?
        .parse()
        .map_err(|e| format!("{e}"))?;
    // The key's old name would stand beside the new one.
    document.remove("hints_between_people");
    for (key, item) in wanted.iter() {
        match document.get_mut(key) {
            // A value keeps its place and the comment above it.
            Some(old) if old.is_value() && item.is_value() => {
                let decor = old.as_value().map(|v| v.decor().clone());
                *old = item.clone();
                if let (Some(decor), Some(value)) = (decor, old.as_value_mut()) {
                    *value.decor_mut() = decor;
                }
            }
            _ => {
                document.insert(key, item.clone());
            }
        }
    }
    if settings.tuning.is_empty() {
        document.remove("tuning");
    }
    Ok(document.to_string())
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> crate::scratch::Scratch {
        crate::scratch::Scratch::new("config-file")
    }

    #[test]
    fn saving_keeps_comments_and_other_keys_and_the_file_before() {
        let dir = folder();
        let path = dir.join("bridge.toml");
        let before = "# the booth at the fair\nrobot = \"/dev/ttyUSB0\"\n# Deutsch\nlanguage = \"de\"\nidle_ask_s = 30\n";
        std::fs::write(&path, before).unwrap();
        let mut settings = Config::parse(before).unwrap().staff_settings();
        settings.language = crate::messages::Language::En;
        settings.idle_ask_s = 25;
        settings.levels = vec!["easy".parse().unwrap(), "hard:aggressive".parse().unwrap()];
        settings.tuning.insert(
            "easy".into(),
            engine::player::SearchOverride {
                depth: Some(3),
                random_moves: Some(0.25),
            },
        );
        save(&path, &settings).unwrap();
        let after = std::fs::read_to_string(&path).unwrap();
        assert!(
            after.starts_with(
                "# the booth at the fair\nrobot = \"/dev/ttyUSB0\"\n# Deutsch\nlanguage = \"en\"\n"
            ),
            "{after}"
        );
        let config = Config::load(&path).unwrap();
        assert_eq!(config.staff_settings(), settings);
        assert_eq!(config.robot.to_string(), "/dev/ttyUSB0");
        assert_eq!(
            std::fs::read_to_string(sibling(&path, "previous")).unwrap(),
            before
        );
        assert!(!sibling(&path, "new").exists());
    }

    #[test]
    fn a_deleted_file_is_refused_and_an_old_key_name_replaced() {
        let dir = folder();
        let path = dir.join("deleted.toml");
        let e = save(&path, &Config::default().staff_settings()).unwrap_err();
        assert!(
            e.to_string().contains("was deleted while the bridge ran"),
            "{e}"
        );
        assert!(!path.exists(), "made again in part");
        let old = dir.join("old.toml");
        std::fs::write(&old, "hints_between_people = true\n").unwrap();
        let mut settings = Config::load(&old).unwrap().staff_settings();
        settings.robot_hints = false;
        save(&old, &settings).unwrap();
        assert!(!Config::load(&old).unwrap().robot_hints);
    }

    #[test]
    fn mode_links_and_previous_are_kept_as_they_are() {
        let scratch = folder();
        let dir = scratch.join("links");
        std::fs::create_dir_all(dir.join("real")).unwrap();
        let target = dir.join("real/bridge.toml");
        std::fs::write(&target, "operator_token = \"abcdefghijkl1234\"\n").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.join("bridge.toml");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        // A `.previous` that is a link must not be followed.
        let victim = dir.join("victim");
        std::fs::write(&victim, "untouched").unwrap();
        std::os::unix::fs::symlink(&victim, sibling(&target, "previous")).unwrap();
        let mut settings = Config::load(&link).unwrap().staff_settings();
        settings.idle_ask_s = 33;
        save(&link, &settings).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(Config::load(&target).unwrap().idle_ask_s, 33);
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the tokens' file stays private");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
        let previous = sibling(&target, "previous");
        assert!(!std::fs::symlink_metadata(&previous).unwrap().is_symlink());
        assert!(
            std::fs::read_to_string(previous)
                .unwrap()
                .contains("abcdefghijkl1234")
        );
        let leftovers: Vec<_> = std::fs::read_dir(dir.join("real"))
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }

    #[test]
    fn a_save_killed_halfway_leaves_nothing_after_the_next_and_a_folder_in_the_way_is_named() {
        let scratch = folder();
        let dir = scratch.join("killed");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bridge.toml");
        std::fs::write(&path, "idle_ask_s = 30\n").unwrap();
        // What a bridge killed mid-save left (no process has that id).
        let stale = dir.join(".bridge.toml.999999999-0-00000000000000ff.tmp");
        let stale_previous = dir.join(".bridge.toml.previous.999999999-1-00000000000000ff.tmp");
        let someone_elses = dir.join("notes.tmp");
        for file in [&stale, &stale_previous, &someone_elses] {
            std::fs::write(file, "half").unwrap();
        }
        let mut settings = Config::load(&path).unwrap().staff_settings();
        settings.idle_ask_s = 31;
        save(&path, &settings).unwrap();
        assert!(!stale.exists() && !stale_previous.exists());
        assert!(someone_elses.exists(), "only the bridge's own are removed");
        // A folder where `.previous` goes: the error names it, not the file.
        let previous = sibling(&path, "previous");
        std::fs::remove_file(&previous).unwrap();
        std::fs::create_dir(&previous).unwrap();
        settings.idle_ask_s = 32;
        let error = save(&path, &settings).unwrap_err().to_string();
        assert!(error.contains("bridge.toml.previous"), "{error}");
        assert_eq!(
            Config::load(&path).unwrap().idle_ask_s,
            31,
            "nothing changed"
        );
    }

    #[test]
    fn three_saves_at_once_leave_a_valid_file_equal_to_the_last() {
        let dir = folder();
        let path = dir.join("racing.toml");
        std::fs::write(&path, "# kept\nidle_ask_s = 30\n").unwrap();
        let base = Config::load(&path).unwrap().staff_settings();
        for round in 0..200u64 {
            let threads: Vec<_> = (0..3u64)
                .map(|i| {
                    let path = path.clone();
                    let mut settings = base.clone();
                    settings.idle_ask_s = 20 + i;
                    settings.demo_after_s = 60 + round;
                    std::thread::spawn(move || save(&path, &settings))
                })
                .collect();
            for t in threads {
                t.join().unwrap().unwrap();
            }
            let config = Config::load(&path).unwrap();
            assert_eq!(config.demo_after_s, 60 + round);
            assert!((20..23).contains(&config.idle_ask_s));
            assert!(Config::load(&sibling(&path, "previous")).is_ok());
        }
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .starts_with("# kept\n")
        );
    }

    #[test]
    fn a_file_broken_by_hand_is_left_as_it_is() {
        let dir = folder();
        let path = dir.join("broken.toml");
        std::fs::write(&path, "language = \n").unwrap();
        let e = save(&path, &Config::default().staff_settings()).unwrap_err();
        assert!(e.to_string().contains("is not a valid config now"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "language = \n");
    }
}
