//! Squeezed source and its tokens: comments and indentation dropped, literals
//! kept exactly, and the boundaries of items, statements, fields and arms that the
//! configure and shake steps cut along (see `main.rs`).

use std::collections::{BTreeMap, BTreeSet};

/// Drops comments, blank lines and indentation, keeping everything inside string
/// and character literals exactly (a literal may span lines). A small lexer tells
/// them apart: it follows `"…"` with escapes, `'x'` character literals (leaving
/// lifetimes such as `'a` alone), and `//` comments outside them.
pub fn squeeze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    for line in text.lines() {
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        if !in_string {
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
        }
        while i < chars.len() {
            let c = chars[i];
            if in_string {
                kept.push(c);
                if c == '\\' && i + 1 < chars.len() {
                    kept.push(chars[i + 1]);
                    i += 1;
                } else if c == '"' {
                    in_string = false;
                }
            } else if c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            } else if c == '"' {
                in_string = true;
                kept.push(c);
            } else if c == '\'' {
                let end = char_literal_end(&chars, i).unwrap_or(i);
                kept.extend(&chars[i..=end]);
                i = end;
            } else {
                kept.push(c);
            }
            i += 1;
        }
        let kept = if in_string {
            kept.as_str()
        } else {
            kept.trim_end()
        };
        if !kept.is_empty() || in_string {
            out.push_str(kept);
            out.push('\n');
        }
    }
    out
}

/// Where the character literal starting at `chars[i]` (a `'`) ends, or `None`
/// when the quote starts a lifetime: a literal is `'x'` or `'\…'`.
pub fn char_literal_end(chars: &[char], i: usize) -> Option<usize> {
    if chars.get(i + 1) == Some(&'\\') {
        (i + 3..chars.len()).find(|&j| chars[j] == '\'')
    } else if chars.get(i + 2) == Some(&'\'') {
        Some(i + 2)
    } else {
        None
    }
}

/// The first string literal in `source` that holds an inline format argument
/// such as `{name}` or `{name:?}` (Rust 1.58), with its 1-based line. `{{` is an
/// escaped brace, `{}` and `{0}` and `{:?}` are positional.
pub fn inline_format_argument(source: &str) -> Option<(usize, String)> {
    let tokens = lex(source).ok()?;
    for t in tokens.iter().filter(|t| t.kind == Kind::Literal) {
        let literal = &source[t.start..t.end];
        if !literal.starts_with('"') {
            continue;
        }
        let chars: Vec<char> = literal.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == '{' && chars.get(i + 1) == Some(&'{') {
                i += 2;
                continue;
            }
            if chars[i] == '{'
                && chars
                    .get(i + 1)
                    .is_some_and(|c| c.is_alphabetic() || *c == '_')
            {
                let end = (i..chars.len())
                    .find(|&j| chars[j] == '}')
                    .unwrap_or(chars.len() - 1);
                let line = source[..t.start].matches('\n').count() + 1;
                return Some((line, chars[i..=end].iter().collect()));
            }
            i += 1;
        }
    }
    None
}

/// A token of squeezed source: its text's byte range and what it is.
#[derive(Clone, Debug)]
pub struct Token {
    pub start: usize,
    pub end: usize,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Ident(String),
    /// One punctuation character; `::` is two `:` tokens side by side.
    Punct(char),
    /// A string, character or number literal, or a lifetime.
    Literal,
}

impl Token {
    pub fn is(&self, c: char) -> bool {
        self.kind == Kind::Punct(c)
    }

    pub fn ident(&self) -> Option<&str> {
        match &self.kind {
            Kind::Ident(s) => Some(s),
            _ => None,
        }
    }
}

