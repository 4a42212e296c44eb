use proptest::prelude::*;
use sudokit_grid::io::{Format, PuzzleReader, ReadError, write_puzzles};
use sudokit_grid::sudokit_core::{Digit, Grid, ParseError, Shape};
use sudokit_grid::{CandidateBoard, Candidates, Layout};
use sudokit_testkit::{generate, sets};

#[test]
fn every_bundled_set_reads_with_the_reader() {
    let expected =
        [(sets::EASY, 51), (sets::MEDIUM, 11), (sets::HARD, 95), (sets::MAGICTOUR, 1465), (sets::FORUM_1106, 375)];
    for (set, count) in expected {
        let grids: Vec<Grid> = PuzzleReader::open(set.path()).unwrap().collect::<Result<_, _>>().unwrap();
        assert_eq!(grids.len(), count, "{}", set.file);
        assert_eq!(grids, set.puzzles(), "{}", set.file);
        assert!(grids.iter().all(|g| g.shape() == Shape::CLASSIC && g.is_consistent()));
    }
}

#[test]
fn candidates_of_the_board_exclude_peer_digits() {
    for puzzle in sets::MEDIUM.puzzles() {
        let board = CandidateBoard::new(&puzzle);
        let layout = Layout::of(puzzle.shape());
        for (cell, digit) in puzzle.iter() {
            let candidates = board.get(cell);
            match digit {
                Some(d) => assert_eq!(candidates, Candidates::single(d)),
                None => {
                    for &p in layout.peers(cell.index(puzzle.shape())) {
                        if let Some(d) = Digit::new(puzzle.values()[p as usize]) {
                            assert!(!candidates.contains(d), "{cell} keeps {d}");
                        }
                    }
                    assert!(!candidates.is_empty());
                }
            }
        }
    }
}

fn write(grids: &[Grid], format: Format) -> String {
    let mut out = Vec::new();
    write_puzzles(&mut out, grids, format).unwrap();
    String::from_utf8(out).unwrap()
}

proptest! {
    #[test]
    fn line_and_boxed_round_trip_for_every_shape(grid in generate::any_shape().prop_flat_map(generate::any_grid)) {
        let line = grid.to_string();
        prop_assert_eq!(line.chars().count(), grid.shape().cell_count());
        prop_assert_eq!(&line.parse::<Grid>().unwrap(), &grid);
        let boxed = format!("{grid:#}");
        prop_assert_eq!(&boxed.parse::<Grid>().unwrap(), &grid);
        prop_assert_eq!(&Grid::parse_with_shape(&boxed, grid.shape()).unwrap(), &grid);
    }

    #[test]
    fn files_round_trip(
        grids in generate::any_shape().prop_flat_map(|s| proptest::collection::vec(generate::any_grid(s), 1..4)),
        boxed in any::<bool>(),
    ) {
        let format = if boxed { Format::Boxed } else { Format::Line };
        let text = write(&grids, format);
        let shape = grids[0].shape();
        let back: Vec<Grid> = PuzzleReader::new(text.as_bytes()).with_shape(shape).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(&back, &grids);
        if shape != Shape::MINI {
            // 4x4 rows could be mistaken for whole puzzles; every other shape
            // reads back without help.
            let inferred: Vec<Grid> = PuzzleReader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
            prop_assert_eq!(&inferred, &grids);
        }
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in "\\PC{0,300}") {
        let _ = text.parse::<Grid>();
        let _ = Grid::parse_with_shape(&text, Shape::CLASSIC);
        let _ = PuzzleReader::new(text.as_bytes()).take(100).count();
    }

    #[test]
    fn parsers_never_panic_on_grid_like_text(text in "[0-9A-Z.|\\-+ #\\r\\n]{0,400}") {
        if let Ok(grid) = text.parse::<Grid>() {
            prop_assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
        }
        for record in PuzzleReader::new(text.as_bytes()).take(100) {
            if let Err(e) = record {
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = PuzzleReader::new(bytes.as_slice()).take(100).count();
        let text = String::from_utf8_lossy(&bytes);
        let _ = text.parse::<Grid>();
    }
}

#[test]
fn a_record_of_another_shape_than_the_file_is_refused() {
    let classic = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // A line cut to 16 cells whose digits all fit a 4x4 grid would read as
    // a 4x4 puzzle.
    let text = format!("{classic}\n1...2...3...4...\n{classic}\n");
    let records: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
    assert_eq!(records.len(), 3);
    assert!(records[0].is_ok() && records[2].is_ok());
    match &records[1] {
        Err(ReadError::Parse { error: ParseError::ShapeChange { found, expected, line }, .. }) => {
            assert_eq!((*found, *expected, *line), (Shape::MINI, Shape::CLASSIC, 2));
        }
        other => panic!("{other:?}"),
    }
    let mixed: Vec<_> = PuzzleReader::new(text.as_bytes()).with_mixed_shapes().collect();
    assert!(mixed.iter().all(Result::is_ok));
    let told = PuzzleReader::new(text.as_bytes()).with_shape(Shape::CLASSIC).nth(1);
    assert!(matches!(told, Some(Err(ReadError::Parse { .. }))), "{told:?}");
}

/// The killers of the testkit's set, written in SumoCue's format, read
/// back as they were, alone and through the reader beside other records;
/// with Killer X's flag too.
#[test]
fn killers_go_through_sumocue_s_format_and_back() {
    use sudokit_grid::io::{read_sumocue, write_sumocue};
    let killers = sets::VARIANT_KILLER.puzzles();
    let mut file = String::from("# killers\n");
    for killer in &killers {
        let line = write_sumocue(killer).unwrap();
        assert_eq!(line.matches(':').count(), 84, "{line}");
        assert_eq!(&read_sumocue(&line).unwrap(), killer);
        file.push_str(&line);
        file.push_str("\n.................................................................................\n");
        let x =
            sudokit_grid::sudokit_core::Puzzle::new(killer.grid().clone(), killer.variant().clone().with_diagonals())
                .unwrap();
        let line = write_sumocue(&x).unwrap();
        assert!(line.starts_with("3x3:d:k:"));
        assert_eq!(read_sumocue(&line).unwrap(), x);
    }
    let read: Vec<_> = PuzzleReader::new(file.as_bytes()).with_rules().collect::<Result<_, _>>().unwrap();
    assert_eq!(read.len(), 2 * killers.len());
    for (pair, killer) in read.chunks(2).zip(&killers) {
        assert_eq!(&pair[0], killer);
        assert!(pair[1].variant().is_standard());
    }
    // The plain reader refuses a killer rather than drop its cages.
    let line = write_sumocue(&killers[0]).unwrap();
    let err = PuzzleReader::new(line.as_bytes()).next().unwrap().unwrap_err();
    assert!(matches!(err, ReadError::UnexpectedRules { line: 1, .. }), "{err}");
    // A bad line names its line and column.
    let bad = format!("# one\n{}", line.replacen(":k:", ":k:x", 1));
    let err = PuzzleReader::new(bad.as_bytes()).with_rules().next().unwrap().unwrap_err();
    assert!(err.to_string().starts_with("line 2: bad rules: column 8: `x"), "{err}");
}
