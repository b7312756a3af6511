//! Compiles the pattern lists of the default policy into dense DFAs (a few consecutive
//! patterns of a list share one multi-pattern DFA), so that a run matches them without
//! compiling a regular expression: the URL patterns of `[sources]` (compiling the ~80 patterns
//! at run time costs more than the rest of a lint of a large list, and one automaton for all
//! of them would multiply their states), the heading and header-name lists of `[sections]`
//! and `[tables]`, and the code-block lead-in cues of `[perf]` (`results_cues`,
//! `command_cues`) (each a few patterns, but compiling even a small list costs as much as
//! parsing a whole list). The DFAs are written to `$OUT_DIR/pattern_dfas.bin` with an index
//! `$OUT_DIR/pattern_dfas.rs`: per list (its patterns joined by NUL), its DFAs (offset,
//! length, searched anchored, how many patterns, the hosts they name, and for URL patterns the
//! literals a URL must hold to match one: `src/policy/required.rs`), and one automaton of all
//! those literals (`Gates`), so that a URL is walked by the few DFAs it may match rather than
//! by all of them. `src/policy/compiled.rs` reads them. A list
//! that cannot be compiled here is matched with patterns compiled at run time instead (a test
//! checks that none is left out).
//!
//! The `[perf]` vocabularies are compiled too (`vocab_dfas.bin`, `vocab_dfas.rs`, read by
//! `src/policy/vocab_dfa.rs`): the five field lists as one set of patterns and the three cue
//! lists as another, as `ListFinder` searches them. Each set is split into chunks of
//! consecutive patterns (one DFA for a whole set would multiply its states past any size),
//! each a dense forward DFA (where a match ends, and which pattern) and a sparse reverse DFA
//! (where it starts), with the literals its patterns need (`required.rs`), so that a run
//! neither reads nor searches a chunk the file's texts cannot match. A pattern whose DFA alone
//! is too large is left to run time.
//!
//! The default policy itself is written out too: `[sources]` and the pattern lists as Rust
//! (`default_sources.rs`, `default_lists.rs`), the rest as JSON.

use regex_automata::dfa::{dense, StartKind};
use regex_automata::nfa::thompson::{self, WhichCaptures};
use regex_automata::util::syntax;
use regex_automata::MatchKind;
use regex_syntax::hir::Look;
use std::fmt::Write as _;

#[path = "src/policy/host_key.rs"]
#[allow(dead_code)]
mod host_key;
#[path = "src/devices/joined.rs"]
#[allow(dead_code)]
mod joined;
#[path = "src/policy/literal.rs"]
#[allow(dead_code)]
mod literal;
#[path = "src/policy/required.rs"]
mod required;
#[path = "src/units.rs"]
#[allow(dead_code)]
mod units;

