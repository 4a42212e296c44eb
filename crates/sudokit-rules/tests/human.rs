//! The human techniques: each on a position where it applies (exact
//! eliminations, worked out by hand) and one where it must not; steps
//! checked against the solution on many puzzles; the explainer, the
//! solver and the rating.

use proptest::prelude::*;
use sudokit_rules::human::{Event, Explainer, Level, Outcome, Position, RateError, Step, Technique, lists, rate};
use sudokit_rules::sudokit_core::{Cell, CountSolutions, Digit, Grid, Shape, Solver};
use sudokit_testkit::{Conformance, generate, oracle, sets};

fn strategy_named(name: &str) -> &'static dyn sudokit_rules::human::Strategy {
    let all = lists::standard().iter().chain(lists::named_patterns());
    *all.into_iter().find(|s| s.name() == name).unwrap_or_else(|| panic!("no strategy {name}"))
}

/// A 9×9 position with no digit placed, where `keep(row, col, digit)`
/// (1-based) says which candidates stay. Built through the pencil-mark
/// line, as a user would.
fn marks(keep: impl Fn(usize, usize, u8) -> bool) -> Position {
    let mut line = String::new();
    for r in 1..=9 {
        for c in 1..=9 {
            for d in 1..=9u8 {
                line.push(if keep(r, c, d) { char::from(b'0' + d) } else { '.' });
            }
        }
    }
    Position::from_pencil_line(&line).expect("a valid pencil-mark line")
}

fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| Cell::new(r - 1, c - 1)).collect()
}

/// The eliminations of `step` as (row, col) 1-based, for one digit.
fn removed(step: &Step, digit: u8) -> Vec<(usize, usize)> {
    step.eliminations().iter().filter(|(_, d)| d.get() == digit).map(|(c, _)| (c.row() + 1, c.col() + 1)).collect()
}

#[test]
fn hidden_single_in_a_row() {
    // 5 stays in row 1 only at r1c4; box 2 still has other places for it.
    let position = marks(|r, c, d| !(r == 1 && d == 5 && c != 4));
    let step = strategy_named("Hidden single").find(&position).expect("a hidden single");
    assert_eq!(step.to_string(), "Hidden single: 5 can only go in r1c4 within row 1");
    assert_eq!(step.score().to_string(), "1.5");
    assert!(strategy_named("Hidden single").find(&marks(|_, _, _| true)).is_none());
}

#[test]
fn full_house_and_naked_single() {
    let full: Grid =
        "12345678.........................................................................".parse().unwrap();
    let step = Position::new(&full).unwrap().hint().unwrap();
    assert_eq!(step.technique(), Technique::FullHouse);
    assert_eq!(step.to_string(), "Full house: r1c9 is the last empty cell of row 1");
    assert_eq!(step.placements(), [(Cell::new(0, 8), Digit::new(9).unwrap())]);
    // r1c1 sees 1..8 in its row, column and box but 9 is free in other
    // rows: a naked single, not a hidden one.
    let naked: Grid =
        ".1234....5........6........7........8............................................".parse().unwrap();
    let step = strategy_named("Naked single").find(&Position::new(&naked).unwrap()).unwrap();
    assert_eq!(step.to_string(), "Naked single: r1c1 can only hold 9");
}

#[test]
fn pointing_removes_the_digit_from_the_rest_of_the_line() {
    // 3 in box 1 only in row 1.
    let position = marks(|r, c, d| !(d == 3 && (r == 2 || r == 3) && c <= 3));
    let step = strategy_named("Pointing and claiming").find(&position).expect("pointing");
    assert_eq!(step.technique(), Technique::Pointing);
    assert_eq!(removed(&step, 3), [(1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9)]);
    assert_eq!(
        step.to_string(),
        "Pointing: 3 in box 1 lies only in row 1: 3 removed from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9"
    );
    assert!(strategy_named("Pointing and claiming").find(&marks(|_, _, _| true)).is_none());
}

