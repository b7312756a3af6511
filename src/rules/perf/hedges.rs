//! Numbers that are not results because of what governs them: a hedge, an expectation, a
//! goal or a plan (the policy's `hypothetical_cues`: "could reach 3x", "expect this to take
//! 10-15 minutes", "we aim to reach 2x"), and a share of memory that a setting reserves
//! ("reserves 90% of GPU memory").

use super::text::*;
use super::vocab::{States, Vocabulary};
use super::words::{FOOTPRINT_WORDS, MEMORY_WORDS, RESERVE_WORDS};
use std::ops::Range;

/// Whether the number `r` stands in a short quoted phrase that the text mentions rather than
/// states: `"2x faster" claims`, `if a post says "2x faster"`, `the "10x" headline`.
fn quoted_mention(lower: &str, r: &Range<usize>) -> bool {
    const QUOTES: [char; 3] = ['"', '“', '”'];
    let from = crate::lines::ceil_char_boundary(lower, r.start.saturating_sub(24));
    let to = crate::lines::floor_char_boundary(lower, (r.end + 32).min(lower.len()));
    let (Some(open), Some(close)) = (
        lower[from..r.start].rfind(QUOTES).map(|p| from + p),
        lower[r.end..to].find(QUOTES).map(|p| r.end + p),
    ) else {
        return false;
    };
    let inner = &lower[open..close];
    if inner.len() > 40 || words(inner).count() > 5 {
        return false;
    }
    let close_end = close + lower[close..].chars().next().map_or(1, char::len_utf8);
    let after = word_after(lower, close_end).1;
    let before = word_before(lower, open).1;
    matches!(
        after,
        "claim" | "claims" | "headline" | "headlines" | "marketing" | "slide" | "slides"
    ) || matches!(
        before,
        "says"
            | "say"
            | "said"
            | "claims"
            | "claimed"
            | "promises"
            | "promised"
            | "advertises"
            | "advertised"
            | "touts"
            | "touted"
            | "the"
            | "a"
    ) && !matches!(after, "" | "on" | "in" | "at" | "with" | "for")
}

