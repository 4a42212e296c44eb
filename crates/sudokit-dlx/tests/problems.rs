use std::collections::HashSet;

use sudokit_dlx::problems::{PENTOMINOES, orientations, pentominoes, queens};
use sudokit_dlx::sudokit_core::Budget;

#[test]
fn queens_counts_match_the_known_sequence() {
    // OEIS A000170, from n = 0 (the empty board: one empty placement).
    let known = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14_200];
    for (n, &expected) in known.iter().enumerate() {
        if n > 10 && cfg!(debug_assertions) && n != 12 {
            continue;
        }
        assert_eq!(queens(n).unwrap().count_solutions(u64::MAX, &Budget::unlimited()), Ok(expected), "{n} queens");
    }
}

#[test]
fn queens_solutions_are_non_attacking() {
    let n = 8;
    let mut m = queens(n).unwrap();
    for solution in m.solutions(&Budget::unlimited()) {
        let squares: Vec<(usize, usize)> = solution.unwrap().iter().map(|&o| (o / n, o % n)).collect();
        assert_eq!(squares.len(), n);
        for (k, &(r1, c1)) in squares.iter().enumerate() {
            for &(r2, c2) in &squares[k + 1..] {
                assert!(r1 != r2 && c1 != c2 && r1 + c2 != r2 + c1 && r1 + c1 != r2 + c2);
            }
        }
    }
}

#[test]
fn the_twelve_pentominoes_have_63_orientations() {
    let counts: Vec<usize> = PENTOMINOES.iter().map(|(_, cells)| orientations(cells).len()).collect();
    // F I L N P T U V W X Y Z
    assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
}

#[test]
fn pentominoes_tile_six_by_ten_in_2339_ways_up_to_symmetry() {
    let (rows, cols) = (6, 10);
    let (mut matrix, placements) = pentominoes(rows, cols).unwrap();
    let mut boards = Vec::new();
    matrix
        .for_each_solution(&Budget::unlimited(), |options| {
            let mut board = vec![0u8; rows * cols];
            for &option in options {
                let p = &placements[option];
                for &cell in &p.cells {
                    board[cell] = p.piece as u8;
                }
            }
            boards.push(board);
            true
        })
        .unwrap();
    assert_eq!(boards.len(), 9356);
    let symmetries = |b: &[u8]| -> Vec<Vec<u8>> {
        let at = |r: usize, c: usize| b[r * cols + c];
        let map = |f: &dyn Fn(usize, usize) -> u8| (0..rows * cols).map(|i| f(i / cols, i % cols)).collect();
        vec![
            b.to_vec(),
            map(&|r, c| at(rows - 1 - r, c)),
            map(&|r, c| at(r, cols - 1 - c)),
            map(&|r, c| at(rows - 1 - r, cols - 1 - c)),
        ]
    };
    let canonical: HashSet<Vec<u8>> =
        boards.iter().map(|b| symmetries(b).into_iter().min().expect("four symmetries")).collect();
    assert_eq!(canonical.len(), 2339);
}
