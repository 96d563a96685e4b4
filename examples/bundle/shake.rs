//! Step 4 and 5 of making a judge file (see `main.rs`): the crate's items, what
//! the judge path reaches of them, and the text of what is kept.
//!
//! Items are module-level items and the functions of inherent `impl` blocks.
//! From the entry point, every path a kept item names is resolved (through the
//! module's `use` items, `crate::`, `self::` and `super::` prefixes and child
//! modules) to an item of a module, or to an associated item of a type; every
//! `.name(…)` call reaches the methods so named of kept types; a trait impl is
//! kept with its type. This repeats until nothing new is reached.

use std::collections::{BTreeMap, BTreeSet};

use super::source::{end_of_attribute, end_of_item, ITEM_KEYWORDS};
use super::source::{Kind, Token};

/// What an item is, for the shaker.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ItemKind {
    /// `mod name { … }`: its items are children.
    Module(usize),
    /// An inherent `impl Type { … }`: its functions and constants are children.
    Impl { self_type: String },
    /// `impl Trait for Type { … }`: kept whole, with its type.
    TraitImpl { self_type: String },
    /// A `use` item.
    Use,
    /// An inner attribute such as `#![forbid(unsafe_code)]`.
    InnerAttribute,
    /// Anything with a name: `fn`, `struct`, `enum`, `const`, `static`, `type`,
    /// `trait`, `union`, `macro_rules!`.
    Named(String),
}

/// One item: its tokens `[from, to)`, and for a module or inherent impl the
/// token of its opening brace.
#[derive(Clone, Debug)]
struct Item {
    kind: ItemKind,
    from: usize,
    to: usize,
    open: usize,
    /// The module it sits in.
    module: usize,
    /// For an associated item, its impl.
    parent_impl: Option<usize>,
    children: Vec<usize>,
    kept: bool,
}

/// A module: its path from the crate root and its items.
#[derive(Clone, Debug)]
struct Module {
    path: Vec<String>,
    items: Vec<usize>,
}

/// What a path in a kept item can name, as far as the shaker can tell.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Reference {
    /// An item `name` of a module.
    Item(usize, String),
    /// An associated item `name` of the type `Type` of a module (`Type::name`).
    Associated(usize, String, String),
}

#[derive(Default)]
pub struct Crate {
    modules: Vec<Module>,
    items: Vec<Item>,
}

impl Crate {
    /// The items of the squeezed, configured crate source `tokens`.
    pub fn parse(tokens: &[Token]) -> Result<Crate, String> {
        let mut crate_ = Crate::default();
        let root = crate_.add_module(Vec::new());
        crate_.modules[root].items = crate_.parse_items(tokens, 0, tokens.len(), root, None)?;
        Ok(crate_)
    }

    fn add_module(&mut self, path: Vec<String>) -> usize {
        self.modules.push(Module {
            path,
            items: Vec::new(),
        });
        self.modules.len() - 1
    }