/// Whether the number `r` is hypothetical: a cue of the policy's `hypothetical_cues` governs
/// it. A cue governs what follows it in its sentence ("we aim to reach 2x", "expect this to
/// take 10-15 minutes") and the few words of the claim's clause right after it ("2-3x longer
/// than planned"), not a result stated before it ("2x faster, so you could train longer",
/// "150 TFLOPS was close to the highest one could get"). A conditional sentence (opening with
/// "if" or "suppose", or in the conditional mood, "would", "it'd") is hypothetical throughout
/// ("if … it would reach 80% of peak").
pub(super) fn hypothetical(lower: &str, seg: &Segments, r: &Range<usize>, states: States) -> bool {
    let sentence = seg.sentence(lower, r);
    let s = &lower[sentence.clone()];
    // a question asks ("Is 31 tok/s what others get?"); a ratio fixed by design or by
    // construction is a parameter ("shrinks 8x by construction")
    // ("a listener asks: "Is 1,000 tokens per second good?"")
    let closes = |t: &str| {
        t.trim_end()
            .trim_end_matches(['"', '\'', '”', '’', '»', ')', '*', '_'])
            .ends_with('?')
    };
    // (not a claim stated before the question draws from it: "I get 1.9x for 4096×4096, so
    // the win looks Hopper-specific?")
    let stated_before = {
        let tail = lower.get(r.end..sentence.end).unwrap_or("");
        [", so ", "; so ", ", but ", ", which ", " so i ", " so we "]
            .iter()
            .any(|m| tail.contains(m))
    };
    if (closes(s) || lower[sentence.end..].starts_with('?')) && !stated_before
        || (lower[sentence.end..].starts_with(['"', '”', '»']) && closes(&lower[sentence.clone()]))
        || s.contains("by design")
        || s.contains("by construction")
    {
        return true;
    }
    if quoted_mention(lower, r) {
        return true;
    }
    // what a number is not ("Why the saving is not simply 8x")
    let (ws, w) = word_before(lower, r.start);
    if w == "not"
        || (matches!(w, "simply" | "just" | "exactly" | "quite")
            && word_before(lower, ws).1 == "not")
    {
        return true;
    }
    // what a specification promises: "On paper the 4090 has more bandwidth (1,008 GB/s …)",
    // "(about 32 GB/s on paper)"; up to a contrast only ("…, but in my sweeps the H100
    // delivered 1.6% more")
    if let Some(p) = s.find("on paper") {
        let at = sentence.start + p;
        let governs = if at < r.start {
            let between = &lower[at..r.start];
            // (not from inside brackets closed before it: "NPU (45 TOPS on paper), … 3x")
            ![
                " but ",
                " however",
                " whereas ",
                " while ",
                " yet ",
                ";",
                ")",
            ]
            .iter()
            .any(|c| between.contains(c))
        } else {
            words(ahead(lower, r.end, 40))
                .take(4)
                .collect::<Vec<_>>()
                .windows(2)
                .any(|p| p == ["on", "paper"])
        };
        if governs {
            return true;
        }
    }
    // a threshold of a condition ("If the bus bandwidth is below 350 GB/s, check …")
    // ("Alert if 1 GB busbw drops below 320 GB/s")
    // ("a nightly run fails a build when any pass grows by more than 0.25 ms or 10%": a gate's
    // limits, the second joined by "or")
    {
        let head = &lower[sentence.start..r.start.max(sentence.start)];
        let gate = || {
            words(head).any(|w| matches!(w, "when" | "whenever"))
                && has_word(
                    &lower[sentence.clone()],
                    &[
                        "fail", "fails", "alert", "alerts", "page", "pages", "block", "blocks",
                        "reject", "rejects", "trigger", "triggers", "flag", "flags",
                    ],
                )
        };
        let limit =
            |w: &str| matches!(w, "below" | "above" | "under" | "over" | "exceeds" | "than");
        let before = word_before(lower, r.start).1;
        let limited = limit(before)
            || (before == "or" && {
                let near =
                    &head[crate::lines::floor_char_boundary(head, head.len().saturating_sub(40))..];
                let ws: Vec<&str> = words(near).collect();
                ws.len() >= 4 && limit(ws[ws.len() - 4])
            });
        if limited && (words(head).any(|w| w == "if") || gate()) {
            return true;
        }
    }
    // the values a lead-in names as budgets or goals ("Our budgets, for context: 16.6 ms per
    // frame on PS5 …, 33.3 ms on Series S (30 fps)"), not results set against them
    if let Some(colon) = s.find(':').filter(|&c| sentence.start + c < r.start) {
        let lead = &s[..colon];
        if has_word(lead, PLAN_WORDS)
            && !has_word(
                lead,
                &[
                    "result", "results", "measured", "achieved", "actual", "vs", "versus",
                    "against",
                ],
            )
        {
            return true;
        }
    }
    // what a condition of the same clause asks a result to reach ("revisit DPDK if the XDP
    // measurements miss 40 Mpps", "fail the job if it hits 90%")
    {
        let clause = seg.clause(lower, r);
        if words(&lower[clause.start.min(r.start)..r.start]).any(|w| w == "if")
            && matches!(
                word_before(lower, r.start).1,
                "miss"
                    | "misses"
                    | "reach"
                    | "reaches"
                    | "hit"
                    | "hits"
                    | "exceed"
                    | "meet"
                    | "meets"
                    | "beat"
                    | "beats"
                    | "clear"
                    | "clears"
                    | "drop"
                    | "drops"
                    | "fall"
                    | "falls"
                    // "A TPS number means nothing if p99 is 80 ms": a value a condition names
                    | "is"
                    | "are"
            )
        {
            return true;
        }
    }
    // no cue in the whole sentence (the usual case, and cheap): none governs the number
    if !states(Vocabulary::Hypothetical, s) {
        return false;
    }
    // "could" of what one was able to perceive is no hedge ("the one regression I could find
    // is …", "as far as we could tell"), nor what one expected of a result ("… is about
    // what you'd expect", "as one would expect"): the sentence without those
    let perceived;
    let s = if s.contains("could ") || s.contains("expect") {
        perceived = unhedged_expect(unhedged_could(s));
        if !states(Vocabulary::Hypothetical, &perceived) {
            return false;
        }
        &perceived[..]
    } else {
        s
    };
    // any "would" but one of perception after the number ("58 versus 59 fps, i would not be
    // able to tell them apart", "you wouldn't notice"): what one could tell, not a hedge
    let clause_end = seg.clause(lower, r).end.max(r.end);
    let perceived = |at: usize, len: usize| {
        sentence.start + at >= clause_end
            && words(ahead(s, at + len, 40))
                .take(6)
                .any(|w| matches!(w, "tell" | "notice" | "distinguish" | "feel" | "see"))
    };
    // (nor a "would" of a condition opened after the number: "runs Q29 in 1.7 s, and if it
    // holds up it would take the total to 35 s" states the 1.7 s)
    let later_condition = |at: usize| {
        let abs = sentence.start + at;
        abs >= r.end && words(lower.get(r.end..abs).unwrap_or("")).any(|w| w == "if")
    };
    // (nor a "would" of a clause joined after the number's: "got 124.5 TFLOPS, but occupancy
    // fell to 8%, and a deeper pipeline would not fit" states the 124.5)
    let later_clause = |at: usize| {
        let abs = sentence.start + at;
        abs >= clause_end && {
            let between = lower.get(r.end..abs).unwrap_or("");
            [", and ", ", but ", "; ", " but ", ", while ", ", whereas "]
                .iter()
                .any(|j| between.contains(j))
        }
    };
    let would = s.match_indices("would").any(|(at, m)| {
        let w = word_after(s, at).1;
        matches!(w, "would" | "wouldn't" | "wouldn’t")
            && !perceived(at, m.len())
            && !later_condition(at)
            && !later_clause(at)
    }) || s
        .match_indices("'d ")
        .chain(s.match_indices("’d "))
        .any(|(at, m)| !perceived(at, m.len()) && !later_condition(at) && !later_clause(at));
    let conditional = words(s)
        .next()
        .is_some_and(|w| matches!(w, "if" | "suppose" | "assuming" | "imagine"))
        || would;
    if conditional {
        return true;
    }
    let after = ahead(lower, r.end, 60);
    let three = words(after)
        .take(3)
        .last()
        .map(|w| r.end + (w.as_ptr() as usize - after.as_ptr() as usize) + w.len())
        .unwrap_or(r.end);
    let end = three.min(clause_end).max(r.end);
    // (`s` is the sentence, with any "could" of perception blanked out)
    let head = s
        .get(..end - sentence.start)
        .unwrap_or(&lower[sentence.start..end]);
    // a contrast before the number ends what a cue before it governs ("We expected about 2x
    // from tiling but only got 1.37x")
    let from = [" but ", " however", " yet ", " whereas ", " instead "]
        .iter()
        .filter_map(|m| head.get(..r.start.saturating_sub(sentence.start))?.rfind(m))
        .max()
        .map_or(0, |p| p + 1);
    states(Vocabulary::Hypothetical, &head[from..])
}