/// Splits squeezed source (no comments) into tokens.
pub fn lex(text: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let at = |i: usize| chars.get(i).map(|&(_, c)| c);
    let offset = |i: usize| chars.get(i).map_or(text.len(), |&(o, _)| o);
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(c) = at(i) {
        let start = i;
        let kind = if c.is_whitespace() {
            i += 1;
            continue;
        } else if c == '"' || (c == 'b' && at(i + 1) == Some('"')) {
            i += if c == 'b' { 2 } else { 1 };
            loop {
                match at(i) {
                    Some('\\') => i += 2,
                    Some('"') => break,
                    Some(_) => i += 1,
                    None => return Err("unterminated string literal".to_string()),
                }
            }
            i += 1;
            Kind::Literal
        } else if c == '\'' || (c == 'b' && at(i + 1) == Some('\'')) {
            let quote = if c == 'b' { i + 1 } else { i };
            let plain: Vec<char> = chars[quote..].iter().take(16).map(|&(_, c)| c).collect();
            i = match char_literal_end(&plain, 0) {
                Some(end) => quote + end + 1,
                None => {
                    // A lifetime: the quote and the name after it.
                    let mut j = quote + 1;
                    while at(j).is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        j += 1;
                    }
                    j
                }
            };
            Kind::Literal
        } else if c.is_ascii_digit() {
            while at(i).is_some_and(|c| c.is_alphanumeric() || c == '_')
                || (at(i) == Some('.') && at(i + 1).is_some_and(|c| c.is_ascii_digit()))
            {
                i += 1;
            }
            Kind::Literal
        } else if c.is_alphabetic() || c == '_' {
            while at(i).is_some_and(|c| c.is_alphanumeric() || c == '_') {
                i += 1;
            }
            Kind::Ident(text[offset(start)..offset(i)].to_string())
        } else {
            i += 1;
            Kind::Punct(c)
        };
        tokens.push(Token {
            start: offset(start),
            end: offset(i),
            kind,
        });
    }
    Ok(tokens)
}

/// The squeezed source `text` (lexed as `tokens`) with the room Rust does not
/// need taken out. A space stays only between two words (names, keywords,
/// literals), and between two punctuation marks that would otherwise read as
/// one operator (`& &`, `- >`, `: :`, or `. . =` after a range's dots: see
/// [`glued`]); next to a bracket, a comma or a semicolon, none does. No line
/// break stays: the code is one line. The comma that ends a list laid out
/// one element a line goes too, and so do `pub`, `pub(crate)` and
/// `pub(super)` (the file is one module). This is a sixth of a judge file, and what keeps `slink`'s under SPOJ's
/// limit.
pub fn tighten(text: &str, tokens: &[Token]) -> String {
    let mut out = String::with_capacity(text.len());
    let word = |t: &Token| !matches!(t.kind, Kind::Punct(_));
    let loose = |t: &Token| matches!(t.kind, Kind::Punct(c) if !"(){}[],;".contains(c));
    let closer = |t: &Token| matches!(t.kind, Kind::Punct(')' | ']' | '}'));
    out.push_str(&text[..tokens.first().map_or(text.len(), |t| t.start)]);
    // A file of one module needs no `pub`, `pub(crate)` or `pub(super)`.
    let tokens: Vec<&Token> = tokens
        .iter()
        .enumerate()
        .filter(|&(i, _)| !(0..=3).any(|back| i >= back && is_pub(text, tokens, i - back, back)))
        .map(|(_, t)| t)
        .collect();
    for pair in tokens.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let gap = &text[a.end..b.start];
        let last_in_list = a.is(',') && closer(b) && gap.contains('\n');
        if !last_in_list {
            out.push_str(&text[a.start..a.end]);
        }
        // The mark before `a`, just written: it and `a` may begin an operator.
        let glues = || {
            let before = out[..out.len() - (a.end - a.start)].chars().next_back();
            glued(before, &text[a.start..a.end], &text[b.start..b.end])
        };
        if !gap.is_empty() && ((word(a) && word(b)) || (loose(a) && loose(b) && glues())) {
            out.push(' ');
        }
    }
    if let Some(last) = tokens.last() {
        out.push_str(&text[last.start..]);
    }
    out
}

/// Whether punctuation marks `a` then `b`, with nothing between, would read
/// as one operator: a two-mark one (`->`, `&&`, `..`, `::`, a compound
/// assignment, a comment's start), or a three-mark one with the mark
/// `before` `a` (`..=`, `...`, `<<=`, `>>=`).
fn glued(before: Option<char>, a: &str, b: &str) -> bool {
    const TWO: [&str; 25] = [
        "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=",
        "&=", "|=", "<<", ">>", "..", "<-", "//", "/*", "*/", "#!",
    ];
    const THREE: [&str; 4] = ["..=", "...", "<<=", ">>="];
    let pair = format!("{a}{b}");
    let three = before.map(|c| format!("{c}{pair}"));
    TWO.contains(&pair.as_str()) || three.is_some_and(|t| THREE.contains(&t.as_str()))
}

/// Whether `tokens[i..]` starts with `pub`, `pub(crate)` or `pub(super)` and
/// `tokens[i + n]` is one of its tokens.
fn is_pub(text: &str, tokens: &[Token], i: usize, n: usize) -> bool {
    let word = |j: usize, w: &str| tokens.get(j).is_some_and(|t| &text[t.start..t.end] == w);
    let restricted =
        word(i + 1, "(") && (word(i + 2, "crate") || word(i + 2, "super")) && word(i + 3, ")");
    word(i, "pub") && (n == 0 || (restricted && n <= 3))
}

