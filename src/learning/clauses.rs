//! Clauses over edges, with two watched literals each: the clauses the
//! learning search learns from its conflicts, and those that block the
//! answers it has found. A learnt clause keeps its quality (the number of
//! decision levels among its literals when it was learnt, "LBD", after the
//! Glucose solver's measure) and an activity, so that the worse half can
//! be dropped when there are too many.

use super::{EdgeId, Lit};

/// No clause: in [`Clauses::watch`] lists and as an edge's antecedent.
pub(crate) const NO_CLAUSE: u32 = u32::MAX;

/// One clause: its literals (the two watched first), whether it was learnt
/// (and so may be dropped), its LBD and activity.
pub(crate) struct Clause<E> {
    pub(crate) lits: Vec<Lit<E>>,
    pub(crate) learnt: bool,
    pub(crate) lbd: u32,
    pub(crate) activity: f64,
}

/// The clauses, and for each literal the clauses that watch it (that is,
/// whose first or second literal it is).
pub(crate) struct Clauses<E> {
    pub(crate) all: Vec<Clause<E>>,
    /// Per literal ([`Lit::index`]), the clauses watching it.
    pub(crate) watch: Vec<Vec<u32>>,
    /// Slots of dropped clauses, to be used again.
    free: Vec<u32>,
    /// Learnt clauses standing.
    pub(crate) learnt: usize,
    /// The amount an activity bump adds; it grows as activities decay.
    bump: f64,
}

impl<E: EdgeId> Clauses<E> {
    /// No clause, on `edges` edges.
    pub(crate) fn new(edges: usize) -> Clauses<E> {
        Clauses {
            all: Vec::new(),
            watch: vec![Vec::new(); 2 * edges],
            free: Vec::new(),
            learnt: 0,
            bump: 1.0,
        }
    }

    /// Adds a clause of two literals or more, watching its first two, and
    /// returns its id.
    pub(crate) fn add(&mut self, lits: Vec<Lit<E>>, learnt: bool, lbd: u32) -> u32 {
        debug_assert!(lits.len() >= 2, "a clause to watch has two literals");
        let (a, b) = (lits[0], lits[1]);
        let clause = Clause {
            lits,
            learnt,
            lbd,
            activity: self.bump,
        };
        let id = match self.free.pop() {
            Some(id) => {
                self.all[id as usize] = clause;
                id
            }
            None => {
                self.all.push(clause);
                (self.all.len() - 1) as u32
            }
        };
        self.watch[a.index()].push(id);
        self.watch[b.index()].push(id);
        self.learnt += usize::from(learnt);
        id
    }

    /// Makes a clause that took part in a conflict more likely kept.
    pub(crate) fn bump(&mut self, id: u32) {
        let clause = &mut self.all[id as usize];
        clause.activity += self.bump;
        if clause.activity > 1e100 {
            for clause in &mut self.all {
                clause.activity *= 1e-100;
            }
            self.bump *= 1e-100;
        }
    }

    /// Ages every activity a little (by raising what a bump adds).
    pub(crate) fn decay(&mut self) {
        self.bump /= 0.999;
    }

    /// Drops the worse half of the learnt clauses, by LBD and then by
    /// activity; not those with an LBD of 2 or less (glue clauses), nor
    /// those `locked` (the antecedent of an edge decided now).
    pub(crate) fn reduce(&mut self, locked: impl Fn(u32) -> bool) {
        let mut learnt: Vec<u32> = (0..self.all.len() as u32)
            .filter(|&id| {
                let clause = &self.all[id as usize];
                clause.learnt && clause.lbd > 2 && !clause.lits.is_empty() && !locked(id)
            })
            .collect();
        learnt.sort_by(|&a, &b| {
            let (a, b) = (&self.all[a as usize], &self.all[b as usize]);
            b.lbd.cmp(&a.lbd).then(a.activity.total_cmp(&b.activity))
        });
        for &id in &learnt[..learnt.len() / 2] {
            let clause = &mut self.all[id as usize];
            clause.lits = Vec::new();
            clause.learnt = false;
            self.free.push(id);
            self.learnt -= 1;
        }
        // The watch lists again, without the dropped clauses.
        for list in &mut self.watch {
            list.clear();
        }
        for (id, clause) in self.all.iter().enumerate() {
            if let [a, b, ..] = clause.lits[..] {
                self.watch[a.index()].push(id as u32);
                self.watch[b.index()].push(id as u32);
            }
        }
    }
}
