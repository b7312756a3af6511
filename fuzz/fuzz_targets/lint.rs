//! Bytes → parse → every offline rule → every report format, with span invariants asserted.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        sourcepolicy::invariants::lint_and_check(text);
    }
});
