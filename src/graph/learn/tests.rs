//! The learning search's rules, reasons and clauses held to Loopy's own
//! answers: no rule breaks on an answer, no step goes against one, every
//! reason holds before its step, and every clause learnt holds in it.

use super::*;
use crate::graph::fixtures::{fixtures, graph_of};

/// A fixture's answer as edge states.
fn answer_of(on: &[bool]) -> Vec<EdgeState> {
    on.iter()
        .map(|&on| {
            if on {
                EdgeState::Line
            } else {
                EdgeState::Cross
            }
        })
        .collect()
}

/// Whether a literal holds in an answer.
fn holds(answer: &[EdgeState], l: Lit) -> bool {
    answer[l.edge().0 as usize] == l.state()
}

/// Loopy's answers, decided edge by edge with the rules run after each,
/// break no rule; every edge a step sets agrees with the answer, and its
/// reason held on the board before it.
#[test]
fn loopy_s_answers_break_no_rule_and_every_reason_holds() {
    for fixture in fixtures() {
        let puzzle = graph_of(&fixture.id);
        let answer = answer_of(&fixture.answer);
        let mut learner = Learner::new(&puzzle);
        for face in puzzle.graph.faces() {
            assert_eq!(learner.face_rule(face), Ok(()), "{}", fixture.made_by);
        }
        for edge in puzzle.graph.edges() {
            assert_eq!(learner.propagate(), Ok(()), "{}", fixture.made_by);
            assert_eq!(learner.one_piece(), Ok(()), "{}", fixture.made_by);
            if learner.board.state(edge) == EdgeState::Unknown {
                learner
                    .levels
                    .push((learner.board.mark(), learner.reasons.len()));
                assert!(learner.assign(Lit::new(edge, answer[edge.0 as usize]), Why::Decision));
            }
        }
        assert_eq!(learner.propagate(), Ok(()), "{}", fixture.made_by);
        assert!(learner.board.is_solved(), "{}", fixture.made_by);
        let trail = learner.board.trail().to_vec();
        let place: Vec<usize> = {
            let mut place = vec![0; trail.len()];
            for (at, e) in trail.iter().enumerate() {
                place[e.0 as usize] = at;
            }
            place
        };
        for (at, &edge) in trail.iter().enumerate() {
            assert_eq!(
                learner.board.state(edge),
                answer[edge.0 as usize],
                "{}: edge {}",
                fixture.made_by,
                edge.0
            );
            for &l in learner.reason(learner.why[edge.0 as usize]) {
                assert!(holds(&answer, l), "{}: edge {}", fixture.made_by, edge.0);
                assert!(
                    place[l.edge().0 as usize] < at,
                    "{}: edge {}",
                    fixture.made_by,
                    edge.0
                );
            }
        }
    }
}

/// The search from nothing finds Loopy's answer, and every clause it
/// learnt on the way holds in that answer. (Once an answer is blocked, the
/// clauses learnt may rule it out: it is no longer wanted.)
#[test]
fn every_clause_learnt_holds_in_the_answer() {
    let mut learnt = 0;
    for fixture in fixtures().iter().filter(|f| f.made_by.starts_with("7x7")) {
        let puzzle = graph_of(&fixture.id);
        let answer = answer_of(&fixture.answer);
        let mut learner = Learner::new(&puzzle);
        let mut found = Vec::new();
        learner.run(&mut found, 1);
        assert_eq!(found, vec![answer.clone()], "{}", fixture.made_by);
        for clause in learner.clauses.all.iter().filter(|c| c.learnt) {
            assert!(
                clause.lits.iter().any(|&l| holds(&answer, l)),
                "{}",
                fixture.made_by
            );
            learnt += 1;
        }
    }
    assert!(learnt > 100, "only {learnt} clauses learnt");
}
