//! Helpers shared by the examples: their `main` (the exit code and error
//! chain of a run, a quiet end when the output is closed early),
//! error context, duration flags, input files (`-` for stdin), a puzzle
//! with its rules from the command line, and one progress display. Not part of the
//! library API; the puzzle sets come from `sudokit_testkit::sets`, and each
//! example declares its own command line with `clap`.

use std::error::Error;
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What an example's `run` returns: any error, shown by [`exit_code`].
pub type Result<T = ()> = std::result::Result<T, Box<dyn Error + Send + Sync>>;

/// Runs an example's work and returns its exit code ([`exit_code`]),
/// every example's `main`. A reader that goes away before the output ends
/// (`| head -1`) ends the run quietly with status 0, as command-line tools
/// do: whether the output failed through `println!` (a panic) or through a
/// writer (an error).
pub fn main(run: impl FnOnce() -> Result) -> ExitCode {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload.downcast_ref::<String>().map(String::as_str).or(payload.downcast_ref::<&str>().copied());
        if message.is_some_and(|message| message.starts_with("failed printing to std") && is_closed_pipe(message)) {
            std::process::exit(0);
        }
        report(info);
    }));
    exit_code(run())
}

/// Whether an error's text says its pipe was closed (`Broken pipe (os
/// error 32)` on Unix, `The pipe is being closed` on Windows).
fn is_closed_pipe(text: &str) -> bool {
    let text = text.to_lowercase();
    text.contains("broken pipe") || text.contains("pipe is being closed")
}

/// The exit code for an example's result, printing the error and its causes
/// on one line (`error: cannot open x.txt: No such file or directory`). An
/// error from writing to a closed pipe is no failure: the reader has what
/// it wanted, so the run ends quietly.
pub fn exit_code(result: Result) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if closed_output(&*error) => ExitCode::SUCCESS,
        Err(error) => {
            let mut line = format!("error: {error}");
            let mut cause = error.source();
            while let Some(inner) = cause {
                line.push_str(&format!(": {inner}"));
                cause = inner.source();
            }
            eprintln!("{line}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `error`, or one of its causes, is a write to a closed pipe.
fn closed_output(error: &(dyn Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if error.downcast_ref::<io::Error>().is_some_and(|error| error.kind() == io::ErrorKind::BrokenPipe) {
            return true;
        }
        cause = error.source();
    }
    false
}

/// An error with what was being done when it happened, keeping the cause as
/// its [`Error::source`].
#[derive(Debug)]
pub struct Context {
    what: String,
    cause: Box<dyn Error + Send + Sync>,
}

impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

impl Error for Context {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&*self.cause)
    }
}

/// Adds what was being done to an error, as `anyhow`'s `context` does.
pub trait WithContext<T> {
    /// The error wrapped in a [`Context`] saying `what()`.
    ///
    /// # Errors
    /// The original error, with its context.
    fn context<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T>;
}

impl<T, E: Into<Box<dyn Error + Send + Sync>>> WithContext<T> for std::result::Result<T, E> {
    fn context<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T> {
        self.map_err(|cause| Box::new(Context { what: what().into(), cause: cause.into() }) as _)
    }
}

/// Reads a flag's duration in seconds (`0.5`, `3`), for `clap`'s
/// `value_parser`.
///
/// # Errors
/// A message when the value is not a non-negative number of seconds.
pub fn seconds(value: &str) -> std::result::Result<Duration, String> {
    value
        .parse()
        .ok()
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("{value:?} is not a number of seconds"))
}

/// An input of an example: a file, or standard input for `-` (so that the
/// example runs as a filter under GNU `parallel --pipe`, Hadoop streaming
/// or Spark's `RDD.pipe`), read through a counter of its bytes for the
/// progress display.
#[derive(Debug)]
pub struct Input {
    /// The file's name as given, or `stdin`.
    pub name: String,
    /// The bytes, buffered.
    pub reader: BufReader<Counting>,
    /// The file's size in bytes; 0 for standard input.
    pub size: u64,
    /// How many bytes have been read so far.
    pub read: Arc<AtomicU64>,
}

impl Input {
    /// Opens `path`, or standard input when it is `-`.
    ///
    /// # Errors
    /// When the file cannot be opened.
    pub fn open(path: &Path) -> Result<Input> {
        let (name, inner, size): (String, Box<dyn Read + Send>, u64) = if path == Path::new("-") {
            ("stdin".to_owned(), Box::new(io::stdin()), 0)
        } else {
            let name = path.display().to_string();
            let file = File::open(path).context(|| format!("cannot open {name}"))?;
            let size = file.metadata().map(|m| m.len()).unwrap_or(0);
            (name, Box::new(file), size)
        };
        let read = Arc::new(AtomicU64::new(0));
        let reader = BufReader::new(Counting { inner, read: Arc::clone(&read) });
        Ok(Input { name, reader, size, read })
    }

    /// The bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.read.load(Ordering::Relaxed)
    }
}

/// A reader that counts the bytes it reads.
pub struct Counting {
    inner: Box<dyn Read + Send>,
    read: Arc<AtomicU64>,
}