#[test]
fn naked_and_hidden_pairs() {
    let pair = |r: usize, c: usize, d: u8| !(r == 1 && c <= 2 && d > 2);
    let step = strategy_named("Naked pair").find(&marks(pair)).expect("naked pair");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 2)]));
    // The pair lies in row 1 and box 1; boxes are scanned first, as
    // Sudoku Explainer does, so the step clears box 1.
    let rest = [(1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)];
    assert_eq!(removed(&step, 1), rest);
    assert_eq!(removed(&step, 2), rest);
    assert_eq!(step.eliminations().len(), 14, "box 1 only: {step}");

    let hidden = |r: usize, c: usize, d: u8| !(r == 1 && c > 2 && d <= 2);
    let step = strategy_named("Hidden pair").find(&marks(hidden)).expect("hidden pair");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 2)]));
    assert_eq!(step.eliminations().len(), 14);
    assert!(step.eliminations().iter().all(|(c, d)| c.row() == 0 && c.col() < 2 && d.get() > 2));
    assert!(strategy_named("Naked pair").find(&marks(hidden)).is_none());
}

#[test]
fn x_wing_on_two_rows() {
    let position = marks(|r, c, d| !(d == 4 && (r == 2 || r == 7) && c != 3 && c != 8));
    let step = strategy_named("X-Wing").find(&position).expect("an X-Wing");
    let expected: Vec<(usize, usize)> =
        [1, 3, 4, 5, 6, 8, 9].iter().flat_map(|&r| [(r, 3), (r, 8)]).collect::<Vec<_>>();
    let mut got = removed(&step, 4);
    got.sort_unstable();
    let mut want = expected;
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(step.to_string().starts_with("X-Wing on 4 in rows 2 and 7, columns 3 and 8: 4 removed from r1c3, "));
    assert!(strategy_named("Swordfish").find(&position).is_none(), "an X-Wing is not a swordfish");
}

#[test]
fn xy_wing_removes_from_cells_seeing_both_pincers() {
    let wing = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d == 1 || d == 2,
        (1, 5) => d == 1 || d == 3,
        (5, 1) => d == 2 || d == 3,
        _ => true,
    };
    let step = strategy_named("XY-Wing").find(&marks(wing)).expect("an XY-Wing");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 5), (5, 1)]));
    assert_eq!(step.eliminations(), [(Cell::new(4, 4), Digit::new(3).unwrap())]);
    // Pincers {1,3} and {2,4} share no digit: nothing.
    let broken = |r: usize, c: usize, d: u8| match (r, c) {
        (5, 1) => d == 2 || d == 4,
        _ => wing(r, c, d),
    };
    assert!(strategy_named("XY-Wing").find(&marks(broken)).is_none());
}

#[test]
fn unique_rectangle_type_one() {
    let rectangle = |four_boxes: bool| {
        let far = if four_boxes { 4 } else { 2 };
        move |r: usize, c: usize, d: u8| {
            let corner = (r == 1 || r == 4) && (c == 1 || c == far);
            match (corner, r == 4 && c == far) {
                (true, false) => d == 1 || d == 2,
                (true, true) => d <= 2 || d == 5,
                _ => true,
            }
        }
    };
    let step = strategy_named("Unique rectangle").find(&marks(rectangle(false))).expect("a unique rectangle");
    assert_eq!(removed(&step, 1), [(4, 2)]);
    assert_eq!(removed(&step, 2), [(4, 2)]);
    assert_eq!(step.score().to_string(), "4.5");
    assert!(strategy_named("Unique rectangle").assumes_uniqueness());
    assert!(
        strategy_named("Unique rectangle").find(&marks(rectangle(true))).is_none(),
        "four boxes: no deadly pattern"
    );
}

#[test]
fn skyscraper_on_two_columns() {
    // 6 in column 1 only at r2 and r8, in column 5 only at r3 and r8.
    let sky = |r: usize, c: usize, d: u8| !(d == 6 && ((c == 1 && r != 2 && r != 8) || (c == 5 && r != 3 && r != 8)));
    let step = strategy_named("Skyscraper").find(&marks(sky)).expect("a skyscraper");
    let mut got = removed(&step, 6);
    got.sort_unstable();
    assert_eq!(got, [(2, 4), (2, 6), (3, 2), (3, 3)]);
}

#[test]
fn length_bonus_follows_sudoku_explainer() {
    // Thresholds 4, 6, 8, 12, 16: an X-chain of 4 nodes has no bonus.
    let position = marks(|r, c, d| !(d == 6 && ((c == 1 && r != 2 && r != 8) || (c == 5 && r != 3 && r != 8))));
    let step = strategy_named("Chains").find(&position).expect("an X-chain");
    assert_eq!(step.technique(), Technique::XChain);
    assert_eq!(step.score().to_string(), "6.6");
}

