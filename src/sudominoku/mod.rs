//! `sudominoku`: the judge solution of ICPC Mid-Central USA 2011 Problem D,
//! Su-domino-ku (`shared/mcpc2011-sudominoku/`).
//!
//! [`puzzle`] reads the input (placed dominoes, the nine single digits) with
//! located errors, [`solve`] is an exact-cover search over bitsets that proves
//! whether the digit grid is unique, [`verify`] checks an answer without the
//! solver's code, and [`cli`] is the command line.

pub mod cli;
pub mod puzzle;
pub mod solve;
pub mod verify;
