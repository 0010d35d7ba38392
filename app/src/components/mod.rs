//! The parts of the screen, one file each.

mod board;
mod column_values;
mod help;
mod settings_panel;
mod status_line;
mod thoughts;
mod toolbar;

pub use board::BoardView;
pub use column_values::ColumnValues;
pub use help::HelpPanel;
pub use settings_panel::SettingsPanel;
pub use status_line::StatusLine;
pub use thoughts::Thoughts;
pub use toolbar::Toolbar;
