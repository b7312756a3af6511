//! The inputs fuzzing found interesting (`fuzz/regressions/<target>/`), replayed through the
//! same invariants the fuzz targets check (`sourcepolicy::invariants`), on stable Rust and
//! without the fuzzer. `scripts/fuzz.sh` adds new ones.

use std::path::Path;

fn replay(target: &str, check: fn(&str)) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let outcome = std::panic::catch_unwind(|| check(text));
            assert!(outcome.is_ok(), "{} broke an invariant", path.display());
            n += 1;
        }
    }
    n
}

#[test]
fn lint_regressions_keep_every_invariant() {
    let n = replay("lint", sourcepolicy::invariants::lint_and_check);
    assert!(n >= 5, "{n} inputs");
}

#[test]
fn policy_regressions_never_panic() {
    let n = replay("policy", sourcepolicy::invariants::read_policy);
    assert!(n >= 3, "{n} inputs");
}
