//! Results pasted in a fenced code block: a paragraph that announces results ("Throughput on
//! one A100, batch 8:", "we measured the following timings:") followed directly by an
//! untagged (or `text`, `console`, `bash`…) fenced block of output lines (`model-x  1520.3
//! tokens/s  2.1x`). Each line of such a block is read as a claim block of its own; the lead-in
//! and the block's header line state the hardware, workload and precision of every line.
//!
//! Decided cheaply: only a fenced block directly after a paragraph or a note is looked at, its
//! lead-in must match `[perf] results_cues` and not `command_cues` ("Run the benchmark:"), nor
//! quote a specification ("Peak throughput per the datasheets:"; the claims step also drops a
//! block whose lead-in `hypothetical_cues` match, "We expect the following speedups:"), and
//! a block that reads as code or commands (`$ `, `>>>`, `import`, `def`, braces, assignments,
//! `--flags`, `pip install`…) is skipped whole. Other code blocks are never read.

use super::cells::{column_kind, CellKind, OWN_UNIT};
use super::claims::{claim_at, find_claims, taken, Claim, ClaimKind};
use super::fields::{shown, Field};
use super::text::{has_word, lone_number, names_spec, number_at, words};
use super::vocab::{Vocab, Vocabulary};
use super::words::{MEASURED_WORDS, PERCENTILES, TIME_UNITS};
use crate::document::{Block, BlockKind, Document};
use crate::policy::PerfPolicy;
use std::ops::Range;

/// A line of a results block, read as a claim block.
#[derive(Debug)]
pub struct ResultLine {
    /// The line (its text is the source line as written).
    pub block: Block,
    /// The lead-in paragraph (a block index).
    pub lead: usize,
    /// The block's header line (source range), if its first line names no result.
    pub header: Option<Range<usize>>,
    /// The line of column names, when it is not the header line but stands below it, right
    /// above the first line of values ("modelo: … gpu: RTX 4090" over "concurrencia  req/s
    /// tok/s salida" over "1  0,46  117,6").
    pub names: Option<Range<usize>>,
    /// The code block (index into `Document::code_blocks`).
    pub code: usize,
    /// A line of the block that reports the check of its results ("Solution Validates: avg
    /// error less than 1e-13 on all three arrays", as STREAM prints it).
    pub check: Option<Range<usize>>,
    /// The command at a prompt the block starts with ("$ ./bench --model llama-3-8b --dtype
    /// bf16"): the set-up of every line it printed.
    pub command: Option<Range<usize>>,
    /// The name on the line above, for a line that continues it (criterion prints `thrpt:`
    /// and `change:` indented under `dot/f32/768   time: […]`): its set-up counts here too.
    pub parent: Option<Range<usize>>,
    /// The lead-in announces times ("timings", "latency"): a bare time closing a line is one.
    pub times: bool,
    /// The time unit the lead-in names for the bare numbers closing its lines ("Timings (ms,
    /// median of 7 runs):"), when it announces times.
    pub time_unit: Option<&'static str>,
    /// The unit the lead-in names for the numbers below it ("prints the following (TFLOPS for
    /// square problems):"), which columns named after systems take ("cuBLAS  Triton").
    pub lead_kind: CellKind,
}

/// Info strings of a fenced block that holds output rather than code.
const OUTPUT_INFO: &[&str] = &[
    "",
    "text",
    "txt",
    "plain",
    "plaintext",
    "output",
    "console",
    "log",
    "bash",
    "sh",
    "shell",
    "shell-session",
    "none",
];

/// Words of a lead-in that says a block is what a command printed.
const OUTPUT_WORDS: &[&str] = &["output", "outputs", "prints", "printed", "printing"];

/// Words of a lead-in that announces times.
const TIME_LEAD_WORDS: &[&str] = &[
    "timing",
    "timings",
    "time",
    "times",
    "latency",
    "latencies",
    "runtime",
    "runtimes",
    "duration",
    "durations",
];

/// Words that label a time on a line of output: "mean 41.3 ms", "p99: 112 ms".
const TIME_LABELS: &[&str] = &[
    "mean", "median", "med", "min", "max", "avg", "average", "p50", "p90", "p95", "p99", "p99.9",
    "p999", "latency", "time", "elapsed", // oha's summary: "Slowest:  0.0412 secs"
    "slowest", "fastest",
];

/// Starts of a line that is a command, a prompt or source code.
const CODE_STARTS: &[&str] = &[
    "$", ">>>", "...", "#include", "#!", "//", "/*", "import ", "from ", "def ", "class ", "fn ",
    "let ", "const ", "var ", "pip ", "pip3 ", "python", "git ", "cd ", "export ", "./", "docker ",
    "cargo ", "make", "sudo ", "conda ", "apt", "bash ", "sh ", "curl ", "wget ", "torchrun",
    "srun ", "mpirun", "nvcc ", "cmake", "return ", "print(", "if ", "for ",
];

/// Whether a line of a code block reads as code, a command or configuration.
fn is_code_line(line: &str) -> bool {
    let t = line.trim();
    // a record a training loop prints, a dictionary or JSON object of values ("{'loss': 1.22,
    // 'tokens_per_sec_per_gpu': 3298.4}")
    // (also the first line of one wrapped over two: {"model":"…","backend":"webgpu",)
    if (t.starts_with("{'") || t.starts_with("{\""))
        && (t.ends_with('}') || (t.ends_with(',') && t.contains("\":\"")))
        && !t.contains(';')
    {
        return false;
    }
    // (or a line of one, its values' keys naming their units: "prefill_tok_s":402.6,)
    if t.starts_with('"') && t.contains("\":") && !json_values(t, &[]).is_empty() {
        return false;
    }
    // a record of fields a benchmark prints ("engine=lodestar  ef=96  recall@10=0.953
    // qps=4183.4  p50=1.87ms"), not an assignment; or a header of shapes and words it prints
    // ("B=8 H=16 D=64 torch.bfloat16 causal")
    {
        let fields: Vec<&str> = t.split_whitespace().collect();
        let kv = |f: &&str| {
            f.split_once('=')
                .is_some_and(|(k, v)| !k.is_empty() && !v.is_empty() && !v.contains('('))
        };
        let numeric = |f: &&str| {
            f.split_once('=')
                .is_some_and(|(k, v)| !k.is_empty() && v.starts_with(|c: char| c.is_ascii_digit()))
        };
        if fields.len() >= 3 && fields.iter().all(kv) && fields.iter().any(numeric) {
            return false;
        }
        if fields.len() >= 3
            && fields.first().is_some_and(numeric)
            && fields.iter().filter(|f| numeric(f)).count() >= 2
            && fields
                .iter()
                .all(|f| kv(f) || !f.contains(['=', '(', ')', '{', '}', ';', '"', '\'', ',', ':']))
        {
            return false;
        }
    }
    // a run's setting, then what it printed, spaced as a table ("threads=4    3,880 sent/s
    // p50 8.3 ms", "S=1024   flash 0.16 ms  vs naive 2.71 ms  -> 16.9x")
    if let Some((first, rest)) = t.split_once("  ") {
        let rest = rest.trim_start();
        if first.split_once('=').is_some_and(|(k, v)| {
            !k.is_empty()
                && !k.contains(' ')
                && v.starts_with(|c: char| c.is_ascii_digit())
                && !v.contains(['(', ','])
        }) && (rest.starts_with(|c: char| c.is_ascii_digit())
            || (rest.contains(|c: char| c.is_ascii_digit())
                && !rest.contains(['=', '{', ';', '[', '"'])
                // (a bracket of its own, "0.268 ms  (501 GB/s)", not a call: "run(model)")
                && !rest.match_indices('(').any(|(i, _)| {
                    rest[..i]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                })))
        {
            return false;
        }
    }
    let lower = t.to_ascii_lowercase();
    CODE_STARTS.iter().any(|s| lower.starts_with(s))
        || t.contains(['{', '}', ';', '`'])
        // an assignment, not output that labels a value ("min = 16.41 ms")
        // ("prompt eval time =     102.55 ms": the value after aligning spaces)
        || t.match_indices(" = ").any(|(i, _)| {
            !t[i + 3..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit())
                // a dotted key of a configuration file ("llama2-70b.Server.target_qps = 63.5")
                || (!t[..i].trim().contains(' ')
                    && t[..i].split('.').count() >= 3
                    && t[..i].split('.').skip(1).all(|p| p.starts_with(|c: char| c.is_ascii_alphabetic())))
        })
        || t.contains("==")
        || t.contains("=>")
        || t.contains(" --")
        || t.starts_with("--")
        || t.contains("()")
        // (not output wrapped after a comma: "2000000 records sent, 41230.6 records/sec (40.26
        // MB/sec), 386.21 ms avg latency,")
        || (t.ends_with([',', '(', '[', '\\'])
            && !(t.ends_with(',') && t.starts_with(|c: char| c.is_ascii_digit())))
        // a block opened ("else:", "for x in xs:", "model:"), not output that names what
        // follows ("Run complete after 1000 queries (rate 61.73 queries/sec):", "TSBS high-cpu:")
        || (t.ends_with(':') && !t.chars().any(|c| c.is_ascii_digit()) && t.split_whitespace().count() <= 1)
        || (t.ends_with(':')
            && t.split_whitespace().next().is_some_and(|w| {
                matches!(
                    w.trim_end_matches(':'),
                    "def" | "class" | "if" | "elif" | "else" | "for" | "while" | "with" | "try"
                        | "except" | "finally" | "async" | "match" | "case" | "switch" | "default"
                )
            }))
        // an assignment or a call: `x=1`, `f(a, b)` (not the label of a value printed after
        // it: "kv_cache_dtype=fp8   : 1,903 tok/s")
        || (!labels_value(t) && t.split_whitespace().next().is_some_and(|w| {
            let w = w.trim_end_matches(':');
            (w.contains('=') && !w.starts_with('='))
                || (w.contains('(') && !w.starts_with('('))
        }))
}

/// Whether a line prints a value after a label and a spaced colon ("mode=fp8   : 1,903 tok/s").
fn labels_value(t: &str) -> bool {
    t.match_indices(" : ")
        .chain(t.match_indices("\t: "))
        .any(|(i, m)| {
            t[i + m.len()..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit())
        })
}

/// `s` without what it says in brackets: a caveat there ("(one run, your clocks may
/// differ)") supposes nothing about the results a lead-in announces.
pub fn without_asides(s: &str) -> String {
    let mut depth = 0usize;
    s.chars()
        .filter(|c| {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    return false;
                }
                _ => {}
            }
            depth == 0
        })
        .collect()
}

/// The last sentence of a lead-in, lower case.
pub fn last_sentence(text: &str) -> String {
    let t = text.trim_end();
    let body = t.trim_end_matches(['.', ':', ' ']);
    // (a question or an exclamation ends one too: "Want to reproduce? The CLI prints the same
    // numbers:")
    let start = [". ", "? ", "! "]
        .iter()
        .filter_map(|end| body.rfind(end).map(|i| i + 2))
        .max()
        .unwrap_or(0);
    t[start..].to_ascii_lowercase()
}

