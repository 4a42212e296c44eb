//! Helpers shared by the examples: locating the bundled puzzles and reading
//! command-line flags. Not part of the library API.

use std::path::PathBuf;

/// The workspace's `puzzles/` folder, found from this package's manifest so
/// the examples work from any directory.
pub fn puzzles_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../puzzles")
}

/// The course's three levels: name and file.
pub const COURSE_LEVELS: [(&str, &str); 3] =
    [("easy", "course_easy51.txt"), ("medium", "norvig_hardest.txt"), ("hard", "norvig_top95.txt")];

/// Command-line arguments, consumed flag by flag.
#[derive(Debug)]
pub struct Args {
    args: std::collections::VecDeque<String>,
}

impl Args {
    /// The process arguments, without the program name.
    pub fn from_env() -> Args {
        Args { args: std::env::args().skip(1).collect() }
    }

    /// The next argument, if any.
    pub fn pop(&mut self) -> Option<String> {
        self.args.pop_front()
    }

    /// The value after flag `flag`.
    ///
    /// # Errors
    /// A message when the value is missing.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.pop().ok_or_else(|| format!("{flag} needs a value"))
    }
}

/// The exit code for an example's result, printing the error as one line.
pub fn exit_code(result: Result<(), String>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}
