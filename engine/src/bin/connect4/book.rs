//! `connect4 book`: generate, verify and inspect opening books.

use std::collections::{HashMap, HashSet};
use std::error::Error;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use engine::book::{OpeningBook, children, frontier};

use crate::data::{self, load_book};
use engine::{Board, Geometry, Position, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Solve every position up to --depth plies and write the book.
    Generate(GenerateArgs),
    /// Check a book against the solver on random positions.
    Verify(VerifyArgs),
    /// Check a book (with the solver behind it) against the UCI 8-ply data set.
    CheckUci(UciArgs),
    /// Print what a book or position database file holds.
    Info {
        /// The book or database file.
        book: PathBuf,
    },
    /// Convert BitBully's `book_12ply_distances.dat` into our position
    /// database format.
    Import(ImportArgs),
}

#[derive(clap::Args)]
pub struct ImportArgs {
    /// `book_12ply_distances.dat` from the PyPI package `bitbully-databases`.
    dat: PathBuf,
    /// Where to write the database.
    #[arg(long, default_value = data::LAYER_FILE)]
    out: PathBuf,
}

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// Every position with at most this many stones goes into the book.
    #[arg(long)]
    depth: usize,
    /// Where to write the book.
    #[arg(long, default_value = "book.c4b")]
    out: PathBuf,
    /// Solved frontier positions are appended here as they finish, and
    /// read back on the next start: stop at any time and run again.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Transposition table per thread, MiB.
    #[arg(long, default_value_t = engine::solver::DEFAULT_TABLE_BYTES >> 20)]
    table_mb: usize,
    /// Stop after this many seconds (the checkpoint keeps what was done).
    #[arg(long)]
    time_limit: Option<u64>,
    /// The position database the searches stop at (not the book: the book
    /// is what is being made).
    #[arg(long, conflicts_with = "no_layer")]
    layer: Option<PathBuf>,
    /// Search without the position database.
    #[arg(long)]
    no_layer: bool,
}

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// The book or position database file.
    book: PathBuf,
    /// Random positions to check.
    #[arg(long, default_value_t = 200)]
    sample: usize,
    /// Seed of the random positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sample positions with at least this many stones (the shallowest
    /// take the solver minutes).
    #[arg(long, default_value_t = 0)]
    min_plies: usize,
}