/// The lines of every results block of the document, read as claim blocks; `exempt` says
/// which sections are not judged.
pub fn result_lines(
    doc: &Document,
    source: &str,
    policy: &PerfPolicy,
    exempt: impl Fn(usize) -> bool,
) -> Vec<ResultLine> {
    let mut out = Vec::new();
    for (code, span) in doc.code_blocks.iter().enumerate() {
        let Some(lead) = doc
            .blocks
            .partition_point(|b| b.span.start < span.start)
            .checked_sub(1)
        else {
            continue;
        };
        let b = &doc.blocks[lead];
        // (a list item's block spans the code nested in it: its own text ends first)
        let lead_end = if b.span.contains(&span.start) {
            b.source_span(source, 0..b.text.trim_end().len()).end
        } else {
            b.span.end
        };
        // the lead-in directly above, or above the code that printed the block (a notebook's
        // cell, then its output), or the summary of the `<details>` the block is folded in
        // (a block quoted with its lead-in, "> EDIT: output as requested:" over "> ```": the
        // quote markers are no text between them)
        let quoted = quoted_at(source, span.start);
        let gap = |g: Range<usize>| {
            source.get(g).is_some_and(|g| {
                if quoted {
                    blank_or_comments(&g.replace('>', ""))
                } else {
                    blank_or_comments(g)
                }
            })
        };
        let cell = code
            .checked_sub(1)
            .map(|k| &doc.code_blocks[k])
            .filter(|cell| cell.start >= lead_end && gap(lead_end..cell.start));
        let after_lead = cell.map_or(lead_end, |cell| cell.end);
        // (a notebook's cell that times what it runs, "%timeit f(df)", "%%time",
        // "timeit.repeat(…)", right above the block it printed: the block prints times)
        // (the cells and outputs of a notebook follow each other without prose between them)
        let timed_cell = code
            .checked_sub(1)
            .map(|k| &doc.code_blocks[k])
            .is_some_and(|c| {
                c.start >= lead_end
                    && gap(c.end..span.start)
                    && source.get(c.clone()).is_some_and(times_its_run)
            });
        let folded = b.kind == BlockKind::Html
            && source.get(lead_end..span.start).is_some_and(blank_or_tags);
        if !(b.kind == BlockKind::Paragraph
            || (b.kind == BlockKind::Item && b.entry.is_none())
            || b.kind == BlockKind::Heading
            || folded)
            || exempt(b.section)
            || !(folded || timed_cell || gap(after_lead..span.start))
        {
            continue;
        }
        // a fenced block of output: ``` or ~~~ with no info string or an output one
        let sentence = last_sentence(&b.text);
        // (a JSON block, when the lead-in says a tool printed it: "The page prints a JSON
        // summary, e.g.:")
        let json = has_word(&b.text.to_ascii_lowercase(), OUTPUT_WORDS);
        let Some(body) = fenced_body(source, span.clone(), json) else {
            continue;
        };
        let lines: Vec<Range<usize>> = lines_of(source, body.clone(), quoted)
            .filter(|r| !source[r.clone()].trim().is_empty())
            .collect();
        // the command at a prompt, then what it printed ("$ ./bench --model …" over "Request
        // throughput (req/s):  10.91"): the block shows the run whatever the lead-in says
        let prompted = lines
            .first()
            .is_some_and(|r| source[r.clone()].trim_start().starts_with("$ "))
            && lines[1..].iter().any(|r| {
                let t = &source[r.clone()];
                !is_code_line(t) && t.bytes().any(|c| c.is_ascii_digit())
            });
        // (a heading leads only a command and what it printed: "## Reproducing a run" over
        // "$ python bench_serving.py …" and its results)
        // (or a heading that names the block as what a run printed: "## Training log (stage
        // 2)", "### Benchmark output")
        if b.kind == BlockKind::Heading
            && !prompted
            && !timed_cell
            && !has_word(&sentence, OUTPUT_WORDS)
            && !has_word(&sentence, &["log", "logs"])
        {
            continue;
        }
        // a lead-in about a command introduces it, unless it says the block is what the
        // command printed ("Benchmark output from that command on the A100:", "Running the
        // bundled script prints these results:")
        // (or a slice of a log: "A slice of the training log from the final configuration:")
        let printed = has_word(&sentence, OUTPUT_WORDS)
            || has_word(&sentence, &["log", "logs"])
            || prompted
            || timed_cell;
        if (policy.command_cues.is_match(&sentence) && !printed)
            || policy
                .hypothetical_cues
                .is_match(&without_asides(&sentence))
            || (names_spec(&sentence) && !has_word(&sentence, MEASURED_WORDS))
        {
            continue;
        }
        // a lead-in that announces results, or one that introduces the block (ends with a
        // colon: "Load test of the server with 64 users:") before output that shows them
        // times: the lead-in announces them, or a line labels one ("tok-rs   mean 41.3 ms")
        let labelled_times = lines.iter().any(|r| {
            let t = source[r.clone()].to_ascii_lowercase();
            !is_code_line(&t) && has_word(&t, TIME_LABELS) && !bare_times(&t, &[]).is_empty()
        });
        // or a line prints a time beside a result of its own ("resnet50  eager 21.84 ms
        // compiled 14.02 ms  speedup 1.56x")
        let beside_result = lines.iter().any(|r| {
            let t = &source[r.clone()];
            let never = |_: Vocabulary, _: &str| false;
            !is_code_line(t) && {
                let found = find_claims(t, &never);
                !found.is_empty() && !bare_times(t, &found).is_empty()
            }
        });
        // or the block is `go test -bench` output ("BenchmarkParse-8   1255   952118 ns/op")
        let per_op = lines
            .iter()
            .any(|r| source[r.clone()].split_whitespace().any(|w| w == "ns/op"));
        // or a line prints two times side by side, as a comparison of two builds does
        // ("decode_b32   128.3 us   96.8 us   -24.6%")
        let side_by_side = lines.iter().any(|r| {
            let t = &source[r.clone()];
            !is_code_line(t) && bare_times(t, &[]).len() >= 2
        });
        // or the block is the PyTorch profiler's table, whose columns of times are named
        // "Self CUDA", "CUDA total", "CPU time avg" ("aten::mm   4.112s   5.318s")
        let profiler = lines.iter().any(|r| {
            let t = &source[r.clone()];
            [
                "CUDA total",
                "CPU total",
                "Self CUDA",
                "Self CPU",
                "CUDA time avg",
                "CPU time avg",
            ]
            .iter()
            .any(|h| t.contains(h))
        });
        // or a line of column names names a time ("nightly   result   step" over "2024-05-02
        // good   233 ms")
        let time_column = lines.iter().take(3).any(|r| {
            let t = source[r.clone()].to_ascii_lowercase();
            !is_code_line(&t)
                && !t.bytes().any(|c| c.is_ascii_digit())
                && t.split_whitespace().count() >= 2
                && (has_word(&t, TIME_LABELS)
                    || has_word(&t, &["step", "duration", "runtime", "wall"]))
        });
        // or lines of a label and its time, as a profiler prints a frame's passes ("gbuffer
        // 3.08 ms" over "lighting   3.61 ms")
        let passes = lines
            .iter()
            .filter(|r| label_time_line(&source[(*r).clone()]))
            .count()
            >= 2;
        let times = has_word(&sentence, TIME_LEAD_WORDS)
            || passes
            || timed_cell
            || time_column
            || labelled_times
            || profiler
            || beside_result
            || per_op
            || side_by_side;
        // a lead-in that announces results, that ends with a colon before output showing them,
        // or that names them anywhere ("`quiver-bench` output on my laptop for SIFT-1M. Recall
        // is checked against …") before output showing them
        // (or the note a tool prints below its table: "Times are in microseconds (us).", as
        // `torch.utils.benchmark.Compare` does)
        let lead_kind = super::cells::unit_of_note(&b.text, policy).or_else(|| {
            let last = source[lines.last()?.clone()].trim();
            last.starts_with("Times are in ")
                .then(|| super::cells::unit_of_note(last, policy))
                .flatten()
        });
        let builds = compares_builds(source, &lines);
        // (what the command printed, below it)
        let output = &lines[usize::from(prompted)..];
        let shows = || {
            labelled_times
                || passes
                || profiler
                || (time_column
                    && output.iter().any(|r| {
                        let t = &source[r.clone()];
                        !is_code_line(t) && !bare_times(t, &[]).is_empty()
                    }))
                || shows_results(source, output)
                || shows_columns(source, output, lead_kind)
                || builds
        };
        // (or the harness's own banner opens the block: "==== Serving Benchmark Result ====")
        let bannered = lines.first().is_some_and(|r| {
            let t = source[r.clone()].trim().to_ascii_lowercase();
            let rule = |c: char| matches!(c, '=' | '-' | '*' | '#');
            t.starts_with("==")
                && t.ends_with("==")
                && has_word(
                    t.trim_matches(rule),
                    &["result", "results", "summary", "report", "benchmark"],
                )
        });
        // (claims found without the policy's vocabularies: a number with its unit or cue)
        let never = |_: Vocabulary, _: &str| false;
        let announced = policy.results_cues.is_match(&sentence)
            || ((b.text.trim_end().ends_with(':') || prompted || bannered) && shows())
            || (timed_cell
                && lines.iter().any(|r| {
                    let t = &source[r.clone()];
                    !is_code_line(t) && !bare_times(t, &[]).is_empty()
                }))
            || ({
                let all = b.text.to_ascii_lowercase();
                (policy.results_cues.is_match(&all) || has_word(&all, &["output", "log"]))
                    && !policy.command_cues.is_match(&all)
            } && shows())
            // (or its last sentence states a result the block then prints: "With fp16 inputs it
            // drops to 0.15 ms." over "… warp_per_row  0.151 ms  (444 GB/s)")
            || (!find_claims(&sentence, &never).is_empty()
                && !policy.command_cues.is_match(&b.text.to_ascii_lowercase())
                && shows());
        if !announced {
            continue;
        }
        // (a banner or a rule a harness prints, "===== Result =====", is neither)
        let banner = |t: &str| {
            let t = t.trim();
            (t.starts_with("==") && t.ends_with("==")) || (t.starts_with("--") && t.ends_with("--"))
        };
        let code_like = lines
            .iter()
            .enumerate()
            .filter(|(k, r)| {
                let t = &source[(*r).clone()];
                is_code_line(t) && !banner(t) && !(prompted && *k == 0)
            })
            .count();
        // code with a result in a comment; output after the one command that printed it
        // (`$ ./bench`) stays
        if lines.is_empty() || code_like * 2 > lines.len() {
            continue;
        }
        // the header line: the first line, when it states no result (column names, "model:
        // ResNet-50, batch 64, bf16")
        let time_unit = times
            .then(|| super::cells::time_unit_of_note(&b.text.to_ascii_lowercase()))
            .flatten();

        // (after the command that printed the block, "$ sacct -j 4471823 …", and a banner line,
        // "==== timer summary: r2b10 fp64 ====")
        let header = lines
            .iter()
            .find(|r| {
                let t = source[(*r).clone()].trim_start();
                (!t.starts_with('$') || !is_code_line(t))
                    && !t.starts_with("==")
                    && !t.starts_with("--")
            })
            .filter(|r| {
                let t = &source[(*r).clone()];
                !is_code_line(t)
                    && find_claims(t, &never).is_empty()
                    && labelled_value(t, &[]).is_empty()
                    && (!times || bare_times(t, &[]).is_empty())
                    && {
                        let mut found = Vec::new();
                        intervals(t, &mut found);
                        found.is_empty()
                    }
                    && time_unit.is_none_or(|u| trailing_time(t, &[], u).is_none())
            })
            .cloned();
        // a second header line of units ("#  (B)  (elements)  (us)  (GB/s)", as nccl-tests
        // prints it) belongs to the header
        let header = header.map(|h| match lines.iter().find(|r| r.start > h.start) {
            Some(next) if units_line(&source[next.clone()]) => h.start..next.end,
            // (below a line grouping the columns, "#  out-of-place   in-place", the names and
            // their units are the header)
            Some(next)
                if source[h.clone()].trim_start().starts_with('#')
                    && source[next.clone()].trim_start().starts_with('#')
                    && lines
                        .iter()
                        .find(|r| r.start > next.start)
                        .is_some_and(|u| units_line(&source[u.clone()])) =>
            {
                let u = lines
                    .iter()
                    .find(|r| r.start > next.start)
                    .map_or(next.end, |u| u.end);
                next.start..u
            }
            _ => h,
        });
        // lines of settings at the top of the block ("goos: linux", "goarch: amd64", "cpu: AMD
        // EPYC 9654", as `go test -bench` prints them; or a key, spaces and a value: "dtype
        // fp16 in / fp32 acc") belong to the header
        let setting = |r: &Range<usize>| {
            let t = source[r.clone()].trim();
            let key = |k: &str| {
                !k.is_empty() && k.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            };
            // (the key padded to align the values: "dtype  : fp32")
            let colon = t
                .split_once(": ")
                .is_some_and(|(k, v)| key(k.trim_end()) && !v.trim().is_empty());
            // (one value, not a line of column names: "tokens  unfused(us)  fused(us)")
            // (nor two column names, the second naming a unit: "Pass   GPU ms")
            let spaced = t.split_once("  ").is_some_and(|(k, v)| {
                let v = v.trim();
                key(k)
                    && !v.is_empty()
                    && !v.contains("  ")
                    && !v.contains('\t')
                    && !v.split_whitespace().next().is_some_and(lone_number)
                    && column_kind(&v.to_ascii_lowercase(), None)
                        .is_none_or(|(_, unit)| unit == OWN_UNIT)
            });
            (colon || (spaced && labelled_value(t, &[]).is_empty()))
                && find_claims(t, &never).is_empty()
        };
        let header = header.map(|h| {
            if !setting(&h) {
                return h;
            }
            let end = lines
                .iter()
                .skip_while(|r| r.start <= h.start)
                .take_while(|r| setting(r))
                .last()
                .map_or(h.end, |r| r.end);
            h.start..end
        });
        // the line of column names right above a line of their units ("#  size  count  …
        // busbw" over "#  (B)  (elements)  …  (GB/s)"), below whatever a tool prints first
        // ("# nThread 1 nGpus 1 …", a line per rank)
        let header = lines
            .windows(2)
            .position(|w| {
                names_over_units(source, w) && source[w[0].clone()].split_whitespace().count() >= 3
            })
            .map(|k| lines[k].start..lines[k + 1].end)
            .filter(|h| header.as_ref().is_none_or(|old| old.start < h.start))
            .or(header);
        // ncu's metric table, under a section line and a rule (below the line naming the
        // kernel and its launch, "sgemm(int, const float *) (128, 1, 1)x(256, 1, 1), Device 0")
        let header = lines
            .iter()
            .find(|r| {
                let t = source[(*r).clone()].trim_start();
                (t.starts_with("Metric Name") && t.contains("Metric Value"))
                    || t.starts_with("Section:")
            })
            .cloned()
            .or(header);
        // the line of column names right above the first line of values, below the header
        // (with no header line at all when the block opens with a line of settings:
        // "dataset=laion-5m engine=lodestar threads=32")
        let after_header = header.as_ref().map_or(body.start, |h| h.end + 1);
        // (a line of values opens with a number, or with a label before two numbers:
        // "dickens   10.19   2.34   701.4")
        let names = lines
            .iter()
            .position(|r| {
                // (a matrix's corner, "D\D  0  1  2  3", names columns)
                r.start >= after_header
                    && !source[r.clone()].trim_start().starts_with("D\\D")
                    && values_line(&source[r.clone()])
            })
            // (over a rule: "-----" between the names and the values, as memtier prints them)
            .and_then(|first_values| {
                let k = (0..first_values)
                    .rev()
                    .find(|&k| !rule_line(&source[lines[k].clone()]))?;
                lines.get(k)
            })
            .filter(|above| {
                let t = &source[(*above).clone()];
                above.start >= after_header
                    && !is_code_line(t)
                    && t.split_whitespace().count() >= 2
                    && find_claims(t, &never).is_empty()
                    && !t.trim_start().starts_with(['-', '='])
            })
            .cloned();
        // the banner lines between the header and the column names ("Array size = 200000000
        // (elements)" below "STREAM version …") state the set-up too, when they hold no result
        let header = match (&header, &names) {
            (Some(h), Some(n)) if h.end < n.start => {
                let mut between = lines.iter().filter(|r| r.start > h.end && r.end < n.start);
                let quiet = between.clone().all(|r| {
                    let t = &source[r.clone()];
                    find_claims(t, &never).is_empty() && labelled_value(t, &[]).is_empty()
                });
                let last = between.next_back().map_or(h.end, |r| r.end);
                Some(if quiet { h.start..last } else { h.clone() })
            }
            _ => header,
        };
        // a line that reports the check of the results ("Solution Validates: …")
        let check = lines
            .iter()
            .find(|r| check_line(&source[(*r).clone()]))
            .cloned();
        // (benchstat prints a line of column names per section: "sec/op", then "B/op")
        let per_op_names = builds.then(|| {
            lines
                .iter()
                .filter(|r| source[(*r).clone()].contains("/op"))
                .cloned()
                .collect::<Vec<_>>()
        });
        let mut name_above: Option<Range<usize>> = None;
        // (with the lines it continues on: "$ python serve.py --model … \" over
        // "    --dtype bfloat16 --request-rate inf")
        let command = prompted.then(|| {
            let last = lines
                .iter()
                .position(|r| !source[r.clone()].trim_end().ends_with('\\'))
                .unwrap_or(0);
            lines[0].start..lines[last].end
        });
        for r in lines {
            let text = &source[r.clone()];
            let continues = text.starts_with([' ', '\t'])
                && text
                    .split_whitespace()
                    .next()
                    .is_some_and(|w| w.len() > 1 && w.ends_with(':'));
            let parent = if continues {
                name_above.clone()
            } else {
                let name = text.split_whitespace().next().unwrap_or("");
                let at = r.start + (text.len() - text.trim_start().len());
                name_above = (!text.starts_with([' ', '\t']) && !name.is_empty())
                    .then(|| at..at + name.len());
                None
            };
            if names.as_ref().is_some_and(|n| *n == r) {
                continue;
            }
            let names = match &per_op_names {
                Some(heads) => heads.iter().rev().find(|h| h.start < r.start).cloned(),
                None => names.clone(),
            };
            // (`go test`'s summary of a package, "ok  	example.com/pkg	19.412s": how long
            // the whole run took, no result)
            let summary = text.starts_with("ok ") || text.starts_with("ok\t");
            if header
                .as_ref()
                .is_some_and(|h| h.start <= r.start && r.end <= h.end)
                || summary
                || is_code_line(text)
                || !text.bytes().any(|c| c.is_ascii_digit())
            {
                continue;
            }
            out.push(ResultLine {
                block: Block::verbatim(BlockKind::CodeLine, b.section, r, source),
                lead,
                header: header.clone(),
                names,
                command: command.clone(),
                parent,
                code,
                check: check.clone(),
                times,
                time_unit,
                lead_kind,
            });
        }
    }
    out
}

/// A key's words apart: "ttft_p50" is "ttft p50", "ExecutionTime" is "Execution Time".
fn spaced_key(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    let mut prev_lower = false;
    for c in key.chars() {
        if c.is_ascii_uppercase() && prev_lower {
            out.push(' ');
        }
        prev_lower = c.is_ascii_lowercase();
        out.push(if c == '_' { ' ' } else { c });
    }
    out
}

