//! Fitting text into the terminal for the human report: a line of the file cut around a span
//! (`quote_into`), with the columns of its underline, and help text wrapped between words,
//! never inside a code span, an HTML comment or a URL (`wrap_into`). Widths are display
//! columns: CJK and emoji take two, control characters are shown as `�`.

use unicode_width::UnicodeWidthChar;

/// Appends `n` copies of an ASCII character.
pub(super) fn repeat(out: &mut String, c: char, n: usize) {
    const SPACES: &str = "                                                                ";
    const CARETS: &str = "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^";
    let run = match c {
        ' ' => SPACES,
        '^' => CARETS,
        _ => {
            out.extend(std::iter::repeat_n(c, n));
            return;
        }
    };
    let mut left = n;
    while left > 0 {
        let k = left.min(run.len());
        out.push_str(&run[..k]);
        left -= k;
    }
}

fn width_of(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The line as shown (cut around the span with `…` when wider than `room` columns) and the
/// underline's (start column, width) in it.
#[cfg(test)]
fn quote(text: &str, from: usize, to: usize, room: usize) -> (String, (usize, usize)) {
    let mut shown = String::new();
    let marks = quote_into(&mut shown, &mut Cells::default(), text, from, to, room);
    (shown, marks)
}

/// The characters of a quoted line, kept between findings so that their buffers are
/// allocated once per report: each character's byte offset, and the columns before it.
#[derive(Default)]
pub(super) struct Cells {
    at: Vec<usize>,
    before: Vec<usize>,
}

/// `quote`, writing the line into `shown`. A line of printable ASCII (most lines) takes one
/// column per byte, so it is cut by arithmetic on byte offsets; any other line is measured
/// character by character.
pub(super) fn quote_into(
    shown: &mut String,
    cells: &mut Cells,
    text: &str,
    from: usize,
    to: usize,
    room: usize,
) -> (usize, usize) {
    if printable_ascii(text.as_bytes()) {
        quote_with(
            shown,
            text.len(),
            from,
            to,
            room,
            |a, b| b - a,
            |out, lo, hi| out.push_str(&text[lo..hi]),
        )
    } else {
        quote_chars(shown, cells, text, from, to, room)
    }
}

/// Whether every byte is printable ASCII: 32 bytes at a time without an early exit inside a
/// block, which the compiler turns into vector compares (every quoted line is checked).
fn printable_ascii(b: &[u8]) -> bool {
    let odd = |x: u8| !(b' '..=b'~').contains(&x);
    let mut blocks = b.chunks_exact(32);
    for block in &mut blocks {
        if block.iter().fold(false, |m, &x| m | odd(x)) {
            return false;
        }
    }
    !blocks.remainder().iter().any(|&x| odd(x))
}

/// `quote_into` for any line, measured character by character. Only the characters that can
/// be shown are measured: at most `room` on either side of the span's start (every shown
/// character takes a column, bar the rare zero-width ones); what lies beyond stands in as one
/// cell wider than the room, which the cut never takes but which tells it that the line goes
/// on. A line without control characters (almost all) is copied in slices; one with them
/// character by character, each shown as `clean_char` does.
fn quote_chars(
    shown: &mut String,
    cells: &mut Cells,
    text: &str,
    from: usize,
    to: usize,
    room: usize,
) -> (usize, usize) {
    let reach = room.max(20) + 1;
    let mut start = from.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let window_lo = text[..start]
        .char_indices()
        .rev()
        .nth(reach)
        .map_or(0, |(i, _)| i);
    let window_hi = text[start..]
        .char_indices()
        .nth(reach + 1)
        .map_or(text.len(), |(i, _)| start + i);
    let Cells { at, before } = cells;
    at.clear();
    before.clear();
    let mut col = 0;
    if window_lo > 0 {
        // everything before the window, as one cell too wide to show
        at.push(0);
        before.push(0);
        col = reach;
    }
    let mut control = false;
    for (i, c) in text[window_lo..window_hi].char_indices() {
        at.push(window_lo + i);
        before.push(col);
        col += if (' '..='~').contains(&c) {
            1
        } else {
            let c = clean_char(c);
            control |= c == '\u{fffd}' || c == ' ';
            width_of(c)
        };
    }
    if window_hi < text.len() {
        at.push(window_hi);
        before.push(col);
        col += reach;
    }
    at.push(text.len());
    before.push(col);
    let n = at.len() - 1;
    let from = at[..n].partition_point(|&i| i < from);
    let to = at[..n].partition_point(|&i| i < to);
    let (at, before) = (&*at, &*before);
    quote_with(
        shown,
        n,
        from,
        to,
        room,
        |a, b| before[b] - before[a],
        |out, lo, hi| {
            let part = &text[at[lo]..at[hi]];
            if control {
                out.extend(part.chars().map(clean_char));
            } else {
                out.push_str(part);
            }
        },
    )
}

/// The cut of `quote` over `n` cells (characters): `width(a, b)` is the columns of cells
/// `a..b`; the span covers cells `first..last`; `push(out, lo, hi)` writes cells `lo..hi`.
fn quote_with(
    shown: &mut String,
    n: usize,
    first: usize,
    last: usize,
    room: usize,
    width: impl Fn(usize, usize) -> usize,
    push: impl Fn(&mut String, usize, usize),
) -> (usize, usize) {
    let room = room.max(20);
    let col = |k: usize| width(k, k + 1);
    let total = width(0, n);
    let (lo, hi) = if total <= room {
        (0, n)
    } else {
        // Keep a little before the span, then as much of it and after it as fits; if the
        // line ends first, give what is left to the text before the span.
        let room = room.saturating_sub(2);
        let mut lo = first;
        let mut w = 0;
        while lo > 0 && w + col(lo - 1) <= room / 4 {
            lo -= 1;
            w += col(lo);
        }
        let mut hi = first;
        while hi < n && w + col(hi) <= room {
            w += col(hi);
            hi += 1;
        }
        while lo > 0 && w + col(lo - 1) <= room {
            lo -= 1;
            w += col(lo);
        }
        (lo, hi)
    };
    let mut start_col = 0;
    if lo > 0 {
        shown.push('…');
        start_col = 1;
    }
    // Columns before the span's first and last cells, within the shown cells.
    let mark_start = (lo..hi)
        .contains(&first)
        .then(|| start_col + width(lo, first));
    let mark_end = (lo..hi)
        .contains(&last)
        .then(|| start_col + width(lo, last));
    push(shown, lo, hi);
    let end_col = start_col + width(lo, hi);
    if hi < n {
        shown.push('…');
    }
    let start = mark_start.unwrap_or(if first < lo { start_col } else { end_col });
    let end = mark_end.unwrap_or(end_col).max(start);
    (start, end - start)
}

pub(super) fn clean_char(c: char) -> char {
    match c {
        '\t' => ' ',
        c if c.is_control() => '\u{fffd}',
        c => c,
    }
}

/// Splits help text into pieces that are never broken: words, and whole code spans (`…`),
/// HTML comments (`<!-- … -->`) and quoted values with the spaces inside them.
fn atoms(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i] == b' ' {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let start = i;
        // Byte by byte: the delimiters are ASCII, so every cut lands on a character boundary.
        while i < b.len() && b[i] != b' ' {
            if b[i] == b'`' {
                i = b[i + 1..]
                    .iter()
                    .position(|&c| c == b'`')
                    .map_or(b.len(), |e| i + 1 + e + 1);
            } else if b[i..].starts_with(b"<!--") {
                i = b[i..]
                    .windows(3)
                    .position(|w| w == b"-->")
                    .map_or(b.len(), |e| i + e + 3);
            } else {
                i += 1;
            }
        }
        out.push(&s[start..i.min(b.len())]);
    }
    out
}

