//! Naming a computer player on the command line: a level or a config file.

use std::str::FromStr;

use engine::player::{LevelSpec, PlayerConfig};

/// A player given as a level name or a path to a `PlayerConfig` JSON file.
#[derive(Clone)]
pub struct PlayerArg {
    pub name: String,
    pub config: PlayerConfig,
}

impl FromStr for PlayerArg {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerArg, String> {
        match s.parse::<LevelSpec>() {
            Ok(spec) => Ok(PlayerArg {
                name: spec.to_string(),
                config: spec.config(),
            }),
            Err(unknown) if !std::path::Path::new(s).exists() => Err(unknown.to_string()),
            Err(_) => {
                let text =
                    std::fs::read_to_string(s).map_err(|e| format!("cannot read {s}: {e}"))?;
                let config = serde_json::from_str(&text)
                    .map_err(|e| format!("{s} is not a valid player configuration: {e}"))?;
                Ok(PlayerArg {
                    name: s.to_string(),
                    config,
                })
            }
        }
    }
}
