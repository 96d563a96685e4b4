use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles = slink::parse_all(&text).unwrap();
    let mut times = vec![];
    let t = Instant::now();
    for (i, p) in puzzles.iter().enumerate() {
        let t0 = Instant::now();
        let r = slink::solve(p);
        let dt = t0.elapsed().as_secs_f64();
        times.push(dt);
        let kind = match r.outcome {
            slink::Outcome::Unique(_) => "unique",
            slink::Outcome::Multiple(_) => "multiple",
            _ => "none",
        };
        if dt > 0.05 || kind != "unique" {
            eprintln!(
                "{} {}x{} {:.3}s guesses {} {}",
                i + 1,
                p.rows,
                p.cols,
                dt,
                r.guesses,
                kind
            );
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "total {:.3}s median {:.2}ms worst {:.1}ms",
        t.elapsed().as_secs_f64(),
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3
    );
}
