//! Basic fish: X-Wing, swordfish, jellyfish.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, RuleKinds};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{Strategy, subsets_by_union};

/// A digit whose places in `size` rows lie in `size` columns (or the
/// converse): it leaves the rest of those columns.
#[derive(Clone, Copy, Debug)]
pub struct Fish {
    size: usize,
}

impl Fish {
    /// Two rows and two columns (3.2).
    pub const X_WING: Fish = Fish { size: 2 };
    /// Three of each (3.8).
    pub const SWORDFISH: Fish = Fish { size: 3 };
    /// Four of each (5.2).
    pub const JELLYFISH: Fish = Fish { size: 4 };
}

impl Strategy for Fish {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        ["X-Wing", "Swordfish", "Jellyfish"][self.size.clamp(2, 4) - 2]
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let side = position.side();
        let digits = || (1..=side as u8).filter_map(Digit::new);
        // Columns as base and rows as cover, then the converse. A digit
        // missing in fewer than twice `size` lines has a smaller fish in
        // the other lines, which is the one to report.
        let worth = |digit: &Digit| {
            let missing = (0..side).filter(|&row| position.missing(row).contains(*digit)).count();
            missing >= 2 * self.size
        };
        digits()
            .filter(worth)
            .find_map(|digit| self.fish(position, digit, side, 0))
            .or_else(|| digits().filter(worth).find_map(|digit| self.fish(position, digit, 0, side)))
    }
}

impl Fish {
    fn fish(&self, position: &Position, digit: Digit, base: usize, cover: usize) -> Option<Step> {
        let side = position.side();
        let lines: Vec<(usize, u64)> = (base..base + side)
            .map(|u| (u, position.places(u, digit)))
            .filter(|&(_, p)| (2..=self.size as u32).contains(&p.count_ones()))
            .collect();
        let masks: Vec<u64> = lines.iter().map(|&(_, places)| places).collect();
        subsets_by_union(&masks, self.size, (0, self.size as u32), &mut |pick, union| {
            let base_units: Vec<usize> = pick.iter().map(|&k| lines[k].0).collect();
            let cover_units: Vec<usize> = (0..side).filter(|k| union >> k & 1 == 1).map(|k| cover + k).collect();
            let in_base = |i: usize| base_units.iter().any(|&b| position.unit(b).contains(&(i as u16)));
            let removed: Vec<(usize, Digit)> = cover_units
                .iter()
                .flat_map(|&c| position.unit(c).iter().map(|&i| i as usize))
                .filter(|&i| !in_base(i) && position.cands(i).contains(digit))
                .map(|i| (i, digit))
                .collect();
            if removed.is_empty() {
                return None;
            }
            let cells = base_units
                .iter()
                .flat_map(|&b| position.unit(b).iter().map(|&i| i as usize))
                .filter(|&i| position.cands(i).contains(digit))
                .map(|i| position.cell(i))
                .collect();
            let houses = base_units.iter().chain(&cover_units).map(|&u| position.house(u)).collect();
            let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][self.size.clamp(2, 4) - 2];
            let pattern = Pattern::Houses { digits: Candidates::single(digit), houses, cells };
            let eliminations = removed.iter().map(|&(i, d)| (position.cell(i), d)).collect();
            Some(Step::new(technique, pattern).eliminating(eliminations))
        })
    }
}