fn main() {
    println!("cargo:rerun-if-changed=policy.toml");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/policy/literal.rs");
    println!("cargo:rerun-if-changed=src/policy/host_key.rs");
    println!("cargo:rerun-if-changed=src/policy/required.rs");
    println!("cargo:rerun-if-changed=src/units.rs");
    println!("cargo:rerun-if-changed=src/devices/joined.rs");
    link_without_pie();
    let policy = std::fs::read_to_string("policy.toml").expect("policy.toml is readable");
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let syntax = syntax::Config::new()
        .unicode(false)
        .utf8(false)
        .case_insensitive(true);
    let mut blob: Vec<u8> = Vec::new();
    // `Chunk` is (offset, length, searched anchored, how many patterns, the hosts they name,
    // the literals a URL must hold to match them), in the module that includes this file.
    let mut index = String::from("pub(crate) static INDEX: &[(&str, &[super::Chunk])] = &[\n");
    let mut gates = Gates::default();
    for (patterns, urls) in pattern_tables(&policy) {
        // Consecutive patterns of the table share a DFA while it stays small (one DFA for a
        // whole table can grow to megabytes, as the patterns' states multiply) and while they
        // all name their hosts, or all do not: a DFA of patterns that name their hosts is only
        // tried on those hosts.
        let named: Vec<bool> = patterns
            .iter()
            .map(|p| literal::literal_hosts(p).is_some())
            .collect();
        // Chunks are grown on DFAs built without minimizing (a minimized DFA is smaller, and
        // minimizing every candidate would make this script slow); each is minimized once.
        let mut chunks: Vec<(Vec<u8>, bool, usize, usize)> = Vec::new();
        let mut from = 0;
        while from < patterns.len() {
            let mut to = from + 1;
            while to < patterns.len()
                && named[to] == named[from]
                && compile(&patterns[from..=to], &syntax, big_endian, false)
                    .is_some_and(|c| c.0.len() <= CHUNK_BYTES)
            {
                to += 1;
            }
            let Some((bytes, anchored)) = compile(&patterns[from..to], &syntax, big_endian, true)
            else {
                break;
            };
            chunks.push((bytes, anchored, from, to - from));
            from = to;
        }
        if from < patterns.len() {
            continue; // a pattern this build cannot compile: the table is compiled at run time
        }
        let mut entries = String::new();
        for (bytes, anchored, from, count) in chunks {
            // Each DFA starts on an 8-byte boundary of the (aligned) blob.
            while !blob.len().is_multiple_of(8) {
                blob.push(0);
            }
            // The hosts its patterns name (all of them do, or none), so that a run need not
            // read them from the patterns.
            let hosts = if named[from] {
                let mut hosts: Vec<String> = patterns[from..from + count]
                    .iter()
                    .flat_map(|p| literal::literal_hosts(p).unwrap_or_default())
                    .collect();
                hosts.dedup();
                format!("Some(&{hosts:?})")
            } else {
                "None".to_string()
            };
            let gate = match urls {
                true => gates.of(&patterns[from..from + count], &syntax),
                false => "None".to_string(),
            };
            let _ = write!(
                entries,
                "({}, {}, {anchored}, {count}, {hosts}, {gate}), ",
                blob.len(),
                bytes.len()
            );
            blob.extend_from_slice(&bytes);
        }
        let _ = writeln!(index, "    ({:?}, &[{entries}]),", patterns.join("\0"));
    }
    index.push_str("];\n");
    gates.write(&mut index);
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("pattern_dfas.bin"), &blob).expect("write pattern_dfas.bin");
    std::fs::write(out.join("pattern_dfas.rs"), index).expect("write pattern_dfas.rs");
    let (mut main, devices) = default_parts(&policy);
    // `[sources]` is written out as Rust (`default_sources.rs`): the rest of the default is
    // read from JSON. (Its JSON is kept for a user's file that changes `[sources]`.)
    let sources = main
        .as_table_mut()
        .and_then(|t| t.remove("sources"))
        .expect("the default policy has [sources]");
    std::fs::write(out.join("default_sources.rs"), sources_rs(&sources))
        .expect("write default_sources.rs");
    std::fs::write(
        out.join("default_sources.json"),
        serde_json::to_string(&sources).expect("[sources] is JSON"),
    )
    .expect("write default_sources.json");
    std::fs::write(out.join("default_devices.rs"), devices_rs(&devices))
        .expect("write default_devices.rs");
    let (bytes, names) = device_names(&devices, big_endian);
    std::fs::write(out.join("device_names.bin"), bytes).expect("write device_names.bin");
    std::fs::write(out.join("device_names.rs"), names).expect("write device_names.rs");
    std::fs::write(
        out.join("default_main.json"),
        serde_json::to_string(&main).expect("policy.toml is JSON"),
    )
    .expect("write default_main.json");
    // A run reads the default's pattern lists as Rust (`default_lists.rs`), borrowed from the
    // binary, and the rest from JSON: unescaping and copying each pattern was most of reading
    // the JSON. (The whole JSON above is kept for layering a user's file.)
    let (lean, lists) = default_lists(&main);
    std::fs::write(out.join("default_lists.rs"), lists).expect("write default_lists.rs");
    std::fs::write(
        out.join("default_lean.json"),
        serde_json::to_string(&lean).expect("policy.toml is JSON"),
    )
    .expect("write default_lean.json");
    let (blob, index) = vocab_dfas(&main, big_endian);
    std::fs::write(out.join("vocab_dfas.bin"), &blob).expect("write vocab_dfas.bin");
    std::fs::write(out.join("vocab_dfas.rs"), index).expect("write vocab_dfas.rs");
}

/// The policy fields that hold patterns (a `PatternList` or a `Vec<Pattern>`), by table: a
/// field left out here is read from JSON, as before.
const PATTERN_FIELDS: [(&str, &[&str]); 3] = [
    (
        "sections",
        &[
            "exempt",
            "core",
            "frontier",
            "hardware",
            "contents",
            "forbidden_headings",
            "forbidden_text",
        ],
    ),
    ("tables", &["title", "source", "code", "date"]),
    (
        "perf",
        &[
            "hardware",
            "workload",
            "precision",
            "baseline",
            "correctness",
            "setting_cues",
            "measurement_cues",
            "hypothetical_cues",
            "results_cues",
            "command_cues",
        ],
    ),
];

/// `main` without its pattern lists, and Rust that sets them on a `Policy` (`fill`, included
/// by `src/policy/default_lists.rs`), each pattern a string literal of the binary.
fn default_lists(main: &toml::Value) -> (toml::Value, String) {
    let mut lean = main.clone();
    let mut code =
        String::from("/// Sets the default policy's pattern lists (written by `build.rs`).\n");
    code.push_str("pub(super) fn fill(p: &mut Policy) {\n");
    for (table, keys) in PATTERN_FIELDS {
        let Some(t) = lean.get_mut(table).and_then(toml::Value::as_table_mut) else {
            continue;
        };
        for key in keys {
            let Some(list) = t.remove(*key) else {
                continue;
            };
            let patterns: Vec<&str> = list
                .as_array()
                .expect("a pattern list")
                .iter()
                .map(|p| p.as_str().expect("a pattern"))
                .collect();
            // `{:?}` of a `str` is a Rust string literal of it.
            let _ = writeln!(
                code,
                "    p.{table}.{key} = FromStatic::from_static(&{patterns:?});"
            );
        }
    }
    code.push_str("}\n");
    (lean, code)
}

