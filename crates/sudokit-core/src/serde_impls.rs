//! `serde` support (the `serde` feature): a [`Grid`] travels as its
//! one-line text, a [`Shape`] as its box dimensions; both are checked on the
//! way in, so deserialising never builds an invalid value.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::grid::Grid;
use crate::shape::Shape;

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Stats;

    #[test]
    fn grids_shapes_and_stats_round_trip_through_json() {
        let grid: Grid = "1...........3..4".parse().unwrap();
        let json = serde_json::to_string(&grid).unwrap();
        assert_eq!(json, "\"1...........3..4\"");
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
        assert!(serde_json::from_str::<Grid>("\"1..\"").is_err());
        let json = serde_json::to_string(&Shape::TWELVE).unwrap();
        assert_eq!(json, r#"{"box_height":3,"box_width":4}"#);
        assert_eq!(serde_json::from_str::<Shape>(&json).unwrap(), Shape::TWELVE);
        assert!(serde_json::from_str::<Shape>(r#"{"box_height":1,"box_width":4}"#).is_err());
        let stats = Stats::new().with_nodes(7);
        assert_eq!(serde_json::from_str::<Stats>(&serde_json::to_string(&stats).unwrap()).unwrap(), stats);
    }
}
