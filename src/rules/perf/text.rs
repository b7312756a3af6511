//! Reading a block's prose for claims: clauses and sentences (found once per block, so that
//! locating a claim's own is a binary search), numbers, and words near a position.

use std::ops::Range;

pub(super) fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Words of a text (letters, digits, `-`, `/`, `.` and `_` inside), lower case expected.
/// Where Korean, Japanese or Chinese is written against Latin letters or digits with no space
/// ("TTFT가", "H100에서", "2.8초"), each script is a word of its own.
pub(super) fn words(s: &str) -> impl Iterator<Item = &str> {
    Words { rest: s }
        .map(|w| w.trim_matches(|c| c == '.' || c == '-'))
        .filter(|w| !w.is_empty())
}

fn is_word_char(c: char) -> bool {
    alphanumeric(c) || c == '-' || c == '/' || c == '.' || c == '_'
}

/// `char::is_alphanumeric`, answered at once for ASCII and for the CJK ideographs
/// (U+4E00..U+9FFF, every one a letter), which a Chinese description is mostly written in:
/// for other characters it looks them up in Unicode tables.
fn alphanumeric(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else {
        ('\u{4E00}'..='\u{9FFF}').contains(&c) || c.is_alphanumeric()
    }
}

/// Hangul, kana and CJK ideographs.
pub(super) fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{11FF}'
            | '\u{3040}'..='\u{30FF}'
            | '\u{3130}'..='\u{318F}'
            | '\u{3400}'..='\u{9FFF}'
            | '\u{AC00}'..='\u{D7AF}'
            | '\u{F900}'..='\u{FAFF}')
}

struct Words<'s> {
    rest: &'s str,
}

impl<'s> Iterator for Words<'s> {
    type Item = &'s str;

    fn next(&mut self) -> Option<&'s str> {
        let s = self.rest;
        let start = s.find(is_word_char)?;
        let mut script = None;
        let mut end = s.len();
        for (k, c) in s[start..].char_indices() {
            // (`is_word_char`, asking `alphanumeric` once)
            let alphanumeric = alphanumeric(c);
            if !(alphanumeric || matches!(c, '-' | '/' | '.' | '_')) {
                end = start + k;
                break;
            }
            // (`-`, `/`, `.` and `_` belong to either script)
            if alphanumeric {
                let cjk = is_cjk(c);
                if script.is_some_and(|was| was != cjk) {
                    end = start + k;
                    break;
                }
                script = Some(cjk);
            }
        }
        self.rest = &s[end..];
        Some(&s[start..end])
    }
}

pub(super) fn has_word(s: &str, list: &[&str]) -> bool {
    words(s).any(|w| list.contains(&w))
}

/// Whether a text (lower case) names a device's specification (`SPEC_LEAD_WORDS`: "Peak
/// BF16", "Spec sheet", "Datasheet"), not speculative decoding, which serving tables shorten
/// to "spec" ("canary (96 tok + spec)", "control (no spec)", "spec decode").
pub(super) fn names_spec(s: &str) -> bool {
    let mut before = "";
    let mut ws = words(s).peekable();
    while let Some(w) = ws.next() {
        if super::words::SPEC_LEAD_WORDS.contains(&w) {
            let speculative = w == "spec"
                && (matches!(before, "no" | "with" | "without" | "w/")
                    || s.contains("+ spec")
                    || s.contains("+spec")
                    || ws
                        .peek()
                        .is_some_and(|n| n.starts_with("dec") || n.starts_with("draft")));
            let suite = w == "spec" && ws.peek().is_some_and(|n| spec_suite(n));
            if !speculative && !suite {
                return true;
            }
        }
        before = w;
    }
    false
}

/// Whether the word after "spec" names one of the SPEC benchmark suites or a run of one
/// ("SPEC CPU2017 fprate", "a full SPEC build"), not a specification.
pub(super) fn spec_suite(next: &str) -> bool {
    [
        "cpu",
        "int",
        "fp",
        "jbb",
        "jvm",
        "hpc",
        "omp",
        "mpi",
        "accel",
        "power",
        "build",
        "suite",
        "benchmark",
        "run",
    ]
    .iter()
    .any(|p| next.starts_with(p))
}

pub(super) fn has_stem(s: &str, stems: &[&str]) -> bool {
    words(s).any(|w| stems.iter().any(|st| w.starts_with(st)))
}

/// How far around a claim its clause is read: a few words, so that a clause of a megabyte
/// costs no more per claim than a sentence.
pub(super) const WINDOW: usize = 120;
/// How far around a claim its sentence is read.
pub(super) const SENTENCE_WINDOW: usize = 400;