    /// Splits `tokens[from..to]` into items of `module` (or of the impl
    /// `parent_impl`), recursing into modules and inherent impls.
    fn parse_items(
        &mut self,
        tokens: &[Token],
        from: usize,
        to: usize,
        module: usize,
        parent_impl: Option<usize>,
    ) -> Result<Vec<usize>, String> {
        let mut ids = Vec::new();
        let mut i = from;
        while i < to {
            if tokens[i].is('#') && tokens.get(i + 1).is_some_and(|t| t.is('!')) {
                let end = end_of_attribute(tokens, i);
                ids.push(self.push(ItemKind::InnerAttribute, i, end, end, module, parent_impl));
                i = end;
                continue;
            }
            let end = end_of_item(tokens, i)?;
            let mut k = i;
            while tokens[k].is('#') {
                k = end_of_attribute(tokens, k);
            }
            let words: Vec<&str> = tokens[k..end].iter().filter_map(Token::ident).collect();
            let mut keyword = words
                .iter()
                .position(|w| ITEM_KEYWORDS.contains(w))
                .ok_or_else(|| format!("an item without a keyword at byte {}", tokens[i].start))?;
            if words[keyword] == "const" && words.get(keyword + 1) == Some(&"fn") {
                keyword += 1;
            }
            let open = (k..end).find(|&j| tokens[j].is('{')).unwrap_or(end);
            let id = match words[keyword] {
                "mod" => {
                    let name = words[keyword + 1].to_string();
                    let mut path = self.modules[module].path.clone();
                    path.push(name);
                    let child = self.add_module(path);
                    let id = self.push(ItemKind::Module(child), i, end, open, module, None);
                    let inner = self.parse_items(tokens, open + 1, end - 1, child, None)?;
                    self.modules[child].items = inner.clone();
                    self.items[id].children = inner;
                    id
                }
                "impl" => {
                    let (self_type, is_trait) = impl_self_type(&tokens[k..open]);
                    if is_trait {
                        let kind = ItemKind::TraitImpl { self_type };
                        self.push(kind, i, end, open, module, None)
                    } else {
                        let kind = ItemKind::Impl { self_type };
                        let id = self.push(kind, i, end, open, module, None);
                        let inner =
                            self.parse_items(tokens, open + 1, end - 1, module, Some(id))?;
                        self.items[id].children = inner;
                        id
                    }
                }
                "use" => self.push(ItemKind::Use, i, end, open, module, parent_impl),
                _ => {
                    let name = words.get(keyword + 1).unwrap_or(&"").to_string();
                    self.push(ItemKind::Named(name), i, end, open, module, parent_impl)
                }
            };
            ids.push(id);
            i = end;
        }
        Ok(ids)
    }

    fn push(
        &mut self,
        kind: ItemKind,
        from: usize,
        to: usize,
        open: usize,
        module: usize,
        parent_impl: Option<usize>,
    ) -> usize {
        self.items.push(Item {
            kind,
            from,
            to,
            open,
            module,
            parent_impl,
            children: Vec::new(),
            kept: false,
        });
        self.items.len() - 1
    }

    /// The module at `path`.
    fn module_at(&self, path: &[String]) -> Option<usize> {
        self.modules.iter().position(|m| m.path == path)
    }

    /// The item `name` of the module at `path`.
    pub fn find(&self, path: &[&str], name: &str) -> Option<usize> {
        let path: Vec<String> = path.iter().map(|s| s.to_string()).collect();
        let module = self.module_at(&path)?;
        self.modules[module]
            .items
            .iter()
            .copied()
            .find(|&id| self.items[id].kind == ItemKind::Named(name.to_string()))
    }

    /// The `use` leaves of a module: local name → full path (`crate`-rooted
    /// paths made absolute, starting from the root's empty path; others such as
    /// `std::…` left as written).
    fn imports(&self, tokens: &[Token], module: usize) -> BTreeMap<String, Vec<String>> {
        let mut map = BTreeMap::new();
        for &id in &self.modules[module].items {
            let item = &self.items[id];
            if item.kind == ItemKind::Use {
                for leaf in use_leaves(&tokens[item.from..item.to]) {
                    // `use name;` of the module's own `macro_rules!` (to
                    // export it by path) names nothing new.
                    if leaf.path == [leaf.local.clone()] {
                        continue;
                    }
                    let path = self.absolute(module, &leaf.path);
                    map.insert(leaf.local, path);
                }
            }
        }
        map
    }

    /// Turns `crate::`, `self::` and `super::` prefixes into a path from the root,
    /// marked with a leading `crate`; other paths stay as written.
    fn absolute(&self, module: usize, path: &[String]) -> Vec<String> {
        let mut base = match path.first().map(String::as_str) {
            Some("crate") => return path.to_vec(),
            Some("self") | Some("super") => self.modules[module].path.clone(),
            _ => {
                // A path relative to the module (2018 edition): a child module.
                let mut child = self.modules[module].path.clone();
                child.push(path[0].clone());
                if self.module_at(&child).is_none() {
                    return path.to_vec();
                }
                self.modules[module].path.clone()
            }
        };
        let mut rest = path;
        while let Some(first) = rest.first() {
            match first.as_str() {
                "self" => {}
                "super" => {
                    base.pop();
                }
                _ => break,
            }
            rest = &rest[1..];
        }
        let mut out = vec!["crate".to_string()];
        out.extend(base);
        out.extend(rest.iter().cloned());
        out
    }

