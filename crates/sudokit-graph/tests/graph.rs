use proptest::prelude::*;
use sudokit_graph::ConstraintGraph;
use sudokit_graph::sudokit_core::{Cell, Grid, Shape};
use sudokit_testkit::{generate, sets};

#[test]
fn every_shape_has_the_expected_figures() {
    for shape in generate::SHAPES {
        let graph = ConstraintGraph::new(shape);
        let (n, side) = (shape.cell_count(), shape.side());
        let degree = 3 * side - shape.box_height() - shape.box_width() - 1;
        assert_eq!(graph.vertex_count(), n, "{shape}");
        assert_eq!(graph.degree_range(), (degree, degree), "{shape}");
        assert_eq!(graph.edge_count(), n * degree / 2, "{shape}");
        assert_eq!(graph.clique_size(), side);
        assert_eq!(graph.connected_components(), 1, "{shape}");
        for v in 0..n {
            assert!(graph.neighbours(v).windows(2).all(|w| w[0] < w[1]));
            assert!(!graph.neighbours(v).contains(&(v as u32)));
        }
    }
}

#[test]
fn the_classic_summary_matches_the_course() {
    let puzzle = sets::HARD.take(1).remove(0);
    let summary = ConstraintGraph::new(Shape::CLASSIC).summary(&puzzle);
    assert_eq!((summary.vertices, summary.edges, summary.min_degree, summary.max_degree), (81, 810, 20, 20));
    assert_eq!((summary.fixed, summary.clique_size, summary.components), (puzzle.filled_count(), 9, 1));
    assert!(summary.to_string().starts_with("81 vertices, 810 edges, degree 20..=20"));
}

#[test]
fn clashing_edges_name_the_cells() {
    let graph = ConstraintGraph::new(Shape::CLASSIC);
    let grid: Grid = format!("5...5{}", ".".repeat(76)).parse().unwrap();
    let clashes: Vec<_> = graph.clashing_edges(&grid).collect();
    assert_eq!(clashes, [(Cell::new(0, 0), Cell::new(0, 4))]);
    assert!(!graph.is_proper_colouring(&grid));
}

#[test]
fn dot_has_a_labelled_coloured_node_per_cell_and_every_edge() {
    let graph = ConstraintGraph::new(Shape::CLASSIC);
    let solved = generate::solved_grid(Shape::CLASSIC, 3);
    let dot = graph.to_dot(&solved);
    assert!(dot.starts_with("graph {"), "{}", &dot[..40]);
    assert_eq!(dot.matches("fillcolor").count(), 81);
    assert_eq!(dot.matches(" -- ").count(), 810);
    let first = format!("label = \"r1c1\\n{}\"", solved.values()[0]);
    assert!(dot.contains(&first), "{first}");
}

#[test]
fn svg_draws_every_vertex_and_edge() {
    let graph = ConstraintGraph::new(Shape::MINI);
    let solved = generate::solved_grid(Shape::MINI, 1);
    let svg = graph.to_svg(&solved);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<circle").count(), 16);
    assert_eq!(svg.matches("<line").count(), graph.edge_count());
    assert_eq!(svg.matches("<title>r4c4</title>").count(), 1);
    let document = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let ids: Vec<&str> = document.descendants().filter_map(|n| n.attribute("id")).collect();
    let cells: Vec<String> = (0..16).map(|i| format!("r{}c{}", i / 4 + 1, i % 4 + 1)).collect();
    assert_eq!(ids, cells, "one group per vertex, named after its cell, in row-major order");
}

#[test]
fn the_grid_picture_places_every_vertex_and_draws_the_focus_edges() {
    let graph = ConstraintGraph::new(Shape::CLASSIC);
    let solved = generate::solved_grid(Shape::CLASSIC, 3);
    let puzzle = generate::with_holes(&solved, 50, 3);
    let focus = Cell::new(4, 4);
    let svg = graph.to_svg_in_grid(&puzzle, &solved, focus).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let count = |class: &str| document.descendants().filter(|n| n.attribute("class") == Some(class)).count();
    assert_eq!((count("edge"), count("neighbour"), count("swatch")), (20, 20, 9));
    // One tooltip per cell, givens named so.
    let titles: Vec<&str> =
        document.descendants().filter(|n| n.has_tag_name("title")).filter_map(|n| n.text()).collect();
    assert_eq!(titles.len(), 81);
    assert_eq!(titles.iter().filter(|t| t.ends_with(", given")).count(), puzzle.filled_count());
    assert!(svg.contains("81 vertices, 810 edges") && svg.contains("the 20 edges of r5c5"));
    // Each neighbour's halo sits on a cell of the focus's row, column or box.
    let at = |x: f64, y: f64| Cell::new(((y - 100.0) / 44.0) as usize, ((x - 40.0) / 44.0) as usize);
    for halo in document.descendants().filter(|n| n.attribute("class") == Some("neighbour")) {
        let coordinate = |name| halo.attribute(name).and_then(|v| v.parse::<f64>().ok()).unwrap();
        let cell = at(coordinate("cx"), coordinate("cy"));
        let shares = cell.row() == 4 || cell.col() == 4 || (cell.row() / 3 == 1 && cell.col() / 3 == 1);
        assert!(shares && cell != focus, "{cell}");
    }
}

#[test]
fn the_grid_picture_refuses_other_shapes_and_cells_outside() {
    let graph = ConstraintGraph::new(Shape::MINI);
    let mini = generate::solved_grid(Shape::MINI, 1);
    let classic = generate::solved_grid(Shape::CLASSIC, 1);
    let mismatch = graph.to_svg_in_grid(&classic, &mini, Cell::new(0, 0)).unwrap_err();
    assert_eq!(mismatch.to_string(), "a 9x9 (3x3 boxes) grid on the graph of a 4x4 (2x2 boxes) grid");
    let outside = graph.to_svg_in_grid(&mini, &mini, Cell::new(4, 0)).unwrap_err();
    assert_eq!(outside.to_string(), "r5c1 is outside the 4×4 grid");
}

proptest! {
    #[test]
    fn proper_colouring_agrees_with_the_grid_rules(
        shape in generate::any_shape(),
        seed in any::<u64>(),
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
    ) {
        let graph = ConstraintGraph::new(shape);
        let solved = generate::solved_grid(shape, seed);
        prop_assert!(graph.is_proper_colouring(&solved));
        // Swapping two cells keeps the grid complete; it stays proper
        // exactly when the grid stays solved.
        let (i, j) = (a.index(shape.cell_count()), b.index(shape.cell_count()));
        let mut values = solved.values().to_vec();
        values.swap(i, j);
        let swapped = Grid::from_values(shape, &values).unwrap();
        prop_assert_eq!(graph.is_proper_colouring(&swapped), swapped.is_solved());
        // An empty cell is never a proper colouring.
        values[i] = 0;
        prop_assert!(!graph.is_proper_colouring(&Grid::from_values(shape, &values).unwrap()));
    }
}

#[test]
fn drawing_a_grid_of_another_shape_is_refused() {
    let graph = ConstraintGraph::new(Shape::CLASSIC);
    assert!(graph.try_to_svg(&Grid::empty(Shape::MINI)).is_none());
    assert!(graph.try_to_dot(&Grid::empty(Shape::MINI)).is_none());
    assert!(graph.try_to_svg(&Grid::empty(Shape::CLASSIC)).is_some_and(|svg| svg.starts_with("<svg")));
}