/// The default policy without its device table (the part every run reads) and the table (read
/// when a rule first needs it), cut as `default_split` in `src/policy/mod.rs` cuts them (tests
/// hold both to it), to be written out as JSON: serde reads it several times faster than the
/// TOML it was written in.
fn default_parts(policy: &str) -> (toml::Value, toml::Value) {
    let at = policy
        .find("\n[[perf.devices]]\n")
        .expect("the default policy ends with its device table");
    let intro = policy[..at].rfind("\n\n").map_or(at, |i| i + 1);
    (
        toml::from_str(&policy[..intro]).expect("policy.toml parses"),
        toml::from_str(&policy[intro..]).expect("the device table parses"),
    )
}

/// The default `[sources]` as Rust (read by `src/policy/builtin.rs`): every string in one
/// text (`TEXT`) and tables of (offset, length) into it, so that the binary holds no pointer
/// per string (each would be a relocation at start-up) and a run parses nothing:
///
/// - `TABLES`: the tables in the classifier's priority order (inadmissible groups, none groups,
///   docs, paper, report, repo): (kind: 0 inadmissible, 1 none, 2 docs, 3 paper, 4 report,
///   5 repo; group name; `about`; hosts `HOSTS[from..to]`; patterns `URLS[from..to]`);
/// - the classifier's index of those hosts (`src/classify.rs` builds the same for any other
///   policy): four open-addressing tables (`host_key::probe`) of keys, each key naming its
///   entries in `ENTRIES` (table, entry as keyed, path prefix).
fn sources_rs(sources: &toml::Value) -> String {
    #[derive(Default)]
    struct Text {
        text: String,
        at: std::collections::HashMap<String, (u32, u32)>,
    }
    impl Text {
        fn add(&mut self, s: &str) -> (u32, u32) {
            if let Some(&at) = self.at.get(s) {
                return at;
            }
            let at = (self.text.len() as u32, s.len() as u32);
            self.text.push_str(s);
            self.at.insert(s.to_string(), at);
            at
        }
    }
    /// (offset, length) in the text.
    type Span = (u32, u32);
    /// An entry of a key: (table, entry, prefix).
    type Entry = (usize, Span, Span);
    /// Keys in insertion order (where, the key), each with its entries.
    #[derive(Default)]
    struct Map {
        keys: Vec<(Span, String, Vec<Entry>)>,
    }
    impl Map {
        fn get(&mut self, key: &str) -> Option<usize> {
            self.keys.iter().position(|(_, k, _)| k == key)
        }
    }
    let mut text = Text::default();
    let strings = |v: Option<&toml::Value>| -> Vec<String> {
        v.and_then(toml::Value::as_array)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|s| s.as_str().expect("a string").to_string())
            .collect()
    };
    let mut ordered: Vec<(u8, String, &toml::Value)> = Vec::new();
    for (kind, group) in [(0u8, "inadmissible"), (1, "none")] {
        if let Some(t) = sources.get(group).and_then(toml::Value::as_table) {
            let mut names: Vec<&String> = t.keys().collect();
            names.sort();
            for n in names {
                ordered.push((kind, n.clone(), &t[n]));
            }
        }
    }
    for (kind, name) in [(2u8, "docs"), (3, "paper"), (4, "report"), (5, "repo")] {
        if let Some(t) = sources.get(name) {
            ordered.push((kind, String::new(), t));
        }
    }
    let (mut tables, mut hosts, mut urls) = (String::new(), String::new(), String::new());
    let (mut nh, mut nu) = (0, 0);
    let [mut exact, mut path, mut suffix, mut label] = [(); 4].map(|_| Map::default());
    for (t, (kind, name, rules)) in ordered.iter().enumerate() {
        let about = rules
            .get("about")
            .and_then(toml::Value::as_str)
            .unwrap_or("");
        let (hs, us) = (strings(rules.get("hosts")), strings(rules.get("urls")));
        let _ = write!(
            tables,
            "({kind}, {:?}, {:?}, {nh}, {}, {nu}, {}), ",
            text.add(name),
            text.add(about),
            nh + hs.len(),
            nu + us.len()
        );
        (nh, nu) = (nh + hs.len(), nu + us.len());
        for u in &us {
            let _ = write!(urls, "{:?}, ", text.add(u));
        }
        for written in &hs {
            let _ = write!(hosts, "{:?}, ", text.add(written));
            // as `Classifier::new` files it
            let h = host_key::normalised(written).into_owned();
            let at = text.add(&h);
            let sub = |r: &std::ops::Range<usize>| (at.0 + r.start as u32, r.len() as u32);
            let (map, key, prefix, first_wins) = match host_key::slot(&h) {
                host_key::Slot::Suffix(r) => (&mut suffix, r.clone(), 0..0, true),
                host_key::Slot::FirstLabel(r) => (&mut label, r.clone(), 0..0, true),
                host_key::Slot::WithPath { host, prefix } => (&mut path, host, prefix, false),
                host_key::Slot::Exact => (&mut exact, 0..h.len(), 0..0, true),
            };
            let entry = (t, at, sub(&prefix));
            match map.get(&h[key.clone()]) {
                Some(_) if first_wins => {}
                Some(k) => map.keys[k].2.push(entry),
                None => map.keys.push((sub(&key), h[key].to_string(), vec![entry])),
            }
        }
    }
    let mut out = String::new();
    let mut entries = String::new();
    let mut n_entries = 0;
    for (name, map) in [
        ("EXACT", &exact),
        ("PATH", &path),
        ("SUFFIX", &suffix),
        ("LABEL", &label),
    ] {
        let size = (map.keys.len() * 2).next_power_of_two().max(2);
        let mut slots = vec![0u16; size];
        let mut keys = String::new();
        for (k, (at, key, list)) in map.keys.iter().enumerate() {
            let mut i = host_key::hash(key) as usize & (size - 1);
            while slots[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            slots[i] = u16::try_from(k + 1).expect("fewer than 65,535 hosts");
            let _ = write!(keys, "({at:?}, {n_entries}, {}), ", n_entries + list.len());
            for (t, entry, prefix) in list {
                let _ = write!(entries, "({t}, {entry:?}, {prefix:?}), ");
                n_entries += 1;
            }
        }
        let _ = writeln!(
            out,
            "pub(super) static {name}_SLOTS: [u16; {size}] = {slots:?};"
        );
        let _ = writeln!(
            out,
            "pub(super) static {name}_KEYS: [Key; {}] = [{keys}];",
            map.keys.len()
        );
    }
    let _ = writeln!(
        out,
        "pub(super) static ENTRIES: [Entry; {n_entries}] = [{entries}];"
    );
    let _ = writeln!(
        out,
        "pub(super) static TABLES: [Table; {}] = [{tables}];",
        ordered.len()
    );
    let _ = writeln!(out, "pub(super) static HOSTS: [Span; {nh}] = [{hosts}];");
    let _ = writeln!(out, "pub(super) static URLS: [Span; {nu}] = [{urls}];");
    let accept = sources
        .get("accept_evidence")
        .and_then(toml::Value::as_bool)
        .unwrap_or(false);
    let _ = writeln!(out, "pub(super) const ACCEPT_EVIDENCE: bool = {accept};");
    let _ = writeln!(out, "pub(super) static TEXT: &str = {:?};", text.text);
    out
}

