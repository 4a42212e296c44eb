//! Helpers shared by the examples: reading command-line flags and turning
//! a result into an exit code. Not part of the library API; the puzzle sets
//! come from `sudokit_testkit::sets`.

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

    /// The value after flag `flag`, parsed.
    ///
    /// # Errors
    /// A message when the value is missing or does not parse.
    pub fn parsed<T: std::str::FromStr>(&mut self, flag: &str) -> Result<T, String> {
        let value = self.value(flag)?;
        value.parse().map_err(|_| format!("{flag}: {value:?} is not a valid value"))
    }

    /// The value after flag `flag` as a duration in seconds (`0.5`, `3`).
    ///
    /// # Errors
    /// A message when the value is missing or is not a duration.
    pub fn seconds(&mut self, flag: &str) -> Result<std::time::Duration, String> {
        let value = self.value(flag)?;
        value
            .parse()
            .ok()
            .and_then(|seconds| std::time::Duration::try_from_secs_f64(seconds).ok())
            .ok_or_else(|| format!("{flag}: {value:?} is not a number of seconds"))
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
