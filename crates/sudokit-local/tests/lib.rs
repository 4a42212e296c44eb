//! Integration tests of sudokit-local: the contract, determinism, the
//! hybrids' proofs, and killers.

mod contract;
mod killer;
mod settings;