#[derive(clap::Args)]
pub struct UciArgs {
    /// The data file (`connect-4.data`: 42 cells and a label per line).
    data: PathBuf,
    /// The book and database to check; without either the solver alone
    /// answers (slow).
    #[command(flatten)]
    lookup: data::DataArgs,
    /// Check only the first N lines.
    #[arg(long)]
    limit: Option<usize>,
    /// Skip the first N lines (to split a long check into runs).
    #[arg(long, default_value_t = 0)]
    skip: usize,
    /// Threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn run(command: &Command) -> Result<ExitCode, Box<dyn Error>> {
    match command {
        Command::Generate(args) => generate(args),
        Command::Verify(args) => verify(args),
        Command::CheckUci(args) => check_uci(args),
        Command::Import(args) => import(args),
        Command::Info { book } if is_layer(book) => {
            let bytes = fs::read(book)?;
            let started = Instant::now();
            let layer = data::load_layer(book)?;
            let load = started.elapsed();
            println!(
                "{}: {} board, position database of {} stones, {} positions, {} bytes; \
                 loaded in {:.0} ms, {} bytes in memory",
                book.display(),
                layer.geometry(),
                layer.plies(),
                layer.len(),
                bytes.len(),
                load.as_secs_f64() * 1e3,
                layer.memory_bytes()
            );
            // Lookups of random positions of the layer, timed together.
            let mut seed = 1;
            let sample: Vec<Position> = (0..100_000)
                .map(|_| random_board(layer.geometry(), layer.plies(), &mut seed))
                .map(|b| *b.position())
                .collect();
            let started = Instant::now();
            let found = sample.iter().filter_map(|p| layer.score(p)).count();
            let nanos = started.elapsed().as_secs_f64() * 1e9 / sample.len() as f64;
            println!(
                "lookup: {nanos:.0} ns per position over {} random positions ({found} held)",
                sample.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Info { book } => {
            let bytes = fs::read(book)?;
            let loaded = load_book(book)?;
            println!(
                "{}: {} board, every position up to {} plies, {} positions, {} bytes",
                book.display(),
                loaded.geometry(),
                loaded.depth(),
                loaded.len(),
                bytes.len()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Whether a file starts like a position database.
fn is_layer(path: &Path) -> bool {
    let mut magic = [0; 7];
    File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok_and(|()| &magic == engine::database::MAGIC)
}

fn import(args: &ImportArgs) -> Result<ExitCode, Box<dyn Error>> {
    let started = Instant::now();
    let bytes =
        fs::read(&args.dat).map_err(|e| format!("cannot read {}: {e}", args.dat.display()))?;
    let layer = engine::database::from_bitbully_distances(&bytes)
        .map_err(|e| format!("{}: {e}", args.dat.display()))?;
    let out = layer.to_bytes();
    fs::write(&args.out, &out).map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    println!(
        "wrote {}: {} positions of {} stones, {} bytes ({:.1} s)",
        args.out.display(),
        layer.len(),
        layer.plies(),
        out.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// A checkpoint line: the canonical key, the score and the microseconds
/// the solver took.
struct Solved {
    score: i32,
    micros: u64,
}

fn checkpoint_header(g: Geometry, depth: usize) -> String {
    format!("connect4 book checkpoint v1 {g} depth {depth}")
}

fn read_checkpoint(path: &Path, header: &str) -> Result<HashMap<u64, Solved>, Box<dyn Error>> {
    let mut solved = HashMap::new();
    let Ok(file) = File::open(path) else {
        return Ok(solved);
    };
    let mut lines = BufReader::new(file).lines();
    match lines.next().transpose()? {
        Some(first) if first == header => {}
        Some(first) => {
            return Err(format!(
                "{} belongs to another book (\"{first}\", wanted \"{header}\"): \
                 pass another --checkpoint or delete it",
                path.display()
            )
            .into());
        }
        None => return Ok(solved),
    }
    for line in lines {
        let line = line?;
        let fields: Vec<&str> = line.split_whitespace().collect();
        // A line cut short by a kill is simply solved again.
        if let [key, score, micros] = fields[..]
            && let (Ok(key), Ok(score), Ok(micros)) =
                (u64::from_str_radix(key, 16), score.parse(), micros.parse())
        {
            solved.insert(key, Solved { score, micros });
        }
    }
    Ok(solved)
}

fn generate(args: &GenerateArgs) -> Result<ExitCode, Box<dyn Error>> {
    let g = Geometry::STANDARD;
    if args.depth > 16 {
        return Err("--depth above 16 is beyond what any machine here could solve".into());
    }
    let started = Instant::now();
    let positions = siblings_together(g, args.depth);
    let header = checkpoint_header(g, args.depth);
    let checkpoint = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| args.out.with_extension("checkpoint"));
    let done = read_checkpoint(&checkpoint, &header)?;
    let todo: Vec<Position> = positions
        .iter()
        .filter(|p| !done.contains_key(&p.canonical_key()))
        .copied()
        .collect();
    eprintln!(
        "{} positions at {} plies (mirror images once); {} already solved in {}",
        positions.len(),
        args.depth,
        positions.len() - todo.len(),
        checkpoint.display()
    );
    let file = Mutex::new(open_checkpoint(&checkpoint, &header)?);
    let bar = ProgressBar::new(positions.len() as u64)
        .with_position((positions.len() - todo.len()) as u64);
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} positions, {elapsed} so far, about {eta} left ({per_sec})",
    )?);
    let deadline = args.time_limit.map(|s| started + Duration::from_secs(s));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let layer = data::DataArgs {
        book: None,
        layer: args.layer.clone(),
        no_layer: args.no_layer,
    }
    .load()?;
    let write_error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let new: Mutex<HashMap<u64, Solved>> = Mutex::new(HashMap::new());
    pool.install(|| {
        todo.par_iter().for_each_init(
            || data::solver(&layer, args.table_mb),
            |solver, p| {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return;
                }
                let start = Instant::now();
                let score = solver.solve(p);
                let micros = start.elapsed().as_micros() as u64;
                let key = p.canonical_key();
                let mut f = file.lock().expect("no panics while writing");
                if let Err(e) = writeln!(f, "{key:x} {score} {micros}").and_then(|()| f.flush()) {
                    write_error.lock().expect("lock").get_or_insert(e);
                }
                new.lock()
                    .expect("lock")
                    .insert(key, Solved { score, micros });
                bar.inc(1);
            },
        );
    });
    bar.finish();
    if let Some(e) = write_error.into_inner().expect("lock") {
        return Err(format!("cannot write the checkpoint {}: {e}", checkpoint.display()).into());
    }
    let mut all = done;
    all.extend(new.into_inner().expect("lock"));
    if all.len() < positions.len() {
        eprintln!(
            "stopped with {} of {} positions solved; run the same command again to go on",
            all.len(),
            positions.len()
        );
        return Ok(ExitCode::from(3));
    }
    let scores: HashMap<u64, i32> = all.iter().map(|(&k, s)| (k, s.score)).collect();
    let book = OpeningBook::from_frontier(g, args.depth, &scores)?;
    let bytes = book.to_bytes();
    fs::write(&args.out, &bytes)?;
    let provenance = Provenance {
        frontier: positions.len(),
        solved: &all,
        layered: layer.database().is_some(),
        wall_seconds: started.elapsed().as_secs_f64(),
    }
    .text(args, &book, bytes.len());
    fs::write(args.out.with_extension("md"), &provenance)?;
    println!(
        "wrote {}: {} positions, {} bytes",
        args.out.display(),
        book.len(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Appends to the checkpoint file, starting a new one with `header`.
fn open_checkpoint(path: &Path, header: &str) -> Result<File, Box<dyn Error>> {
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    if file.metadata()?.len() == 0 {
        writeln!(file, "{header}")?;
    }
    Ok(file)
}

/// How a generated book came about, for the Markdown file beside it.
struct Provenance<'a> {
    frontier: usize,
    solved: &'a HashMap<u64, Solved>,
    layered: bool,
    wall_seconds: f64,
}

impl Provenance<'_> {
    fn text(&self, args: &GenerateArgs, book: &OpeningBook, size: usize) -> String {
        let g = Geometry::STANDARD;
        let solve_seconds = self.solved.values().map(|s| s.micros).sum::<u64>() as f64 / 1e6;
        let slowest = self.solved.values().map(|s| s.micros).max().unwrap_or(0) as f64 / 1e6;
        format!(
            "# Provenance of {name}\n\n\
         - Board {g}, every position with at most {depth} stones: {count} positions \
         (mirror images once), {size} bytes.\n\
         - Frontier: {frontier} positions at {depth} plies, solved exactly by the \
         `connect4` solver {version} (table {mb} MiB per thread{layered}); \
         shallower positions by negamax over the frontier.\n\
         - Solver time summed over the frontier: {solve_seconds:.0} s (slowest position \
         {slowest:.1} s); this last run took {wall:.0} s of wall time.\n\
         - Command: `connect4 book generate --depth {depth} --out {name}`\n",
            name = args.out.file_name().unwrap_or_default().to_string_lossy(),
            depth = args.depth,
            count = book.len(),
            size = size,
            frontier = self.frontier,
            version = env!("CARGO_PKG_VERSION"),
            mb = args.table_mb,
            layered = if self.layered {
                "; the searches stop at the 12-stone position database"
            } else {
                ""
            },
            wall = self.wall_seconds,
        )
    }
}

/// [`frontier`] in the order of the positions they follow, so that one
/// thread solves siblings one after the other: they share much of their
/// trees, which the transposition table keeps between them.
fn siblings_together(g: Geometry, depth: usize) -> Vec<Position> {
    if depth == 0 {
        return frontier(g, 0);
    }
    let mut seen = HashSet::new();
    let mut ordered = Vec::new();
    for parent in frontier(g, depth - 1) {
        for child in children(&parent) {
            if seen.insert(child.canonical_key()) {
                ordered.push(child);
            }
        }
    }
    ordered
}

/// SplitMix64: the sample must be the same on every run with one seed.
fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A random game of up to `plies` stones in which nobody has won yet.
fn random_board(g: Geometry, plies: usize, seed: &mut u64) -> Board {
    let mut board = Board::with_geometry(g);
    while board.plies() < plies {
        let legal: Vec<usize> = board
            .legal_moves()
            .filter(|&c| !board.position().is_winning_move(c))
            .collect();
        let Some(&column) = legal.get((next(seed) % legal.len().max(1) as u64) as usize) else {
            break;
        };
        board.play(column).expect("a legal move");
    }
    board
}

fn verify(args: &VerifyArgs) -> Result<ExitCode, Box<dyn Error>> {
    // What is checked: a book holds every position up to its depth; a
    // database every position of its layer but those with a win in one.
    type Lookup = Box<dyn Fn(&Position) -> Option<i32> + Sync>;
    let (g, plies, lookup, holds_wins_in_one): (Geometry, _, Lookup, bool) = if is_layer(&args.book)
    {
        let layer = data::load_layer(&args.book)?;
        let plies = layer.plies()..=layer.plies();
        (
            layer.geometry(),
            plies,
            Box::new(move |p| layer.score(p)),
            false,
        )
    } else {
        let book = load_book(&args.book)?;
        let plies = args.min_plies.min(book.depth())..=book.depth();
        (
            book.geometry(),
            plies,
            Box::new(move |p| book.score(p)),
            true,
        )
    };
    let mut seed = args.seed;
    let mut sample = Vec::with_capacity(args.sample);
    for _ in 0..args.sample {
        let span = (plies.end() + 1 - plies.start()) as u64;
        let target = plies.start() + (next(&mut seed) % span) as usize;
        // A database holds no win in one: sample what it holds.
        let board = loop {
            let board = random_board(g, target, &mut seed);
            if holds_wins_in_one || !board.position().can_win_next() {
                break board;
            }
        };
        sample.push(board);
    }
    let started = Instant::now();
    let bar = ProgressBar::new(sample.len() as u64);
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} positions, {elapsed} so far, about {eta} left",
    )?);
    let wrong: Vec<String> = sample
        .par_iter()
        .map_init(Solver::new, |plain, board| {
            let p = board.position();
            let expected = Some(plain.solve(p));
            let found = lookup(p);
            bar.inc(1);
            (found != expected).then(|| format!("{board}: stored {found:?}, solver {expected:?}"))
        })
        .flatten()
        .collect();
    bar.finish_and_clear();
    for line in &wrong {
        println!("{line}");
    }
    println!(
        "{} of {} sampled positions agree with the solver ({:.1} s)",
        sample.len() - wrong.len(),
        sample.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(if wrong.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The UCI data's cells (column by column, bottom up) as a position, by
/// finding an order of alternating moves that builds it.
fn uci_position(cells: &[&str]) -> Option<Position> {
    fn build(p: Position, columns: &[Vec<bool>], left: usize) -> Option<Position> {
        if left == 0 {
            return Some(p);
        }
        let first_to_move = p.plies().is_multiple_of(2);
        for (c, column) in columns.iter().enumerate() {
            let h = p.height(c);
            if h < column.len() && column[h] == first_to_move && !p.is_winning_move(c) {
                let mut child = p;
                child.play_column(c);
                if let Some(done) = build(child, columns, left - 1) {
                    return Some(done);
                }
            }
        }
        None
    }
    let g = Geometry::STANDARD;
    let mut columns = vec![Vec::new(); g.columns()];
    for (i, cell) in cells.iter().enumerate() {
        let column = &mut columns[i / g.rows()];
        match *cell {
            "x" => column.push(true),
            "o" => column.push(false),
            _ => {}
        }
    }
    let stones = columns.iter().map(Vec::len).sum();
    build(Position::new(g), &columns, stones)
}

fn check_uci(args: &UciArgs) -> Result<ExitCode, Box<dyn Error>> {
    let lookup = args.lookup.load()?;
    let text = fs::read_to_string(&args.data)
        .map_err(|e| format!("cannot read {}: {e}", args.data.display()))?;
    // Read every line first: a bad file is refused before any solving.
    let mut cases = Vec::new();
    for (number, line) in text
        .lines()
        .enumerate()
        .skip(args.skip)
        .take(args.limit.unwrap_or(usize::MAX))
    {
        let fields: Vec<&str> = line.trim().split(',').collect();
        let bad = || {
            format!(
                "{}: line {}: not 42 cells and a label",
                args.data.display(),
                number + 1
            )
        };
        let (label, cells) = fields.split_last().ok_or_else(bad)?;
        if cells.len() != 42 {
            return Err(bad().into());
        }
        let expected = match *label {
            "win" => 1,
            "draw" => 0,
            "loss" => -1,
            _ => return Err(bad().into()),
        };
        cases.push((number + 1, uci_position(cells).ok_or_else(bad)?, expected));
    }
    let from_book = cases
        .iter()
        .filter(|(_, p, _)| lookup.book().and_then(|b| b.score(p)).is_some())
        .count();
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let mut wrong: Vec<usize> = pool.install(|| {
        cases
            .par_iter()
            .map_init(
                || data::solver(&lookup, 8),
                |solver, (line, p, expected)| (solver.solve_weak(p) != *expected).then_some(*line),
            )
            .flatten()
            .collect()
    });
    wrong.sort_unstable();
    for line in &wrong {
        println!("line {line}: the solver disagrees with the label");
    }
    let disagree = wrong.len();
    let agree = cases.len() - disagree;
    println!(
        "{agree} of {} outcomes agree ({from_book} straight from the book), {:.1} s",
        agree + disagree,
        started.elapsed().as_secs_f64()
    );
    Ok(if disagree == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