/// The default device table as a Rust expression (a `Vec<DeviceSpec>`), its rates parsed here:
/// reading it costs a few hundred small allocations, not a JSON parse and a rate parse each.
/// The `perf.devices` schema is checked by a test that reads the same table as a user's.
fn devices_rs(devices: &toml::Value) -> String {
    let string = |v: &toml::Value| format!("s({:?})", v.as_str().expect("a string"));
    let strings = |v: Option<&toml::Value>| {
        let items: Vec<String> = v
            .and_then(toml::Value::as_array)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(string)
            .collect();
        format!("vec![{}]", items.join(", "))
    };
    let rate = |v: Option<&toml::Value>, want: units::RateKind| match v {
        None => "None".to_string(),
        Some(v) => {
            let text = v.as_str().expect("a rate is a string");
            let (value, kind) = units::parse_rate(text).expect("a device rate parses");
            assert_eq!(kind, want, "device rate `{text}` is of the wrong kind");
            format!("r({text:?}, {value:?})")
        }
    };
    let peaks = |v: Option<&toml::Value>| {
        let mut out = String::from("Peaks { ");
        if let Some(t) = v.and_then(toml::Value::as_table) {
            for (k, r) in t {
                out.push_str(&format!(
                    "{k}: {}, ",
                    rate(Some(r), units::RateKind::Compute)
                ));
            }
        }
        out.push_str("..Peaks::default() }");
        out
    };
    let mut out = String::from("vec![\n");
    let rows = devices["perf"]["devices"]
        .as_array()
        .expect("[[perf.devices]]");
    for d in rows {
        out.push_str(&format!(
            "DeviceSpec {{ name: {}, names: {}, bare: {}, source: {}, memory_bandwidth: {}, interconnect: {}, dense: {}, sparse: {} }},\n",
            string(&d["name"]),
            strings(d.get("names")),
            strings(d.get("bare")),
            string(&d["source"]),
            rate(d.get("memory_bandwidth"), units::RateKind::Bandwidth),
            rate(d.get("interconnect"), units::RateKind::Bandwidth),
            peaks(d.get("dense")),
            peaks(d.get("sparse")),
        ));
    }
    out.push_str("]\n");
    out
}