/// Clause and sentence boundaries of a text. Clauses end at sentence ends, `;`, `,`, `:`,
/// parentheses, brackets, ` - ` separators, table cells and line breaks; sentences at `.`,
/// `!`, `?` followed by a space, `;`, table cells and line breaks, and at the full-width
/// `。！？；` of Chinese and Japanese (`，、：` end clauses).
pub(super) struct Segments {
    clause_ends: Vec<usize>,
    sentence_ends: Vec<usize>,
    len: usize,
}

impl Segments {
    pub(super) fn new(lower: &[u8]) -> Segments {
        let n = lower.len();
        let mut clause_ends = Vec::new();
        let mut sentence_ends = Vec::new();
        for i in 0..n {
            let b = lower[i];
            let next_space = i + 1 >= n || lower[i + 1] == b' ';
            let (clause, sentence) = match b {
                b',' => {
                    // a thousands separator is not a clause end
                    let digits = i > 0
                        && i + 1 < n
                        && lower[i - 1].is_ascii_digit()
                        && lower[i + 1].is_ascii_digit();
                    (!digits, false)
                }
                b'(' | b')' | b'[' | b']' => (true, false),
                b';' | b'\n' | b'|' => (true, true),
                // not after an abbreviation ("vs. the 2.25 PFLOPS spec", "e.g. on H100")
                b'.' => {
                    let end = next_space && !abbreviation(&lower[..i]);
                    (end, end)
                }
                b'!' | b'?' => (next_space, next_space),
                b':' => (next_space, false),
                b'-' => (i > 0 && lower[i - 1] == b' ' && next_space, false),
                // full-width punctuation of Chinese and Japanese: "。！？；" end a sentence,
                // "，、：" a clause (the end is the character's last byte)
                0xe3 | 0xef => match lower.get(i + 1..i + 3) {
                    Some([0x80, 0x82] | [0xbc, 0x81] | [0xbc, 0x9f] | [0xbc, 0x9b]) => {
                        clause_ends.push(i + 2);
                        sentence_ends.push(i + 2);
                        continue;
                    }
                    Some([0xbc, 0x8c] | [0x80, 0x81] | [0xbc, 0x9a]) => {
                        clause_ends.push(i + 2);
                        continue;
                    }
                    _ => (false, false),
                },
                _ => (false, false),
            };
            if clause {
                clause_ends.push(i);
            }
            if sentence {
                sentence_ends.push(i);
            }
        }
        Segments {
            clause_ends,
            sentence_ends,
            len: n,
        }
    }

    fn around(ends: &[usize], len: usize, at: usize) -> Range<usize> {
        let k = ends.partition_point(|&e| e < at);
        let start = if k == 0 { 0 } else { ends[k - 1] + 1 };
        let end = ends.get(k).copied().unwrap_or(len);
        start..end.max(start)
    }

    /// The clause around `r`, cut to `WINDOW` bytes either side (on character boundaries).
    pub(super) fn clause(&self, text: &str, r: &Range<usize>) -> Range<usize> {
        cut(
            text,
            Self::around(&self.clause_ends, self.len, r.start),
            r,
            WINDOW,
        )
    }

    /// The sentence around `r`, cut to `SENTENCE_WINDOW` bytes either side.
    pub(super) fn sentence(&self, text: &str, r: &Range<usize>) -> Range<usize> {
        cut(
            text,
            Self::around(&self.sentence_ends, self.len, r.start),
            r,
            SENTENCE_WINDOW,
        )
    }
}

/// Whether `head` ends with an abbreviation whose full stop ends no sentence.
fn abbreviation(head: &[u8]) -> bool {
    [
        &b"vs"[..],
        b"e.g",
        b"i.e",
        b"cf",
        b"approx",
        b"incl",
        b"resp",
    ]
    .iter()
    .any(|a| {
        head.ends_with(a)
            && (head.len() == a.len() || !is_word_byte(head[head.len() - a.len() - 1]))
    })
}

fn cut(text: &str, c: Range<usize>, r: &Range<usize>, window: usize) -> Range<usize> {
    let s = crate::lines::ceil_char_boundary(text, c.start.max(r.start.saturating_sub(window)));
    let e = crate::lines::floor_char_boundary(text, c.end.min(r.end + window).max(r.end));
    s..e.max(s)
}