    /// What the path `segments`, used in `module`, can name.
    fn resolve(
        &self,
        module: usize,
        imports: &BTreeMap<String, Vec<String>>,
        self_type: Option<&(usize, String)>,
        segments: &[String],
    ) -> Option<Vec<Reference>> {
        let first = segments.first()?;
        let full: Vec<String> = if let Some(path) = imports.get(first) {
            path.iter().chain(&segments[1..]).cloned().collect()
        } else if first == "Self" {
            let (module, ty) = self_type?;
            let name = segments.get(1)?;
            return Some(vec![Reference::Associated(
                *module,
                ty.clone(),
                name.clone(),
            )]);
        } else {
            let absolute = self.absolute(module, segments);
            if absolute.first().map(String::as_str) != Some("crate") {
                // A name of this module, or a type of it with an associated item.
                let mut path = vec!["crate".to_string()];
                path.extend(self.modules[module].path.iter().cloned());
                path.extend(segments.iter().cloned());
                path
            } else {
                absolute
            }
        };
        if full.first().map(String::as_str) != Some("crate") {
            return None; // std, core or a local name: nothing of ours.
        }
        let mut base: Vec<String> = Vec::new();
        let mut rest = &full[1..];
        while rest.len() > 1 {
            let mut next = base.clone();
            next.push(rest[0].clone());
            if self.module_at(&next).is_none() {
                break;
            }
            base = next;
            rest = &rest[1..];
        }
        let base = self.module_at(&base)?;
        match rest {
            [name] => Some(vec![Reference::Item(base, name.clone())]),
            [ty, name, ..] => Some(vec![
                Reference::Item(base, ty.clone()),
                Reference::Associated(base, ty.clone(), name.clone()),
            ]),
            [] => None,
        }
    }

    /// What item `id` refers to: paths it names, and methods it calls.
    fn references(
        &self,
        tokens: &[Token],
        id: usize,
        imports: &BTreeMap<String, Vec<String>>,
        targets: &mut BTreeSet<Reference>,
        methods: &mut BTreeSet<String>,
    ) {
        let item = &self.items[id];
        // An inherent impl's header only: its functions are items of their own.
        let to = match item.kind {
            ItemKind::Impl { .. } => item.open,
            _ => item.to,
        };
        let own_module = item.module;
        let self_type = match (&item.kind, item.parent_impl) {
            (ItemKind::Impl { .. } | ItemKind::TraitImpl { .. }, _) => self.impl_type(id, imports),
            (_, Some(parent)) => self.impl_type(parent, imports),
            _ => None,
        };
        let mut j = item.from;
        while j < to {
            let Some(word) = tokens[j].ident() else {
                j += 1;
                continue;
            };
            let after_dot = j > 0 && tokens[j - 1].is('.');
            let mut segments = vec![word.to_string()];
            let mut k = j + 1;
            while k + 2 < to && tokens[k].is(':') && tokens[k + 1].is(':') {
                match tokens.get(k + 2).and_then(Token::ident) {
                    Some(next) => {
                        segments.push(next.to_string());
                        k += 3;
                    }
                    None => break, // `::<…>` or `::{…}`
                }
            }
            let called = tokens.get(j + 1).is_some_and(|t| t.is('('))
                || (tokens.get(j + 1).is_some_and(|t| t.is(':'))
                    && tokens.get(j + 3).is_some_and(|t| t.is('<')));
            if after_dot {
                // `.name(…)` or `.name::<…>(…)` calls a method; a bare `.name`
                // reads a field.
                if called {
                    methods.insert(word.to_string());
                }
            } else if let Some(found) =
                self.resolve(own_module, imports, self_type.as_ref(), &segments)
            {
                targets.extend(found);
            }
            j = k;
        }
    }