/// `s` with each "could" that says what one was able to find or see blanked out ("I could find",
/// "we could tell", "could reproduce"): a past ability, not a hedge.
fn unhedged_could(s: &str) -> String {
    const PERCEIVED: &[&str] = &[
        "find",
        "see",
        "tell",
        "measure",
        "reproduce",
        "observe",
        "spot",
        "detect",
        "confirm",
        "notice",
        "trigger",
        "get out of it",
    ];
    let mut out = s.to_string();
    let mut from = 0;
    while let Some(p) = out[from..].find("could ") {
        let at = from + p;
        // (not "could not reproduce the 2x": what was not seen is no result)
        let next = words(&out[at + 6..]).next().unwrap_or("");
        let next = if next == "only" || next == "still" {
            words(&out[at + 6..]).nth(1).unwrap_or("")
        } else {
            next
        };
        if PERCEIVED
            .iter()
            .any(|w| next == *w || (w.contains(' ') && out[at + 6..].starts_with(w)))
        {
            out.replace_range(at..at + 5, "_____");
        }
        from = at + 6;
    }
    out
}

/// `s` with each "what you'd expect", "what I would expect", "as one would expect" blanked
/// out (same length): what was expected of a result, said of it, is no hedge.
fn unhedged_expect(mut s: String) -> String {
    let mut from = 0;
    while let Some(p) = s[from..].find("expect") {
        let at = from + p;
        from = at + 6;
        let head = s[..at].trim_end();
        let Some(h) = ["'d", "’d", " would"]
            .iter()
            .find_map(|m| head.strip_suffix(m))
        else {
            continue;
        };
        // the subject, then "what" or "as" right before it
        let h = h.trim_end();
        let subject = h.len() - h.rsplit(' ').next().map_or(0, str::len);
        let lead = h[..subject].trim_end();
        let start = ["what", "as"]
            .iter()
            .find_map(|w| {
                lead.strip_suffix(w)
                    .filter(|l| l.is_empty() || l.ends_with(' '))
            })
            .map(str::len);
        if let Some(start) = start {
            let end = at + 6;
            let blank = " ".repeat(s[start..end].len());
            s.replace_range(start..end, &blank);
        }
    }
    s
}

