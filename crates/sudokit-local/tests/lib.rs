//! Integration tests of sudokit-local: the contract, determinism, the
//! hybrids' proofs, killers and pencil marks.

mod contract;
mod killer;
mod settings;