/// Index just past the item or statement starting at `tokens[i]`: at a `;` at
/// depth 0, or at the `}` that brings the depth back to 0 when the thing is
/// block-like (a braced item, or a statement such as `if` or `for`).
pub fn end_of_item(tokens: &[Token], i: usize) -> Result<usize, String> {
    let mut depth = 0i32;
    let mut j = i;
    let mut block_like = false;
    let mut keyword_seen = false;
    while j < tokens.len() {
        let t = &tokens[j];
        match &t.kind {
            Kind::Punct('(' | '[' | '{') => {
                if t.is('{') && depth == 0 && !keyword_seen {
                    block_like = true;
                }
                depth += 1;
            }
            Kind::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth < 0 {
                    return Err("unbalanced brackets".to_string());
                }
                if depth == 0 && t.is('}') && block_like {
                    return Ok(j + 1);
                }
            }
            Kind::Punct(';') if depth == 0 => return Ok(j + 1),
            Kind::Ident(word) if depth == 0 && !keyword_seen => {
                const BRACED: [&str; 12] = [
                    "fn", "struct", "enum", "union", "impl", "trait", "mod", "if", "for", "while",
                    "loop", "match",
                ];
                const PLAIN: [&str; 5] = ["use", "const", "static", "type", "let"];
                let const_fn =
                    word == "const" && tokens.get(j + 1).and_then(Token::ident) == Some("fn");
                if BRACED.contains(&word.as_str()) {
                    block_like = true;
                    keyword_seen = true;
                } else if PLAIN.contains(&word.as_str()) && !const_fn {
                    keyword_seen = true;
                }
            }
            _ => {}
        }
        j += 1;
    }
    Err(format!("unterminated item at byte {}", tokens[i].start))
}

/// The words that open an item (after its attributes and visibility).
pub const ITEM_KEYWORDS: [&str; 12] = [
    "fn",
    "struct",
    "enum",
    "union",
    "impl",
    "trait",
    "mod",
    "use",
    "static",
    "type",
    "const",
    "macro_rules",
];

/// The words that open a statement that is not an expression.
const STATEMENT_KEYWORDS: [&str; 6] = ["let", "if", "for", "while", "loop", "match"];

/// Index just past what an outer attribute governs, starting at `tokens[i]`
/// (just after the attribute): an item, statement or block ([`end_of_item`]), or else a
/// struct field, enum variant or match arm, which ends at a `,` at depth 0, at
/// the `}` of an arm's block, or just before the `}` that closes the list.
pub fn end_of_governed(tokens: &[Token], i: usize) -> Result<usize, String> {
    let mut k = i;
    while tokens.get(k).is_some_and(|t| t.is('#')) {
        k = end_of_attribute(tokens, k);
    }
    // Past `pub` or `pub(…)`: a field can be public too.
    if tokens.get(k).and_then(Token::ident) == Some("pub") {
        k += 1;
        if tokens.get(k).is_some_and(|t| t.is('(')) {
            k = (k..tokens.len())
                .find(|&j| tokens[j].is(')'))
                .map_or(k, |j| j + 1);
        }
    }
    let word = tokens.get(k).and_then(Token::ident).unwrap_or("");
    if ITEM_KEYWORDS.contains(&word)
        || STATEMENT_KEYWORDS.contains(&word)
        || tokens.get(k).is_some_and(|t| t.is('{'))
    {
        return end_of_item(tokens, i);
    }
    let mut depth = 0i32;
    let mut angle = 0i32;
    let mut arm_block = false;
    let mut j = i;
    while j < tokens.len() {
        let t = &tokens[j];
        let prev_is = |c: char| j > 0 && tokens[j - 1].is(c);
        match t.kind {
            Kind::Punct('(' | '[' | '{') => depth += 1,
            Kind::Punct(')' | ']' | '}') => {
                if depth == 0 {
                    return Ok(j);
                }
                depth -= 1;
                if depth == 0 && arm_block {
                    let comma = tokens.get(j + 1).is_some_and(|t| t.is(','));
                    return Ok(j + 1 + usize::from(comma));
                }
            }
            Kind::Punct('>') if depth == 0 && prev_is('=') => {
                arm_block = tokens.get(j + 1).is_some_and(|t| t.is('{'));
            }
            Kind::Punct('<') if depth == 0 => angle += 1,
            Kind::Punct('>') if depth == 0 && !prev_is('-') => angle -= 1,
            Kind::Punct(',' | ';') if depth == 0 && angle <= 0 => return Ok(j + 1),
            _ => {}
        }
        j += 1;
    }
    Err(format!(
        "unterminated field, variant or arm at byte {}",
        tokens[i].start
    ))
}