    /// The module and name of the type an impl is for, resolved where the impl is.
    fn impl_type(
        &self,
        id: usize,
        imports: &BTreeMap<String, Vec<String>>,
    ) -> Option<(usize, String)> {
        let (ItemKind::Impl { self_type } | ItemKind::TraitImpl { self_type }) =
            &self.items[id].kind
        else {
            return None;
        };
        let found = self.resolve(
            self.items[id].module,
            imports,
            None,
            std::slice::from_ref(self_type),
        )?;
        found.into_iter().find_map(|r| match r {
            Reference::Item(module, name) => Some((module, name)),
            Reference::Associated(..) => None,
        })
    }

    /// Whether the item `name` of `module` is kept.
    fn is_kept(&self, module: usize, name: &str) -> bool {
        self.modules[module].items.iter().any(|&id| {
            self.items[id].kept && self.items[id].kind == ItemKind::Named(name.to_string())
        })
    }

    /// Marks what the judge path reaches from `entry`, to a fixed point.
    pub fn shake(&mut self, tokens: &[Token], entry: usize) {
        let imports: Vec<BTreeMap<String, Vec<String>>> = (0..self.modules.len())
            .map(|m| self.imports(tokens, m))
            .collect();
        let mut targets = BTreeSet::new();
        let mut methods = BTreeSet::new();
        let mut pending = vec![entry];
        loop {
            while let Some(id) = pending.pop() {
                if self.items[id].kept {
                    continue;
                }
                self.items[id].kept = true;
                let module = self.items[id].module;
                self.references(tokens, id, &imports[module], &mut targets, &mut methods);
                if let Some(parent) = self.items[id].parent_impl {
                    pending.push(parent);
                }
            }
            for id in 0..self.items.len() {
                let item = &self.items[id];
                if item.kept {
                    continue;
                }
                let type_of = |impl_id: usize| {
                    let imports = &imports[self.items[impl_id].module];
                    self.impl_type(impl_id, imports)
                        .filter(|(module, ty)| self.is_kept(*module, ty))
                };
                let reached = match (&item.kind, item.parent_impl) {
                    (ItemKind::TraitImpl { .. }, _) => type_of(id).is_some(),
                    (ItemKind::Named(name), Some(parent)) => match type_of(parent) {
                        Some((module, ty)) => {
                            methods.contains(name)
                                || targets.contains(&Reference::Associated(
                                    module,
                                    ty,
                                    name.clone(),
                                ))
                        }
                        None => false,
                    },
                    (ItemKind::Named(name), None) => {
                        targets.contains(&Reference::Item(item.module, name.clone()))
                    }
                    _ => false,
                };
                if reached {
                    pending.push(id);
                }
            }
            if pending.is_empty() {
                break;
            }
        }
    }

    /// The items the shaking left out (module-level items and the methods of
    /// inherent `impl` blocks, by path), in order.
    pub fn unreached(&self) -> Vec<String> {
        let mut left = Vec::new();
        for item in &self.items {
            let name = match &item.kind {
                ItemKind::Named(name) => name.clone(),
                ItemKind::Impl { self_type } | ItemKind::TraitImpl { self_type } => {
                    format!("impl {self_type}")
                }
                ItemKind::Module(_) | ItemKind::Use | ItemKind::InnerAttribute => continue,
            };
            if !item.kept {
                let mut path = self.modules[item.module].path.clone();
                if let Some(parent) = item.parent_impl {
                    if let ItemKind::Impl { self_type } = &self.items[parent].kind {
                        path.push(self_type.clone());
                    }
                }
                path.push(name);
                left.push(path.join("::"));
            }
        }
        left
    }

    /// Whether a module holds any kept item, at any depth.
    fn module_used(&self, module: usize) -> bool {
        self.modules[module]
            .items
            .iter()
            .any(|&id| match self.items[id].kind {
                ItemKind::Module(child) => self.module_used(child),
                ItemKind::Use | ItemKind::InnerAttribute => false,
                _ => self.items[id].kept,
            })
    }

