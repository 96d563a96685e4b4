//! What the three programs' judged cores share, judged too: [`tokens`]
//! reads whitespace-separated tokens with their line and column, and says
//! what is wrong with one as an [`tokens::InputError`]; [`restarts`] gives
//! searches budgets that grow and a seeded coin to vary them.

pub mod restarts;
pub mod tokens;
