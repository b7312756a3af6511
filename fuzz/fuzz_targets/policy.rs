//! Policy files: any text is read or rejected with an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        sourcepolicy::invariants::read_policy(text);
    }
});