/// The unit of `units` that `rest` opens with as a whole word ("ms" in "ms, …", not in
/// "msg").
fn unit_at<'u>(rest: &str, units: &[&'u str]) -> Option<&'u str> {
    units.iter().copied().find(|u| {
        rest.starts_with(u)
            && rest[u.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Whether the text between a lead-in and its block is blank space and comments only (a
/// `sourcepolicy:` comment may stand there).
fn blank_or_comments(gap: &str) -> bool {
    blank_but(gap, "<!--", "-->")
}

/// Whether a gap holds only blank space and HTML tags ("</summary>", "<details>").
fn blank_or_tags(gap: &str) -> bool {
    blank_but(gap, "<", ">")
}

/// Whether a gap holds only blank space and runs from `open` to `close`.
fn blank_but(gap: &str, open: &str, close: &str) -> bool {
    let mut rest = gap.trim_start();
    while let Some(after) = rest.strip_prefix(open) {
        let Some(end) = after.find(close) else {
            return false;
        };
        rest = after[end + close.len()..].trim_start();
    }
    rest.is_empty()
}

/// Whether a notebook's code cell (a fenced block with its fences) times what it runs: IPython's
/// `%timeit`/`%%time`/`%memit` magics, or Python's timers (`timeit.repeat(…)`,
/// `time.perf_counter()`).
fn times_its_run(cell: &str) -> bool {
    let lang = cell
        .trim_start()
        .trim_start_matches(['`', '~'])
        .split(|c: char| c.is_whitespace() || c == '{')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        lang.as_str(),
        "python" | "py" | "ipython" | "ipython3" | "python3"
    ) && [
        "%timeit",
        "%%time",
        "%time ",
        "%memit",
        "timeit.",
        "perf_counter",
        "time.time()",
        "bench(",
        "benchmark(",
        // (`torch.utils.benchmark`: "benchmark.Timer(…).blocked_autorange()")
        "benchmark.Timer(",
        ".blocked_autorange(",
        ".adaptive_autorange(",
    ]
    .iter()
    .any(|m| cell.contains(m))
}

/// The source range of a fenced block's lines between its fences, when its info string names
/// output (none, `text`, `console`, `bash`…).
fn fenced_body(source: &str, span: Range<usize>, json: bool) -> Option<Range<usize>> {
    let block = source.get(span.clone())?;
    let t = block.trim_start();
    // an indented block (no fence): what a notebook exported to Markdown prints under its
    // cells
    if !t.starts_with(['`', '~']) {
        return Some(span);
    }
    let fence = t.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let n = t.chars().take_while(|&c| c == fence).count();
    if n < 3 {
        return None;
    }
    let first_end = block.find('\n')?;
    let info = block[..first_end].trim().trim_start_matches(fence).trim();
    let lang = info
        .split(|c: char| c.is_whitespace() || c == '{' || c == ',')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    if !(OUTPUT_INFO.contains(&lang.as_str()) || (json && lang == "json")) {
        return None;
    }
    // up to the closing fence (the last line, when there is one)
    let body_start = span.start + first_end + 1;
    let trimmed = block.trim_end();
    let last_line_start = trimmed.rfind('\n').map_or(0, |i| i + 1);
    let body_end = if last_line_start > first_end
        && trimmed[last_line_start..]
            .trim_start_matches(|c: char| c == '>' || c.is_whitespace())
            .starts_with(&fence.to_string().repeat(3))
    {
        span.start + last_line_start
    } else {
        span.end
    };
    (body_start <= body_end).then_some(body_start..body_end)
}

/// The lines of `range` of the source (without their line ends, nor their quote markers when
/// the block is `quoted`: "> | llama 70B … |").
fn lines_of(
    source: &str,
    range: Range<usize>,
    quoted: bool,
) -> impl Iterator<Item = Range<usize>> + '_ {
    let text = &source[range.clone()];
    let mut at = range.start;
    text.split_inclusive('\n').map(move |l| {
        let start = at;
        at += l.len();
        let line = l.trim_end_matches(['\n', '\r']);
        let marker = if quoted {
            line.len() - line.trim_start_matches(['>', ' ']).len()
        } else {
            0
        };
        start + marker..start + line.len()
    })
}

/// Whether the line holding `at` is quoted up to it ("> ```"): only quote markers and blank
/// space before it.
fn quoted_at(source: &str, at: usize) -> bool {
    let line_start = source[..at].rfind('\n').map_or(0, |p| p + 1);
    let before = &source[line_start..at];
    before.contains('>') && before.chars().all(|c| c == '>' || c.is_whitespace())
}

/// The time closing a line of a block whose lead-in announces times in a unit it names
/// ("Timings (ms, mean of 5 runs):" over `prefill 512 tok    38.1`): a bare number after two
/// spaces or a tab at the end of the line, where the line's own claims hold none.
pub fn trailing_time(text: &str, claims: &[Claim], unit: &'static str) -> Option<Claim> {
    let t = text.trim_end();
    let at = t.rfind([' ', '\t'])? + 1;
    let value = &t[at..];
    let spaced = t[..at].ends_with("  ") || t[..at].ends_with('\t');
    (spaced
        && number_at(value.as_bytes(), 0) == Some(value.len())
        && !claims.iter().any(|c| c.span.end > at))
    .then(|| claim_at(text, at..t.len(), ClaimKind::Latency, unit))
}

/// The bare times of a line of a block whose lead-in announces times ("…:  521ms",
/// "scheduler B   29.7 ms   (1.29x)"): a number that stands as a column of its own (at the
/// line's start or after a space, a colon or a bracket) with a time unit right after it, as
/// claims, where the line's own claims hold none.
pub fn bare_times(text: &str, claims: &[Claim]) -> Vec<Claim> {
    const UNITS: &[&str] = &["ms", "us", "µs", "μs", "ns", "secs", "sec", "min", "s", "h"];
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit()
            && (i == 0 || matches!(b[i - 1], b' ' | b'\t' | b':' | b'(' | b'['));
        if !starts {
            i += 1;
            continue;
        }
        let mut e = i;
        while e < b.len() && (b[e].is_ascii_digit() || b[e] == b'.' || b[e] == b',') {
            e += 1;
        }
        let num_end = e;
        while e < b.len() && b[e] == b' ' {
            e += 1;
        }
        let rest = &text[e..];
        // (a time per operation, as `go test -bench` prints it: "641203 ns/op")
        let per_op = |u: &str| {
            rest[u.len()..].starts_with("/op")
                && rest[u.len() + 3..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
        };
        let unit = UNITS.iter().find(|u| {
            rest.starts_with(**u)
                && (rest[u.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '/' && c != '=')
                    || per_op(u))
        });
        // ("stddev: 31.14ms", "sum: 129.2sec": the spread or the sum of the times)
        let spread = super::text::spread_label(&text[..i]);
        // ("(budget 16.6 ms)", "timeout 30 s": the time a run is allowed, no result)
        let allowed = {
            let h = text[..i].trim_end().trim_end_matches([':', '=']).trim_end();
            let w = super::text::word_before(h, h.len()).1.to_ascii_lowercase();
            matches!(
                w.as_str(),
                "budget" | "target" | "limit" | "deadline" | "slo" | "timeout" | "goal"
            )
        };
        let spread = spread || allowed;
        match unit {
            // ("118 ms ± 1.4 ms per loop": the spread of the time before, not a time)
            Some(u) if !taken(claims, i..e + u.len()) && !spread => {
                let len = u.len() + if per_op(u) { "/op".len() } else { 0 };
                out.push(claim_at(text, i..e + len, ClaimKind::Latency, u));
                i = e + len;
            }
            _ => i = num_end.max(i + 1),
        }
    }
    out
}

/// A metric named with its unit, then its statistics, as Jetpack Macrobenchmark prints them
/// ("timeToInitialDisplayMs   min 1,412.6,   median 1,503.9,   max 1,688.2", "frameOverrunMs
/// P50  -9.8,   P90  -4.1"): the median, the mean and each percentile are results (the minimum
/// and the maximum bound them). None when the line is not of that form.
fn metric_statistics(text: &str, claims: &[Claim]) -> Option<Vec<Claim>> {
    let t = text.trim_start();
    let (name, stats) = t.split_once([' ', '\t'])?;
    let unit = match name.get(name.len().checked_sub(2)?..)? {
        "Ms" => "ms",
        "Ns" => "ns",
        "Us" => "us",
        _ => return None,
    };
    let stem = &name[..name.len() - 2];
    if !(stem.starts_with(|c: char| c.is_ascii_lowercase())
        && stem.bytes().all(|b| b.is_ascii_alphanumeric())
        && stem.bytes().any(|b| b.is_ascii_uppercase())
        && stats.contains(','))
    {
        return None;
    }
    let base = text.len() - stats.len();
    let mut out = Vec::new();
    // (the statistics are separated by a comma and spaces; a value groups its digits with
    // commas alone: "1,412.6")
    let mut parts = Vec::new();
    let mut from = 0;
    for (k, _) in stats.match_indices(',') {
        if stats[k + 1..].starts_with([' ', '\t']) {
            parts.push(from..k);
            from = k + 1;
        }
    }
    parts.push(from..stats.len());
    for r in parts {
        let part = &stats[r.clone()];
        let from = base + r.start;
        let p = part.trim_start();
        let lead = part.len() - p.len();
        let (key, value) = p.split_once(' ')?;
        let v = value.trim_start();
        let start = from + lead + key.len() + 1 + (value.len() - v.len());
        let digits = start + usize::from(v.starts_with('-'));
        let end = number_at(text.as_bytes(), digits)?;
        if !text[end..from + part.len()].trim().is_empty() {
            return None;
        }
        let key = key.to_ascii_lowercase();
        let statistic = matches!(key.as_str(), "median" | "mean" | "avg")
            || key
                .strip_prefix('p')
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !statistic && !matches!(key.as_str(), "min" | "max") {
            return None;
        }
        if statistic && !taken(claims, start..end) {
            out.push(claim_at(text, start..end, ClaimKind::Latency, unit));
        }
    }
    Some(out)
}

/// The value of a line written "label (unit): value", as benchmark tools print them
/// ("Output token throughput (tok/s):  1520.33", "Mean TTFT (ms):  120.5"), as a claim when
/// the label names a rate or a timed result the way a table's column header would (`cells`),
/// and the line's own claims hold none.
///
/// A line of several such pairs, as training logs print them ("step: 10  loss: 7.91  tps: 3,412
/// tflops: 158.21  mfu: 50.71%"), gives one claim per pair whose label names a rate, a time or
/// a share of peak; each label runs back to the previous value or to two spaces.
pub fn labelled_value(text: &str, claims: &[Claim]) -> Vec<Claim> {
    let mut out = Vec::new();
    if let Some(found) = metric_statistics(text, claims) {
        return found;
    }
    // nvidia-smi's device row under load ("| N/A 63C P0 271W / 400W | 73862MiB / 81920MiB |
    // 98% Default |"): the power drawn, the memory used and the utilisation (the cap and the
    // memory's size after each "/" are the device's)
    if text.trim_start().starts_with('|') && text.contains("W /") && text.contains("MiB /") {
        let cells = pipe_cells(text);
        for (at, cell) in cells {
            let mut words = cell.split_whitespace().peekable();
            let mut from = at;
            while let Some(w) = words.next() {
                let start = from + cell[from - at..].find(w).unwrap_or(0);
                from = start + w.len();
                let of_total = words.peek() == Some(&"/");
                let (unit, kind) = if w.ends_with('W') && of_total {
                    ("w", ClaimKind::Rate { peak_unit: false })
                } else if w.ends_with("MiB") && of_total {
                    ("mib", ClaimKind::Saving)
                } else if w.ends_with('%')
                    && words.peek().is_some_and(|n| {
                        matches!(*n, "Default" | "E." | "E.Process" | "Prohibited")
                    })
                {
                    ("%", ClaimKind::Percent)
                } else {
                    continue;
                };
                let n = w.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '%');
                if lone_number(n) && !taken(claims, start..start + w.len()) {
                    out.push(claim_at(text, start..start + w.len(), kind, unit));
                }
            }
        }
        return out;
    }
    // fio's completion-latency percentiles ("clat percentiles (usec):" over "|  1.00th=[
    // 52], 50.00th=[   77], …"): the time at each percentile, in the unit named above
    // (microseconds unless it says otherwise: that line is no part of this one)
    if text.trim_start().starts_with('|') && text.contains("th=[") {
        for (at, _) in text.match_indices("th=[") {
            let inner = &text[at + 4..];
            let start = at + 4 + (inner.len() - inner.trim_start().len());
            if let Some(end) = number_at(text.as_bytes(), start) {
                if text[end..].starts_with(']') && !taken(claims, start..end) {
                    out.push(claim_at(text, start..end, ClaimKind::Latency, "us"));
                }
            }
        }
        return out;
    }
    // fio's "read: IOPS=2640k, BW=…": operations per second after their name
    for (at, _) in text.match_indices("IOPS=") {
        let start = at + 5;
        if let Some(mut end) = number_at(text.as_bytes(), start) {
            if matches!(text.as_bytes().get(end), Some(b'k' | b'M')) {
                end += 1;
            }
            if !taken(claims, start..end) {
                out.push(claim_at(
                    text,
                    at..end,
                    ClaimKind::Rate { peak_unit: false },
                    "iops",
                ));
            }
        }
    }
    // (a time this line prints: `printed_time`)
    let time_at =
        |start: usize, len: usize, unit: &str| printed_time(text, claims, start, len, unit);
    // perf stat's summary: "12.9011 +- 0.0242 seconds time elapsed", "12,884.10 msec
    // task-clock" (the value; the spread after "+-" is none)
    let t = text.trim_start();
    let start = text.len() - t.len();
    for (tail, unit) in [(" seconds time elapsed", "s"), (" msec task-clock", "ms")] {
        let Some(at) = t.find(tail) else {
            continue;
        };
        let head = t[..at].split(" +- ").next().unwrap_or("");
        if let Some(c) = time_at(start, head.len(), unit).filter(|_| !head.contains(' ')) {
            out.push(c);
            return out;
        }
    }
    // PostgreSQL's EXPLAIN ANALYZE: a plan node's measured times, to its first row and to its
    // last ("(actual time=1841.112..1841.130 rows=48 loops=1)", in ms; the planner's "cost=" is
    // an estimate)
    if let Some(at) = text.find("(actual time=") {
        let first = at + "(actual time=".len();
        if let Some(end) = number_at(text.as_bytes(), first) {
            if let Some(last) = text[end..].strip_prefix("..").map(|_| end + 2) {
                if let Some(last_end) = number_at(text.as_bytes(), last) {
                    for r in [first..end, last..last_end] {
                        if !taken(claims, r.clone()) {
                            out.push(claim_at(text, r, ClaimKind::Latency, "ms"));
                        }
                    }
                }
            }
        }
        return out;
    }
    // GNU time's verbose report (`/usr/bin/time -v`): "Elapsed (wall clock) time (h:mm:ss
    // or m:ss): 0:00.71", "Maximum resident set size (kbytes): 402660", "Percent of CPU this
    // job got: 2870%", "User time (seconds): 41.07"
    for (label, kind, unit) in [
        (
            "Elapsed (wall clock) time (h:mm:ss or m:ss): ",
            ClaimKind::Latency,
            "s",
        ),
        (
            "Maximum resident set size (kbytes): ",
            ClaimKind::Saving,
            "kB",
        ),
        ("Percent of CPU this job got: ", ClaimKind::Percent, "%"),
        ("User time (seconds): ", ClaimKind::Latency, "s"),
        ("System time (seconds): ", ClaimKind::Latency, "s"),
    ] {
        let Some(v) = t.strip_prefix(label) else {
            continue;
        };
        let v = v.trim_end();
        let at = start + label.len();
        let exact = match kind {
            // ("0:00.71", "14:52.31", "1:02:03")
            ClaimKind::Latency if v.contains(':') => {
                clock_time(v)
                    || v.split_once(':')
                        .is_some_and(|(m, s)| m.len() <= 2 && clock_time(&format!("0:{m:0>2}:{s}")))
            }
            ClaimKind::Percent => v
                .strip_suffix('%')
                .is_some_and(|n| number_at(n.as_bytes(), 0) == Some(n.len())),
            _ => number_at(v.as_bytes(), 0) == Some(v.len()),
        };
        if exact && !v.is_empty() && !taken(claims, at..at + v.len()) {
            out.push(claim_at(text, at..at + v.len(), kind, unit));
        }
        return out;
    }
    // BuildKit's plain progress: a step's time when it is done ("#8 DONE 312.8s",
    // "#13 exporting layers 38.2s done")
    if t.starts_with('#') && t[1..].starts_with(|c: char| c.is_ascii_digit()) {
        let last = t.trim_end();
        let value = last
            .strip_suffix(" done")
            .or_else(|| last.split_once(" DONE ").map(|(_, v)| v))
            .map(|h| h.rsplit(' ').next().unwrap_or(h))
            .and_then(|v| v.strip_suffix('s'));
        if let Some(v) = value.filter(|v| number_at(v.as_bytes(), 0) == Some(v.len())) {
            let at = start + (v.as_ptr() as usize - t.as_ptr() as usize);
            if !taken(claims, at..at + v.len() + 1) {
                out.push(claim_at(
                    text,
                    at..at + v.len() + 1,
                    ClaimKind::Latency,
                    "s",
                ));
            }
        }
        return out;
    }
    // fio's latency line, its unit in brackets before the statistics ("clat (usec): min=14,
    // max=4127, avg=51.88, stdev=22.40"): the minimum, maximum and mean (the deviation is a
    // spread)
    if let Some((name, stats)) = t.split_once("): ") {
        let unit = match name.split_once(" (") {
            Some(("lat" | "clat" | "slat", "usec")) => Some("us"),
            Some(("lat" | "clat" | "slat", "msec")) => Some("ms"),
            Some(("lat" | "clat" | "slat", "nsec")) => Some("ns"),
            _ => None,
        };
        if let Some(unit) = unit {
            let base = text.len() - stats.len();
            let mut at = 0;
            for field in stats.split(", ") {
                let from = at;
                at += field.len() + 2;
                let Some((k, v)) = field.split_once('=') else {
                    continue;
                };
                if matches!(k, "min" | "max" | "avg") {
                    out.extend(time_at(base + from + k.len() + 1, v.trim_end().len(), unit));
                }
            }
            return out;
        }
    }
    let mut label_from = 0;
    // (and a dotted leader: CapFrameX's "Average FPS ............ 112.4")
    let mut separators: Vec<usize> = text.match_indices([':', '=']).map(|(k, _)| k).collect();
    if let Some(dots) = text.find(" ...") {
        let run = text[dots + 1..].bytes().take_while(|&b| b == b'.').count();
        if run >= 3 {
            separators.push(dots + run);
            separators.sort_unstable();
        }
    }
    for colon in separators {
        if colon < label_from {
            continue;
        }
        let rest = &text[colon + 1..];
        let start = colon + 1 + (rest.len() - rest.trim_start().len());
        let Some(mut end) = number_at(text.as_bytes(), start) else {
            label_from = colon + 1;
            continue;
        };
        let after = text[end..].chars().next();
        let share = after == Some('%');
        if share {
            end += 1;
        }
        let mut after = text[end..].chars().next();
        let label_text = &text[label_from..colon];
        // a counter's rate with an SI or binary prefix, as Google Benchmark prints it
        // ("items_per_second=1.3247P/s", "bytes_per_second=25.832G/s", "=11.9Gi/s")
        let counter = label_text.trim_end().ends_with("per_second")
            && text[end..].len() >= 3
            && matches!(
                text.as_bytes()[end],
                b'k' | b'K' | b'M' | b'G' | b'T' | b'P' | b'E'
            )
            && ["/s", "i/s"]
                .iter()
                .find(|u| text[end + 1..].starts_with(**u))
                .map(|u| end += 1 + u.len())
                .is_some();
        if counter {
            after = text[end..].chars().next();
        }
        // the label: back to two spaces or a tab ("tps: 3,412  tflops: 158.21"), not counting
        // the spaces that align the colon ("# Avg bus bandwidth    : 230.37")
        let label_text = label_text.trim_end().trim_end_matches('.').trim_end();
        let label = label_text
            .rfind("  ")
            .or_else(|| label_text.rfind('\t'))
            .map_or(label_text, |p| &label_text[p..])
            .trim()
            // a key of a dictionary printed by a training loop ("{'loss': 1.31,
            // 'tokens_per_sec_per_gpu': 3391.8}")
            .trim_start_matches([',', '{', ' '])
            .trim_matches(['\'', '"']);
        label_from = end;
        // ("'tokens_per_sec_per_gpu': 3391.8}": a rate per second named in the key)
        // ("env_sps=16.79M": steps or samples per second, with an SI prefix)
        let per_second = {
            let l = label.to_ascii_lowercase();
            l.contains("_per_sec")
                || l.ends_with("_per_s")
                || l.contains("per second")
                || l.ends_with("_sps")
                // ("samples/min: 5721.38": a noun per second or minute)
                || l.rsplit_once('/').is_some_and(|(noun, per)| {
                    matches!(per, "s" | "sec" | "min")
                        && noun.len() >= 3
                        && noun.bytes().all(|b| b.is_ascii_lowercase())
                })
        };
        if per_second && !counter && matches!(after, Some('k' | 'K' | 'M' | 'G')) {
            let next = text[end + 1..].chars().next();
            if next.is_none_or(|c| c.is_whitespace() || matches!(c, ',' | '}' | '|')) {
                end += 1;
                after = next;
                label_from = end;
            }
        }
        // the rate a harness was asked for ("Scheduled samples per second : 63.48", "target
        // qps: 40") is a setting
        let asked = words(&label.to_ascii_lowercase())
            .any(|w| matches!(w, "scheduled" | "target" | "offered" | "requested"));
        // a time unit written against the value ("ttft_p50=212ms"; not a run's set-up,
        // "duration=600s")
        let l = label_text.to_ascii_lowercase();
        let glued_time = ["ttft", "tpot", "itl", "latency", "median"]
            .iter()
            .chain(PERCENTILES)
            .any(|w| l.contains(w))
            && unit_at(&text[end..], TIME_UNITS).is_some();
        if label.is_empty()
            || asked
            || (after.is_some_and(|c| !c.is_whitespace() && c != ',' && c != '|' && c != '}')
                && !glued_time)
            || taken(claims, start..end)
        {
            continue;
        }
        // nccl-tests' summary: "# Avg bus bandwidth    : 230.37" (in GB/s)
        let bus = label
            .trim_start_matches(['#', ' '])
            .eq_ignore_ascii_case("avg bus bandwidth");
        // a rate its label names: (a compute or bandwidth rate, its unit)
        let named_rate = if bus && !share {
            Some((true, "gb/s"))
        } else if counter || (per_second && !share) {
            Some((false, "/s"))
        } else {
            None
        };
        if let Some((peak_unit, unit)) = named_rate {
            out.push(claim_at(
                text,
                start..end,
                ClaimKind::Rate { peak_unit },
                unit,
            ));
            continue;
        }
        // ("ttft_p50=212ms": a key's words joined by underscores; OpenFOAM's "ExecutionTime =
        // 1156.41 s": joined in camel case)
        let Some((kind, unit)) = column_kind(&spaced_key(label), None) else {
            continue;
        };
        if share && kind != ClaimKind::Percent {
            continue;
        }
        // "latency: 85 ms": a label of times that carry their own unit; "memory footprint:
        // 14.48 GB", an amount of memory
        if unit == OWN_UNIT {
            let rest = text[end..].trim_start();
            let units: &[&str] = if kind == ClaimKind::Saving {
                &["GB", "GiB", "MB", "MiB", "TB", "TiB", "KB", "KiB"]
            } else {
                TIME_UNITS
            };
            let Some(u) = unit_at(rest, units) else {
                continue;
            };
            let end = text.len() - rest.len() + u.len();
            label_from = end;
            out.push(claim_at(text, start..end, kind, u));
            continue;
        }
        out.push(claim_at(text, start..end, kind, unit));
    }
    // "step 1200 | loss 2.18 | tok/s/gpu 1086.1 | mfu 52.4%": a field of a log line, its name
    // before its value
    if text.contains('|') {
        // llama-bench's row with no header line above it ("| llama 1B Q4_0 | … | pp512 |
        // 84.21 ± 0.40 |"): tokens per second of the test named before them
        if let [.., (_, test), (at, value)] = pipe_cells(text)[..] {
            let value = value.split_once(" ± ").map_or("", |(v, _)| v);
            if llama_bench_test(test) && lone_number(value) && !taken(claims, at..at + value.len())
            {
                out.push(claim_at(
                    text,
                    at..at + value.len(),
                    ClaimKind::Rate { peak_unit: false },
                    "t/s",
                ));
            }
        }
        let mut at = 0;
        for field in text.split('|') {
            let from = at;
            at += field.len() + 1;
            let f = field.trim_end();
            let Some((label, value)) = f.trim_start().rsplit_once(' ') else {
                continue;
            };
            let start = from + f.len() - value.len();
            if let Some(c) = log_field(text, label.trim(), start..start + value.len()) {
                if !taken(claims, c.span.clone()) && !taken(&out, c.span.clone()) {
                    out.push(c);
                }
            }
        }
        out.sort_by_key(|c| c.span.start);
    } else if text.contains("  ") {
        // "[stage] map   00:21:07   reads/s 1.41M   gpu_util 88%": fields set apart by two
        // spaces, a key (a word joined by "_" or "/") then its value
        // (a line a pipeline's log prints, its step in brackets first)
        let keyed_line = text.trim_start().starts_with('[');
        let mut at = 0;
        for field in text.split("  ") {
            let from = at;
            at += field.len() + 2;
            let f = field.trim();
            // (a stage's time after its name, "[stage] map   00:21:07": not the line's
            // first field, which a log's timestamp is)
            if from > 0 && clock_time(f) && keyed_line {
                let start = from + (field.len() - field.trim_start().len());
                if !taken(claims, start..start + f.len()) {
                    out.push(claim_at(
                        text,
                        start..start + f.len(),
                        ClaimKind::Latency,
                        "h:m:s",
                    ));
                }
                continue;
            }
            let Some((label, value)) = f.split_once(' ') else {
                continue;
            };
            if value.contains(' ') || !label.contains(['_', '/']) {
                continue;
            }
            let start = from + (field.len() - field.trim_start().len()) + label.len() + 1;
            if let Some(c) = log_field(text, label, start..start + value.len()) {
                if !taken(claims, c.span.clone()) && !taken(&out, c.span.clone()) {
                    out.push(c);
                }
            }
        }
        out.sort_by_key(|c| c.span.start);
    }
    // a dashboard's row, its name then its value aligned by spaces ("rps             4,120"):
    // a rate its name states
    let line = text.trim();
    if let Some(gap) = line.find("  ") {
        let (label, value) = (&line[..gap], line[gap..].trim_start());
        let start = text.len() - text.trim_start().len() + line.len() - value.len();
        if !label.is_empty()
            && !label.contains(|c: char| c.is_ascii_digit())
            && number_at(text.as_bytes(), start) == Some(start + value.len())
            && !taken(claims, start..start + value.len())
            && !taken(&out, start..start + value.len())
        {
            if let Some((kind @ ClaimKind::Rate { .. }, unit)) = column_kind(label, None) {
                out.push(claim_at(text, start..start + value.len(), kind, unit));
            }
        }
    }
    out
}

/// A field of a log line, its key before its value ("tok/s/gpu 1086.1", "step_time 6.418s",
/// "mfu 0.581", "hbm_peak 71.2GiB", "reads/s 2.03M", "gpu_util 91%"), as a claim when the key
/// names a rate, a time, a share of peak or a footprint (not "loss", "lr", "step"); `span` is
/// the value's place in `text`.
fn log_field(text: &str, label: &str, span: Range<usize>) -> Option<Claim> {
    let value = &text[span.clone()];
    if label.is_empty() || label.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let lower = label.to_ascii_lowercase();
    let key = spaced_key(&lower).replace('-', " ");
    let end = number_at(value.as_bytes(), 0)?;
    if value.starts_with(['+', '-']) {
        return None;
    }
    let rest = &value[end..];
    let at = span.start;
    // a rate in its key ("tok/s/gpu", "reads/s", "samples_per_sec"), its value perhaps with
    // an SI prefix ("2.03M")
    let rate = lower.contains("/s") || lower.contains("per_s") || lower.ends_with("_sps");
    if rate && matches!(rest, "" | "k" | "K" | "M" | "G") {
        return Some(claim_at(
            text,
            at..at + value.len(),
            ClaimKind::Rate { peak_unit: false },
            "/s",
        ));
    }
    let kind = column_kind(&key, None).or_else(|| output_column_kind(&lower));
    match kind {
        Some((ClaimKind::Latency, unit)) => {
            if let Some((_, u)) = glued_time(value) {
                return Some(claim_at(text, span, ClaimKind::Latency, u));
            }
            (rest.is_empty() && unit != OWN_UNIT)
                .then(|| claim_at(text, span, ClaimKind::Latency, unit))
        }
        Some((ClaimKind::Percent, _)) if rest.is_empty() || rest == "%" => {
            Some(claim_at(text, span, ClaimKind::Percent, "%"))
        }
        Some((k @ ClaimKind::Rate { .. }, unit)) if rest.is_empty() => {
            Some(claim_at(text, span, k, unit))
        }
        _ => {
            // a footprint its key names, with its unit ("hbm_peak 71.2GiB", "max_mem 38.1GB")
            let memory = words(&key).any(|w| {
                matches!(
                    w,
                    "mem" | "memory" | "hbm" | "vram" | "rss" | "peak" | "alloc" | "allocated"
                )
            });
            let size = matches!(rest, "GB" | "GiB" | "MB" | "MiB" | "TB" | "TiB");
            (memory && size).then(|| claim_at(text, span, ClaimKind::Saving, "gb"))
        }
    }
}

/// The kind of the values under a column of output named `name` as a benchmark tool prints
/// it: "decode_tok_s" (tokens/s), "prefill_ms" (a time in ms), "RTF", "tokens/s".
fn output_column_kind(name: &str) -> Option<(ClaimKind, &'static str)> {
    // nccl-tests' bandwidths, in GB/s
    if matches!(name, "algbw" | "busbw") {
        return Some((ClaimKind::Rate { peak_unit: true }, "gb/s"));
    }
    // a column named by its unit alone: "ms", "us"
    if let Some(unit) = ["ms", "us", "µs", "ns", "s", "sec", "min"]
        .iter()
        .find(|u| name.eq_ignore_ascii_case(u))
    {
        return Some((ClaimKind::Latency, unit));
    }
    let spaced = name.replace(['_', '-'], " ");
    let named = match spaced.rsplit_once(' ') {
        // "prefill ms" -> "prefill (ms)"
        Some((head, unit)) if matches!(unit, "ms" | "s" | "sec" | "us" | "µs" | "min") => {
            match head.rsplit_once(' ') {
                // "decode tok s" -> "decode tok/s"
                Some((_, item)) if RATE_ITEMS.contains(&item) => format!("{head}/{unit}"),
                None if RATE_ITEMS.contains(&head) => format!("{head}/{unit}"),
                _ => format!("{head} ({unit})"),
            }
        }
        _ => spaced,
    };
    column_kind(&named, None).filter(|(_, unit)| *unit != OWN_UNIT)
}

/// The kind of the values under the `k`th column named `name` of a block of output: what its
/// name says, else the unit the lead-in names for the block (`lead`), for a column after the
/// first that sets nothing up ("cuBLAS  Triton", not "M  N  K").
fn named_column_kind(name: &str, k: usize, lead: CellKind) -> CellKind {
    let lower = name.to_ascii_lowercase();
    output_column_kind(&lower).or_else(|| {
        lead.filter(|_| k > 0 && !super::table::is_workload_header(&lower))
            .and_then(|_| column_kind(&lower, lead))
    })
}

/// Words of a rate's item in an output column's name ("tok" in "decode_tok_s").
const RATE_ITEMS: &[&str] = &[
    "tok", "tokens", "req", "requests", "it", "img", "images", "samples", "seq", "frames",
];

/// The values of a line of columnar output under a header line of column names
/// (`input_len  output_len  prefill_ms  decode_tok_s` over `512  256  38.2  31.4`): a bare
/// number under a column whose name gives its unit is a claim. Only when the line has as
/// many fields as the header has names (or one more, an index first, as pandas prints a
/// frame). A header printed as a comment (after `#`) counts.
///
/// `lead` is the unit the lead-in names for the numbers of the block ("(TFLOPS for square
/// problems)"): the columns after the first whose names state no unit and set nothing up
/// ("cuBLAS  Triton", not "M  N  K") hold results in it.
pub fn column_values(header: &str, text: &str, claims: &[Claim], lead: CellKind) -> Vec<Claim> {
    // a Markdown table printed by a tool (llama-bench): cells between pipes
    // (also printed without outer pipes: "model | size | t/s", three cells at least)
    let piped = |l: &str| l.trim_start().starts_with('|') || l.matches(" | ").count() >= 2;
    // (nvidia-smi's box names no columns of values: its device row holds a bus id, a mode and
    // an index; `labelled_value` reads the row under load)
    if header.contains("Pwr:Usage/Cap") {
        return Vec::new();
    }
    if piped(header.lines().next().unwrap_or("")) && piped(text) {
        return pipe_values(header, text, claims, lead);
    }
    // a header printed as a comment ("#  size  time(us)  busbw(GB/s)", as nccl-tests prints it),
    // its units on a second line ("#  (B)  (us)  (GB/s)")
    let (header, units) = match header.split_once('\n') {
        Some((names, units)) => (names, Some(units.trim_start().trim_start_matches('#'))),
        None => (header, None),
    };
    let header = header.trim_start().trim_start_matches('#');
    // ("… 514.97    # NCCL 2.21.5 (NVLS)": a comment after the values)
    let values = text.find(" #").map_or(text, |p| &text[..p]);
    let mut fields: Vec<(usize, &str)> = Vec::new();
    for f in values.split_whitespace() {
        let at = f.as_ptr() as usize - text.as_ptr() as usize;
        // a value with its time unit after a space is one field ("21 ms", "8,4 ms")
        match fields.last_mut() {
            Some((start, prev)) if TIME_UNIT_FIELDS.contains(&f) && lone_number(prev) => {
                *prev = &text[*start..at + f.len()];
            }
            _ => fields.push((at, f)),
        }
    }
    let mut names: Vec<String> = header.split_whitespace().map(str::to_string).collect();
    if let Some(units) = units {
        // each unit under the name it ends with (both lines right-aligned), else in order
        let ends = |line: &str| -> Vec<(usize, String)> {
            line.split_whitespace()
                .map(|w| {
                    (
                        w.as_ptr() as usize - line.as_ptr() as usize + w.len(),
                        w.to_string(),
                    )
                })
                .collect()
        };
        let (named, united) = (ends(header), ends(units));
        if united.len() == names.len() {
            for (n, (_, u)) in names.iter_mut().zip(&united) {
                n.push(' ');
                n.push_str(u);
            }
        } else if united
            .iter()
            .all(|(e, _)| named.iter().any(|(ne, _)| ne == e))
        {
            for (e, u) in &united {
                if let Some(k) = named.iter().position(|(ne, _)| ne == e) {
                    names[k].push(' ');
                    names[k].push_str(u);
                }
            }
        }
    }
    // names with a space, columns set apart by two ("ctx   full (ms/step)   ours (ms/step)")
    if names.len() != fields.len() && header.contains("  ") {
        names = header
            .split("  ")
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect();
    }
    // ncu's metric tables: "Metric Name  Metric Unit  Metric Value" over "Duration  usecond
    // 511.87": the value's unit is in the row
    // (newer versions print no column names, the rows under a "Section:" line)
    if (header.trim_start().starts_with("Metric Name") && header.contains("Metric Value"))
        || header.trim_start().starts_with("Section:")
    {
        return metric_row(text, claims);
    }
    // a last column of free text ("Name": "my_softmax(const __half *, __half *, int)")
    if fields.len() > names.len()
        && names.len() >= 2
        && names.last().is_some_and(|n| {
            matches!(
                n.to_ascii_lowercase().as_str(),
                "name" | "kernel" | "kernel name" | "function"
            )
        })
    {
        fields.truncate(names.len() - 1);
        names.pop();
    }
    // a row label before the values, naming their unit, under one name per value ("step wall
    // time (ms)   31.8   44.5" under "v0.11.2   v0.12.0")
    if fields.len() > names.len()
        && names.len() >= 2
        && fields[fields.len() - names.len()..]
            .iter()
            .all(|(_, v)| lone_number(v))
        && fields[..fields.len() - names.len()]
            .iter()
            .all(|(_, v)| !lone_number(v))
    {
        let first = fields[fields.len() - names.len()].0;
        let label = text[..first].trim().to_ascii_lowercase();
        if let Some((kind, unit)) = column_kind(&label, None).filter(|(_, u)| *u != OWN_UNIT) {
            return fields[fields.len() - names.len()..]
                .iter()
                .filter(|(at, v)| !taken(claims, *at..at + v.len()))
                .map(|(at, v)| claim_at(text, *at..at + v.len(), kind, unit))
                .collect();
        }
    }
    // an index before the values ("3  2048.0  2048.0  520.126383"), as pandas prints a frame
    if fields.len() == names.len() + 1
        && fields[0].1.bytes().all(|b| b.is_ascii_digit())
        && fields[0].1.len() <= 4
    {
        fields.remove(0);
    }
    // a label of several words before the values ("exposed DP reduce-scatter   83.9" under
    // "phase   time (ms)", "mesa 24.0.8   118.4   10.9 ms" under "driver   avg fps   p99"):
    // one field
    if fields.len() > names.len() && names.len() >= 2 {
        let k = fields.len() - (names.len() - 1);
        let release = |v: &str| v.matches('.').count() >= 2 && super::text::is_release(v);
        let valued = |v: &str| {
            !release(v)
                && (lone_number(v)
                    || v.split_once(' ')
                        .is_some_and(|(n, u)| lone_number(n) && TIME_UNIT_FIELDS.contains(&u)))
        };
        if fields[k..].iter().all(|(_, v)| valued(v))
            && fields[..k]
                .iter()
                .all(|(_, v)| !lone_number(v) || release(v))
        {
            let (start, last) = fields[k - 1];
            let label = &text[fields[0].0..start + last.len()];
            fields.splice(..k, [(fields[0].0, label)]);
        }
    }
    // names of one word and of several side by side, each over its value ("#bytes
    // #iterations    t_min[usec] … 99% percentile[usec]", as perftest prints them)
    if names.len() != fields.len() {
        if let Some(aligned) = aligned_names(header, &fields) {
            names = aligned;
        }
    }
    if names.len() < 2 || fields.len() != names.len() {
        return Vec::new();
    }
    // nccl-tests prints its times in microseconds
    if names.iter().any(|n| n == "busbw") {
        for n in names.iter_mut().filter(|n| *n == "time") {
            n.push_str(" (us)");
        }
    }
    // (a compressor's measured ratio beside its speeds: "ratio   comp MB/s")
    let speeds = names.iter().any(|n| {
        matches!(
            output_column_kind(&n.to_ascii_lowercase()),
            Some((ClaimKind::Rate { .. }, _))
        )
    });
    let stream = names
        .iter()
        .any(|n| n.eq_ignore_ascii_case("best rate mb/s"));
    let memtier = names.iter().any(|n| n.eq_ignore_ascii_case("ops/sec"))
        && names.iter().any(|n| n.eq_ignore_ascii_case("avg. latency"));
    let mut out = Vec::new();
    for (k, ((at, value), name)) in fields.into_iter().zip(names).enumerate() {
        let end = at + value.len();
        // (a spread of the values is none: "t_stdev[usec]", "stddev")
        if spaced_key(&name.to_ascii_lowercase())
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| matches!(w, "stdev" | "stddev" | "std" | "sd" | "variance"))
        {
            continue;
        }
        if speeds
            && k > 0
            && super::cells::is_measured_ratio_header(&name)
            && lone_number(value)
            && !taken(claims, at..end)
        {
            out.push(claim_at(text, at..end, ClaimKind::Multiplier, "x"));
            continue;
        }
        // "00:18:40" under "Elapsed", as a batch scheduler's accounting prints a run's time
        if clock_time(value)
            && matches!(
                name.to_ascii_lowercase().as_str(),
                "elapsed" | "walltime" | "wall" | "time" | "runtime" | "duration" | "wallclock"
            )
            && !taken(claims, at..end)
        {
            out.push(claim_at(text, at..end, ClaimKind::Latency, "h:m:s"));
            continue;
        }
        if taken(claims, at..end) {
            continue;
        }
        // "16.6ms" under "frame_p50": a time with its unit against it, under a column of
        // times
        if let Some((_, unit)) = glued_time(value) {
            let lower = name.to_ascii_lowercase();
            if column_kind(&spaced_key(&lower), None)
                .or_else(|| output_column_kind(&lower))
                .is_some_and(|(k, _)| k == ClaimKind::Latency)
            {
                out.push(claim_at(text, at..end, ClaimKind::Latency, unit));
            }
            continue;
        }
        // "21 ms" under "TTFT p50": a time that carries its unit, under a column of times
        if let Some((number, unit)) = value.split_once(' ') {
            if lone_number(number)
                && column_kind(&name.to_ascii_lowercase(), None)
                    .is_some_and(|(k, u)| k == ClaimKind::Latency && u == OWN_UNIT)
            {
                let unit = TIME_UNIT_FIELDS
                    .iter()
                    .find(|u| **u == unit)
                    .copied()
                    .unwrap_or("ms");
                out.push(claim_at(text, at..end, ClaimKind::Latency, unit));
            }
            continue;
        }
        // "39.85%" under "Self CUDA %": the share of the run's time a profiler gives a row
        // (not a column of quality, "Accuracy %")
        if value
            .strip_suffix('%')
            .is_some_and(|n| lone_number(n) && !n.starts_with(['+', '-']))
            && (name.ends_with('%') || name.ends_with("(%)"))
            && !super::table::is_quality_header(&name)
        {
            out.push(claim_at(text, at..end, ClaimKind::Percent, "%"));
            continue;
        }
        if !lone_number(value) {
            continue;
        }
        // memtier's stats table prints its latencies in ms ("Avg. Latency", "p99 Latency")
        if memtier && name.to_ascii_lowercase().ends_with("latency") {
            out.push(claim_at(text, at..end, ClaimKind::Latency, "ms"));
            continue;
        }
        // (and the data it moved per second, "KB/sec")
        if memtier && name.eq_ignore_ascii_case("kb/sec") {
            out.push(claim_at(
                text,
                at..end,
                ClaimKind::Rate { peak_unit: false },
                "kb/s",
            ));
            continue;
        }
        // STREAM's table prints its mean time in seconds beside its best rate (its "Min time"
        // and "Max time" are bounds, no results)
        if stream && name.eq_ignore_ascii_case("avg time") {
            out.push(claim_at(text, at..end, ClaimKind::Latency, "s"));
            continue;
        }
        let kind = named_column_kind(&name, k, lead);
        if let Some((kind, unit)) = kind {
            out.push(claim_at(text, at..end, kind, unit));
        }
    }
    out
}