/// The default device table's spellings as the name matcher searches them (`joined`), in its
/// order, compiled into one DFA that reports every spelling ending at each byte (overlapping
/// search, all matches: what an Aho-Corasick automaton reports), and the list of them, which a
/// run compares with its own table's before it uses the DFA. Building the automaton at run
/// time cost ~1.5M instructions whenever a list had a claim to judge. With them, the order of
/// the spellings and what the matcher keeps of each, so that a run with the default table
/// works out none of it (`DeviceTable::for_list`).
fn device_names(devices: &toml::Value, big_endian: bool) -> (Vec<u8>, String) {
    let strings = |v: Option<&toml::Value>| -> Vec<String> {
        v.and_then(toml::Value::as_array)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|s| s.as_str().expect("a string").to_string())
            .collect()
    };
    let rows: Vec<(Vec<String>, Vec<String>)> = devices["perf"]["devices"]
        .as_array()
        .expect("[[perf.devices]]")
        .iter()
        .map(|d| (strings(d.get("names")), strings(d.get("bare"))))
        .collect();
    let spellings = joined::ordered(rows.iter().map(|(n, b)| (n.as_slice(), b.as_slice())));
    let mut words: Vec<String> = Vec::new();
    // As `DeviceTable::new` and `NameMatcher::new` read the spellings: (device, bare, the
    // spelling ends in `s`) per spelling, and (spelling, gaps, length) per joined form.
    let mut order = String::from("pub(super) static SPELLINGS: &[(usize, bool, bool)] = &[");
    let mut patterns = String::from("pub(super) static PATTERNS: &[(usize, &[usize], usize)] = &[");
    for (i, (s, device, bare)) in spellings.iter().enumerate() {
        let _ = write!(order, "({device}, {bare}, {}), ", s.ends_with(['s', 'S']));
        if let Some((w, gaps)) = joined::joined(s) {
            let _ = write!(patterns, "({i}, &{gaps:?}, {}), ", w.len());
            words.push(w);
        }
    }
    order.push_str("];\n");
    patterns.push_str("];\n");
    let escaped: Vec<String> = words.iter().map(|w| regex_syntax::escape(w)).collect();
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .start_kind(StartKind::Unanchored)
                .match_kind(MatchKind::All),
        )
        .syntax(syntax::Config::new().unicode(false).utf8(false))
        .thompson(thompson::Config::new().which_captures(WhichCaptures::None))
        .build_many(&escaped)
        .expect("the device names compile");
    let list = format!("pub(super) static JOINED: &[&str] = &{words:?};\n{order}{patterns}");
    // Sparse: a fifth of the dense size (~1 MB), and it only runs over texts with claims.
    let sparse = dfa.to_sparse().expect("the device-name DFA converts");
    let bytes = if big_endian {
        sparse.to_bytes_big_endian()
    } else {
        sparse.to_bytes_little_endian()
    };
    (bytes, list)
}

/// Links the executable at a fixed address (`-no-pie`) on Linux: a position-independent
/// executable makes the dynamic loader apply ~31,600 relative relocations to the binary's own
/// tables on every start (their pages copied on write), about a sixth of a lint of an empty
/// list. Measured (`ibench.py 300`, LTO build, medians): a lint of an empty list 1.98 → 1.62
/// ms, `--help` 1.66 → 1.31 ms, the guide (22 KB) 3.46 → 3.19 ms.
///
/// The trade-off: the executable's own image is not randomised (no ASLR for it); shared
/// libraries, stack and heap still are, and the binary is Rust with no unsafe parsing of its
/// input. Set here for the binaries only: `RUSTFLAGS` would reach the proc-macro crates, which
/// must be position-independent to load into the compiler.
fn link_without_pie() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

/// What URLs must hold to match the built DFAs of URL patterns (see `required`): every literal
/// once, every set of literals once, both numbered in the order first met.
#[derive(Default)]
struct Gates {
    literals: Vec<String>,
    sets: Vec<Vec<u16>>,
}

impl Gates {
    /// A chunk's gate, as Rust: per pattern, the sets of which the URL must hold a literal
    /// each; `None` when a pattern needs no literal (the chunk is always tried).
    fn of(&mut self, patterns: &[String], syntax: &syntax::Config) -> String {
        let mut per_pattern = Vec::new();
        for p in patterns {
            let Ok(hir) = syntax::parse_with(p, syntax) else {
                return "None".to_string();
            };
            let sets = required::required(&hir);
            if sets.is_empty() {
                return "None".to_string();
            }
            let ids: Vec<u16> = sets.into_iter().map(|s| self.set(s)).collect();
            per_pattern.push(ids);
        }
        format!("Some({})", slices(&per_pattern))
    }

    fn set(&mut self, literals: Vec<String>) -> u16 {
        let mut ids: Vec<u16> = literals.into_iter().map(|l| self.literal(l)).collect();
        ids.sort_unstable();
        position_or_push(&mut self.sets, ids)
    }

    fn literal(&mut self, mut literal: String) -> u16 {
        // Any part of a literal a URL must hold it must hold too: the first bytes of a long
        // literal filter nearly as well, with a fraction of the automaton's states.
        let mut end = GATE_LITERAL_BYTES.min(literal.len());
        while !literal.is_char_boundary(end) {
            end -= 1;
        }
        literal.truncate(end);
        position_or_push(&mut self.literals, literal)
    }

