//! Singles: full house, hidden single, naked single.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, HouseKind, RuleKinds};

use crate::human::position::Position;
use crate::human::step::{Pattern, Score, Step, Technique};
use crate::human::strategy::Strategy;

/// Full houses (1.0), then hidden singles in boxes (1.2), then in columns
/// and rows (1.5).
#[derive(Clone, Copy, Debug)]
pub struct HiddenSingles;

/// Cells with one candidate left (2.3).
#[derive(Clone, Copy, Debug)]
pub struct NakedSingles;

impl Strategy for HiddenSingles {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        "Hidden single"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        full_house(position).or_else(|| hidden_single(position))
    }
}

fn full_house(position: &Position) -> Option<Step> {
    position.units_boxes_first().find_map(|u| {
        let mut empty = position.empty_cells(u);
        let (Some(i), None) = (empty.next(), empty.next()) else { return None };
        let digit = position.missing(u).single_digit().filter(|&d| position.cands(i).contains(d))?;
        let step = Step::new(Technique::FullHouse, Pattern::Single { house: Some(position.house(u)) });
        Some(step.placing(position.cell(i), digit))
    })
}

fn hidden_single(position: &Position) -> Option<Step> {
    position.units_boxes_first().find_map(|u| {
        position.missing(u).iter().find_map(|digit| {
            let places = position.places(u, digit);
            (places.count_ones() == 1).then(|| single_at(position, u, places.trailing_zeros() as usize, digit))
        })
    })
}

fn single_at(position: &Position, u: usize, k: usize, digit: Digit) -> Step {
    let house = position.house(u);
    let boxed = matches!(house.kind(), HouseKind::Box | HouseKind::Region);
    let score = if boxed { Score::from_tenths(12) } else { Score::from_tenths(15) };
    let cell = position.cell(position.unit(u)[k] as usize);
    Step::new(Technique::HiddenSingle, Pattern::Single { house: Some(house) }).with_score(score).placing(cell, digit)
}

impl Strategy for NakedSingles {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        "Naked single"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        (0..position.len()).find_map(|i| {
            let digit = position.cands(i).single_digit()?;
            Some(Step::new(Technique::NakedSingle, Pattern::Single { house: None }).placing(position.cell(i), digit))
        })
    }
}