/// The name over each value of a line of columnar output, by where each stands: the names
/// set apart by two spaces, or the words of one of them where it stands over several values.
/// None unless every value stands under a name (`fields`: each value and where it starts).
fn aligned_names(header: &str, fields: &[(usize, &str)]) -> Option<Vec<String>> {
    let spans = |line: &str, sep: &str| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut at = 0;
        for part in line.split(sep) {
            let t = part.trim();
            if !t.is_empty() {
                let start = at + (part.len() - part.trim_start().len());
                out.push((start, start + t.len()));
            }
            at += part.len() + sep.len();
        }
        out
    };
    let header = header.lines().next()?;
    let groups = spans(header, "  ");
    let over = |(s, e): (usize, usize), at: usize, len: usize| s <= at + len && at <= e;
    let mut of: Vec<usize> = Vec::with_capacity(fields.len());
    for (at, v) in fields {
        let hits: Vec<usize> = (0..groups.len())
            .filter(|&g| over(groups[g], *at, v.len()))
            .collect();
        match hits[..] {
            [g] => of.push(g),
            _ => return None,
        }
    }
    let mut names = Vec::with_capacity(fields.len());
    for (k, (at, v)) in fields.iter().enumerate() {
        let g = of[k];
        let (s, e) = groups[g];
        let name = &header[s..e];
        if of.iter().filter(|&&o| o == g).count() == 1 {
            names.push(name.to_string());
            continue;
        }
        // (a name over several values: its words, one over each)
        let words: Vec<(usize, usize)> = spans(name, " ")
            .into_iter()
            .map(|(a, b)| (a + s, b + s))
            .collect();
        let w = words.iter().find(|w| over(**w, *at, v.len()))?;
        names.push(header[w.0..w.1].to_string());
    }
    Some(names)
}

