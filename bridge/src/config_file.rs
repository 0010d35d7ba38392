//! Writing the operator's settings back to `bridge.toml`: only their keys
//! change, the staff's comments and every other key stay, the file is
//! replaced in one step and the one before is kept as
//! `bridge.toml.previous`.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// Writes `settings` into the config file at `path` (made if missing).
///
/// # Errors
/// When the file cannot be read, parsed or replaced; the file is then as
/// it was.
pub fn save(path: &Path, settings: &StaffSettings) -> Result<(), SaveError> {
    let io = |error| SaveError::Io {
        path: path.to_path_buf(),
        error,
    };
    let before = match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(e)),
    };
    let text = with_settings(before.as_deref().unwrap_or(""), settings).map_err(|error| {
        SaveError::NotToml {
            path: path.to_path_buf(),
            error,
        }
    })?;
    let read_back = Config::parse(&text).map_err(SaveError::Unreadable)?;
    if read_back.staff_settings() != *settings {
        return Err(SaveError::Unreadable(vec![
            "the settings read back differ from those written".into(),
        ]));
    }
    let fresh = sibling(path, "new");
    let mut file = std::fs::File::create(&fresh).map_err(io)?;
    file.write_all(text.as_bytes()).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    if before.is_some() {
        std::fs::copy(path, sibling(path, "previous")).map_err(io)?;
    }
    // The one step that replaces the file: a reader sees the old or the
    // new one, never half of either.
    std::fs::rename(&fresh, path).map_err(io)?;
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty())
        && let Ok(folder) = std::fs::File::open(folder)
    {
        let _ = folder.sync_all();
    }
    Ok(())
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

    fn folder() -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "config-file-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn saving_keeps_comments_and_other_keys_and_the_file_before() {
        let path = folder().join("bridge.toml");
        let before = "# the booth at the fair\nrobot = \"/dev/ttyUSB0\"\n# Deutsch\nlanguage = \"de\"\nidle_ask_s = 30\n";
        std::fs::write(&path, before).unwrap();
        let mut settings = Config::parse(before).unwrap().staff_settings();
        settings.language = crate::messages::Language::En;
        settings.idle_ask_s = 25;
        settings.levels = vec!["easy".parse().unwrap(), "hard:aggressive".parse().unwrap()];
        settings.tuning.insert(
            "easy".into(),
            engine::player::LevelTuning {
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
    fn a_missing_file_is_made_and_an_old_key_name_replaced() {
        let dir = folder();
        let path = dir.join("fresh.toml");
        let _ = std::fs::remove_file(&path);
        let settings = Config::default().staff_settings();
        save(&path, &settings).unwrap();
        assert_eq!(Config::load(&path).unwrap(), Config::default());
        assert!(!sibling(&path, "previous").exists());
        let old = dir.join("old.toml");
        std::fs::write(&old, "hints_between_people = true\n").unwrap();
        let mut settings = Config::load(&old).unwrap().staff_settings();
        settings.robot_hints = false;
        save(&old, &settings).unwrap();
        assert!(!Config::load(&old).unwrap().robot_hints);
    }

    #[test]
    fn a_file_broken_by_hand_is_left_as_it_is() {
        let path = folder().join("broken.toml");
        std::fs::write(&path, "language = \n").unwrap();
        let e = save(&path, &Config::default().staff_settings()).unwrap_err();
        assert!(e.to_string().contains("is not a valid config now"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "language = \n");
    }
}