    /// The gate automaton, as Rust (`GATE_*`): one pass over a URL tells which literal sets it
    /// holds. An Aho-Corasick DFA of every literal (ASCII case ignored, every match reported)
    /// copied into a table: `GATE_CLASSES` maps a byte to its column, `GATE_NEXT` is the
    /// next state by state and column (`GATE_STRIDE` columns a state), and `GATE_AT` gives,
    /// by state, the mask in `GATE_MASKS` of the sets whose literals end there (0: none, else
    /// index + 1).
    fn write(&self, index: &mut String) {
        use aho_corasick::automaton::Automaton;
        use aho_corasick::{Anchored, MatchKind, StartKind};
        let dfa = aho_corasick::dfa::DFA::builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .start_kind(StartKind::Unanchored)
            .build(&self.literals)
            .expect("the gate literals make an automaton");
        let mut sets_of: Vec<Vec<u16>> = vec![Vec::new(); self.literals.len()];
        for (s, set) in self.sets.iter().enumerate() {
            for &l in set {
                sets_of[usize::from(l)].push(s as u16);
            }
        }
        let words = self.sets.len().div_ceil(64);
        // States in the order first reached from the start, each with its 256 successors.
        let start = dfa.start_state(Anchored::No).expect("an unanchored start");
        let mut ids = std::collections::HashMap::from([(start, 0usize)]);
        let mut order = vec![start];
        let mut rows: Vec<Vec<usize>> = Vec::new();
        let mut masks: Vec<Vec<u64>> = Vec::new();
        let mut at: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let sid = order[i];
            let row: Vec<usize> = (0..=255u8)
                .map(|b| {
                    let next = dfa.next_state(Anchored::No, sid, b);
                    *ids.entry(next).or_insert_with(|| {
                        order.push(next);
                        order.len() - 1
                    })
                })
                .collect();
            rows.push(row);
            let mut mask = vec![0u64; words];
            let matches = if dfa.is_match(sid) {
                dfa.match_len(sid)
            } else {
                0
            };
            for m in 0..matches {
                for &set in &sets_of[dfa.match_pattern(sid, m).as_usize()] {
                    mask[usize::from(set) / 64] |= 1 << (set % 64);
                }
            }
            at.push(if mask.iter().all(|&w| w == 0) {
                0
            } else {
                usize::from(position_or_push(&mut masks, mask)) + 1
            });
            i += 1;
        }
        // Bytes that lead every state to the same place share a column.
        let mut columns: Vec<Vec<usize>> = Vec::new();
        let mut classes = [0u8; 256];
        for b in 0..256 {
            let column: Vec<usize> = rows.iter().map(|r| r[b]).collect();
            classes[b] = u8::try_from(position_or_push(&mut columns, column)).expect("few columns");
        }
        let stride = columns.len();
        // Entries are state numbers (u16), and the masks are by state in a table of their own:
        // a row takes 2 bytes a column rather than 4 (row offset and mask in one u32). The walk
        // is one dependent load a byte and a fresh process finds the table cold, so what it
        // costs is the memory it touches: for the guide's 124 URLs, 807 cache lines and 78
        // pages rather than 970 and 143.
        let next: Vec<u16> = (0..rows.len())
            .flat_map(|s| columns.iter().map(move |c| c[s]))
            .map(|n| u16::try_from(n).expect("fewer than 65,536 gate states"))
            .collect();
        let at: Vec<u16> = at
            .into_iter()
            .map(|a| u16::try_from(a).expect("fewer than 65,536 gate masks"))
            .collect();
        let _ = writeln!(
            index,
            "pub(crate) const GATE_SETS: usize = {};",
            self.sets.len()
        );
        let _ = writeln!(
            index,
            "pub(crate) static GATE_CLASSES: [u8; 256] = {classes:?};"
        );
        let _ = writeln!(index, "pub(crate) const GATE_STRIDE: usize = {stride};");
        let _ = writeln!(
            index,
            "pub(crate) static GATE_NEXT: [u16; {}] = {next:?};",
            next.len()
        );
        let _ = writeln!(
            index,
            "pub(crate) static GATE_AT: [u16; {}] = {at:?};",
            at.len()
        );
        let _ = writeln!(
            index,
            "pub(crate) static GATE_MASKS: [[u64; {words}]; {}] = {masks:?};",
            masks.len()
        );
    }
}

/// The longest literal the gate automaton looks for.
const GATE_LITERAL_BYTES: usize = 16;

/// Lists of numbers as a Rust expression of type `&[&[u16]]`.
fn slices(lists: &[Vec<u16>]) -> String {
    let inner: Vec<String> = lists.iter().map(|l| format!("&{l:?}")).collect();
    format!("&[{}]", inner.join(", "))
}

/// The position of `item` in `list`, pushed first if absent.
fn position_or_push<T: PartialEq>(list: &mut Vec<T>, item: T) -> u16 {
    let at = match list.iter().position(|x| *x == item) {
        Some(at) => at,
        None => {
            list.push(item);
            list.len() - 1
        }
    };
    u16::try_from(at).expect("fewer than 65,536 literals and sets")
}

/// The largest DFA (in bytes) that several patterns of a table share.
const CHUNK_BYTES: usize = 128 * 1024;

