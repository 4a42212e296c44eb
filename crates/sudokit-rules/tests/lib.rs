//! Integration tests of sudokit-rules.

mod fast;
