//! The independent checkers: each reads an answer as plain rows with its
//! own geometry, and shares no code with the solver it checks. [`slink`]
//! checks Slitherlink loops ([`drawing`] holds their rows), [`sudominoku`]
//! filled Su-domino-ku grids.

pub mod drawing;
pub mod slink;
pub mod sudominoku;
