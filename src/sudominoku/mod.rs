//! `sudominoku`: the judge solution of ICPC Mid-Central USA 2011 Problem D,
//! Su-domino-ku (`shared/mcpc2011-sudominoku/`).
//!
//! [`puzzle`] reads the input (placed dominoes, the nine single digits) with
//! located errors, [`solve`] is an exact-cover search over bitsets that proves
//! whether the digit grid is unique, and [`judge`] the bare path an online
//! judge runs: the judged core ([`crate::check::sudominoku`] checks an answer
//! without the solver's code, [`crate::cli::sudominoku`] is the command line).

#[clippy::msrv = "1.56"]
pub mod judge;
#[clippy::msrv = "1.56"]
pub mod puzzle;
#[clippy::msrv = "1.56"]
pub mod solve;
