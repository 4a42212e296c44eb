//! `serde` support (the `serde` feature).
//!
//! * A [`Grid`] travels as its shape and its one-line text,
//!   `{"shape": {"box_height": 2, "box_width": 3}, "cells": "1.....…"}`, so
//!   that a grid whose boxes are not the default for its side (3×2 boxes
//!   beside the default 2×3, say) comes back with the same boxes. A bare
//!   string is also read, as the grid of the default shape for its length
//!   (the rule of [`Grid`]'s `FromStr`).
//! * A [`Shape`] travels as its box dimensions, a [`Cell`] as its 0-based
//!   row and column.
//! * A [`Variant`] travels as its shape and its rules' text,
//!   `{"shape": {…}, "rules": "x,anti-knight"}` (see
//!   [`variant_text`](crate::variant_text)).
//!
//! Everything is checked on the way in, so deserialising never builds an
//! invalid value.

use std::fmt;

use serde::de::{self, Error as _, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cell::Cell;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::Variant;

/// The cells of a grid as its one-line text, written without a copy.
struct CellsText<'a>(&'a Grid);

impl Serialize for CellsText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Grid", 2)?;
        out.serialize_field("shape", &self.shape())?;
        out.serialize_field("cells", &CellsText(self))?;
        out.end()
    }
}

struct GridVisitor;

impl<'de> Visitor<'de> for GridVisitor {
    type Value = Grid;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a grid: {\"shape\": …, \"cells\": \"…\"} or its one-line text")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Grid, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Grid, A::Error> {
        let (mut shape, mut cells): (Option<Shape>, Option<String>) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "shape" if shape.is_none() => shape = Some(map.next_value()?),
                "cells" if cells.is_none() => cells = Some(map.next_value()?),
                "shape" | "cells" => return Err(A::Error::custom(format_args!("duplicate field `{key}`"))),
                _ => return Err(A::Error::unknown_field(&key, &["shape", "cells"])),
            }
        }
        let shape = shape.ok_or_else(|| A::Error::missing_field("shape"))?;
        let cells = cells.ok_or_else(|| A::Error::missing_field("cells"))?;
        Grid::parse_with_shape(&cells, shape).map_err(A::Error::custom)
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        deserializer.deserialize_any(GridVisitor)
    }
}

#[derive(Serialize, Deserialize)]
struct BoxDimensions {
    box_height: usize,
    box_width: usize,
}

impl Serialize for Shape {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        BoxDimensions { box_height: self.box_height(), box_width: self.box_width() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shape, D::Error> {
        let dims = BoxDimensions::deserialize(deserializer)?;
        Shape::new(dims.box_height, dims.box_width).map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct Coordinates {
    row: usize,
    col: usize,
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Coordinates { row: self.row(), col: self.col() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        let at = Coordinates::deserialize(deserializer)?;
        Cell::try_new(at.row, at.col)
            .ok_or_else(|| D::Error::custom(format_args!("cell ({}, {}) lies outside every grid", at.row, at.col)))
    }
}

/// A variant as it travels: its shape and its rules' text.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantForm {
    shape: Shape,
    rules: String,
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        VariantForm { shape: self.shape(), rules: self.to_string() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let form = VariantForm::deserialize(deserializer)?;
        Variant::parse(&form.rules, form.shape).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::SolveError;
    use crate::stats::Stats;

    #[test]
    fn grids_shapes_and_stats_round_trip_through_json() {
        let grid: Grid = "1...........3..4".parse().unwrap();
        let json = serde_json::to_string(&grid).unwrap();
        assert_eq!(json, r#"{"shape":{"box_height":2,"box_width":2},"cells":"1...........3..4"}"#);
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
        // The bare line is the default shape for its length.
        assert_eq!(serde_json::from_str::<Grid>("\"1...........3..4\"").unwrap(), grid);
        assert!(serde_json::from_str::<Grid>("\"1..\"").is_err());
        let json = serde_json::to_string(&Shape::TWELVE).unwrap();
        assert_eq!(json, r#"{"box_height":3,"box_width":4}"#);
        assert_eq!(serde_json::from_str::<Shape>(&json).unwrap(), Shape::TWELVE);
        assert!(serde_json::from_str::<Shape>(r#"{"box_height":1,"box_width":4}"#).is_err());
        let stats = Stats::new().with_nodes(7);
        assert_eq!(serde_json::from_str::<Stats>(&serde_json::to_string(&stats).unwrap()).unwrap(), stats);
    }

    #[test]
    fn variants_travel_as_their_shape_and_rules() {
        let x = Variant::standard(Shape::MINI).with_diagonals().with_relation(crate::Relation::AntiKing);
        let json = serde_json::to_string(&x).unwrap();
        assert_eq!(json, r#"{"shape":{"box_height":2,"box_width":2},"rules":"x,anti-king"}"#);
        assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), x);
        let bad = r#"{"shape":{"box_height":2,"box_width":2},"rules":"jigsaw=1112"}"#;
        let err = serde_json::from_str::<Variant>(bad).unwrap_err().to_string();
        assert!(err.starts_with("a region map of 4 cells, for a grid of 16"), "{err}");
    }

    #[test]
    fn a_grid_keeps_boxes_that_are_not_the_default_for_its_side() {
        let tall = Shape::new(3, 2).unwrap();
        let grid = Grid::from_values(tall, &[[1, 2, 3, 4, 5, 6].as_slice(), &[0; 30]].concat()).unwrap();
        let json = serde_json::to_string(&grid).unwrap();
        assert!(json.starts_with(r#"{"shape":{"box_height":3,"box_width":2},"#), "{json}");
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap().shape(), tall);
    }

    #[test]
    fn grids_that_do_not_fit_their_shape_are_refused() {
        let cases = [
            r#"{"shape":{"box_height":3,"box_width":3},"cells":"1...........3..4"}"#,
            r#"{"shape":{"box_height":2,"box_width":2}}"#,
            r#"{"cells":"1...........3..4"}"#,
            r#"{"shape":{"box_height":2,"box_width":2},"cells":"1...........3..4","extra":1}"#,
        ];
        for json in cases {
            assert!(serde_json::from_str::<Grid>(json).is_err(), "{json}");
        }
        assert!(serde_json::from_str::<Cell>(r#"{"row":35,"col":0}"#).is_err());
    }

    proptest::proptest! {
        #[test]
        fn every_grid_of_every_shape_round_trips(grid in crate::text::properties::any_grid()) {
            let json = serde_json::to_string(&grid).unwrap();
            proptest::prop_assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
        }
    }

    #[test]
    fn solve_errors_round_trip() {
        let puzzle: Grid = "11..............".parse().unwrap();
        let err = puzzle.validate().unwrap_err();
        let json = serde_json::to_string(&err).unwrap();
        assert_eq!(serde_json::from_str::<SolveError>(&json).unwrap(), err);
    }
}