/// The end of the digits of a number at `i` (`,` thousands and `.` decimals inside).
pub(super) fn digits_end(b: &[u8], mut j: usize) -> usize {
    while j < b.len()
        && (b[j].is_ascii_digit()
            || ((b[j] == b',' || b[j] == b'.')
                && j + 1 < b.len()
                && b[j + 1].is_ascii_digit()
                && j > 0
                && b[j - 1].is_ascii_digit()))
    {
        j += 1;
    }
    j
}

/// Whether digits and dots are a release's number ("0.6.1", "2.4.0"), not a value: three or
/// more groups, not all after the first of three digits (a German "1.234.567" is a value).
pub(super) fn is_release(digits: &str) -> bool {
    let mut groups = digits.split('.');
    let first = groups.next().unwrap_or("");
    let (mut count, mut other) = (1, false);
    for g in groups {
        count += 1;
        other |= g.len() != 3;
    }
    count >= 3 && first.starts_with(|c: char| c.is_ascii_digit()) && other
}

/// Whether `value` is a number and nothing else: "117.6", "1,024", or with a decimal comma as
/// Spanish, Portuguese, Italian, French and German print one ("117,6", "0,46"; three digits
/// after the comma are thousands).
pub(super) fn lone_number(value: &str) -> bool {
    number_at(value.as_bytes(), 0) == Some(value.len())
        || value.split_once(',').is_some_and(|(int, frac)| {
            !int.is_empty()
                && int.bytes().all(|c| c.is_ascii_digit())
                && !frac.is_empty()
                && frac.len() != 3
                && frac.bytes().all(|c| c.is_ascii_digit())
        })
}

/// Whether the text before a number labels a spread or a sum of timings, not a result
/// ("stddev: 31.14ms", "sum: 129.2sec", "± 1.4 ms").
pub(super) fn spread_label(head: &str) -> bool {
    let h = head.trim_end().trim_end_matches([':', '=']).trim_end();
    let w = word_before(h, h.len()).1.to_ascii_lowercase();
    // the extremes of a distribution hyperfine prints below its estimate: "Range (min … max):
    // 37.6 ms … 41.3 ms" (labellers split on "min=12, max=2210" beside a mean, as fio, k6 and
    // trtexec print them: those stay results)
    let line = head
        .rsplit('\n')
        .next()
        .unwrap_or(head)
        .to_ascii_lowercase();
    let range = ["(min … max)", "(min ... max)", "(min…max)"]
        .iter()
        .any(|r| line.contains(r));
    range
        || h.ends_with('±')
        || matches!(
            w.as_str(),
            "stddev" | "stdev" | "std" | "sd" | "sum" | "variance" | "var" | "iqr"
        )
}

/// A number at `i`, optionally a range (`10-100`, `12–55`, `8 to 12`), and where it ends.
pub(super) fn number_at(b: &[u8], i: usize) -> Option<usize> {
    let mut j = digits_end(b, i);
    if j == i {
        return None;
    }
    for sep in ["-", "–", " to "] {
        let sb = sep.as_bytes();
        if b[j..].starts_with(sb) && b.get(j + sb.len()).is_some_and(u8::is_ascii_digit) {
            j = digits_end(b, j + sb.len());
            break;
        }
    }
    Some(j)
}

pub(super) fn skip_space(b: &[u8], mut j: usize) -> usize {
    loop {
        if j < b.len() && (b[j] == b' ' || b[j] == b'*') {
            j += 1;
        } else if b
            .get(j..)
            .is_some_and(|r| r.starts_with("\u{a0}".as_bytes()))
        {
            // a no-break space, as French and German put before a unit ("35 %")
            j += 2;
        } else if b
            .get(j..)
            .is_some_and(|r| r.starts_with("\u{202f}".as_bytes()))
        {
            j += 3;
        } else {
            return j;
        }
    }
}

/// The word that starts at or after `from` (letters, digits, `-`, `.` inside), as written.
pub(super) fn word_after(text: &str, from: usize) -> (usize, &str) {
    let rest = &text[from..];
    let skip = rest.len()
        - rest
            .trim_start_matches([' ', '*', '_', '\u{a0}', '\u{202f}'])
            .len();
    let start = from + skip;
    let rest = &text[start..];
    let mut end = rest
        .find(|c: char| !(alphanumeric(c) || c == '-' || c == '.' || c == '/' || c == '_'))
        .unwrap_or(rest.len());
    while end > 0 && matches!(rest.as_bytes()[end - 1], b'.' | b'-' | b'/') {
        end -= 1;
    }
    (start, &rest[..end])
}