/// The unique solution, from the testkit's independent oracle.
fn solution_of(puzzle: &Grid) -> Option<Grid> {
    oracle::unique_solution(puzzle)
}

/// Whether `step` keeps every digit of `solution`.
fn check_step(step: &Step, solution: &Grid) -> Result<(), String> {
    for &(cell, digit) in step.eliminations() {
        if solution.get(cell) == Some(digit) {
            return Err(format!("removes the true {digit} from {cell}: {step}"));
        }
    }
    for &(cell, digit) in step.placements() {
        if solution.get(cell) != Some(digit) {
            return Err(format!("places a wrong {digit} in {cell}: {step}"));
        }
    }
    Ok(())
}

/// Follows the standard path on `puzzle`, checking every step, and at
/// every position the named patterns too, against the solution.
fn walk(puzzle: &Grid) -> Result<(), String> {
    let solution = solution_of(puzzle).ok_or("not unique")?;
    walk_with(puzzle, &solution)
}

/// [`walk`] against a known `solution`.
fn walk_with(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
    let solution = solution.clone();
    let mut position = Position::new(puzzle).map_err(|e| e.to_string())?;
    let mut steps = 0;
    while let Some(step) = position.hint() {
        check_step(&step, &solution).map_err(|e| format!("{puzzle} step {steps}: {e}"))?;
        for s in lists::named_patterns() {
            if let Some(other) = s.find(&position) {
                check_step(&other, &solution).map_err(|e| format!("{puzzle} step {steps}: {e}"))?;
            }
        }
        position.apply(&step).map_err(|e| e.to_string())?;
        steps += 1;
    }
    Ok(())
}

#[test]
fn steps_never_remove_a_true_candidate_on_hard_puzzles() {
    for puzzle in sets::HARD.take(30).iter().chain(&sets::MAGICTOUR.take(30)) {
        walk(puzzle).unwrap();
    }
}

#[test]
fn steps_never_remove_a_true_candidate_on_generated_puzzles() {
    // Two thousand in a debug build, five thousand with `--release`.
    let count = if cfg!(debug_assertions) { 2000 } else { 5000 };
    for seed in 0..count {
        walk(&proper_puzzle_of(Shape::CLASSIC, seed, 81)).unwrap();
    }
}

/// A proper puzzle of `shape`: givens of a seeded solved grid removed in a
/// seeded order while the puzzle stays unique (checked by `Auto`, that is
/// `BitParallel` on 9×9 and Dancing Links elsewhere, which the human
/// techniques share no code with), at most `holes` of them.
fn proper_puzzle_of(shape: Shape, seed: u64, holes: usize) -> Grid {
    let solved = generate::solved_grid(shape, seed);
    let mut values = solved.values().to_vec();
    let mut rng = generate::SplitMix::new(seed);
    let mut order: Vec<usize> = (0..shape.cell_count()).collect();
    rng.shuffle(&mut order);
    let mut counter = sudokit::Auto::new();
    let mut removed = 0;
    for i in order {
        if removed == holes {
            break;
        }
        let kept = values[i];
        values[i] = 0;
        let puzzle = Grid::from_values(shape, &values).unwrap();
        if counter.count_solutions(&puzzle, 2).unwrap() == 1 {
            removed += 1;
        } else {
            values[i] = kept;
        }
    }
    Grid::from_values(shape, &values).unwrap()
}

#[test]
fn steps_never_remove_a_true_candidate_on_other_shapes() {
    // Minimal puzzles of the small shapes, rectangular boxes both ways;
    // half-empty 12×12 and 16×16 ones (their forcing chains take seconds).
    // More in a release run.
    let count = if cfg!(debug_assertions) { 1 } else { 8 };
    let shapes = [(2, 2, 16), (2, 3, 36), (3, 2, 36), (2, 4, 64), (3, 4, 84), (4, 4, 150)];
    for (h, w, holes) in shapes {
        let shape = Shape::new(h, w).unwrap();
        for seed in 0..count * (if holes <= 36 { 20 } else { 1 }) {
            let puzzle = proper_puzzle_of(shape, seed, holes);
            let solution = sudokit::Dlx::new().solve(&puzzle).unwrap().grid;
            assert_eq!(oracle::check_solution(&puzzle, &solution), Ok(()));
            walk_with(&puzzle, &solution).unwrap_or_else(|e| panic!("{shape}: {e}"));
        }
    }
}