/// Wraps `text` to `width` columns: the first line after `head` (which takes `head_cols`
/// columns), the others after `indent`. An atom longer than a line gets a line of its own.
#[cfg(test)]
fn wrap(text: &str, head: &str, indent: &str, width: usize, head_cols: usize) -> String {
    let mut out = String::new();
    wrap_into(&mut out, text, head, indent, width, head_cols);
    out
}

/// `wrap`, appending to `out`.
pub(super) fn wrap_into(
    out: &mut String,
    text: &str,
    head: &str,
    indent: &str,
    width: usize,
    head_cols: usize,
) {
    out.push_str(head);
    let mut col = head_cols;
    let mut first = true;
    for atom in atoms(text) {
        let w: usize = if atom.is_ascii() {
            // cleaned text: printable, one column a byte
            atom.len()
        } else {
            atom.chars().map(width_of).sum()
        };
        if !first && col + 1 + w > width {
            out.push('\n');
            out.push_str(indent);
            col = indent.len();
            first = true;
        }
        if !first {
            out.push(' ');
            col += 1;
        }
        out.push_str(atom);
        col += w;
        first = false;
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_ascii_is_judged_in_every_block() {
        let line = "x".repeat(70);
        assert!(printable_ascii(line.as_bytes()));
        assert!(printable_ascii(b""));
        for (at, byte) in [(0, b'\t'), (31, 0x7f), (32, 0xc3), (64, 0x1b), (69, 0x80)] {
            let mut b = line.clone().into_bytes();
            b[at] = byte;
            assert!(!printable_ascii(&b), "byte {byte:#x} at {at}");
        }
    }

    #[test]
    fn help_wraps_between_words_never_inside_code_comments_or_urls() {
        let help = "declare its kind (<!-- sourcepolicy: type=paper|docs|repo|report -->), see `lint --online` or https://example.org/a/very/long/path/that/does/not/fit/anywhere";
        let out = wrap(help, "  = help: ", "          ", 40, 10);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines.contains(&"          (<!-- sourcepolicy: type=paper|docs|repo|report -->),"),
            "{out}"
        );
        assert!(out.contains("`lint --online`"), "{out}");
        // Multi-byte characters next to the delimiters are never cut.
        assert_eq!(
            atoms("a “…” <!-- é --> `ü x`é"),
            ["a", "“…”", "<!-- é -->", "`ü x`é"]
        );
        assert!(
            lines.contains(
                &"          https://example.org/a/very/long/path/that/does/not/fit/anywhere"
            ),
            "{out}"
        );
        // Every line fits, unless it holds one piece that is longer than a line.
        for l in &lines {
            assert!(l.chars().count() <= 40 || atoms(l).len() == 1, "{l}");
        }
    }

    #[test]
    fn long_lines_are_cut_around_the_span() {
        let text = format!("{}TARGET{}", "a".repeat(200), "b".repeat(200));
        let (shown, (start, len)) = quote(&text, 200, 206, 60);
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        assert!(shown.chars().count() <= 60, "{}", shown.chars().count());
        let marked: String = shown.chars().skip(start).take(len).collect();
        assert_eq!(marked, "TARGET");
        // Wide characters take two columns each.
        let (_, (start, len)) = quote("漢字 x", 7, 8, 60);
        assert_eq!((start, len), (5, 1));
        // Control characters are shown, never sent to the terminal.
        let (shown, _) = quote("a\x1b[31mb", 0, 1, 60);
        assert_eq!(shown, "a\u{fffd}[31mb");
    }

    /// The cut measured over every character of the line (what `quote_chars` did before it
    /// measured only the characters that can be shown).
    fn quote_whole_line(
        text: &str,
        from: usize,
        to: usize,
        room: usize,
    ) -> (String, (usize, usize)) {
        let chars: Vec<(usize, char)> = text
            .char_indices()
            .map(|(i, c)| (i, clean_char(c)))
            .collect();
        let mut before = vec![0];
        for &(_, c) in &chars {
            before.push(before.last().unwrap() + width_of(c));
        }
        let from = chars.partition_point(|&(i, _)| i < from);
        let to = chars.partition_point(|&(i, _)| i < to);
        let mut shown = String::new();
        let marks = quote_with(
            &mut shown,
            chars.len(),
            from,
            to,
            room,
            |a, b| before[b] - before[a],
            |out, lo, hi| out.extend(chars[lo..hi].iter().map(|&(_, c)| c)),
        );
        (shown, marks)
    }

    #[test]
    fn long_lines_are_measured_only_where_they_can_be_shown() {
        let lines = [
            format!(
                "- [Ü](https://example.org/{}) - {}",
                "ü".repeat(90),
                "漢字 wörds\t".repeat(40)
            ),
            format!("{}🔥{}", "é".repeat(300), "x\u{1b}y".repeat(200)),
            "short ü".to_string(),
        ];
        for text in &lines {
            let bounds: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            for room in [0, 20, 45, 80, 400] {
                for &from in bounds.iter().step_by(5) {
                    for to in [from, from + 1, from + 40, text.len()] {
                        let to = bounds[bounds.partition_point(|&b| b < to.min(text.len()))];
                        let mut fast = String::new();
                        let a = quote_chars(&mut fast, &mut Cells::default(), text, from, to, room);
                        assert_eq!(
                            (fast, a),
                            quote_whole_line(text, from, to, room),
                            "{from}..{to} in {room}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn ascii_lines_are_cut_as_character_by_character() {
        let line = format!(
            "- [A](https://example.org/{}) - {}",
            "p".repeat(70),
            "words ".repeat(30)
        );
        for text in [line.as_str(), "short", "", "x"] {
            for room in [0, 20, 45, 80, 400] {
                for from in (0..=text.len()).step_by(7) {
                    for to in [from, from + 1, from + 13, text.len()] {
                        let to = to.min(text.len());
                        let (mut fast, mut slow) = (String::new(), String::new());
                        let a = quote_into(&mut fast, &mut Cells::default(), text, from, to, room);
                        let b = quote_chars(&mut slow, &mut Cells::default(), text, from, to, room);
                        assert_eq!((fast, a), (slow, b), "{text:?} {from}..{to} in {room}");
                    }
                }
            }
        }
    }
}