/// A multi-pattern DFA for `patterns`, serialized for the target: (bytes, anchored).
fn compile(
    patterns: &[String],
    syntax: &syntax::Config,
    big_endian: bool,
    minimize: bool,
) -> Option<(Vec<u8>, bool)> {
    // Patterns whose every match starts at the start (`^…`) are searched anchored.
    let mut anchored = true;
    for p in patterns {
        let hir = syntax::parse_with(p, syntax).ok()?;
        anchored &= hir.properties().look_set_prefix().contains(Look::Start);
    }
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .start_kind(if anchored {
                    StartKind::Anchored
                } else {
                    StartKind::Unanchored
                })
                .match_kind(MatchKind::All)
                .minimize(minimize),
        )
        .syntax(*syntax)
        .thompson(thompson::Config::new().which_captures(WhichCaptures::None))
        .build_many(patterns)
        .ok()?;
    Some((dense_bytes(&dfa, big_endian), anchored))
}

/// A dense DFA serialized for the target's endianness.
fn dense_bytes(dfa: &dense::DFA<Vec<u32>>, big_endian: bool) -> Vec<u8> {
    let (bytes, pad) = if big_endian {
        dfa.to_bytes_big_endian()
    } else {
        dfa.to_bytes_little_endian()
    };
    bytes[pad..].to_vec()
}

/// The single-quoted patterns of each non-empty pattern array: `urls = [...]` under a
/// `[sources…]` header, and every array under `[sections]` and `[tables]`, each with whether it
/// holds URL patterns. The default policy writes its patterns as TOML literal strings (no
/// escapes).
fn pattern_tables(policy: &str) -> Vec<(Vec<String>, bool)> {
    let mut out = Vec::new();
    let mut current: Option<Vec<String>> = None;
    // Which keys of the current table hold patterns: `urls` only, any array, or none.
    let mut keys: Option<Option<&str>> = None;
    for line in policy.lines() {
        let t = line.trim();
        if current.is_none() && t.starts_with('[') {
            keys = if t.starts_with("[sources") {
                Some(Some("urls"))
            } else if t == "[sections]" || t == "[tables]" {
                Some(None)
            } else if t == "[perf]" {
                // the lead-in cues only asked "does any match?" (the vocabularies are compiled
                // below, as sets searched together)
                Some(Some("results_cues command_cues"))
            } else {
                None
            };
            continue;
        }
        let Some(key) = keys else { continue };
        if t.starts_with('#') {
            continue;
        }
        let rest = match &current {
            Some(_) => t,
            None => match array_value(t, key) {
                Some(r) => {
                    current = Some(Vec::new());
                    r
                }
                None => continue,
            },
        };
        let table = current.as_mut().expect("in a urls array");
        let mut parts = rest.split('\'');
        let mut closed = parts.next().unwrap_or("").contains(']');
        for (i, part) in parts.enumerate() {
            if i % 2 == 0 {
                table.push(part.to_string());
            } else if part.contains(']') {
                closed = true;
            }
        }
        if closed {
            let table = current.take().expect("in a urls array");
            if !table.is_empty() {
                out.push((table, keys == Some(Some("urls"))));
            }
        }
    }
    out
}

/// The text after `key = ` on a line that opens an array (any key when `key` is None; one of
/// its space-separated names otherwise).
fn array_value<'a>(line: &'a str, key: Option<&str>) -> Option<&'a str> {
    let (name, value) = line.split_once('=')?;
    let name = name.trim();
    let ok = key.map_or(
        name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
        |k| k.split(' ').any(|k| name == k),
    );
    let value = value.trim_start();
    (ok && value.starts_with('[')).then_some(value)
}

/// The `[perf]` lists searched together at run time (`src/rules/perf/vocab.rs`): the fields in
/// `Field::ALL` order, then the cues in `Vocabulary::ALL` order.
const VOCAB_SETS: [&[&str]; 2] = [
    &[
        "hardware",
        "workload",
        "precision",
        "baseline",
        "correctness",
    ],
    &["hypothetical_cues", "setting_cues", "measurement_cues"],
];

/// The largest forward DFA (in bytes) of several patterns of a vocabulary set. Larger chunks
/// mean fewer passes over a text (but a pass of a dense DFA costs a few instructions a byte),
/// and more bytes and build time (the states of their patterns multiply).
const VOCAB_CHUNK_BYTES: usize = 64 * 1024;

/// The largest forward DFA (in bytes) of one vocabulary pattern; a larger one is compiled at
/// run time (`replac… [^.;]{1,60}? with` needs hundreds of megabytes).
const VOCAB_PATTERN_BYTES: usize = 512 * 1024;