    /// Whether a `use` leaf of a module whose kept items use `words` is still
    /// needed: a kept item or used module of ours that the module names, or
    /// anything outside the crate (a trait such as `Write` is used through its
    /// methods, without its name).
    fn leaf_alive(&self, leaf: &UseLeaf, path: &[String], words: &BTreeSet<String>) -> bool {
        if path.first().map(String::as_str) != Some("crate") {
            return words.contains(&leaf.local)
                || METHOD_TRAITS.iter().any(|(name, methods)| {
                    leaf.local == *name && methods.iter().any(|m| words.contains(*m))
                });
        }
        if !words.contains(&leaf.local) {
            return false;
        }
        let (name, module_path) = match path[1..].split_last() {
            Some(split) => split,
            None => return false,
        };
        let mut whole = module_path.to_vec();
        whole.push(name.clone());
        if let Some(m) = self.module_at(&whole) {
            return self.module_used(m);
        }
        let Some(m) = self.module_at(module_path) else {
            return false;
        };
        self.modules[m]
            .items
            .iter()
            .any(|&id| self.items[id].kept && self.items[id].kind == ItemKind::Named(name.clone()))
    }

    /// The identifiers a module's kept items use unqualified (not those of its
    /// child modules, nor `y` in a path `x::y`).
    fn words_used(&self, tokens: &[Token], module: usize) -> BTreeSet<String> {
        let mut words = BTreeSet::new();
        let mut stack: Vec<usize> = self.modules[module].items.clone();
        while let Some(id) = stack.pop() {
            let item = &self.items[id];
            if !item.kept || matches!(item.kind, ItemKind::Module(_) | ItemKind::Use) {
                continue;
            }
            let to = match item.kind {
                ItemKind::Impl { .. } => item.open,
                _ => item.to,
            };
            for j in item.from..to {
                let qualified = j > 1 && tokens[j - 1].is(':') && tokens[j - 2].is(':');
                if let (Some(word), false) = (tokens[j].ident(), qualified) {
                    words.insert(word.to_string());
                }
            }
            stack.extend(&item.children);
        }
        words
    }

    /// The text of every kept item, from the squeezed source `text` and its
    /// `tokens`, flattened into one module: the crate's own `use` items and
    /// module wrappers go, paths through the crate's modules (`crate::`,
    /// `super::`, `self::`, `grid::`) lose those segments, and the standard
    /// library's imports are gathered once at the top. A judge file then
    /// needs no `pub` and no imports of its own items. `Err` when two kept
    /// items, or two imports, would then share a name.
    pub fn emit(&self, text: &str, tokens: &[Token]) -> Result<String, String> {
        let modules: BTreeSet<String> = self.modules[1..]
            .iter()
            .filter_map(|m| m.path.last().cloned())
            .collect();
        let mut flat = Flat::default();
        self.emit_module(text, tokens, 0, &modules, &mut flat)?;
        let mut out = String::new();
        for (parent, leaves) in &flat.imports {
            let leaves: Vec<&str> = leaves.iter().map(String::as_str).collect();
            match leaves.as_slice() {
                [one] if *one == "self" => out.push_str(&format!("use {parent};\n")),
                [one] => out.push_str(&format!("use {parent}::{one};\n")),
                _ => out.push_str(&format!("use {parent}::{{{}}};\n", leaves.join(", "))),
            }
        }
        out.push_str(&flat.body);
        Ok(out)
    }

