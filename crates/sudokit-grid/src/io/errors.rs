//! [`ReadError`]: why a puzzle file or one of its records could not be
//! read.

use std::fmt;
use std::io;
use std::path::PathBuf;

use sudokit_core::{ParseError, VariantError};

/// A puzzle file that could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{}{error}", PathPrefix(path))]
    Io {
        /// The file, when reading from one.
        path: Option<PathBuf>,
        /// The underlying error, whose message this one's ends with (it
        /// is not also the [`source`](std::error::Error::source), so that
        /// a reporter walking the chain says it once).
        error: io::Error,
    },
    /// A record is not a valid grid; the error's line is the file's.
    #[error("{}{error}", PathPrefix(path))]
    Parse {
        /// The file, when reading from one.
        path: Option<PathBuf>,
        /// What is wrong and where (in this error's message too, and not
        /// its source).
        error: ParseError,
    },
    /// A record's rules could not be read (their columns count from the
    /// start of the rules).
    #[error("{}line {line}: bad rules: {error}", PathPrefix(path))]
    Rules {
        /// The file, when reading from one.
        path: Option<PathBuf>,
        /// The line of the rules: the puzzle's line, or the `rules:`
        /// header's.
        line: usize,
        /// What is wrong with them.
        error: VariantError,
    },
    /// An f-puzzles record could not be read, or holds a constraint
    /// sudokit does not play.
    #[error("{}line {line}: {error}", PathPrefix(path))]
    FPuzzles {
        /// The file, when reading from one.
        path: Option<PathBuf>,
        /// The record's line.
        line: usize,
        /// What is wrong.
        error: super::FPuzzlesError,
    },
    /// A record has rules other than the standard ones, and the reader
    /// hands out bare grids, which would drop them: read the file with
    /// [`PuzzleReader::with_rules`](crate::io::PuzzleReader::with_rules).
    #[error(
        "{}line {line}: the puzzle has the rules `{rules}`, which a bare grid drops: read it with `PuzzleReader::with_rules`",
        PathPrefix(path)
    )]
    UnexpectedRules {
        /// The file, when reading from one.
        path: Option<PathBuf>,
        /// The line of the record.
        line: usize,
        /// The rules, in their text form.
        rules: String,
    },
    /// The text holds no puzzle, where one was asked for
    /// ([`parse_puzzle`](crate::io::parse_puzzle)).
    #[error("no puzzle: the text holds no grid")]
    NoPuzzle,
    /// The text holds more than one puzzle, where one was asked for
    /// ([`parse_puzzle`](crate::io::parse_puzzle)).
    #[error("line {line}: a second puzzle, where one was expected")]
    MorePuzzles {
        /// The line where the second puzzle ends.
        line: usize,
    },
}

impl ReadError {
    /// The parse error, when the file was read but a record is malformed.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            ReadError::Parse { error, .. } => Some(error),
            _ => None,
        }
    }
}

pub(super) struct PathPrefix<'a>(pub(super) &'a Option<PathBuf>);

impl fmt::Display for PathPrefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(path) => write!(f, "{}: ", path.display()),
            None => Ok(()),
        }
    }
}