impl fmt::Debug for Counting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Counting").field("read", &self.read).finish_non_exhaustive()
    }
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Progress of a long run on stderr: an `indicatif` bar when stderr is a
/// terminal; otherwise a plain line at most every five seconds, so logs stay
/// short. Nothing of it reaches stdout. Shared across threads.
#[derive(Debug)]
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    plain: Mutex<Plain>,
}

#[derive(Debug)]
struct Plain {
    label: String,
    total: u64,
    done: u64,
    started: Instant,
    shown: Instant,
}

/// How often a plain progress line is written when stderr is not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

impl Progress {
    /// Progress over `total` items of `unit` (`"puzzles"`, `"bytes"`),
    /// labelled `label`.
    pub fn new(label: &str, total: u64, unit: &str) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let template = if unit == "bytes" {
                "{prefix} [{bar:30}] {percent:>3}% {msg} {elapsed_precise} eta {eta}".to_string()
            } else {
                format!("{{prefix}} [{{bar:30}}] {{pos}}/{{len}} {unit} {{msg}} {{rate}} eta {{eta}}")
            };
            let style = indicatif::ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .with_key("rate", |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = write!(out, "{:.0}/s", state.per_sec());
                })
                .progress_chars("=> ");
            // No steady tick: the bar is redrawn only when progress is
            // reported, so a timed run is never interrupted by drawing.
            indicatif::ProgressBar::new(total).with_style(style).with_prefix(label.to_string())
        });
        let now = Instant::now();
        let plain = Plain { label: label.to_string(), total, done: 0, started: now, shown: now };
        Progress { bar, plain: Mutex::new(plain) }
    }

    fn plain(&self) -> std::sync::MutexGuard<'_, Plain> {
        self.plain.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Sets how many items are done, with a short message (may be empty).
    pub fn set(&self, done: u64, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            bar.set_message(message.to_string());
            return;
        }
        let mut plain = self.plain();
        plain.done = done;
        if plain.shown.elapsed() >= PLAIN_EVERY {
            plain.shown = Instant::now();
            let percent = if plain.total == 0 { 100.0 } else { done as f64 * 100.0 / plain.total as f64 };
            eprintln!(
                "{}: {percent:.0}% ({done}/{}) {message} after {:.1} s",
                plain.label,
                plain.total,
                plain.started.elapsed().as_secs_f64()
            );
        }
    }

    /// Counts `n` more items done.
    pub fn add(&self, n: u64) {
        match &self.bar {
            Some(bar) => bar.inc(n),
            None => {
                let done = self.plain().done + n;
                self.set(done, "");
            }
        }
    }

    /// Writes a line to stderr above the bar, or as it is.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// Removes the bar; the caller prints its own summary.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The puzzle of a command line and its rules: `text` is the grid's text
/// (or a pencil-mark line, a killer in SumoCue's format, or an f-puzzles
/// link or JSON, read as a file's line is), with `;RULES` after it for a
/// variant, and `flag` the
/// rules of a `--rules` flag (all three join).
pub fn puzzle_and_rules(text: &str, flag: Option<&str>) -> Result<(sudokit::Grid, sudokit::Variant)> {
    let text = match flag {
        Some(rules) if text.contains(';') => format!("{text},{rules}"),
        Some(rules) => format!("{text};{rules}"),
        None => text.to_owned(),
    };
    let puzzle = sudokit::io::parse_puzzle(&text).map_err(|error| match error {
        sudokit::io::ReadError::Rules { error, .. } => format!("bad rules: {error}"),
        other => format!("bad puzzle: {other}"),
    })?;
    let (grid, rules) = puzzle.into_parts();
    Ok((grid, rules.variant().clone()))
}

/// What a puzzle's header says of its rules: nothing for the standard
/// ones, the rules' text otherwise, with pencil marks said in words (the
/// picture shows them).
pub fn rules_note(variant: &sudokit::Variant) -> String {
    let rest = variant.clone().without_marks();
    match (variant.marks().is_some(), rest.is_standard()) {
        (false, true) => String::new(),
        (false, false) => format!(", rules {variant}"),
        (true, true) => ", given as pencil marks".to_owned(),
        (true, false) => format!(", given as pencil marks, rules {rest}"),
    }
}

/// A grid in the boxed picture, or drawn with its regions and marked
/// houses when the rules are not the standard ones, or as its pencil
/// marks when it has some.
#[derive(Debug)]
pub struct Drawn<'a>(pub &'a sudokit::Grid, pub &'a sudokit::Variant);

impl fmt::Display for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(marks) = self.1.marks() {
            let values = self.0.values();
            let cells = marks
                .iter()
                .zip(values)
                .map(|(&set, &v)| sudokit::grid::Candidates::from_bits(if v == 0 { set } else { 1 << (v - 1) }))
                .collect();
            if let Ok(board) = sudokit::grid::CandidateBoard::from_candidates(self.0.shape(), cells) {
                return write!(f, "{}", board.pencil_marks());
            }
        }
        match self.1.picture(self.0) {
            Ok(picture) if !self.1.is_standard() => write!(f, "{picture}"),
            _ => write!(f, "{:#}", self.0),
        }
    }
}

/// `text` as one CSV field: quoted when it holds a comma, a quote or a
/// line break (a puzzle with several rules holds commas).
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_owned() }
}