    /// Writes the kept items of `module`, and those of its child modules, to
    /// `flat`.
    fn emit_module(
        &self,
        text: &str,
        tokens: &[Token],
        module: usize,
        modules: &BTreeSet<String>,
        flat: &mut Flat,
    ) -> Result<(), String> {
        let words = self.words_used(tokens, module);
        let path = self.modules[module].path.join("::");
        let slice = |from: usize, to: usize| unqualified(text, &tokens[from..to], modules);
        for &id in &self.modules[module].items {
            let item = &self.items[id];
            match &item.kind {
                ItemKind::Module(child) if self.module_used(*child) => {
                    self.emit_module(text, tokens, *child, modules, flat)?;
                }
                ItemKind::Module(_) | ItemKind::InnerAttribute => {}
                ItemKind::Use => {
                    for leaf in use_leaves(&tokens[item.from..item.to]) {
                        let full = self.absolute(module, &leaf.path);
                        // The module's own `macro_rules!`, exported by path.
                        let own = leaf.path == [leaf.local.clone()];
                        if own
                            || full.first().map(String::as_str) == Some("crate")
                            || !self.leaf_alive(&leaf, &full, &words)
                        {
                            continue;
                        }
                        flat.import(&leaf, &full, modules)?;
                    }
                }
                ItemKind::Impl { .. } if item.kept => {
                    flat.body.push_str(&slice(item.from, item.open + 1));
                    flat.body.push('\n');
                    for &child in &item.children {
                        if self.items[child].kept {
                            let c = &self.items[child];
                            flat.body.push_str(&slice(c.from, c.to));
                            flat.body.push('\n');
                        }
                    }
                    flat.body.push_str("}\n");
                }
                ItemKind::Named(name) if item.kept => {
                    if let Some(other) = flat.names.insert(name.clone(), path.clone()) {
                        return Err(format!(
                            "flattening: {name} is an item of both `{other}` and `{path}`"
                        ));
                    }
                    flat.body.push_str(&slice(item.from, item.to));
                    flat.body.push('\n');
                }
                _ if item.kept => {
                    flat.body.push_str(&slice(item.from, item.to));
                    flat.body.push('\n');
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// A judge file being flattened into one module.
#[derive(Default)]
struct Flat {
    /// The standard library's imports: the parent path, and the names taken
    /// from it (`self` for the parent itself).
    imports: BTreeMap<String, BTreeSet<String>>,
    /// Which import brings each name into scope.
    imported: BTreeMap<String, String>,
    /// Which module each kept named item came from.
    names: BTreeMap<String, String>,
    body: String,
}

impl Flat {
    /// Adds the import `leaf` (of the path `full`), once.
    fn import(
        &mut self,
        leaf: &UseLeaf,
        full: &[String],
        modules: &BTreeSet<String>,
    ) -> Result<(), String> {
        let (parent, written) = match leaf.written.as_str() {
            "self" => (full.join("::"), "self".to_string()),
            _ => (full[..full.len() - 1].join("::"), leaf.written.clone()),
        };
        let whole = format!("{parent}::{written}");
        if modules.contains(&leaf.local) {
            return Err(format!(
                "flattening: the import {whole} shares its name with a module"
            ));
        }
        match self.imported.insert(leaf.local.clone(), whole.clone()) {
            Some(other) if other != whole => Err(format!(
                "flattening: {} is imported as both {other} and {whole}",
                leaf.local
            )),
            _ => {
                self.imports.entry(parent).or_default().insert(written);
                Ok(())
            }
        }
    }
}

/// The text of `tokens` (of the squeezed source `text`) with the crate's
/// module segments taken off the front of every path: `crate::`, `super::`,
/// `self::`, and the name of any module of the crate (a method named as a
/// module, `.parse::<u64>()`, is not a path).
fn unqualified(text: &str, tokens: &[Token], modules: &BTreeSet<String>) -> String {
    let qualifier = |t: &Token| {
        t.ident()
            .is_some_and(|w| matches!(w, "crate" | "super" | "self") || modules.contains(w))
    };
    let mut out = String::new();
    let mut written = tokens.first().map_or(0, |t| t.start);
    let mut i = 0;
    while i < tokens.len() {
        // Not after `::` (the rest of a path), after `.` (a method's
        // turbofish: `.parse::<u64>()`) nor after `$` (a macro's variable).
        let inside_path = (i >= 2 && tokens[i - 1].is(':') && tokens[i - 2].is(':'))
            || (i >= 1 && (tokens[i - 1].is('.') || tokens[i - 1].is('$')));
        let mut j = i;
        while !inside_path
            && j + 2 < tokens.len()
            && qualifier(&tokens[j])
            && tokens[j + 1].is(':')
            && tokens[j + 2].is(':')
        {
            j += 3;
        }
        if j > i {
            out.push_str(&text[written..tokens[i].start]);
            written = tokens[j].start;
            i = j;
            continue;
        }
        out.push_str(&text[written..tokens[i].end]);
        written = tokens[i].end;
        i += 1;
    }
    out
}

/// The type an `impl` header (from `impl` to before `{`) is for, and whether it
/// implements a trait: the last name at angle depth 0, after `for` if there is one.
fn impl_self_type(header: &[Token]) -> (String, bool) {
    let mut depth = 0;
    let mut is_trait = false;
    let mut name = String::new();
    for (j, t) in header.iter().enumerate() {
        match &t.kind {
            Kind::Punct('<') => depth += 1,
            Kind::Punct('>') if j > 0 && !header[j - 1].is('-') => depth -= 1,
            Kind::Ident(w) if depth == 0 && w == "where" => break,
            Kind::Ident(w) if depth == 0 && w == "for" => is_trait = true,
            Kind::Ident(w) if depth == 0 && w != "impl" => name = w.clone(),
            _ => {}
        }
    }
    (name, is_trait)
}

/// The standard library's traits that the crate imports to call their methods,
/// whose names then never appear: such an import stays while one of these
/// methods is called (by name: `write!` counts for `write_fmt`).
const METHOD_TRAITS: [(&str, &[&str]); 4] = [
    (
        "Read",
        &[
            "read",
            "read_to_end",
            "read_to_string",
            "read_exact",
            "bytes",
        ],
    ),
    (
        "Write",
        &["write", "write_all", "flush", "write_fmt", "writeln"],
    ),
    ("BufRead", &["fill_buf", "consume", "lines", "read_line"]),
    ("IsTerminal", &["is_terminal"]),
];

/// One name a `use` item brings in.
#[derive(Clone, Debug, PartialEq, Eq)]
struct UseLeaf {
    /// The name in scope.
    local: String,
    /// The path it names (`self` resolved).
    path: Vec<String>,
    /// How the leaf is written inside braces (`Cell`, `self`, `x as y`).
    written: String,
}

/// The leaves of `use PREFIX::NAME;`, `use PREFIX::{A, B as C, self};` (with or
/// without `pub`); anything more nested yields nothing, and is then kept whole.
fn use_leaves(tokens: &[Token]) -> Vec<UseLeaf> {
    let words = |ts: &[Token]| -> Vec<String> {
        ts.iter()
            .filter_map(Token::ident)
            .map(String::from)
            .collect()
    };
    let start = match tokens.iter().position(|t| t.ident() == Some("use")) {
        Some(p) => p + 1,
        None => return Vec::new(),
    };
    let body = &tokens[start..tokens.len() - 1];
    let Some(open) = body.iter().position(|t| t.is('{')) else {
        let path = words(body);
        let (path, local) = match path.iter().position(|w| w == "as") {
            Some(p) => (path[..p].to_vec(), path[p + 1].clone()),
            None => (path.clone(), path.last().cloned().unwrap_or_default()),
        };
        let written = local.clone();
        return vec![UseLeaf {
            local,
            path,
            written,
        }];
    };
    if body[open + 1..].iter().any(|t| t.is('{') || t.is(':')) {
        return Vec::new();
    }
    let prefix = words(&body[..open]);
    let mut leaves = Vec::new();
    for part in body[open + 1..body.len() - 1].split(|t| t.is(',')) {
        let names = words(part);
        let Some(first) = names.first() else { continue };
        let mut path = prefix.clone();
        if first != "self" {
            path.push(first.clone());
        }
        let local = match names.iter().position(|w| w == "as") {
            Some(p) => names[p + 1].clone(),
            None => path.last().cloned().unwrap_or_default(),
        };
        leaves.push(UseLeaf {
            local,
            path,
            written: names.join(" "),
        });
    }
    leaves
}