/// The workload a line of columnar output states in its set-up columns ("M  N  K" over
/// "4096.0  4096.0  4096.0", "batch  seq_len" over "8  2048"), as "M=4096.0 N=4096.0 …".
/// Names and values split on spaces alone, an index before the values dropped (pandas).
pub fn workload_of_columns(names: &str, text: &str) -> Option<String> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let names = column_names(names, fields.len());
    if fields.len() == names.len() + 1
        && fields[0].len() <= 4
        && fields[0].bytes().all(|b| b.is_ascii_digit())
    {
        fields.remove(0);
    }
    if fields.len() != names.len() {
        return None;
    }
    let stated: Vec<String> = names
        .iter()
        .zip(&fields)
        .enumerate()
        .filter(|(k, (n, v))| {
            (lone_number(v) && super::table::is_workload_header(n))
                // (the first column names what each line ran: "benchmark" over "DeltaBlue")
                || (*k == 0
                    && !lone_number(v)
                    && matches!(
                        n.to_ascii_lowercase().as_str(),
                        "benchmark" | "bench" | "workload" | "query" | "dataset" | "matrix"
                            | "problem" | "test"
                    ))
        })
        .map(|(_, (n, v))| format!("{n}={v}"))
        .collect();
    (!stated.is_empty()).then(|| stated.join(" "))
}

/// The value of a line under a column that reports a check of it ("verify" over "ok",
/// "check" over "PASS"), with that column's name: the line's check.
pub fn check_column(names: &str, text: &str) -> Option<String> {
    columns(names, text)?.into_iter().find_map(|(n, (_, v))| {
        let n = n.to_ascii_lowercase();
        let v = v.to_ascii_lowercase();
        (matches!(
            n.as_str(),
            "verify"
                | "verified"
                | "check"
                | "checked"
                | "correct"
                | "valid"
                | "validated"
                | "validation"
                | "match"
                | "matches"
        ) && matches!(
            v.as_str(),
            "ok" | "pass" | "passed" | "true" | "yes" | "✓" | "✔"
        ))
        .then(|| format!("{n} {v}"))
    })
}

/// A line's column names, for a line of `fields` values: split on blank space, or, when that
/// gives more names than values, on runs of two spaces (names of more than one word: "size
/// ms   vs cuBLAS").
fn column_names(names: &str, fields: usize) -> Vec<&str> {
    let names = names.trim_start().trim_start_matches('#');
    let words: Vec<&str> = names.split_whitespace().collect();
    if words.len() > fields {
        names
            .split("  ")
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect()
    } else {
        words
    }
}

/// The result lines of `me`'s block near it, `me` included (a run's rows stand together, and a
/// long block stays linear: each line looks at 16 lines either side at most).
fn near_lines<'l>(
    lines: &'l [ResultLine],
    me: &ResultLine,
) -> impl Iterator<Item = &'l ResultLine> {
    let at = lines.partition_point(|r| r.block.span.start < me.block.span.start);
    let code = me.code;
    lines[at.saturating_sub(16)..(at + 17).min(lines.len())]
        .iter()
        .filter(move |r| r.code == code)
}

/// The value of a line under a column that sets it against a reference ("vs cuBLAS", "vs.
/// ref"), with that column's name: the value's baseline (the others of the line have none).
pub fn ratio_column<'n>(names: &'n str, text: &str) -> Option<(Range<usize>, &'n str)> {
    columns(names, text)?
        .into_iter()
        .find_map(|(n, (start, f))| {
            let lower = n.to_ascii_lowercase();
            (lower.len() > 3 && (lower.starts_with("vs ") || lower.starts_with("vs. ")))
                .then(|| (start..start + f.len(), n))
        })
}

/// Each value of a line under its column's name, with where the value starts in the line;
/// None when the line has not one value per name (an index before the values, as pandas
/// prints it, is skipped).
fn columns<'n, 't>(names: &'n str, text: &'t str) -> Option<Vec<(&'n str, (usize, &'t str))>> {
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for f in text.split_whitespace() {
        let start = at + text[at..].find(f)?;
        fields.push((start, f));
        at = start + f.len();
    }
    let cols = column_names(names, fields.len());
    let skip = usize::from(fields.len() == cols.len() + 1);
    (fields.len() == cols.len() + skip).then(|| {
        cols.into_iter()
            .zip(fields.into_iter().skip(skip))
            .collect()
    })
}

/// The cells of a line of a Markdown table printed in a code block, with where each starts
/// (blank space before the first pipe and after the last is no cell; a line printed without
/// outer pipes, "model | size | t/s", has cells there).
fn pipe_cells(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut at = 0;
    for part in line.split('|') {
        let start = at + (part.len() - part.trim_start().len());
        out.push((start, part.trim()));
        at += part.len() + 1;
    }
    if out.len() >= 2 {
        if out.first().is_some_and(|(_, c)| c.is_empty()) {
            out.remove(0);
        }
        if out.last().is_some_and(|(_, c)| c.is_empty()) {
            out.pop();
        }
    }
    out
}

/// The values of a line of a Markdown table printed in a code block (llama-bench's `| model |
/// size | … | t/s |` over `| llama 8B Q4_K - Medium | … | 62.84 ± 0.31 |`), as `column_values`
/// reads columns of output: a number, or a number and its spread, under a column whose name
/// gives its unit.
fn pipe_values(header: &str, text: &str, claims: &[Claim], lead: CellKind) -> Vec<Claim> {
    let names = pipe_cells(header.lines().next().unwrap_or(""));
    let cells = pipe_cells(text);
    if names.len() < 2 || cells.len() != names.len() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (k, ((_, name), (at, cell))) in names.iter().zip(&cells).enumerate() {
        // "62.84 ± 0.31": the value, not its spread
        let value = cell.split_once('±').map_or(*cell, |(v, _)| v.trim_end());
        let end = at + value.len();
        if !lone_number(value) || taken(claims, *at..end) {
            continue;
        }
        let kind = named_column_kind(name, k, lead);
        if let Some((kind, unit)) = kind {
            out.push(claim_at(text, *at..end, kind, unit));
        }
    }
    out
}

