//! The clock that budgets read.
//!
//! [`Instant`] is std's [`std::time::Instant`] wherever std has a clock.
//! On `wasm32-unknown-unknown` std's clock panics when read, so there it is
//! the browser's (`performance.now()`), through the `web-time` crate: a
//! [`Budget`](crate::Budget)'s time limit then holds in a web page or a Web
//! Worker as it does natively. Code that builds a deadline for
//! [`Budget::with_deadline`](crate::Budget::with_deadline) should read this
//! clock, so that it builds for both.
//!
//! ```
//! use std::time::Duration;
//! use sudokit_core::{Budget, clock::Instant};
//!
//! let budget = Budget::unlimited().with_deadline(Instant::now() + Duration::from_secs(1));
//! assert!(budget.deadline().is_some());
//! ```

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::Instant;