/// The vocabulary sets compiled into DFAs: the blob and its index, per set (its patterns,
/// whether they are matched in lower-cased text, its chunks). A chunk is (how many patterns,
/// Some((forward offset, length, reverse offset, length)), or None when they are compiled at
/// run time, and what the texts must hold for it to match: `vocab_gate`).
fn vocab_dfas(main: &toml::Value, big_endian: bool) -> (Vec<u8>, String) {
    let mut blob: Vec<u8> = Vec::new();
    let mut index = String::from("pub(crate) static SETS: &[super::Set] = &[\n");
    for keys in VOCAB_SETS {
        let patterns: Vec<&str> = keys
            .iter()
            .flat_map(|k| main["perf"][*k].as_array().expect("a [perf] list"))
            .map(|p| p.as_str().expect("a pattern"))
            .collect();
        // As `Finder` does: patterns that spell no capital letter are matched in lower-cased
        // text, case-sensitively (the same matches, and half the DFA's byte classes).
        let lowered = patterns.iter().all(|p| literal::lower_case_only(p));
        let mut chunks = String::new();
        let mut from = 0;
        while from < patterns.len() {
            let dfa =
                |to: usize| forward(&patterns[from..to], lowered, big_endian, VOCAB_CHUNK_BYTES);
            let one = forward(
                &patterns[from..from + 1],
                lowered,
                big_endian,
                VOCAB_PATTERN_BYTES,
            );
            let Some(mut fwd) = one else {
                // too large alone (or not compilable here): left to run time
                let _ = write!(chunks, "(1, None, None), ");
                from += 1;
                continue;
            };
            // The longest run of patterns from `from` whose DFA fits: doubling, then halving.
            let (mut lo, mut hi) = (from + 1, patterns.len() + 1);
            let mut step = 1;
            while lo + step < hi {
                match dfa(lo + step) {
                    Some(bytes) => (fwd, lo, step) = (bytes, lo + step, step * 2),
                    None => hi = lo + step,
                }
            }
            while lo + 1 < hi {
                let mid = (lo + hi) / 2;
                match dfa(mid) {
                    Some(bytes) => (fwd, lo) = (bytes, mid),
                    None => hi = mid,
                }
            }
            let Some(rev) = reverse(&patterns[from..lo], lowered, big_endian) else {
                let _ = write!(chunks, "({}, None, None), ", lo - from);
                from = lo;
                continue;
            };
            let mut at = [0; 2];
            for (i, bytes) in [&fwd, &rev].into_iter().enumerate() {
                // Each DFA starts on an 8-byte boundary of the (aligned) blob.
                while !blob.len().is_multiple_of(8) {
                    blob.push(0);
                }
                at[i] = blob.len();
                blob.extend_from_slice(bytes);
            }
            let [f, r] = at;
            let (n, fl, rl) = (lo - from, fwd.len(), rev.len());
            let gate = vocab_gate(&patterns[from..lo], lowered);
            let _ = write!(chunks, "({n}, Some(({f}, {fl}, {r}, {rl})), {gate}), ");
            from = lo;
        }
        let _ = writeln!(index, "    (&{patterns:?}, {lowered}, &[{chunks}]),");
    }
    index.push_str("];\n");
    (blob, index)
}

/// What the texts must hold for a chunk of vocabulary patterns to match there (see `required`),
/// as Rust: per pattern, the sets of literals of which a match holds one each; `None` when a
/// pattern needs no literal (the chunk is always searched).
fn vocab_gate(patterns: &[&str], lowered: bool) -> String {
    let mut per_pattern = Vec::new();
    for p in patterns {
        let Ok(hir) = syntax::parse_with(p, &vocab_syntax(lowered)) else {
            return "None".to_string();
        };
        let sets = required::required(&hir);
        if sets.is_empty() {
            return "None".to_string();
        }
        let sets: Vec<String> = sets.iter().map(|set| format!("&{set:?}")).collect();
        per_pattern.push(format!("&[{}]", sets.join(", ")));
    }
    format!("Some(&[{}])", per_pattern.join(", "))
}

/// The syntax of vocabularies, as `Finder` compiles them.
fn vocab_syntax(lowered: bool) -> syntax::Config {
    syntax::Config::new()
        .unicode(false)
        .utf8(false)
        .case_insensitive(!lowered)
}

/// The forward DFA of a run of vocabulary patterns (leftmost-first: where the first match
/// ends, and its pattern), serialized; None if it exceeds `limit` bytes.
fn forward(patterns: &[&str], lowered: bool, big_endian: bool, limit: usize) -> Option<Vec<u8>> {
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .start_kind(StartKind::Unanchored)
                .minimize(false)
                .dfa_size_limit(Some(limit))
                .determinize_size_limit(Some(4 * limit)),
        )
        .syntax(vocab_syntax(lowered))
        .thompson(thompson::Config::new().which_captures(WhichCaptures::None))
        .build_many(patterns)
        .ok()?;
    let bytes = dense_bytes(&dfa, big_endian);
    (bytes.len() <= limit).then_some(bytes)
}

/// The reverse DFA of the same patterns (where a match that ends at a known place starts),
/// configured as `regex_automata::dfa::regex` configures it, serialized sparse: it only runs
/// back over a match, so it need not be fast, and it is a fifth of the dense size.
fn reverse(patterns: &[&str], lowered: bool, big_endian: bool) -> Option<Vec<u8>> {
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .start_kind(StartKind::Anchored)
                .match_kind(MatchKind::All)
                .specialize_start_states(false)
                .minimize(false),
        )
        .syntax(vocab_syntax(lowered))
        .thompson(
            thompson::Config::new()
                .reverse(true)
                .which_captures(WhichCaptures::None),
        )
        .build_many(patterns)
        .ok()?
        .to_sparse()
        .ok()?;
    Some(if big_endian {
        dfa.to_bytes_big_endian()
    } else {
        dfa.to_bytes_little_endian()
    })
}
