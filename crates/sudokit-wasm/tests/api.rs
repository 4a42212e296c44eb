//! The page's calls, natively: each reply against an answer worked out
//! independently (by hand, by Sudoku Explainer 1.2.1, or by checking the
//! grid against the puzzle), and every bad input refused with a message
//! that names its place.

use sudokit::{Grid, Variant};
use sudokit_wasm::api::{self, Options};

/// Norvig's top95 number 1; SE 1.2.1 rates it ER 2.6, EP 1.2, ED 1.2.
const TOP95_1: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Norvig's hardest number 7: ER 7.1, EP 1.2, ED 1.2 by SE 1.2.1.
const HARDEST_7: &str = "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2";
/// Two solutions, which differ in r1c3, r1c4, r3c3 and r3c4 (by hand).
const TWO_SOLUTIONS: &str = "12..34..2.....1.";

fn options(json: &str) -> Options {
    Options::from_json(json).expect("the test's options are valid")
}

fn grid(cells: &[u8]) -> Grid {
    let side = (cells.len() as f64).sqrt() as usize;
    Grid::from_values(sudokit::Shape::from_side(side).expect("a square grid"), cells).expect("digits in range")
}

#[test]
fn bad_text_is_refused_with_its_place() {
    let cases = [
        ("11..............", "clashing givens r1c1 and r1c2"),
        ("1234", "line 1: 4 cells"),
        ("1...........3..4;x,q", "column 3: unknown rule `q`"),
        ("1...........3..4\n.2..............", "line 2: a second puzzle"),
        ("  ", "no puzzle"),
        ("1...........3..4;cage=50:r1c1+r1c2", "cannot add up to 50"),
    ];
    for (text, place) in cases {
        let failure = api::parse(text).expect_err(text);
        assert!(failure.message().contains(place), "{text}: {failure}");
        assert!(api::solve(text, &Options::default()).is_err(), "{text}");
    }
}