/// Whether the share at `start` ("N% of", the rest from `of_end`) is the memory a setting
/// reserves rather than a result: a share of memory ("of memory", "of the GPU memory", "of
/// VRAM") whose clause reserves, allocates, caps or sets it ("reserves 90% of memory", "set
/// the cache to use 40% of GPU memory", "let vLLM use 85% of VRAM").
pub(super) fn reserved_share(lower: &str, seg: &Segments, start: usize, of_end: usize) -> bool {
    let memory = words(ahead(lower, of_end, 60))
        .take(4)
        .any(|w| MEMORY_WORDS.contains(&w) || w.starts_with("hbm"));
    if !memory {
        return false;
    }
    let clause = seg.clause(lower, &(start..start));
    let head: Vec<&str> = words(&lower[clause.start..start]).collect();
    // or after it: "so that 85% of the free memory is handed to the KV cache"
    let tail = &lower[of_end.min(clause.end.max(of_end))..clause.end.max(of_end)];
    head.iter().any(|w| RESERVE_WORDS.contains(w))
        || words(tail).take(8).any(|w| RESERVE_WORDS.contains(&w))
        || head
            .windows(2)
            .any(|p| p[1] == "use" && matches!(p[0], "to" | "can" | "may" | "will"))
}

/// Words of a lead-in that names what follows as plans: targets, goals, budgets, requirements.
const PLAN_WORDS: &[&str] = &[
    "target",
    "targets",
    "goal",
    "goals",
    "objective",
    "objectives",
    "slo",
    "slos",
    "budget",
    "budgets",
    "requirement",
    "requirements",
    "okr",
    "okrs",
];

/// Whether the list item starting at `at` of `source` is one of a list that a lead-in names as
/// targets, goals or a budget: the nearest line above it that is not a sibling item (its parent
/// item, or the paragraph line before the list) ends with a colon and names a plan ("Agreed
/// targets, all on H100 SXM:", "Goals for the next quarter:"). Looks at most 40 lines up.
/// Not a lead that names what the results met ("Goodput at 64 concurrent requests (requests/s
/// meeting both SLOs):"): the results are listed, not the plan.
pub(super) fn under_plan_lead(source: &str, at: usize) -> bool {
    list_lead(source, at).is_some_and(|l| names_plan(&l))
}

/// Whether `s` names a plan: a plan word not set as a condition results met ("meeting both
/// SLOs", "within budget", "under the target").
fn names_plan(s: &str) -> bool {
    let w: Vec<&str> = words(s).collect();
    w.iter().enumerate().any(|(i, x)| {
        PLAN_WORDS.contains(&x.to_ascii_lowercase().as_str())
            && !w[i.saturating_sub(3)..i].iter().any(|c| {
                matches!(
                    c.to_ascii_lowercase().as_str(),
                    "meeting" | "meet" | "meets" | "met" | "within" | "under" | "satisfying"
                )
            })
    })
}

/// Whether the list item starting at `at` of `source` is one of a list that a lead-in names as
/// the memory each run kept ("Resident memory right after instantiating the module:", "Peak
/// RSS per runtime:"): its sizes are footprints reached, not a device's specification.
pub(super) fn under_footprint_lead(source: &str, at: usize) -> bool {
    list_lead(source, at).is_some_and(|l| {
        has_word(&l, MEMORY_WORDS)
            && (has_word(&l, FOOTPRINT_WORDS) || has_word(&l, &["resident"]))
            && !has_word(
                &l,
                &["capacity", "capacities", "spec", "specs", "specifications"],
            )
    })
}

/// The lead-in of the list whose item starts at `at` of `source`, lower-cased: the nearest line
/// above it that is not a sibling item (its parent item, or the paragraph line before the
/// list), if it ends with a colon. Looks at most 40 lines up, not past a heading.
fn list_lead(source: &str, at: usize) -> Option<String> {
    let line_start = source[..at].rfind('\n').map_or(0, |p| p + 1);
    let indent = |l: &str| l.len() - l.trim_start().len();
    let own = indent(&source[line_start..]);
    let item = |l: &str| {
        let t = l.trim_start();
        t.starts_with(['-', '*', '+'])
            || t.split_once(['.', ')'])
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    for line in source[..line_start].lines().rev().take(40) {
        if line.trim().is_empty() {
            continue;
        }
        if line.trim_start().starts_with('#') {
            return None;
        }
        // a sibling, or a line of a sibling's text
        if indent(line) >= own && (item(line) || indent(line) > own) {
            continue;
        }
        let l = line.trim_end().to_ascii_lowercase();
        return l.ends_with(':').then_some(l);
    }
    None
}