/// Whether a cell names a test llama-bench runs: prompt processing or generation of a number
/// of tokens ("pp512", "tg128", "pp512+tg128", "pp4096 @ d8192").
fn llama_bench_test(cell: &str) -> bool {
    let test = cell.split(" @ ").next().unwrap_or("");
    !test.is_empty()
        && test.split('+').all(|t| {
            t.strip_prefix("pp")
                .or_else(|| t.strip_prefix("tg"))
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Time units printed as a field of their own after a value ("21 ms").
const TIME_UNIT_FIELDS: &[&str] = &["ns", "us", "µs", "μs", "ms", "s", "sec", "min", "h"];

/// The signed changes a results line prints after its values ("moe_fwd:  1.141 ms (main 1.918
/// ms)   -40.5%"): a share with its sign, after a claim of the line, added to `claims`, or
/// the sign joined to the share they already hold ("24.6%" becomes "-24.6%").
pub fn signed_changes(text: &str, claims: &mut Vec<Claim>) {
    let Some(first) = claims.first().map(|c| c.span.start) else {
        return;
    };
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (at, _) in text.match_indices(['+', '-', '−']) {
        let sign = text[at..].chars().next().map_or(1, char::len_utf8);
        let n = at + sign;
        let before_ok = at == 0 || b[at - 1] == b' ' || b[at - 1] == b'(';
        let Some(end) = number_at(b, n).filter(|_| before_ok && at > first) else {
            continue;
        };
        if b.get(end) != Some(&b'%') {
            continue;
        }
        // "-24.6%" whose number the claims already hold ("24.6%"): the sign joins it
        if let Some(c) = claims.iter_mut().find(|c| c.span.start == n) {
            c.span.start = at;
            c.own.start = c.own.start.min(at);
        } else if !claims
            .iter()
            .any(|c| c.span.start <= end && at < c.span.end)
        {
            out.push(claim_at(text, at..end + 1, ClaimKind::Percent, "%"));
        }
    }
    claims.extend(out);
}

/// wrk's report: its thread statistics ("Latency   912.44us  401.12us  14.02ms  78.31%",
/// "Req/Sec  35.21k  2.10k  44.90k  71.04%": the mean and the maximum are results, the
/// deviation and the share within one deviation are a spread), its transfer rate
/// ("Transfer/sec:  34.68MB") and its summary ("8411273 requests in 30.10s, 1.02GB read": the
/// length of the run, set by `-d`, no result).
pub fn wrk_report(text: &str, claims: &mut Vec<Claim>) {
    let t = text.trim_start();
    let base = text.len() - t.len();
    let fields: Vec<(usize, &str)> = t
        .split_whitespace()
        .map(|f| (base + (f.as_ptr() as usize - t.as_ptr() as usize), f))
        .collect();
    let overlaps = |c: &Claim, at: usize, f: &str| c.span.start < at + f.len() && at < c.span.end;
    match fields[..] {
        [(_, "Latency" | "Req/Sec"), avg, stdev, max, (_, within)] if within.ends_with('%') => {
            let rate = fields[0].1 == "Req/Sec";
            claims.retain(|c| {
                !overlaps(c, stdev.0, stdev.1) && !overlaps(c, fields[4].0, fields[4].1)
            });
            for (at, f) in [avg, max] {
                let end = number_at(text.as_bytes(), at).unwrap_or(at);
                let len = end - at + usize::from(matches!(text.as_bytes().get(end), Some(b'k')));
                if rate && len == f.len() && !claims.iter().any(|c| overlaps(c, at, f)) {
                    claims.push(claim_at(
                        text,
                        at..at + len,
                        ClaimKind::Rate { peak_unit: false },
                        "req/s",
                    ));
                }
            }
        }
        [(_, "Transfer/sec:"), (v, f)]
            if number_at(text.as_bytes(), v).is_some()
                && !claims.iter().any(|c| overlaps(c, v, f)) =>
        {
            claims.push(claim_at(
                text,
                v..v + f.len(),
                ClaimKind::Rate { peak_unit: false },
                "b/s",
            ));
        }
        [_, (_, "requests"), (_, "in"), (at, f), ..] => {
            claims.retain(|c| !overlaps(c, at, f));
        }
        // its latency distribution ("Latency Distribution" over "50%    1.31ms"): the time
        // at each percentile (the percentile names it)
        [(p, share), (at, f)] if share.strip_suffix('%').is_some_and(lone_number) => {
            if let Some((_, unit)) = glued_time(f) {
                claims.retain(|c| !overlaps(c, p, share));
                if !claims.iter().any(|c| overlaps(c, at, f)) {
                    claims.push(claim_at(text, at..at + f.len(), ClaimKind::Latency, unit));
                }
            }
        }
        _ => {}
    }
    claims.sort_by_key(|c| c.span.start);
}

/// What a line of output names as its workload by a key ("scene:   spring     samples/min:
/// 3104.77", "benchmark=nbody"): the value of a key that names what each line ran.
pub fn keyed_workload(text: &str) -> Option<&str> {
    // a database shell's summary: what the query read ("Elapsed: 0.142 sec. Processed 99.97
    // million rows, 8.74 GB (704.01 million rows/s., …)")
    if let Some(at) = text.find("Processed ") {
        let rest = &text[at..];
        let end = rest.find(" (").unwrap_or(rest.len());
        if text[..at].contains("Elapsed: ") && rest[..end].contains(" rows") {
            return Some(rest[..end].trim_end_matches(['.', ',']));
        }
    }
    let mut fields = text.split_whitespace().peekable();
    while let Some(f) = fields.next() {
        let (key, value) = match f.split_once(['=', ':']) {
            Some((k, v)) if !v.is_empty() => (k, v),
            Some((k, _)) => (k, *fields.peek()?),
            None => continue,
        };
        // (not a single letter: GNU time's "(h:mm:ss or m:ss): 0:00.11" keys nothing)
        if key.len() >= 2
            && key.bytes().all(|b| b.is_ascii_alphabetic())
            && super::table::is_workload_header(key)
            && value.starts_with(|c: char| c.is_alphabetic())
        {
            return Some(value);
        }
    }
    None
}

/// The line a block's indented line is under (sysbench's "Latency (ms):" over "         avg:
/// 1.32"): the nearest line above it that is not indented, within its block.
pub fn section_line(source: &str, at: usize) -> Option<&str> {
    let start = source[..at].rfind('\n').map_or(0, |p| p + 1);
    if !source[start..].starts_with([' ', '\t']) {
        return None;
    }
    source[..start]
        .lines()
        .rev()
        .filter(|l| !l.trim().is_empty())
        .find(|l| !l.starts_with([' ', '\t']))
        .filter(|l| !l.trim_start().starts_with("```") && !l.trim_start().starts_with("~~~"))
}

/// Statistics a tool prints under a line naming their unit (sysbench's "Latency (ms):" over
/// "avg:  1.32", "95th percentile:  9.39": the mean, the extremes and the percentiles), and
/// its rates in brackets ("transactions:  14490300 (48301.87 per sec.)").
pub fn section_values(text: &str, section: Option<&str>, claims: &[Claim]) -> Vec<Claim> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(" per sec.)") {
        let Some(open) = text[..at].rfind('(') else {
            continue;
        };
        if number_at(text.as_bytes(), open + 1) == Some(at) && !taken(claims, open + 1..at) {
            out.push(claim_at(
                text,
                open + 1..at,
                ClaimKind::Rate { peak_unit: false },
                "/s",
            ));
        }
    }
    let Some(unit) = section.and_then(|s| super::text::time_unit_in(&s.to_ascii_lowercase()))
    else {
        return out;
    };
    let t = text.trim_end();
    let Some((label, value)) = t.split_once(':') else {
        return out;
    };
    let label = label.trim().to_ascii_lowercase();
    let statistic = matches!(label.as_str(), "min" | "avg" | "max" | "mean" | "median")
        || label.ends_with("th percentile");
    let v = value.trim();
    let start = t.len() - v.len();
    if statistic && lone_number(v) {
        out.extend(printed_time(text, claims, start, v.len(), unit));
    }
    out
}

/// A time a tool prints at `start`, `len` bytes long: a claim if exactly a number stands there
/// that no claim covers yet.
fn printed_time(
    text: &str,
    claims: &[Claim],
    start: usize,
    len: usize,
    unit: &str,
) -> Option<Claim> {
    (len > 0
        && number_at(text.as_bytes(), start) == Some(start + len)
        && !taken(claims, start..start + len))
    .then(|| claim_at(text, start..start + len, ClaimKind::Latency, unit))
}

/// A log line's timestamp is no result: "[1843.221s][info][gc] …" (the JVM's unified
/// logging prints the uptime first, in brackets), "[  12.345678] …" (the kernel's).
pub fn log_timestamp(text: &str, claims: &mut Vec<Claim>) {
    let t = text.trim_start();
    let Some(close) = t.strip_prefix('[').and_then(|r| r.find(']')) else {
        return;
    };
    let start = text.len() - t.len();
    let inside = start + 1..start + 1 + close;
    claims.retain(|c| !(inside.start <= c.span.start && c.span.end <= inside.end));
}

/// The times of a `benchstat` comparison ("Dot/f32/768-8   212.4n ± 1%   58.3n ± 2%  -72.55%
/// (p=0.000 n=10)" under "│ sec/op │ sec/op vs base │"; "geomean  538.4n  133.8n  -75.15%"):
/// each value with its SI prefix (n, µ, m, or none for seconds), the base's and the others'
/// (each the other's baseline); under "B/op" and "allocs/op", the bytes and allocations per
/// operation. Empty unless the column names are per operation; the change after them is a
/// signed share (`signed_changes`).
pub fn benchstat_times(names: &str, text: &str, claims: &[Claim]) -> Vec<Claim> {
    // (the memory and the allocations per operation, "B/op" and "allocs/op", in their own
    // tables)
    let per_op = if names.contains("B/op") {
        Some("B")
    } else if names.contains("allocs/op") {
        Some("allocs")
    } else {
        None
    };
    if let Some(unit) = per_op {
        let fields: Vec<(usize, &str)> = text
            .split_whitespace()
            .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
            .collect();
        return fields
            .windows(2)
            .skip(1)
            .filter(|w| w[1].1 == "±" && lone_number(w[0].1))
            .map(|w| w[0].0..w[0].0 + w[0].1.len())
            .filter(|r| !taken(claims, r.clone()))
            .map(|r| claim_at(text, r, ClaimKind::Saving, unit))
            .collect();
    }
    if !(names.contains("sec/op") || names.contains("time/op")) {
        return Vec::new();
    }
    let fields: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
        .collect();
    let mut values = Vec::new();
    for (k, &(at, f)) in fields.iter().enumerate().skip(1) {
        let digits = f.trim_end_matches(['n', 'µ', 'μ', 'u', 'm']);
        let prefix = &f[digits.len()..];
        let number = number_at(digits.as_bytes(), 0) == Some(digits.len());
        let spread = fields.get(k + 1).is_some_and(|(_, n)| *n == "±");
        if number && prefix.chars().count() <= 1 && (spread || !prefix.is_empty()) {
            let unit = match prefix {
                "n" => "ns",
                "µ" | "μ" | "u" => "µs",
                "m" => "ms",
                _ => "s",
            };
            values.push((at..at + f.len(), unit));
        }
    }
    values
        .into_iter()
        .filter(|(r, _)| !taken(claims, r.clone()))
        .map(|(r, unit)| claim_at(text, r, ClaimKind::Latency, unit))
        .collect()
}

/// Google Benchmark's columns (`Benchmark  Time  CPU  Iterations`): the wall time is the
/// result; the CPU time beside it (the host thread's, for a GPU kernel or a threaded run) is
/// not a second one. Drops the claim in the CPU column of such a line.
pub fn cpu_column(header: &str, text: &str, claims: &mut Vec<Claim>) {
    let names: Vec<&str> = header.split_whitespace().collect();
    // (the header may stand below the run's context lines: "Run on (112 X 3800 MHz CPU s)";
    // then a benchmark's name, `BM_…`, starts the line)
    if !names.windows(3).any(|w| w == ["Time", "CPU", "Iterations"])
        && !text.trim_start().starts_with("BM_")
    {
        return;
    }
    // the second time of the line, after the benchmark's name and its time
    let times: Vec<usize> = claims
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == ClaimKind::Latency)
        .map(|(k, _)| k)
        .collect();
    if let [_, cpu, ..] = times[..] {
        let span = claims[cpu].span.clone();
        if text[..span.start].split_whitespace().count() == 3 {
            claims.remove(cpu);
        }
    }
}

/// Whether `value` is a time written as hours, minutes and seconds ("00:18:40", "1:02:03.5").
fn clock_time(value: &str) -> bool {
    let parts: Vec<&str> = value.split(':').collect();
    parts.len() == 3
        && (1..=3).contains(&parts[0].len())
        && parts[0].bytes().all(|b| b.is_ascii_digit())
        && parts[1].len() == 2
        && parts[1].bytes().all(|b| b.is_ascii_digit())
        && parts[2].len() >= 2
        && number_at(parts[2].as_bytes(), 0) == Some(parts[2].len())
}

/// Intervals as a benchmark harness prints them, three values of one unit in brackets (the
/// lower bound, the estimate, the upper bound: criterion's `time: [812.44 ns 815.02 ns 818.11
/// ns]`, `change: [-3.92% -3.11% -2.25%]`): the estimate is the claim, the bounds are not.
/// Returns the spans of the estimates that are changes (percentages), which are measured
/// against the harness's saved baseline.
pub fn intervals(text: &str, claims: &mut Vec<Claim>) -> Vec<Range<usize>> {
    let mut changes = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('[').map(|p| from + p) {
        let Some(close) = text[open..].find(']').map(|p| open + p) else {
            break;
        };
        from = close + 1;
        // the values with their units: "812.44 ns", "-3.9188%", "14.041 GiB/s"
        let mut values: Vec<(Range<usize>, &str)> = Vec::new();
        let mut k = open + 1;
        let b = text.as_bytes();
        let mut ok = true;
        while k < close {
            while k < close && b[k] == b' ' {
                k += 1;
            }
            if k >= close {
                break;
            }
            let start = k;
            let n = if matches!(b[k], b'+' | b'-') {
                k + 1
            } else {
                k
            };
            let Some(end) = number_at(b, n).filter(|e| *e <= close) else {
                ok = false;
                break;
            };
            k = end;
            let unit = if b.get(k) == Some(&b'%') {
                k += 1;
                "%"
            } else {
                while k < close && b[k] == b' ' {
                    k += 1;
                }
                let u = k;
                while k < close && b[k] != b' ' {
                    k += 1;
                }
                &text[u..k]
            };
            if unit.is_empty() || unit.starts_with(|c: char| c.is_ascii_digit()) {
                ok = false;
                break;
            }
            values.push((start..k, unit));
        }
        if !ok || values.len() != 3 || values.iter().any(|(_, u)| *u != values[0].1) {
            continue;
        }
        let middle = values[1].0.clone();
        claims.retain(|c| c.span.end <= open || c.span.start >= close || c.span == middle);
        if !claims.iter().any(|c| c.span == middle) {
            let unit = values[1].1.to_ascii_lowercase();
            let kind = if unit == "%" {
                ClaimKind::Percent
            } else if TIME_UNITS.contains(&unit.as_str()) {
                ClaimKind::Latency
            } else if unit.ends_with("/s") {
                ClaimKind::Rate { peak_unit: false }
            } else {
                continue;
            };
            claims.push(claim_at(text, middle.clone(), kind, &unit));
            claims.sort_by_key(|c| c.span.start);
        }
        if values[1].1 == "%" {
            changes.push(middle);
        }
    }
    changes
}

/// Whether the first of two lines names columns and the second gives their units
/// ("#  size  count  …  busbw" over "#  (B)  (elements)  …  (GB/s)").
fn names_over_units(source: &str, pair: &[Range<usize>]) -> bool {
    units_line(&source[pair[1].clone()]) && !units_line(&source[pair[0].clone()])
}

/// Whether a line of output holds only units in brackets ("#  (B)  (elements)  (us)  (GB/s)").
fn units_line(line: &str) -> bool {
    let t = line.trim_start().trim_start_matches('#');
    let mut units = t.split_whitespace().peekable();
    units.peek().is_some() && units.all(|u| u.starts_with('(') && u.ends_with(')'))
}

/// The value of a row of ncu's metric table ("DRAM Throughput  %  26.07", "Duration  usecond
/// 511.87"): a time, or a throughput or utilization share; not a clock ("cycle/nsecond").
fn metric_row(text: &str, claims: &[Claim]) -> Vec<Claim> {
    let cols = spaced_columns(text);
    let [name, unit, value] = cols[..] else {
        return Vec::new();
    };
    let Some(at) = text.rfind(value) else {
        return Vec::new();
    };
    let end = at + value.len();
    if number_at(value.as_bytes(), 0) != Some(value.len()) || taken(claims, at..end) {
        return Vec::new();
    }
    let lower = name.to_ascii_lowercase();
    let kind = match unit {
        "nsecond" => Some((ClaimKind::Latency, "ns")),
        "usecond" => Some((ClaimKind::Latency, "us")),
        "msecond" => Some((ClaimKind::Latency, "ms")),
        "second" => Some((ClaimKind::Latency, "s")),
        // (as newer versions print them)
        "ns" => Some((ClaimKind::Latency, "ns")),
        "us" | "µs" => Some((ClaimKind::Latency, "us")),
        "ms" => Some((ClaimKind::Latency, "ms")),
        "%" if ["throughput", "utilization", "occupancy", "efficiency"]
            .iter()
            .any(|w| lower.contains(w)) =>
        {
            Some((ClaimKind::Percent, "%"))
        }
        _ => None,
    };
    kind.map(|(k, u)| vec![claim_at(text, at..end, k, u)])
        .unwrap_or_default()
}

/// Whether a block of output is a header line of column names over lines of values, some
/// under a column whose name gives its unit (or takes the unit the lead-in names, `lead`). A
/// title line above the names ("matmul-performance-fp16:", as Triton's `perf_report` prints
/// it) is skipped.
fn shows_columns(source: &str, lines: &[Range<usize>], lead: CellKind) -> bool {
    // ncu's metric table, under a section line and a rule
    if let Some(k) = lines.iter().position(|r| {
        let t = source[r.clone()].trim_start();
        (t.starts_with("Metric Name") && t.contains("Metric Value")) || t.starts_with("Section:")
    }) {
        let header = &source[lines[k].clone()];
        return lines[k + 1..]
            .iter()
            .any(|r| !column_values(header, &source[r.clone()], &[], None).is_empty());
    }
    // a matrix under its title ("… Bandwidth Matrix (GB/s)" over "D\D  0  1" over "0  1512.33
    // 25.87")
    if let Some(k) = lines
        .iter()
        .position(|r| source[r.clone()].trim_start().starts_with("D\\D"))
    {
        if k > 0 {
            if let Some(row) = lines.get(k + 1) {
                let (title, names) = (&source[lines[k - 1].clone()], &source[lines[k].clone()]);
                if !matrix_values(title, names, &source[row.clone()], &[]).is_empty() {
                    return true;
                }
            }
        }
    }
    let lines = match lines.split_first() {
        Some((title, rest)) if source[title.clone()].split_whitespace().count() == 1 => rest,
        _ => lines,
    };
    // (below what a tool prints before its columns: "# nThread 1 nGpus 1 …" over the names
    // and their units)
    let lines = lines
        .windows(2)
        .position(|w| names_over_units(source, w))
        .map_or(lines, |k| &lines[k..]);
    let Some((head, rest)) = lines.split_first() else {
        return false;
    };
    // (with a second header line of units)
    let (header, rest) = match rest.split_first() {
        Some((units, more)) if units_line(&source[units.clone()]) => {
            (&source[head.start..units.end], more)
        }
        _ => (&source[head.clone()], rest),
    };
    // (a release names a column: "0.6.1 tok/s   0.6.2 tok/s")
    // (nor does a frame-rate statistic: "avg fps   1% low   0.1% low")
    let fields: Vec<&str> = header.split_whitespace().collect();
    // (nor a percentile's name: "99% percentile[usec]")
    let named_share = |k: usize, f: &str| {
        let next = fields.get(k + 1).map(|n| n.to_ascii_lowercase());
        let next = next.as_deref().unwrap_or("");
        (matches!(f, "1%" | "0.1%") && matches!(next, "low" | "lows"))
            || (f.ends_with('%') && next.starts_with("percentile"))
    };
    let first = !fields.iter().enumerate().any(|(k, f)| {
        number_at(f.as_bytes(), 0).is_some() && !super::text::is_release(f) && !named_share(k, f)
    }) && rest
        .iter()
        .any(|r| !column_values(header, &source[r.clone()], &[], lead).is_empty());
    // or the names stand below a banner, a title or a rule ("STREAM version …", "Array size =
    // …", "-----" over "Function  Best Rate MB/s  Avg time …"), right above the first values
    first
        || names_above_values(source, lines).is_some_and(|k| {
            let header = &source[lines[k].clone()];
            k > 0
                && lines[k + 1..]
                    .iter()
                    .any(|r| !column_values(header, &source[r.clone()], &[], lead).is_empty())
        })
}

/// Whether a line of output reports that the results were checked and passed, as a
/// benchmark prints it after them ("Solution Validates: avg error less than 1e-13 on all three
/// arrays").
fn check_line(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with("Solution Validates") || t.starts_with("Result = PASS") {
        return true;
    }
    // an error against a reference a benchmark prints beside its results ("max_abs_err
    // 3.1e-3 (ref: cublasGemmEx)", "max_rel_error: 2e-5", "allclose: True")
    let key = t
        .split(|c: char| c == ':' || c.is_whitespace())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    // (the words of a label before its colon: "max |diff|:  3.1e-3")
    let label = t
        .split_once(':')
        .map_or(String::new(), |(l, _)| l.to_ascii_lowercase());
    let parts: Vec<&str> = if label.len() <= 24 && label.contains(['|', ' ']) {
        label
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect()
    } else {
        key.split(['_', '-', '.']).collect()
    };
    let error = parts.iter().any(|p| matches!(*p, "err" | "error" | "diff"))
        && parts
            .iter()
            .any(|p| matches!(*p, "max" | "abs" | "rel" | "mean" | "l2" | "maxabs"));
    // or a line that compares outputs and says they agree ("polars/cudf equal to pandas
    // (rtol=1e-9): True", "check : max |C - C_ref| = 3e-05  PASS")
    let lower = t.trim_end().to_ascii_lowercase();
    let agrees = ["true", "pass", "passed", "ok"].iter().any(|v| {
        lower
            .strip_suffix(v)
            .is_some_and(|r| r.ends_with([' ', ':', '\t', '=']))
    });
    let compares = has_word(
        &lower,
        &[
            "equal",
            "equals",
            "match",
            "matches",
            "same",
            "allclose",
            "identical",
            "check",
            "correct",
            "verify",
            "verified",
            "validate",
        ],
    );
    error || matches!(key.as_str(), "allclose" | "maxabserr") || (agrees && compares)
}

/// Whether a line of output is a rule of dashes or equals signs ("-----", "=====").
fn rule_line(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3 && t.bytes().all(|b| matches!(b, b'-' | b'=' | b' ' | b'+'))
}

/// Whether a line of output is a line of values: it opens with a number, or with a label
/// before two numbers ("dickens   10.19   2.34   701.4", "Copy:   181234.5   0.0178 …").
fn values_line(t: &str) -> bool {
    // (a line ending in a rule is none: "1 threads: ------", as `benchmark.Compare` prints
    // it; cells set apart by pipes are fields: "S=1024  |  2903.5  |  147.8")
    if t.contains("-----") {
        return false;
    }
    let mut fields = t.split_whitespace().filter(|f| *f != "|");
    fields.next().is_some_and(lone_number)
        || fields
            .take(2)
            .filter(|f| lone_number(f) || glued_time(f).is_some())
            .count()
            == 2
        || labelled_number(t)
}

/// The number and unit of a time printed with its unit against it ("16.6ms", "1.31ms",
/// "4.102s"), as harnesses print them in columns.
fn glued_time(f: &str) -> Option<(&str, &'static str)> {
    let end = number_at(f.as_bytes(), 0)?;
    let unit = TIME_UNIT_FIELDS.iter().find(|u| f[end..] == ***u)?;
    (end > 0 && !f.starts_with(['+', '-'])).then_some((&f[..end], *unit))
}

/// Whether a line is a label, two spaces or more, and one number: a row under one column of
/// values ("Shadows (4 cascades)        3.96", under "Pass        GPU ms").
fn labelled_number(t: &str) -> bool {
    let cols = spaced_columns(t);
    // (not a key and its value, "min:      0.21", which `labelled_value` reads)
    matches!(cols[..], [label, value] if !lone_number(label)
        && label.starts_with(|c: char| c.is_alphabetic())
        && !label.ends_with([':', '='])
        && lone_number(value))
}

/// The columns of a line of output set apart by two spaces or more ("Duration  usecond
/// 511.87" is three).
fn spaced_columns(t: &str) -> Vec<&str> {
    t.trim()
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// Whether a line is a label, two spaces or more, and a time with its unit ("gbuffer
/// 3.08 ms", "ssao   1.47ms"), perhaps with an aside after it ("(budget 16.6 ms)").
fn label_time_line(t: &str) -> bool {
    let t = t.split(" (").next().unwrap_or(t);
    let cols = spaced_columns(t);
    matches!(cols[..], [label, value] if label.starts_with(|c: char| c.is_alphabetic())
        && !label.ends_with([':', '='])
        && (glued_time(value).is_some()
            || value.split_once(' ').is_some_and(|(n, u)| lone_number(n)
                && TIME_UNIT_FIELDS.contains(&u))))
}

/// The line of column names right above the first line of values of a block (index into
/// `lines`): two names at least, no code, no claim, no rule.
fn names_above_values(source: &str, lines: &[Range<usize>]) -> Option<usize> {
    let never = |_: Vocabulary, _: &str| false;
    let first = lines.iter().position(|r| values_line(&source[r.clone()]))?;
    // (over a rule: "Type  Ops/sec  Avg. Latency …" over "-----" over "Sets  51244.67 …")
    let k = (0..first)
        .rev()
        .find(|&k| !rule_line(&source[lines[k].clone()]))?;
    let t = &source[lines[k].clone()];
    // (a percentile's name is no share: "99% percentile[usec]")
    let named = t.replace("% percentile", " percentile");
    (!is_code_line(t)
        && t.split_whitespace().count() >= 2
        && !t.trim_start().starts_with(['-', '='])
        && find_claims(&named, &never).is_empty())
    .then_some(k)
}

/// Whether the name of a benchmark holds its size: a path of parts, one of them a number
/// ("dot/f32/768", "topk/f32/768/100k", "Encode/4k-16"; not "Encode/en-16").
pub fn sized_name(name: &str) -> bool {
    let parts: Vec<&str> = name.split('/').collect();
    parts.len() >= 2
        && parts[0].starts_with(|c: char| c.is_ascii_alphabetic())
        && parts[1..].iter().any(|p| {
            // (Go's GOMAXPROCS suffix: "768-16")
            let p = p.rsplit_once('-').map_or(*p, |(head, tail)| {
                if tail.bytes().all(|b| b.is_ascii_digit()) {
                    head
                } else {
                    p
                }
            });
            let digits = p.trim_end_matches(['k', 'm', 'K', 'M']);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        })
}

/// Whether a block is `benchstat` output: times per operation of two builds, with their spread
/// ("│ sec/op │ sec/op vs base │", "name  old time/op  new time/op  delta").
fn compares_builds(source: &str, lines: &[Range<usize>]) -> bool {
    lines.iter().any(|r| {
        let t = &source[r.clone()];
        t.contains("sec/op") || t.contains("time/op")
    }) && lines.iter().any(|r| source[r.clone()].contains(" ± "))
}

/// Whether a block of output shows results by itself: a line of it (not code) states a claim
/// with its unit ("speedup  12.41x", "throughput: 803.5 req/s") or a labelled value
/// ("Request throughput (req/s):  7.41", "tflops: 158.21").
fn shows_results(source: &str, lines: &[Range<usize>]) -> bool {
    let never = |_: Vocabulary, _: &str| false;
    lines.iter().any(|r| {
        let t = &source[r.clone()];
        !is_code_line(t)
            && t.bytes().any(|c| c.is_ascii_digit())
            && (!find_claims(t, &never).is_empty()
                || !labelled_value(t, &[]).is_empty()
                || !json_values(t, &[]).is_empty()
                || !section_values(t, section_line(source, r.start), &[]).is_empty())
    })
}

/// Values a tool prints as JSON whose keys carry their unit ("prefill_tok_s":402.6,
/// "ttft_s":0.21, "p99_ms": 41.5): each a claim of that unit.
pub fn json_values(text: &str, claims: &[Claim]) -> Vec<Claim> {
    const SUFFIXES: &[(&str, ClaimKind, &str)] = &[
        ("_tok_s", ClaimKind::Rate { peak_unit: false }, "tokens/s"),
        (
            "_tokens_s",
            ClaimKind::Rate { peak_unit: false },
            "tokens/s",
        ),
        (
            "_tokens_per_s",
            ClaimKind::Rate { peak_unit: false },
            "tokens/s",
        ),
        (
            "_tokens_per_sec",
            ClaimKind::Rate { peak_unit: false },
            "tokens/s",
        ),
        ("_tps", ClaimKind::Rate { peak_unit: false }, "tokens/s"),
        ("_qps", ClaimKind::Rate { peak_unit: false }, "qps"),
        ("_rps", ClaimKind::Rate { peak_unit: false }, "req/s"),
        ("_req_s", ClaimKind::Rate { peak_unit: false }, "req/s"),
        ("_gbps", ClaimKind::Rate { peak_unit: true }, "gb/s"),
        ("_gb_s", ClaimKind::Rate { peak_unit: true }, "gb/s"),
        ("_tflops", ClaimKind::Rate { peak_unit: true }, "tflops"),
        ("_ms", ClaimKind::Latency, "ms"),
        ("_us", ClaimKind::Latency, "us"),
        ("_ns", ClaimKind::Latency, "ns"),
        ("_sec", ClaimKind::Latency, "s"),
        ("_seconds", ClaimKind::Latency, "s"),
        ("_s", ClaimKind::Latency, "s"),
    ];
    let mut out = Vec::new();
    for (q, _) in text.match_indices("\":") {
        let Some(open) = text[..q].rfind('"') else {
            continue;
        };
        let key = text[open + 1..q].to_ascii_lowercase();
        let Some(&(_, kind, unit)) = SUFFIXES.iter().find(|(s, ..)| key.ends_with(s)) else {
            continue;
        };
        let start = q + 2 + (text[q + 2..].len() - text[q + 2..].trim_start().len());
        // (`number_at` gives where the number ends)
        let Some(end) = number_at(text.as_bytes(), start) else {
            continue;
        };
        if end > start && !taken(claims, start..end) {
            out.push(claim_at(text, start..end, kind, unit));
        }
    }
    out
}

/// The values of a matrix a tool prints with its unit in the title above ("Unidirectional
/// P2P=Enabled Bandwidth Matrix (GB/s)" over "D\D  0  1  2  3" over "0  1512.33  25.87 …",
/// as the CUDA samples' p2pBandwidthLatencyTest does): each value after the row's index.
pub fn matrix_values(title: &str, names: &str, text: &str, claims: &[Claim]) -> Vec<Claim> {
    if !names.trim_start().starts_with("D\\D") {
        return Vec::new();
    }
    let lower = title.to_ascii_lowercase();
    let kind = match super::text::unit_in(&lower) {
        Some((unit, peak)) => (ClaimKind::Rate { peak_unit: peak }, unit),
        None => match super::cells::time_unit_of_note(&lower) {
            Some(unit) => (ClaimKind::Latency, unit),
            None => return Vec::new(),
        },
    };
    let mut out = Vec::new();
    for (k, f) in text.split_whitespace().enumerate() {
        let at = f.as_ptr() as usize - text.as_ptr() as usize;
        if k == 0 || !lone_number(f) || taken(claims, at..at + f.len()) {
            continue;
        }
        out.push(claim_at(text, at..at + f.len(), kind.0, kind.1));
    }
    out
}

/// The builds a block's lines set side by side, one a line ("mesa 24.0.8   118.4   92.1" over
/// "mesa 24.1.0    86.9   61.4"): for the line `me`, the other builds its label's release is
/// measured beside (the lines of its block labelled alike but for the release).
pub fn row_builds(source: &str, lines: &[ResultLine], me: &ResultLine) -> Option<String> {
    // (the label: the words before the first value; its release, and the rest)
    let label = |r: &ResultLine| -> Option<(String, String)> {
        let t = &source[r.block.span.clone()];
        let mut release = None;
        let mut rest = Vec::new();
        for w in t.split_whitespace() {
            let v = w.trim_start_matches(['v', 'V']);
            if v.matches('.').count() >= 2 && super::text::is_release(v) && release.is_none() {
                release = Some(w.to_string());
            } else if lone_number(w) || number_at(w.as_bytes(), 0).is_some() {
                break;
            } else {
                rest.push(w.to_ascii_lowercase());
            }
        }
        Some((release?, rest.join(" ")))
    };
    let (mine, key) = label(me)?;
    let others: Vec<String> = near_lines(lines, me)
        .filter(|r| r.block.span != me.block.span)
        .filter_map(label)
        .filter(|(rel, k)| *k == key && *rel != mine)
        .map(|(rel, _)| rel)
        .collect();
    (!others.is_empty()).then(|| format!("{mine} vs {}", others.join(", ")))
}

/// The systems a block's lines set side by side, when their labels differ in one name only
/// ("pandas read   6.41 s" over "polars read   1.37 s" over "cudf read   0.81 s": the first
/// word; criterion's "compare/twitter/serde_json" beside ".../simd-json": a path's last part):
/// "pandas vs polars, cudf". Three lines at least (a pair is as often two steps, "attn fwd"
/// and "attn bwd"), and no number, size, setting, file, statistic or step in the place they
/// differ ("parse/twitter.json" beside "parse/canada.json" sets inputs side by side).
pub fn row_systems(source: &str, lines: &[ResultLine], me: &ResultLine) -> Option<String> {
    // (the label's parts: a benchmark's path, "group/input/function", whose last part names
    // the system; or the words before the first value, whose first word does)
    let parts = |r: &ResultLine| -> (Vec<String>, usize) {
        let t = &source[r.block.span.clone()];
        let first = t.split_whitespace().next().unwrap_or("");
        if first.contains('/') {
            let out: Vec<String> = first.split('/').map(str::to_ascii_lowercase).collect();
            let last = out.len() - 1;
            return (out, last);
        }
        let mut out = Vec::new();
        for w in t.split_whitespace() {
            let bare = w.trim_start_matches(['[', '(']);
            // (a number, not a name that opens with one: "4bit")
            let value = number_at(bare.as_bytes(), 0)
                .is_some_and(|e| !bare[e..].starts_with("bit") && !bare[e..].starts_with("-bit"));
            if bare.is_empty() || value {
                break;
            }
            out.push(w.to_ascii_lowercase());
        }
        (out, 0)
    };
    let first_column = me.names.as_ref().or(me.header.as_ref()).map(|n| {
        source[n.clone()]
            .trim_start_matches(['#', ' '])
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    });
    // (the builds of a bisect by their date or commit, under a column that says so: "nightly
    // result  step" over "2024-05-02   good   233 ms")
    if first_column.as_deref().is_some_and(|f| {
        matches!(
            f,
            "nightly" | "nightlies" | "date" | "build" | "commit" | "sha" | "revision" | "rev"
        )
    }) {
        let first = |r: &ResultLine| {
            let t = &source[r.block.span.clone()];
            t.split_whitespace().next().unwrap_or("").to_string()
        };
        let mine = first(me);
        let mut others: Vec<String> = Vec::new();
        for r in near_lines(lines, me) {
            let theirs = first(r);
            if theirs != mine && !others.contains(&theirs) {
                others.push(theirs);
            }
        }
        return (!mine.is_empty() && !others.is_empty())
            .then(|| format!("{mine} vs {}", others.join(", ")));
    }
    let (mine, system) = parts(me);
    // (one word names the row when the column of names says it holds systems: "weights" or
    // "dtype" over "bf16", "8bit", "4bit"; "engine" over …)
    let system_column = first_column
        .is_some_and(|f| f == "weights" || has_word(&f, super::table::SYSTEM_HEADER_WORDS));
    if mine.len() < 2 && !(system_column && mine.len() == 1) {
        return None;
    }
    let mut place = None;
    let mut others: Vec<String> = Vec::new();
    for r in near_lines(lines, me).filter(|r| r.block.span != me.block.span) {
        let (theirs, _) = parts(r);
        if theirs.len() != mine.len() {
            continue;
        }
        let differ: Vec<usize> = (0..mine.len()).filter(|&k| mine[k] != theirs[k]).collect();
        if differ != [system] {
            continue;
        }
        place = Some(differ[0]);
        if !others.contains(&theirs[differ[0]]) {
            others.push(theirs[differ[0]].clone());
        }
    }
    let k = place?;
    let names = |w: &str| {
        // (a format may open with its width: "4bit", "8-bit")
        (w.starts_with(|c: char| c.is_ascii_alphabetic())
            || (system_column
                && w.trim_start_matches(|c: char| c.is_ascii_digit())
                    .trim_start_matches('-')
                    .starts_with("bit")))
            && !w.ends_with(':')
            && !w.contains(['=', '.'])
            && !sized_name(&format!("x/{w}"))
            && !has_word(w, TIME_LABELS)
            && !has_word(w, STEP_WORDS)
            && !super::text::is_release(w.trim_start_matches('v'))
    };
    let enough = if system_column { 1 } else { 2 };
    (others.len() >= enough && names(&mine[k]) && others.iter().all(|o| names(o)))
        .then(|| format!("{} vs {}", mine[k], others.join(", ")))
}

/// The label of a line of the block that prints the baseline ("baseline (torch):   41.8
/// ms/step" above "fused (triton):   27.3 ms/step"): every result of the block is set against
/// it, that line's own as the other end of the comparison.
pub fn baseline_line(source: &str, lines: &[ResultLine], me: &ResultLine) -> Option<String> {
    let others = near_lines(lines, me).count();
    near_lines(lines, me).find_map(|r| {
        let t = source[r.block.span.clone()].trim_start();
        let first = t
            .split(|c: char| c.is_whitespace() || c == ':')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let label = t.split_once(':').map_or("", |(l, _)| l.trim());
        (others >= 2
            && matches!(first.as_str(), "baseline" | "reference" | "before")
            && !label.is_empty())
        .then(|| label.to_string())
    })
}

/// Names of the steps or directions of one run, which lines set side by side without
/// comparing systems ("attn fwd" and "attn bwd", "seq read" and "rand read").
const STEP_WORDS: &[&str] = &[
    "fwd",
    "bwd",
    "forward",
    "backward",
    "prefill",
    "decode",
    "decoding",
    "read",
    "reads",
    "write",
    "writes",
    "load",
    "store",
    "encode",
    "compress",
    "decompress",
    "train",
    "eval",
    "total",
    "seq",
    "sequential",
    "rand",
    "random",
    "std",
    "stddev",
    "p95",
    "p999",
    "tail",
    "first",
    "last",
    "warmup",
    "cold",
    "warm",
    "init",
    "setup",
    "sum",
    "overall",
    "user",
    "sys",
    "real",
    "wall",
];

/// The builds a block's column names set side by side ("model  gpu  0.6.1 tok/s  0.6.2 tok/s
/// delta", "name  before  after"): the values of a line under them are each other's baseline.
pub fn compared_columns(names: &str) -> Option<String> {
    // columns of one unit beside a column of their ratio ("tokens  unfused(us)  fused(us)
    // speedup"): the variants side by side
    let ratio = names.split_whitespace().any(|w| {
        let w = w.to_ascii_lowercase();
        w.starts_with("speedup") || w.starts_with("vs_") || w == "ratio"
    });
    if ratio {
        let with_unit: Vec<(&str, &str)> = names
            .split_whitespace()
            .filter_map(|w| {
                let (name, unit) = w.strip_suffix(')')?.split_once('(')?;
                (!name.is_empty() && !unit.is_empty()).then_some((name, unit))
            })
            .collect();
        for (k, (_, unit)) in with_unit.iter().enumerate() {
            let same: Vec<&str> = with_unit[k..]
                .iter()
                .filter(|(_, u)| u.eq_ignore_ascii_case(unit))
                .map(|(n, _)| *n)
                .collect();
            if same.len() >= 2 {
                return Some(same.join(" vs "));
            }
        }
    }
    let sides: Vec<&str> = names
        .split_whitespace()
        .filter(|w| {
            super::text::is_release(w.trim_start_matches('v'))
                || matches!(
                    w.to_ascii_lowercase().as_str(),
                    "before" | "after" | "old" | "new" | "baseline" | "patched"
                )
        })
        .collect();
    (sides.len() >= 2).then(|| sides.join(" vs "))
}

/// Fills what the claims of a results line leave missing from the command that printed its
/// block ("$ ./bench --model llama-3-8b --dtype bf16 --batch 32"): the hardware, workload and
/// precision its words name, and a flag that sets the run up ("--batch 32", "--size=4GiB").
pub fn bind_command(claims: &mut [Claim], command: &str, vocab: &Vocab) {
    const SET_UP: [Field; 3] = [Field::Hardware, Field::Workload, Field::Precision];
    // (its arguments: the program's own name, "hbm_bench", "minilm bench", names no workload)
    // ("python -m tool --size=4GiB": the module run is the program too)
    let args = command
        .find(" --")
        .or_else(|| command.find(" -"))
        .map_or("", |at| &command[at..]);
    let found = vocab.matches(args);
    // a test named before the flags ("sysbench oltp_read_write --threads=64"), not the
    // program's own words ("minilm bench")
    let before = command[..command.len() - args.len()]
        .trim_start()
        .trim_start_matches("$ ")
        .split_once(' ')
        .map_or("", |(_, rest)| rest);
    let named = vocab
        .matches(before)
        .into_iter()
        .find(|(k, r)| *k == Field::Workload as usize && !before[r.clone()].ends_with("bench"))
        .map(|(_, r)| before[r].to_string());
    // the flags with their values ("--size=4GiB", "--batch 32"): (name, as written)
    let words: Vec<&str> = args.split_whitespace().collect();
    let flags: Vec<(&str, String)> = words
        .iter()
        .enumerate()
        .filter_map(|(k, w)| {
            let name = w.strip_prefix("--")?;
            let (name, end) = match name.split_once('=') {
                Some((n, _)) => (n, k),
                None => {
                    words.get(k + 1).filter(|v| !v.starts_with('-'))?;
                    (name, k + 1)
                }
            };
            Some((name, words[k..=end].join(" ")))
        })
        .collect();
    // "--model meta-llama/Llama-3.1-8B", "--batch 32", "--size=4GiB"
    let flag = flags.iter().find_map(|(name, text)| {
        let set_up = matches!(*name, "model" | "dataset" | "data" | "workload" | "task")
            || (name.len() >= 2
                && super::table::is_workload_header(&name.replace(['_', '-'], " ")));
        set_up.then(|| text.clone())
    });
    // "--baseline puc-lua-5.4.7", "--compare-to v0.4": the run the harness sets the results
    // against (not criterion's saved baseline, which only its "change:" lines are set against)
    let criterion = command.contains("cargo bench") || command.contains("criterion");
    let against = flags
        .iter()
        .filter(|_| !criterion)
        .find(|(name, _)| {
            matches!(
                *name,
                "baseline" | "compare" | "compare-to" | "against" | "reference"
            )
        })
        .map(|(_, text)| text.clone());
    for c in claims {
        if let Some(flag) = flag.as_ref().or(named.as_ref()) {
            c.bound.fill(Field::Workload, flag);
        }
        if let Some(a) = &against {
            c.bound.fill(Field::Baseline, a);
        }
        for f in SET_UP {
            if let Some((_, r)) = found.iter().find(|(k, _)| *k == f as usize) {
                c.bound.fill(f, shown(args, f, r.clone()));
            }
        }
    }
}

/// Fills what the claims of a results line leave missing: the hardware, workload and
/// precision from the block's header line, else any field from the lead-in (its last match
/// of each).
pub fn bind_context(claims: &mut [Claim], header: &str, lead: &str, vocab: &Vocab) {
    const SET_UP: [Field; 3] = [Field::Hardware, Field::Workload, Field::Precision];
    let from_header = vocab.matches(header);
    let mut from_lead = vocab.matches(lead);
    // a baseline word inside a check ("validated against a float32 matmul") is the check's;
    // "over" in a lead-in is where it was measured ("measured over the whole trace")
    let checks: Vec<Range<usize>> = from_lead
        .iter()
        .filter(|(j, _)| *j == Field::Correctness as usize)
        .map(|(_, r)| r.clone())
        .collect();
    // (nor is "against the three nodes" where the load went: `bind::compares`)
    from_lead.retain(|(j, r)| {
        *j != Field::Baseline as usize
            || !(checks.iter().any(|c| c.start <= r.start && r.end <= c.end)
                || lead[r.clone()].trim().eq_ignore_ascii_case("over")
                || !super::bind::compares(lead, r, None))
    });
    // a column that sets the run up ("size", "batch", "seq_len"): every line states its value
    let set_up_column = header
        .trim_start()
        .trim_start_matches('#')
        .split_whitespace()
        // (not a title's "Matrix": "Bandwidth (P2P Writes) Matrix (GB/s)" names the printout)
        .filter(|n| *n != "Matrix")
        .find(|n| super::table::is_workload_header(&n.replace(['_', '-'], " ")));
    for c in claims {
        if let Some(name) = set_up_column {
            c.bound.fill(Field::Workload, name);
        }
        for f in c.bound.missing() {
            // the header line names the set-up; the lead-in, a sentence the block completes,
            // any field ("compared against cuBLASLt", "validated against a float32 matmul")
            let in_header = SET_UP.contains(&f);
            let k = f as usize;
            let stated = from_header
                .iter()
                .filter(|_| in_header)
                .rfind(|(j, _)| *j == k)
                .map(|(_, r)| shown(header, f, r.clone()))
                .or_else(|| {
                    from_lead
                        .iter()
                        .rfind(|(j, _)| *j == k)
                        .map(|(_, r)| shown(lead, f, r.clone()))
                });
            c.bound.set_from_table(k, stated.map(str::to_string));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_and_commands_are_not_results() {
        for line in [
            "$ python bench.py --model llama",
            ">>> model(x)",
            "pip install thing",
            "import torch",
            "x = torch.randn(8, 4096)",
            "CUDA_VISIBLE_DEVICES=0 ./bench",
            "    return 3",
            "batch_size=8",
            "run(model, 2.1)",
            "}",
        ] {
            assert!(is_code_line(line), "{line}");
        }
        for line in [
            "model-x   1520.3 tokens/s   2.1x",
            "Thunder with CUDAGraphs:     542ms",
            "A100 fp16   12.4 ms   (1.9x)",
        ] {
            assert!(!is_code_line(line), "{line}");
        }
    }

    /// The default lead-in cues are read from DFAs compiled into the binary: deciding whether
    /// a code block holds results costs no compilation.
    #[test]
    fn default_lead_in_cues_are_built() {
        let p = crate::policy::Policy::default_policy().perf;
        assert!(p.results_cues.is_built() && p.command_cues.is_built());
        assert!(p.results_cues.is_match("throughput on one a100, batch 8:"));
        assert!(p.command_cues.is_match("run the benchmark with:"));
        assert!(!p
            .command_cues
            .is_match("on an h100 running llama 3.2 1b we see the following timings:"));
    }

    #[test]
    fn values_of_labelled_lines() {
        let value = |t: &str| {
            labelled_value(t, &[])
                .into_iter()
                .next()
                .map(|c| (t[c.span].to_string(), c.kind))
        };
        assert_eq!(
            value("Output token throughput (tok/s):   1520.33"),
            Some(("1520.33".into(), ClaimKind::Rate { peak_unit: false }))
        );
        assert_eq!(
            value("Mean TTFT (ms):  120.5"),
            Some(("120.5".into(), ClaimKind::Latency))
        );
        assert_eq!(value("Successful requests:  1000"), None);
        assert_eq!(value("Total input tokens:  215196"), None);
        assert_eq!(value("Max concurrency (req/s):  oops"), None);
    }

    #[test]
    fn bare_times_of_a_line() {
        let spans = |t: &str| -> Vec<String> {
            bare_times(t, &[])
                .into_iter()
                .map(|c| t[c.span].to_string())
                .collect()
        };
        assert_eq!(
            spans("Engine with graphs (default mode):   814ms"),
            ["814ms"]
        );
        assert_eq!(spans("eager       1.25 s"), ["1.25 s"]);
        assert_eq!(spans("scheduler B   29.7 ms   (1.29x)"), ["29.7 ms"]);
        assert!(spans("release 2024").is_empty());
        assert!(spans("v2 at 30 tokens/s, 8 steps").is_empty());
        assert!(spans("the specs").is_empty());
    }
}