#[test]
fn options_name_a_bad_field_and_default_when_empty() {
    let failure = Options::from_json(r#"{"timeLimt": 5}"#).expect_err("a misspelt field");
    assert!(failure.message().contains("unknown field `timeLimt`"), "{failure}");
    let defaults = options("");
    assert_eq!((defaults.time_limit_ms, defaults.limit, defaults.solver.as_str()), (10_000, 2, "auto"));
    assert_eq!(options(r#"{"limit": 5, "seed": 7}"#).limit, 5);
}

#[test]
fn parse_gives_what_the_page_draws() -> Result<(), api::Failure> {
    let x = api::parse("1...........3..4;x")?;
    assert_eq!(x.side, 4);
    assert_eq!(x.cells[0], 1);
    assert_eq!(x.cells[12], 3);
    assert_eq!(x.regions, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
    assert_eq!(x.extra_houses, [vec![0, 5, 10, 15], vec![3, 6, 9, 12]]);
    assert_eq!((x.rules.as_str(), x.line.as_str()), ("x", "1...........3..4;x"));
    assert_eq!(api::parse(&x.line)?.cells, x.cells);

    let killer = api::parse("................;cage=3:r1c1+r1c2")?;
    assert_eq!(killer.cages.len(), 1);
    assert_eq!((killer.cages[0].cells.as_slice(), killer.cages[0].sum), (&[0, 1][..], Some(3)));
    assert!(api::parse(TOP95_1)?.rules.is_empty());

    // An f-puzzles puzzle pasted as its JSON: overlapping cages, its line
    // in sudokit's own text.
    let cell = |given: Option<u8>| given.map_or("{}".to_owned(), |d| format!(r#"{{"value":{d},"given":true}}"#));
    let rows: Vec<String> = (0..4)
        .map(|r| format!("[{}]", (0..4).map(|c| cell(((r, c) == (3, 3)).then_some(4))).collect::<Vec<_>>().join(",")))
        .collect();
    let cages = r#"[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C2","R2C2"],"value":"6"}]"#;
    let fpuzzles = api::parse(&format!(r#"{{"size":4,"grid":[{}],"killercage":{cages}}}"#, rows.join(",")))?;
    assert_eq!(fpuzzles.cages.len(), 2);
    assert_eq!(fpuzzles.line, "...............4;cage=3:r1c1+r1c2,cage=6:r1c2+r2c2");
    Ok(())
}

#[test]
fn solve_gives_a_solution_of_the_puzzle() -> Result<(), api::Failure> {
    for solver in ["auto", "dlx", "backtracking-mrv"] {
        let solved = api::solve(TOP95_1, &options(&format!(r#"{{"solver": "{solver}"}}"#)))?;
        let puzzle: Grid = TOP95_1.parse().expect("a grid");
        assert!(grid(&solved.cells).is_solution_of(&puzzle), "{solver}");
        assert_eq!(solved.line, grid(&solved.cells).to_string());
        assert_eq!(solved.solver, solver);
    }
    let x = "..6..5.7....9....54..7.3.................2.1..67.......4...7.8...5.....18.....53.;x";
    let solved = api::solve(x, &Options::default())?;
    let puzzle = api::parse(x)?;
    let variant = Variant::parse("x", sudokit::Shape::CLASSIC).expect("the X rules");
    assert!(variant.is_solution_of(&grid(&solved.cells), &grid(&puzzle.cells)));
    let failure = api::solve(TOP95_1, &options(r#"{"solver": "nope"}"#)).expect_err("no such solver");
    assert!(failure.message().contains("unknown solver \"nope\""), "{failure}");
    Ok(())
}

#[test]
fn count_and_true_candidates_match_the_hand_worked_puzzle() -> Result<(), api::Failure> {
    let counted = api::count(TWO_SOLUTIONS, &Options::default())?;
    assert_eq!((counted.count, counted.verdict), (2, "several"));
    assert_eq!(api::count(TWO_SOLUTIONS, &options(r#"{"limit": 1}"#))?.count, 1);
    assert_eq!(api::count(TOP95_1, &Options::default())?.verdict, "unique");
    let none = api::count("123....4........", &Options::default())?;
    assert_eq!(none.verdict, "none");

    let candidates = api::true_candidates(TWO_SOLUTIONS, &Options::default())?.candidates;
    let several: Vec<usize> = (0..16).filter(|&i| candidates[i].len() > 1).collect();
    assert_eq!(several, [2, 3, 10, 11]);
    assert!(several.iter().all(|&i| candidates[i] == [3, 4]));
    assert_eq!(candidates[0], [1]);
    Ok(())
}

#[test]
fn explain_walks_to_the_solution_and_every_step_is_sound() -> Result<(), api::Failure> {
    let explained = api::explain(TOP95_1, &Options::default())?;
    assert_eq!(explained.outcome, "solved");
    let solution = explained.solution.clone().expect("a solution");
    let puzzle: Grid = TOP95_1.parse().expect("a grid");
    assert!(grid(&solution).is_solution_of(&puzzle));
    for step in &explained.steps {
        assert_eq!(step.kind, "step", "top95 #1 needs no guess");
        assert!(step.svg.as_deref().is_some_and(|svg| svg.starts_with("<svg")), "{}", step.text);
        for &[cell, digit] in &step.placements {
            assert_eq!(usize::from(solution[cell]), digit, "{}", step.text);
        }
        for &[cell, digit] in &step.eliminations {
            assert_ne!(usize::from(solution[cell]), digit, "{}", step.text);
        }
    }
    assert_eq!(explained.steps.last().map(|s| s.cells.clone()), Some(solution));
    let hardest = explained.steps.iter().filter_map(|s| s.score.as_deref()).max_by(|a, b| a.cmp(b));
    assert_eq!(hardest, Some("2.6"), "SE 1.2.1's ER");

    let hint = api::hint(TOP95_1, &options(r#"{"pictures": false}"#))?.expect("a step");
    assert_eq!(hint.text, explained.steps[0].text);
    assert!(hint.svg.is_none());
    Ok(())
}

#[test]
fn rate_agrees_with_sudoku_explainer() -> Result<(), api::Failure> {
    for (line, er, level) in [(TOP95_1, "2.6", "medium"), (HARDEST_7, "7.1", "expert")] {
        let rated = api::rate(line, &Options::default())?;
        assert_eq!((rated.er.as_str(), rated.ep.as_str(), rated.ed.as_str()), (er, "1.2", "1.2"));
        assert_eq!(rated.level, level);
    }
    let failure = api::rate(TWO_SOLUTIONS, &Options::default()).expect_err("two solutions");
    assert!(failure.message().contains("not rated"), "{failure}");
    Ok(())
}

#[test]
fn generate_keeps_its_seed_band_and_rules() -> Result<(), api::Failure> {
    let asked = options(r#"{"seed": 5, "rating": "2.0..3.0", "symmetry": "rotate180"}"#);
    let made = api::generate(&asked)?;
    assert_eq!(made.seed, 5);
    let er: f64 = made.rating.as_deref().and_then(|r| r.parse().ok()).expect("a rating");
    assert!((2.0..=3.0).contains(&er), "{er}");
    assert!(grid(&made.solution).is_solution_of(&grid(&made.puzzle.cells)));
    let cells = &made.puzzle.cells;
    assert!((0..81).all(|i| (cells[i] == 0) == (cells[80 - i] == 0)), "givens in rotational symmetry");
    assert_eq!(api::generate(&asked)?.puzzle.line, made.puzzle.line, "the same seed, the same puzzle");
    assert_eq!(api::count(&made.puzzle.line, &Options::default())?.verdict, "unique");

    let x = api::generate(&options(r#"{"side": 6, "rules": "x", "seed": 1}"#))?;
    assert!(x.puzzle.line.ends_with(";x") && x.puzzle.side == 6);

    for (json, what) in [
        (r#"{"side": 7}"#, "bad side"),
        (r#"{"rules": "q"}"#, "bad rules"),
        (r#"{"symmetry": "spiral"}"#, "bad symmetry"),
        (r#"{"rating": "5..2"}"#, "bad rating band"),
        (r#"{"rating": "11.8..12.0", "timeLimitMs": 50}"#, "time limit"),
    ] {
        let failure = api::generate(&options(json)).expect_err(json);
        assert!(failure.message().contains(what), "{json}: {failure}");
    }
    Ok(())
}

#[test]
fn a_pencil_mark_line_is_drawn_with_its_marks() -> Result<(), api::Failure> {
    // 4×4, four marks a cell; r1c1 holds 1 alone, but its peers still hold
    // 1 among their marks, so it stays open (SukakuExplainer's reading).
    let line = format!("1...{}", "1234".repeat(15));
    let view = api::parse(&line)?;
    let marks = view.marks.expect("the marks");
    assert_eq!(marks[0], [1]);
    assert!(marks[1..].iter().all(|m| m == &[1, 2, 3, 4]));
    assert_eq!(view.cells[0], 0);
    Ok(())
}

#[test]
fn edge_clues_are_drawn_between_their_cells() -> Result<(), api::Failure> {
    let view = api::parse("................;black=r1c1+r2c1,v=r1c2+r1c3")?;
    let clues: Vec<(&str, [usize; 2])> = view.edge_clues.iter().map(|c| (c.kind, c.cells)).collect();
    assert_eq!(clues, [("black", [0, 4]), ("v", [1, 2])]);
    Ok(())
}