#[test]
fn explainer_ends_with_the_unique_solution() {
    for puzzle in sets::HARD.take(10) {
        let events: Vec<Event> = Explainer::new(&puzzle).unwrap().collect();
        let Some(Event::Finished(Outcome::Solved(grid))) = events.last() else {
            panic!("{puzzle}: {:?}", events.last())
        };
        assert_eq!(Some(grid), solution_of(&puzzle).as_ref());
    }
}

#[test]
fn explainer_reports_several_solutions_and_none() {
    let open = generate::puzzle(Shape::CLASSIC, 64, 3);
    assert_eq!(oracle::count_solutions(&open, 2), 2);
    let last = Explainer::new(&open).unwrap().last();
    let Some(Event::Finished(Outcome::MultipleSolutions(a, b))) = last else { panic!("{last:?}") };
    assert!(a != b && a.is_solution_of(&open) && b.is_solution_of(&open));

    for line in sets::UNSOLVABLE {
        let puzzle: Grid = line.parse().unwrap();
        let last = Explainer::new(&puzzle).unwrap().last();
        assert_eq!(last, Some(Event::Finished(Outcome::NoSolution)), "{puzzle}");
    }
}

#[test]
fn the_explainer_guesses_and_backtracks_on_a_hard_puzzle() {
    let puzzle = sets::FORUM_1106.take(1).remove(0);
    // With singles and locked candidates only, it must guess.
    let events: Vec<Event> =
        Explainer::with_strategies(Position::new(&puzzle).unwrap(), &lists::basic()[..3]).collect();
    assert!(events.iter().any(|e| matches!(e, Event::Guess { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::Backtrack { contradiction: Some(_), .. })));
    assert!(matches!(events.last(), Some(Event::Finished(Outcome::Solved(g))) if g.is_solution_of(&puzzle)));
}

#[test]
fn the_rules_solver_keeps_the_contract() {
    Conformance::exact()
        .with_set(sets::SIXTEEN_UNIQUE, 2)
        .with_set(sets::HARD, 30)
        .run_counter(&mut sudokit_rules::human::HumanSolver::new());
}

#[test]
fn hints_respect_the_players_marks() {
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let mut board = Position::new(&puzzle).unwrap().to_board();
    assert_eq!(Position::with_marks(&puzzle, &board).unwrap(), Position::new(&puzzle).unwrap());
    // A player's marks of another shape are refused.
    let mini = Position::new(&Grid::empty(Shape::MINI)).unwrap().to_board();
    assert!(Position::with_marks(&puzzle, &mini).is_err());
    // The line round-trips; its cells with one mark come back placed.
    let line = board.to_pencil_line();
    let read = Position::from_pencil_line(&line).unwrap();
    assert!(read.empty_count() < puzzle.empty_count());
    for (cell, _) in puzzle.iter() {
        let marked = board.get(cell);
        match read.value(cell) {
            Some(digit) => assert_eq!(marked.single_digit(), Some(digit), "{cell}"),
            None => assert_eq!(read.candidates(cell) - marked, Default::default(), "{cell} gained a mark"),
        }
    }
    // The player has not yet seen that r1c3 cannot hold 4: a hint may use
    // only the marks given, and the marks never add a candidate.
    board = Position::new(&puzzle).unwrap().to_board();
    let hint = Position::with_marks(&puzzle, &board).unwrap().hint().unwrap();
    assert_eq!(hint.technique(), Technique::HiddenSingle);
}

#[test]
fn rating_levels_and_errors() {
    let easy: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let rating = rate(&easy).unwrap();
    assert_eq!((rating.level, rating.ed.to_string()), (Level::Easy, "1.2".to_string()));
    assert!(rating.ep <= rating.er && rating.ed <= rating.ep);
    let open = generate::puzzle(Shape::CLASSIC, 64, 3);
    assert_eq!(rate(&open), Err(RateError::MultipleSolutions));
    let dead: Grid = sets::UNSOLVABLE[0].parse().unwrap();
    assert_eq!(rate(&dead), Err(RateError::NoSolution));
    let clash: Grid =
        "11...............................................................................".parse().unwrap();
    assert!(matches!(rate(&clash), Err(RateError::Invalid(_))));
}

/// `puzzle` with digits relabelled by `perm`, rows permuted within their
/// band by `rows`, and transposed when `transpose`.
fn transform(puzzle: &Grid, perm: &[u8; 9], rows: &[usize; 3], transpose: bool) -> Grid {
    let v = puzzle.values();
    let mut out = vec![0u8; 81];
    for r in 0..9 {
        let src = r / 3 * 3 + rows[r % 3];
        for c in 0..9 {
            let value = v[src * 9 + c];
            let (tr, tc) = if transpose { (c, r) } else { (r, c) };
            out[tr * 9 + tc] = if value == 0 { 0 } else { perm[value as usize - 1] };
        }
    }
    Grid::from_values(Shape::CLASSIC, &out).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn ratings_without_chains_are_invariant_under_symmetry(
        index in 0..60usize,
        perm in Just(vec![1u8, 2, 3, 4, 5, 6, 7, 8, 9]).prop_shuffle(),
        rows in Just(vec![0usize, 1, 2]).prop_shuffle(),
        transpose: bool,
    ) {
        let puzzles = sets::MAGICTOUR.take(60);
        let puzzle = &puzzles[index];
        let original = rate(puzzle).unwrap();
        prop_assume!(original.er.tenths() <= 57);
        let perm: [u8; 9] = perm.try_into().unwrap();
        let rows: [usize; 3] = rows.try_into().unwrap();
        let moved = rate(&transform(puzzle, &perm, &rows, transpose)).unwrap();
        prop_assert_eq!(moved.er, original.er);
        prop_assert_eq!(moved.level, original.level);
    }
}

#[test]
fn the_human_solver_counts_like_the_oracle() {
    let mut solver = sudokit_rules::human::HumanSolver::new();
    for seed in 0..20 {
        let puzzle = generate::puzzle(Shape::CLASSIC, 58, seed);
        assert_eq!(solver.count_solutions(&puzzle, 10).unwrap(), oracle::count_solutions(&puzzle, 10), "{puzzle}");
    }
}

#[test]
fn claiming_removes_the_digit_from_the_rest_of_the_box() {
    // 7 in row 1 only in box 1.
    let position = marks(|r, c, d| !(d == 7 && r == 1 && c > 3));
    let step = strategy_named("Pointing and claiming").find(&position).expect("claiming");
    assert_eq!(step.technique(), Technique::Claiming);
    assert_eq!(removed(&step, 7), [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]);
    assert_eq!(step.eliminations().len(), 6);
}

#[test]
fn naked_triple_in_a_row() {
    // One cell in each of boxes 1, 2 and 3: only row 1 holds the triple.
    let triple = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d == 1 || d == 2,
        (1, 4) => d == 2 || d == 3,
        (1, 7) => d == 1 || d == 3,
        _ => true,
    };
    let step = strategy_named("Naked triple").find(&marks(triple)).expect("a naked triple");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 4), (1, 7)]));
    let rest = [(1, 2), (1, 3), (1, 5), (1, 6), (1, 8), (1, 9)];
    for d in 1..=3 {
        assert_eq!(removed(&step, d), rest);
    }
    assert_eq!(step.eliminations().len(), 18);
    assert!(strategy_named("Naked pair").find(&marks(triple)).is_none());
}

