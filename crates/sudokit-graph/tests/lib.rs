//! Integration tests of sudokit-graph.

mod graph;
mod solvers;
