//! The parts of the screen, one file each.

mod board;
mod column_values;
mod explainer;
mod hall_of_fame;
mod help;
mod join_code;
mod lobby;
mod review_panel;
mod robot_line;
mod settings_panel;
mod status_line;
mod take_home;
mod thoughts;
mod toolbar;

pub use board::BoardView;
pub use column_values::ColumnValues;
pub use explainer::Explainer;
pub use hall_of_fame::HallOfFame;
pub use help::HelpPanel;
pub use join_code::JoinCode;
pub use lobby::RobotPanel;
pub use review_panel::ReviewPanel;
pub use robot_line::RobotLine;
pub use settings_panel::SettingsPanel;
pub use status_line::StatusLine;
pub use take_home::{TakeHomeCode, TakeHomePanel};
pub use thoughts::Thoughts;
pub use toolbar::Toolbar;