#[test]
fn hidden_triple_in_a_row() {
    let hidden = |r: usize, c: usize, d: u8| !(r == 1 && c > 3 && d <= 3);
    let step = strategy_named("Hidden triple").find(&marks(hidden)).expect("a hidden triple");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 2), (1, 3)]));
    assert_eq!(step.eliminations().len(), 18);
    assert!(step.eliminations().iter().all(|(c, d)| c.row() == 0 && c.col() < 3 && d.get() > 3));
    assert!(strategy_named("Hidden pair").find(&marks(hidden)).is_none());
}

#[test]
fn swordfish_and_jellyfish() {
    let sword = |r: usize, c: usize, d: u8| !(d == 5 && [1, 5, 9].contains(&r) && ![2, 5, 8].contains(&c));
    let step = strategy_named("Swordfish").find(&marks(sword)).expect("a swordfish");
    let mut got = removed(&step, 5);
    got.sort_unstable();
    let mut want: Vec<(usize, usize)> = [2, 3, 4, 6, 7, 8].iter().flat_map(|&r| [(r, 2), (r, 5), (r, 8)]).collect();
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(step.to_string().starts_with("Swordfish on 5 in rows 1, 5 and 9, columns 2, 5 and 8: "));
    assert!(strategy_named("X-Wing").find(&marks(sword)).is_none());

    let jelly = |r: usize, c: usize, d: u8| !(d == 8 && [1, 3, 5, 7].contains(&r) && ![1, 3, 5, 7].contains(&c));
    let step = strategy_named("Jellyfish").find(&marks(jelly)).expect("a jellyfish");
    assert_eq!(removed(&step, 8).len(), 20);
    assert!(removed(&step, 8).iter().all(|(r, c)| [2, 4, 6, 8, 9].contains(r) && [1, 3, 5, 7].contains(c)));
    assert!(strategy_named("Swordfish").find(&marks(jelly)).is_none());
}

