//! The tokenizer as the community formats read with it: a URL or a game ID
//! is one token, longer than a contest's.

use std::io::Read;

use crate::shared::tokens::Tokens;

impl<R: Read> Tokens<R> {
    /// Lets a token whose first bytes pass `long` run to [`crate::shared::tokens::MAX_LONG_TOKEN`]
    /// bytes.
    pub(crate) fn long_when(&mut self, long: fn(&[u8]) -> bool) {
        self.long_when = Some(long);
    }

    /// Lets any token run to [`crate::shared::tokens::MAX_LONG_TOKEN`] bytes, or no longer.
    pub(crate) fn allow_long_tokens(&mut self, allow: bool) {
        self.long_tokens = allow;
    }
}
