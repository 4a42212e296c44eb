//! Integration tests of sudokit-grid: the baselines against the course's
//! figures and the conformance suite, and properties of the file formats.

mod baselines;
mod formats;
mod propagation;
mod sums;