/// Up to `n` bytes of `text` from `at`, cut on a character boundary.
pub(super) fn ahead(text: &str, at: usize, n: usize) -> &str {
    &text[at..crate::lines::floor_char_boundary(text, (at + n).min(text.len())).max(at)]
}

/// The word that ends at or before `to` (skipping spaces and `*`), as written, and where it
/// starts.
pub(super) fn word_before(text: &str, to: usize) -> (usize, &str) {
    let head = text[..to].trim_end_matches([' ', '*', '_', '~']);
    let start = head
        .rfind(|c: char| !(alphanumeric(c) || c == '-' || c == '_' || c == '/'))
        .map_or(0, |i| {
            i + head[i..].chars().next().map_or(1, char::len_utf8)
        });
    (start, &head[start..])
}

/// The `n` words before `at`, nearest first.
pub(super) fn words_before(text: &str, at: usize, n: usize) -> impl Iterator<Item = &str> {
    let mut to = at;
    (0..n).map_while(move |_| {
        let (s, w) = word_before(text, to);
        (!w.is_empty() && s < to).then(|| {
            to = s;
            w
        })
    })
}

/// The rate unit a text names as a word ("Prefill tokens/s", "TFLOPS/GPU"), lower case.
pub(super) fn unit_in(h: &str) -> Option<(&'static str, bool)> {
    super::words::RATE_UNITS
        .iter()
        .copied()
        .find(|(u, _)| {
            h.match_indices(u).any(|(at, _)| {
                let before = h[..at].chars().next_back();
                let after = h[at + u.len()..].chars().next();
                before.is_none_or(|c| !c.is_alphanumeric())
                    && after.is_none_or(|c| !c.is_alphanumeric())
            })
        })
        // "Pairs/s", "Token/s", "rows/min": items of work per second or per minute
        .or_else(|| {
            h.match_indices('/').find_map(|(at, _)| {
                let item = h[..at]
                    .rsplit(|c: char| !c.is_ascii_alphabetic())
                    .next()
                    .unwrap_or("");
                let per = h[at + 1..]
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .next()
                    .unwrap_or("");
                (item.len() >= 3 && !item.eq_ignore_ascii_case("per"))
                    .then_some(())
                    .and(match per {
                        "s" | "sec" => Some(("/s", false)),
                        "min" => Some(("/min", false)),
                        _ => None,
                    })
            })
        })
        // "samples per minute", "images per second": the same, spelled out
        .or_else(|| {
            let ws: Vec<&str> = h.split_whitespace().collect();
            ws.windows(3).find_map(|w| {
                let item = w[0].trim_matches(|c: char| !c.is_ascii_alphabetic());
                (w[1] == "per"
                    && item.len() >= 3
                    && item.bytes().all(|b| b.is_ascii_alphabetic())
                    && !matches!(item, "cost" | "price" | "dollars" | "usd"))
                .then_some(())
                .and(
                    match w[2].trim_end_matches(|c: char| !c.is_ascii_alphabetic()) {
                        "second" | "sec" => Some(("/s", false)),
                        "minute" | "min" => Some(("/min", false)),
                        _ => None,
                    },
                )
            })
        })
}

/// Where a header (lower case) turns to what its column is compared with: the earliest of
/// `words` standing at its start or after a space, as (where it starts, where it ends).
fn comparison_at(h: &str, words: &[&str]) -> Option<(usize, usize)> {
    words
        .iter()
        .filter_map(|w| {
            h.match_indices(w)
                .find(|(at, _)| *at == 0 || h.as_bytes()[at - 1] == b' ')
                .map(|(at, _)| (at, at + w.len()))
        })
        .min()
}

/// The part of a header (lower case) before what its column is compared with: "saved vs.
/// Dense" names savings, "Change vs no spec" no specification.
pub(super) fn own_words(h: &str) -> &str {
    comparison_at(h, &["vs", "versus", "relative to", "compared"]).map_or(h, |(at, _)| &h[..at])
}

/// What a header (lower case) says its column is compared with: "plain" in "Change vs
/// plain", "FA2" in "Speedup over FA2" (empty when it names nothing).
pub(super) fn compared_words(h: &str) -> &str {
    comparison_at(h, &["vs", "versus", "relative to", "over"]).map_or("", |(_, end)| &h[end..])
}

