//! Orbits partition the grid and match each symmetry's map.

use sudokit_generate::Symmetry;
use sudokit_generate::sudokit_core::Shape;

#[test]
fn orbits_partition_the_cells() {
    for shape in [Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::SIXTEEN] {
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits(shape);
            let mut cells: Vec<usize> = orbits.iter().flatten().copied().collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..shape.cell_count()).collect::<Vec<_>>(), "{symmetry} on {shape}");
            let largest = orbits.iter().map(Vec::len).max().unwrap();
            let expected = match symmetry {
                Symmetry::None => 1,
                Symmetry::Rotate90 => 4,
                _ => 2,
            };
            assert_eq!(largest, expected, "{symmetry} on {shape}");
        }
    }
}

#[test]
fn orbits_follow_the_maps() {
    let n = 9;
    let orbit_of = |s: Symmetry, cell: usize| s.orbits(Shape::CLASSIC).into_iter().find(|o| o.contains(&cell)).unwrap();
    let cell = |r: usize, c: usize| r * n + c;
    assert_eq!(orbit_of(Symmetry::Rotate180, cell(0, 1)), [cell(0, 1), cell(8, 7)]);
    assert_eq!(orbit_of(Symmetry::Rotate90, cell(0, 1)), [cell(0, 1), cell(1, 8), cell(7, 0), cell(8, 7)]);
    assert_eq!(orbit_of(Symmetry::MirrorRows, cell(0, 1)), [cell(0, 1), cell(8, 1)]);
    assert_eq!(orbit_of(Symmetry::MirrorColumns, cell(0, 1)), [cell(0, 1), cell(0, 7)]);
    assert_eq!(orbit_of(Symmetry::Diagonal, cell(0, 1)), [cell(0, 1), cell(1, 0)]);
    assert_eq!(orbit_of(Symmetry::AntiDiagonal, cell(0, 1)), [cell(0, 1), cell(7, 8)]);
}

#[test]
fn names_read_back() {
    for symmetry in Symmetry::ALL {
        assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
    }
    assert_eq!("Rotational".parse::<Symmetry>(), Ok(Symmetry::Rotate180));
    let err = "spiral".parse::<Symmetry>().unwrap_err();
    assert!(err.to_string().contains("unknown symmetry \"spiral\""), "{err}");
}