#[test]
fn xyz_wing_removes_from_cells_seeing_all_three() {
    let wing = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d <= 3,
        (1, 5) => d == 1 || d == 3,
        (2, 2) => d == 2 || d == 3,
        _ => true,
    };
    let step = strategy_named("XYZ-Wing").find(&marks(wing)).expect("an XYZ-Wing");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 5), (2, 2)]));
    assert_eq!(removed(&step, 3), [(1, 2), (1, 3)]);
    assert_eq!(step.eliminations().len(), 2);
    assert!(strategy_named("XY-Wing").find(&marks(wing)).is_none());
}

#[test]
fn unique_rectangle_type_two() {
    let rectangle = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) | (1, 2) => d == 1 || d == 2,
        (4, 1) | (4, 2) => d <= 2 || d == 5,
        _ => true,
    };
    let step = strategy_named("Unique rectangle").find(&marks(rectangle)).expect("a type 2 rectangle");
    assert_eq!(step.score().to_string(), "4.5");
    let mut got = removed(&step, 5);
    got.sort_unstable();
    let mut want: Vec<(usize, usize)> = (3..=9).map(|c| (4, c)).collect();
    want.extend([(5, 1), (5, 2), (5, 3), (6, 1), (6, 2), (6, 3)]);
    want.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(step.eliminations().len(), 13);
}

#[test]
fn two_string_kite() {
    // 4 in row 1 only at c1 and c8; in column 2 only at r2 and r7.
    let kite = |r: usize, c: usize, d: u8| !(d == 4 && ((r == 1 && c != 1 && c != 8) || (c == 2 && r != 2 && r != 7)));
    let step = strategy_named("2-string kite").find(&marks(kite)).expect("a kite");
    assert_eq!(step.eliminations(), [(Cell::new(6, 7), Digit::new(4).unwrap())]);
    assert!(strategy_named("Skyscraper").find(&marks(kite)).is_none());
}

#[test]
fn w_wing() {
    // {1,2} in r1c1 and r5c9; 1 in column 5 only at r1 and r5.
    let wing = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) | (5, 9) => d == 1 || d == 2,
        (_, 5) if d == 1 => r == 1 || r == 5,
        _ => true,
    };
    let step = strategy_named("W-Wing").find(&marks(wing)).expect("a W-Wing");
    let mut got = removed(&step, 2);
    got.sort_unstable();
    assert_eq!(got, [(1, 9), (5, 1)]);
    assert_eq!(step.eliminations().len(), 2);
}

#[test]
fn remote_pair() {
    let chain = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) | (1, 5) | (5, 5) | (5, 9) => d == 3 || d == 4,
        _ => true,
    };
    let step = strategy_named("Remote pair").find(&marks(chain)).expect("a remote pair");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 5), (5, 5), (5, 9)]));
    for d in [3, 4] {
        let mut got = removed(&step, d);
        got.sort_unstable();
        assert_eq!(got, [(1, 9), (5, 1)]);
    }
    // Three cells make an odd chain: nothing follows.
    let short = |r: usize, c: usize, d: u8| (r, c) == (5, 9) || chain(r, c, d);
    assert!(strategy_named("Remote pair").find(&marks(short)).is_none());
}