/// Index just past the attribute `#[…]` or `#![…]` starting at `tokens[i]`.
pub fn end_of_attribute(tokens: &[Token], i: usize) -> usize {
    let mut j = i + 1;
    if tokens.get(j).is_some_and(|t| t.is('!')) {
        j += 1;
    }
    let mut depth = 0;
    while j < tokens.len() {
        if tokens[j].is('[') {
            depth += 1;
        } else if tokens[j].is(']') {
            depth -= 1;
            if depth == 0 {
                return j + 1;
            }
        }
        j += 1;
    }
    j
}

/// The attribute's text without spaces, e.g. `#[cfg(test)]`.
pub fn attribute_text(text: &str, tokens: &[Token], from: usize, to: usize) -> String {
    tokens[from..to]
        .iter()
        .map(|t| &text[t.start..t.end])
        .collect()
}

/// The standard library's names a judge file may use without importing
/// them (the prelude's, and the associated names of its traits): a crate
/// name equal to one is never shortened.
const PRELUDE: [&str; 32] = [
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "Vec",
    "String",
    "Box",
    "Clone",
    "Copy",
    "Default",
    "Debug",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Send",
    "Sync",
    "Sized",
    "Fn",
    "FnMut",
    "FnOnce",
    "Iterator",
    "IntoIterator",
    "From",
    "Into",
    "Self",
    "Item",
    "Output",
    "Error",
];

/// The tightened judge file `text` with the crate's own type names (its
/// structs, enums, traits, type aliases and enum variants) shortened to one
/// or two letters, the most used first: they are a tenth of the file. A
/// name the standard library also uses in the file is kept, and no short
/// name is one the file already uses, so every path still names what it
/// did; variants and types of one name (`Vertex`) share their short name.
pub fn shorten_types(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let ident = |i: usize| tokens.get(i).and_then(Token::ident);
    let mut defined = BTreeSet::new();
    let mut i = 0;
    while i < tokens.len() {
        if let Some("struct" | "enum" | "trait" | "type") = ident(i) {
            if let Some(name) = ident(i + 1) {
                defined.insert(name.to_string());
            }
            if ident(i) == Some("enum") {
                // Its variants: the names at depth 1 after `{` or `,`.
                let open = (i..tokens.len()).find(|&j| tokens[j].is('{'));
                let mut depth = 0;
                for j in open.unwrap_or(tokens.len())..tokens.len() {
                    match tokens[j].kind {
                        Kind::Punct('{' | '(' | '[') => depth += 1,
                        Kind::Punct('}' | ')' | ']') => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                    let after = tokens[j - 1].is('{') || tokens[j - 1].is(',');
                    if let (1, true, Some(name)) = (depth, after, ident(j)) {
                        defined.insert(name.to_string());
                    }
                }
            }
        }
        i += 1;
    }
    // What the standard library names in the file: the prelude's names and
    // every name a `use std::…` item or a `std::` path brings.
    let mut std_names: BTreeSet<String> = PRELUDE.iter().map(|s| s.to_string()).collect();
    for (j, t) in tokens.iter().enumerate() {
        if t.ident() == Some("std") {
            let mut k = j + 1;
            while k < tokens.len() && !tokens[k].is(';') && !tokens[k].is('(') {
                if let Some(name) = tokens[k].ident() {
                    std_names.insert(name.to_string());
                }
                k += 1;
            }
        }
    }
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for t in &tokens {
        if let Some(name) = t.ident() {
            *count.entry(name).or_default() += 1;
        }
    }
    let mut names: Vec<&String> = defined.iter().filter(|n| !std_names.contains(*n)).collect();
    names.sort_by_key(|n| std::cmp::Reverse(count.get(n.as_str()).copied().unwrap_or(0) * n.len()));
    let letters = ('A'..='Z').map(String::from);
    let pairs = ('A'..='Z').flat_map(|a| ('a'..='z').map(move |b| format!("{a}{b}")));
    let mut short = letters
        .chain(pairs)
        .filter(|s| !count.contains_key(s.as_str()));
    let mut rename: BTreeMap<&str, String> = BTreeMap::new();
    for name in names {
        let new = short.next().ok_or("out of short names")?;
        if new.len() < name.len() {
            rename.insert(name.as_str(), new);
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut written = 0;
    for t in &tokens {
        if let Some(new) = t.ident().and_then(|name| rename.get(name)) {
            out.push_str(&text[written..t.start]);
            out.push_str(new);
            written = t.end;
        }
    }
    out.push_str(&text[written..]);
    Ok(out)
}
