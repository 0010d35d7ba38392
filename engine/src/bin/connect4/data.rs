//! What perfect play knows beyond the search: the opening book and the
//! 12-stone position database, as every command takes them.

use engine::{OpeningBook, PositionDatabase, SolvedPositions, Solver};
use std::error::Error;
use std::path::{Path, PathBuf};

/// The database's file name at its standard places.
pub const LAYER_FILE: &str = "layer12.c4l";

/// The options that choose the book and the database.
#[derive(clap::Args, Clone, Default)]
pub struct DataArgs {
    /// Answer positions in this opening book from the book.
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// The 12-stone position database (default: `$CONNECT4_LAYER`, else
    /// `layer12.c4l` beside the binary, else the repository's
    /// `engine/book/layer12.c4l`, when one exists).
    #[arg(long, conflicts_with = "no_layer")]
    pub layer: Option<PathBuf>,
    /// Search without the position database.
    #[arg(long)]
    pub no_layer: bool,
}

impl DataArgs {
    /// Loads what the options name; a file named but unreadable or invalid
    /// is an error, a database missing from the standard places is not.
    pub fn load(&self) -> Result<SolvedPositions, Box<dyn Error>> {
        let mut solved = SolvedPositions::default();
        if let Some(path) = &self.book {
            let bytes = read(path, "the book")?;
            solved
                .load_book(&bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if !self.no_layer
            && let Some(path) = self.layer.clone().or_else(standard_layer)
        {
            let bytes = read(&path, "the position database")?;
            solved
                .load_database(&bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(solved)
    }
}

/// A solver with a table of `table_mb` MiB that uses `solved`.
pub fn solver(solved: &SolvedPositions, table_mb: usize) -> Solver {
    let mut solver = Solver::with_table_bytes(table_mb << 20);
    solver.use_solved(solved);
    solver
}

fn read(path: &Path, what: &str) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {what} {}: {e}", path.display()))
}

/// The first standard place that holds the database.
pub fn standard_layer() -> Option<PathBuf> {
    let from_env = std::env::var_os("CONNECT4_LAYER").map(PathBuf::from);
    let beside_binary = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(LAYER_FILE)));
    let in_repository = Some(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("book")
            .join(LAYER_FILE),
    );
    [from_env, beside_binary, in_repository]
        .into_iter()
        .flatten()
        .find(|path| path.is_file())
}

/// Reads a database file on its own (to describe or check it), naming
/// the file in any error.
pub fn load_layer(path: &Path) -> Result<PositionDatabase, Box<dyn Error>> {
    let bytes = read(path, "the position database")?;
    PositionDatabase::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}

/// Reads a book file on its own, naming the file in any error.
pub fn load_book(path: &Path) -> Result<OpeningBook, Box<dyn Error>> {
    let bytes = read(path, "the book")?;
    OpeningBook::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}
