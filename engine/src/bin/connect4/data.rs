//! What perfect play knows beyond the search: the opening book and the
//! 12-stone position database, as every command takes them.

use std::error::Error;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use engine::player::Player;
use engine::{Layer, OpeningBook, Solver};

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

/// The loaded book and database.
#[derive(Clone, Default)]
pub struct Data {
    pub book: Option<Arc<OpeningBook>>,
    pub layer: Option<Arc<Layer>>,
}

impl DataArgs {
    /// Loads what the options name; a file named but unreadable or invalid
    /// is an error, a database missing from the standard places is not.
    pub fn load(&self) -> Result<Data, Box<dyn Error>> {
        let book = match &self.book {
            Some(path) => Some(Arc::new(load_book(path)?)),
            None => None,
        };
        let layer = if self.no_layer {
            None
        } else {
            match self.layer.clone().or_else(standard_layer) {
                Some(path) => Some(Arc::new(load_layer(&path)?)),
                None => None,
            }
        };
        Ok(Data { book, layer })
    }
}

impl Data {
    /// A solver with a table of `table_mb` MiB that uses this data.
    pub fn solver(&self, table_mb: usize) -> Solver {
        let mut solver = Solver::with_table_bytes(table_mb << 20);
        self.give_to(&mut solver);
        solver
    }

    pub fn give_to(&self, solver: &mut Solver) {
        solver.set_book(self.book.clone());
        solver.set_layer(self.layer.clone());
    }

    pub fn give_to_player(&self, player: &mut Player) {
        player.set_book(self.book.clone());
        player.set_layer(self.layer.clone());
    }
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

/// Reads a database file, naming the file in any error.
pub fn load_layer(path: &Path) -> Result<Layer, Box<dyn Error>> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read the position database {}: {e}", path.display()))?;
    Layer::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}

/// Reads a book file, naming the file in any error.
pub fn load_book(path: &Path) -> Result<OpeningBook, Box<dyn Error>> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read the book {}: {e}", path.display()))?;
    OpeningBook::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}
