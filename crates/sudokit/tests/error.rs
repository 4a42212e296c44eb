//! `sudokit::Error` and the errors under it say each cause once (that
//! `sudokit::Error` converts from every public error type of the workspace
//! is checked by the workspace's tests, `tests/workspace/sources.rs`, which
//! read the sources).

/// The first error in `error`'s chain whose message holds its source's
/// message: a reporter that walks the chain (the examples', `anyhow`'s)
/// would say that cause twice.
fn said_twice(error: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut current = error;
    while let Some(source) = current.source() {
        if current.to_string().contains(&source.to_string()) {
            return Some(format!("{current:?} says its source {source:?} again"));
        }
        current = source;
    }
    None
}

#[test]
fn no_error_says_a_cause_twice() {
    use sudokit::grid::io::PuzzleReader;
    use sudokit::local::Genetic;
    use sudokit::{Error, Grid, Shape, Solver, StopReason};

    let mut errors: Vec<Error> = Vec::new();
    errors.push(PuzzleReader::open("/no/such/file.txt").map(|_| ()).unwrap_err().into());
    let bad_line = PuzzleReader::new("1?".as_bytes()).next().expect("a record").unwrap_err();
    errors.push(bad_line.into());
    errors.push("1?".parse::<Grid>().unwrap_err().into());
    let settings = Genetic::new().with_population(0, 0).solve(&Grid::empty(Shape::MINI)).unwrap_err();
    errors.push(settings.into());
    errors.push(StopReason::NodeLimit.into());
    errors.push(sudokit::rating::rate(&Grid::empty(Shape::MINI)).unwrap_err().into());
    errors.push(Shape::new(1, 9).unwrap_err().into());
    errors.push(sudokit::registry::create("nope").map(|_| ()).unwrap_err().into());
    for error in &errors {
        assert_eq!(said_twice(error), None);
    }
    // The message a reader sees names the file and the cause once.
    let unreadable = errors[0].to_string();
    assert_eq!(unreadable.matches("No such file").count(), 1, "{unreadable}");
}

#[test]
fn the_walk_sees_a_cause_said_twice() {
    #[derive(Debug, thiserror::Error)]
    #[error("reading failed: {source}")]
    struct Twice {
        source: std::io::Error,
    }
    let twice = Twice { source: std::io::Error::other("disk on fire") };
    assert!(said_twice(&twice).is_some());
}