/// A time unit a header names in brackets or after "in": "Latency (ms)", "Latency [us]",
/// "Time in s".
pub(super) fn time_unit_in(h: &str) -> Option<&'static str> {
    const UNITS: &[&str] = &[
        "ms", "s", "sec", "seconds", "us", "µs", "μs", "ns", "min", "minutes", "hours", "h",
        "days", "d", // as perftest prints them: "t_avg[usec]"
        "usec", "msec", "nsec",
    ];
    // in Chinese: "首 token 延迟 TTFT (毫秒)"
    // (and in Hindi: "कुल समय (घंटे)")
    const CJK_UNITS: &[(&str, &str)] = &[
        ("毫秒", "ms"),
        ("微秒", "us"),
        ("秒", "s"),
        ("分钟", "min"),
        ("घंटे", "hours"),
        ("मिनट", "min"),
        ("सेकंड", "s"),
    ];
    let inner = h
        .rsplit_once(['(', '['])
        .and_then(|(_, r)| r.split_once([')', ']']))
        .map(|(u, _)| u)
        .or_else(|| h.rsplit_once(" in ").map(|(_, u)| u.trim()))?;
    // "(median, s)", "(s, mean)": the unit among the bracket's items, the last first
    inner.rsplit(',').find_map(|item| {
        let item = item.trim();
        // a time per item: "(ms/token)", "(s/it)", "(ms per step)"
        let unit = item
            .split_once('/')
            .or_else(|| item.split_once(" per "))
            .filter(|(_, per)| per.trim().chars().all(char::is_alphabetic))
            .map_or(item, |(unit, _)| unit.trim());
        UNITS
            .iter()
            .copied()
            .find(|u| *u == unit)
            .or_else(|| CJK_UNITS.iter().find(|(w, _)| *w == unit).map(|(_, u)| *u))
    })
}

/// Whether a header names a release: "3.6.0", "v0.7", "Kestrel 128" (a name and its number).
pub(super) fn is_version_header(h: &str) -> bool {
    let ws: Vec<&str> = words(h).collect();
    let Some(last) = ws.last() else {
        return false;
    };
    let v = last.strip_prefix('v').unwrap_or(last);
    let number = !v.is_empty()
        && v.starts_with(|c: char| c.is_ascii_digit())
        && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && !v.ends_with('.');
    number
        && ws.len() <= 3
        && (v.contains('.')
            || (ws.len() >= 2 && ws[0].starts_with(|c: char| c.is_ascii_alphabetic())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `alphanumeric` answers as `char::is_alphanumeric` (its CJK range is all letters in the
    /// Unicode tables of this Rust).
    #[test]
    fn alphanumeric_is_char_is_alphanumeric() {
        for c in ('\0'..='\u{FFFF}').chain(['\u{1F600}', '\u{20000}', '\u{10FFFF}']) {
            assert_eq!(alphanumeric(c), c.is_alphanumeric(), "{c:?}");
        }
    }

    #[test]
    fn spaces_before_a_unit_are_skipped_within_the_text() {
        let t = "71\u{202f}% and 5\u{a0}ms ";
        assert_eq!(&t[skip_space(t.as_bytes(), 2)..], "% and 5\u{a0}ms ");
        let at = t.find("5").unwrap() + 1;
        assert_eq!(&t[skip_space(t.as_bytes(), at)..], "ms ");
        // past the end of the text: no panic, nothing skipped
        assert_eq!(skip_space(t.as_bytes(), t.len() + 3), t.len() + 3);
    }

    #[test]
    fn clauses_and_sentences() {
        let t = "a 2x gain, on h100. next: 3,000 tokens/s (fast); end";
        let s = Segments::new(t.as_bytes());
        let c = |at: usize| &t[s.clause(t, &(at..at + 1))];
        let se = |at: usize| &t[s.sentence(t, &(at..at + 1))];
        assert_eq!(c(2), "a 2x gain");
        assert_eq!(se(2), "a 2x gain, on h100");
        assert_eq!(c(t.find("3,000").unwrap()), " 3,000 tokens/s ");
        assert_eq!(se(t.find("3,000").unwrap()), " next: 3,000 tokens/s (fast)");
    }

    #[test]
    fn words_around_a_position() {
        let t = "runs **1.6x** vLLM, the FlashAttention-2 kernel.";
        assert_eq!(word_after(t, 12).1, "vLLM");
        assert_eq!(word_before(t, 5).1, "runs");
        assert_eq!(
            word_after(t, t.find("the ").unwrap() + 3).1,
            "FlashAttention-2"
        );
        assert_eq!(number_at(b"8 to 12 minutes", 0), Some(7));
        assert_eq!(number_at(b"1,024 gpus", 0), Some(5));
    }
}