#[test]
fn aligned_pair_exclusion() {
    // r1c1 {1,2,3} and r1c2 {1,2} see each other, and so do the bivalue
    // r2c3 {1,2} and r3c3 {1,3} (box 1). Pairs for (r1c1, r1c2): (1,1) and
    // (2,2) clash, (1,2) and (2,1) would empty r2c3, (3,1) would empty
    // r3c3; only (3,2) stays. So r1c1 keeps only 3, r1c2 only 2.
    let ape = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d <= 3,
        (1, 2) => d <= 2,
        (2, 3) => d == 1 || d == 2,
        (3, 3) => d == 1 || d == 3,
        _ => true,
    };
    let step = strategy_named("Aligned pair exclusion").find(&marks(ape)).expect("an exclusion");
    let mut got: Vec<(Cell, u8)> = step.eliminations().iter().map(|&(c, d)| (c, d.get())).collect();
    got.sort_unstable();
    assert_eq!(got, [(Cell::new(0, 0), 1), (Cell::new(0, 0), 2), (Cell::new(0, 1), 1)]);
    assert_eq!(step.score().to_string(), "6.2");
    // Without r3c3, the pair (3,1) is allowed and r1c2 keeps 1 too.
    let weaker = |r: usize, c: usize, d: u8| (r, c) == (3, 3) || ape(r, c, d);
    let step = strategy_named("Aligned pair exclusion").find(&marks(weaker));
    assert!(step.is_none_or(|s| s.eliminations().iter().all(|&(c, _)| c != Cell::new(0, 1))));
}

#[test]
fn a_step_from_another_position_changes_nothing() {
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let mut position = Position::new(&puzzle).unwrap();
    let step = position.hint().unwrap();
    let mut mini = Position::new(&Grid::empty(Shape::MINI)).unwrap();
    let before = mini.clone();
    assert!(mini.apply(&step).is_err(), "{step} placed outside a 4x4");
    assert_eq!(mini, before);
    position.apply(&step).unwrap();
    // Played twice, the placement is already there: no change, no error.
    let after = position.clone();
    position.apply(&step).unwrap();
    assert_eq!(position, after);
}

#[test]
fn empty_rectangle() {
    // 5 in box 1 only in row 1 and column 1; in column 5 only at r1, r7.
    let er = |r: usize, c: usize, d: u8| {
        d != 5 || !((2..=3).contains(&r) && (2..=3).contains(&c) || c == 5 && r != 1 && r != 7)
    };
    let step = strategy_named("Empty rectangle").find(&marks(er)).expect("an empty rectangle");
    assert_eq!(step.eliminations(), [(Cell::new(6, 0), Digit::new(5).unwrap())]);
    // With 5 also in r2c2, box 1 is no cross.
    let full_box = |r: usize, c: usize, d: u8| (r, c) == (2, 2) || er(r, c, d);
    assert!(strategy_named("Empty rectangle").find(&marks(full_box)).is_none());
}

#[test]
fn simple_colouring_trap() {
    // 7: row 1 only at c1 and c5, columns 1 and 5 only at r1 and r5.
    let colours = |r: usize, c: usize, d: u8| {
        d != 7 || !((r == 1 && c != 1 && c != 5) || ((c == 1 || c == 5) && r != 1 && r != 5))
    };
    let step = strategy_named("Simple colouring").find(&marks(colours)).expect("a colour trap");
    let mut got = removed(&step, 7);
    got.sort_unstable();
    assert_eq!(got, [(5, 2), (5, 3), (5, 4), (5, 6), (5, 7), (5, 8), (5, 9)]);
    assert!(strategy_named("Simple colouring").find(&marks(|_, _, _| true)).is_none());
}

#[test]
fn x_cycle_is_the_loop_of_an_x_wing() {
    // 2 in rows 1 and 4 only in columns 1 and 5: the loop
    // r1c1=r1c5-r4c5=r4c1-r1c1, whose weak links are the two columns.
    let rows = |r: usize, c: usize, d: u8| !(d == 2 && (r == 1 || r == 4) && c != 1 && c != 5);
    let step = strategy_named("Chains").find(&marks(rows)).expect("a chain");
    assert_eq!(step.technique(), Technique::XCycle);
    assert_eq!(step.score().to_string(), "6.5");
    let mut got = removed(&step, 2);
    got.sort_unstable();
    let mut want: Vec<(usize, usize)> = [2, 3, 5, 6, 7, 8, 9].iter().flat_map(|&r| [(r, 1), (r, 5)]).collect();
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(
        step.to_string().ends_with(&format!(
            "(loop): 2 removed from {}",
            cells(&want).iter().map(Cell::to_string).collect::<Vec<_>>().join(", ")
        )),
        "{step}"
    );
}
