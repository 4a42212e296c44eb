//! The one parallel runner under [`compare`](crate::compare) and
//! [`batch`](crate::batch): scoped worker threads, each with its own worker
//! state (a solver), taking items from a shared cursor, with results in
//! input order, and a solver's panic caught where it happens.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use sudokit_core::{Budget, Grid, Solution, SolveError, Solver};

/// The most worker threads a run starts, whatever it is asked for.
pub(crate) const MAX_THREADS: usize = 256;

/// The number of threads for a `threads` setting: 0 means one per core;
/// at most [`MAX_THREADS`].
pub(crate) fn thread_count(threads: usize) -> usize {
    let wanted = if threads == 0 { std::thread::available_parallelism().map_or(1, usize::from) } else { threads };
    wanted.min(MAX_THREADS)
}

/// `f(worker, item)` over `items`, on up to `threads` threads (0: one
/// per core), each thread building its worker with `make`; the results come
/// back in the order of `items`. With one thread or one item, everything
/// runs on the calling thread.
pub(crate) fn map_in_order<T, U, W>(
    items: &[T],
    threads: usize,
    make: impl Fn() -> W + Sync,
    f: impl Fn(&mut W, &T) -> U + Sync,
) -> Vec<U>
where
    T: Sync,
    U: Send,
{
    let threads = thread_count(threads).min(items.len());
    if threads <= 1 {
        let mut worker = make();
        return items.iter().map(|item| f(&mut worker, item)).collect();
    }
    // Blocks of items keep the cursor cold for many cheap items (easy
    // puzzles) and still balance a few expensive ones (solvers in a race).
    let block = (items.len() / (threads * 16)).clamp(1, 64);
    let cursor = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, U)>> = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut worker = make();
                let mut mine = Vec::new();
                loop {
                    let start = cursor.fetch_add(block, Ordering::Relaxed);
                    if start >= items.len() {
                        break;
                    }
                    for (index, item) in items.iter().enumerate().skip(start).take(block) {
                        mine.push((index, f(&mut worker, item)));
                    }
                }
                done.lock().unwrap_or_else(|e| e.into_inner()).append(&mut mine);
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_unstable_by_key(|&(index, _)| index);
    done.into_iter().map(|(_, result)| result).collect()
}

/// `f(worker, item)` over `items`, lazily, `chunk` items at a time (see
/// [`map_in_order`]): the results come in the order of `items`, and memory
/// stays bounded by the chunk whatever the length of `items`.
pub(crate) fn map_chunks_in_order<'a, T, U, W>(
    items: impl IntoIterator<Item = T, IntoIter: 'a>,
    chunk: usize,
    threads: usize,
    make: impl Fn() -> W + Sync + 'a,
    f: impl Fn(&mut W, &T) -> U + Sync + 'a,
) -> impl Iterator<Item = U> + 'a
where
    T: Sync + 'a,
    U: Send + 'a,
{
    let mut input = items.into_iter();
    let chunk = chunk.max(1);
    let mut held = Vec::new();
    std::iter::from_fn(move || {
        held.clear();
        held.extend(input.by_ref().take(chunk));
        (!held.is_empty()).then(|| map_in_order(&held, threads, &make, &f))
    })
    .flatten()
}

/// `solver.solve_with(puzzle, budget)`, with a panic of the solver turned
/// into [`SolveError::Panicked`] so that one buggy solver or puzzle cannot
/// take a whole race or batch down.
pub(crate) fn solve_caught<S: Solver + ?Sized>(
    solver: &mut S,
    puzzle: &Grid,
    budget: &Budget,
) -> Result<Solution, SolveError> {
    caught(|| solver.solve_with(puzzle, budget)).unwrap_or_else(|message| Err(SolveError::panicked(message)))
}

/// `f()`, or the message of its panic: what lets a run of someone else's
/// code (a solver, a technique) go on past one item.
pub(crate) fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_message(payload.as_ref()))
}

/// The message of a panic's payload, as `panic!` formatted it.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Admitted;

    #[test]
    fn results_come_back_in_order_whatever_the_threads() {
        let items: Vec<u64> = (0..1000).collect();
        for threads in [0, 1, 2, 3, 7] {
            let out = map_in_order(
                &items,
                threads,
                || 0u64,
                |calls, &item| {
                    *calls += 1;
                    item * 2
                },
            );
            // Each item is its own index: the doubles in order prove the order.
            assert_eq!(out.len(), items.len());
            assert!(out.iter().enumerate().all(|(i, &double)| double == 2 * i as u64));
        }
        assert!(map_in_order(&[] as &[u8], 4, || (), |_, _| ()).is_empty());
    }

    struct Bomb;

    impl Solver for Bomb {
        fn name(&self) -> &str {
            "bomb"
        }
        fn solve_admitted(&mut self, _: Admitted<'_>, _: &Budget) -> Result<Solution, SolveError> {
            panic!("boom at r1c1")
        }
    }

    #[test]
    fn a_panic_becomes_an_error_with_its_message() {
        let puzzle = Grid::empty(sudokit_core::Shape::MINI);
        let result = solve_caught(&mut Bomb, &puzzle, &Budget::unlimited());
        assert_eq!(result, Err(SolveError::panicked("boom at r1c1")));
    }
}
