//! Integration tests of sudokit-local: the contract, determinism, and the
//! hybrids' proofs.

mod contract;
mod settings;
