//! The Slitherlink judged core: everything `slink`'s judge file holds, and
//! nothing else (the bundler takes this folder and [`crate::shared`] whole). The
//! contest reader ([`parse`]), the geometry ([`grid`]), the edge-state
//! [`board`], the statement's rules and the loop rules in one rulebook with
//! their local driver ([`rules`]), a complete search ([`search`]), the
//! answer as plain rows ([`answer`]), the judge's picture ([`render`]) and
//! the judge path itself ([`judge`]). The full engine ([`crate::engine`])
//! attaches through three seams: the board's [`board::Attached`], the
//! driver's [`rules::driver::Stage`] and probing's [`search::Memory`] (its
//! search loop is its own, over this folder's helpers). Nothing here imports
//! from outside it but [`crate::shared`].
//! Its tests' support, the picture notation of the rule docs, is its own
//! (`testkit`, compiled for tests only), which the engine's tests use too.

pub mod answer;
pub mod board;
pub mod grid;
pub mod judge;
pub mod parse;
pub mod reason;
pub mod render;
pub mod rules;
pub mod search;
#[cfg(test)]
pub(crate) mod testkit;
