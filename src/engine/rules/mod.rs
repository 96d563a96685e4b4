//! The full engine's rules beyond the judged core's: their rulebook
//! ([`extra`]) and the core's rules' facts ([`facts`]), the families
//! ([`sides`], [`pairing`], [`connectivity()`]), the table of a mode from both
//! books ([`table`]), and the test that runs every rule's doc pictures
//! (`picture`).

mod connectivity;
pub(crate) mod extra;
pub(crate) mod facts;
#[cfg(test)]
mod locality;
#[clippy::msrv = "1.70"]
pub(crate) mod pairing;
#[cfg(test)]
pub(crate) mod picture;
pub mod sides;
mod table;

pub(crate) use connectivity::{boundary, connectivity, finds_nothing, reached_from};
