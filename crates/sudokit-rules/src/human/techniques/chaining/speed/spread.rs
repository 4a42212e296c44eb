//! The branches of one step of the nested forcing chains (9.5 and up)
//! run on several threads before the search takes them: they are most of
//! the step's time, and each depends only on the grid and its start.
//!
//! The threads take the starts one at a time, in the search's order, as
//! each is free: branch times vary by a factor of a hundred, so fixed
//! shares leave threads idle (on a 10.0 step, two threads took 1.2×
//! the time of one with one start in two each, 1.45× taking them in
//! turn). Each thread keeps a [`ChainCache`] of its own from one level
//! to the next. What a cache holds only saves work, so the branches,
//! and the step, are those the calling thread would find alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use sudokit_core::{Budget, SearchTally, StopReason};

use super::super::rules::nested::Nested;
use super::super::rules::potentials::Node;
use super::super::rules::propagate::Branch;
use super::super::rules::rule::Rule;
use super::super::rules::work::Work;
use super::cache::ChainCache;

/// The branches a search of `rule` on `work` takes, by node: "on" and
/// "off" for every candidate of a cell of two or more, run on the calling
/// thread (with `cache`) and one more thread per cache of `workers`.
/// Empty when the budget would not bind the other threads as it binds
/// this one (a time limit that would start anew, caps not shared).
///
/// # Errors
/// The [`StopReason`] a thread meets (the calling thread's first).
pub(crate) fn branches(
    work: &Work,
    rule: Rule,
    cache: &ChainCache,
    workers: &mut [ChainCache],
    budget: &Budget,
) -> Result<Vec<Option<Arc<Branch>>>, StopReason> {
    let capped = budget.max_nodes().is_some() || budget.max_iterations().is_some();
    if workers.is_empty() || budget.time_limit().is_some() || (capped && !budget.has_shared_caps()) {
        return Ok(Vec::new());
    }
    let starts: Vec<Node> = (0..work.len())
        .filter(|&cell| work.cands(cell).len() > 1)
        .flat_map(|cell| work.cands(cell).iter().flat_map(move |digit| [true, false].map(|on| (cell, digit, on))))
        .map(|(cell, digit, on)| work.node(cell, digit, on))
        .collect();
    let next = AtomicUsize::new(0);
    let run = |cache: &ChainCache| -> Result<Vec<(Node, Branch)>, StopReason> {
        let mut work = work.clone();
        let mut tally = SearchTally::slow(budget, 0);
        cache.meet_position(&work);
        let nested = Nested { level: rule.level, cache };
        let mut out = Vec::new();
        while let Some(&node) = starts.get(next.fetch_add(1, Ordering::Relaxed)) {
            // The search counts each branch it takes; this counts the
            // branches nested in it.
            tally.check()?;
            out.push((node, Branch::run(&mut work, node, rule.mode(), Some(&nested), &mut tally, &cache.pools)?));
        }
        Ok(out)
    };
    let parts = std::thread::scope(|scope| {
        let others: Vec<_> = workers
            .iter_mut()
            .map(|worker| {
                let run = &run;
                scope.spawn(move || run(worker))
            })
            .collect();
        let mut parts = vec![run(cache)];
        for other in others {
            parts.push(other.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        parts
    });
    let mut ready: Vec<Option<Arc<Branch>>> = (0..work.nodes()).map(|_| None).collect();
    for part in parts {
        for (node, branch) in part? {
            ready[node as usize] = Some(Arc::new(branch));
        }
    }
    Ok(ready)
}
