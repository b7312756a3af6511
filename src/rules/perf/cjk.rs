//! Claims written in Chinese, as the bilingual READMEs of the field write them: a multiplier in
//! 倍 ("是 llama.cpp 的 1.6 倍", "快约 3～4 倍"), a time in 秒/毫秒/微秒/分钟/小时 after a word that
//! makes it a result ("耗时 0.43 秒", "首 token 延迟约 460 毫秒"), and a percentage after a word of
//! speed or saving ("快约 25%", "减少 0.7 GB（约 37%）"). A plan or an expectation before it
//! (预计, 目标…) makes none a claim; a time that bounds a run ("10 分钟后", "超时 30 秒") is a
//! setting.
//!
//! Japanese and Korean write the same results with the verb after the number ("約2.1倍高速",
//! "41%短縮", "1.8배 향상", "8.6GB 줄었고", "14.2초에서 12.6초로 단축"): there a word of change right
//! after the number and its unit (`tail_cue`) makes it a result too.

/// What a Chinese unit makes of the number before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unit {
    /// 倍: a multiplier
    Times,
    /// 秒, 毫秒…: a time, in the unit named
    Time(&'static str),
}

/// Units written after a number, longest first.
const UNITS: &[(&str, Unit)] = &[
    ("毫秒", Unit::Time("ms")),
    ("微秒", Unit::Time("us")),
    ("ミリ秒", Unit::Time("ms")),
    ("分钟", Unit::Time("min")),
    // Japanese minutes ("41分 → 13分"), after the Chinese 分钟
    ("分", Unit::Time("min")),
    ("小时", Unit::Time("h")),
    ("時間", Unit::Time("h")),
    ("秒", Unit::Time("s")),
    ("倍", Unit::Times),
    // Korean: 초 (seconds), 분 (minutes), 시간 (hours), 배 (times)
    ("밀리초", Unit::Time("ms")),
    ("초", Unit::Time("s")),
    ("분", Unit::Time("min")),
    ("시간", Unit::Time("h")),
    ("배", Unit::Times),
    // Hindi: गुना (times); घंटे, मिनट, सेकंड (hours, minutes, seconds)
    ("गुना", Unit::Times),
    ("घंटे", Unit::Time("h")),
    ("मिनट", Unit::Time("min")),
    ("सेकंड", Unit::Time("s")),
    // Russian, where a unit is a word of its own (`unit_at` wants a boundary after it):
    // миллисекунд, мс, секунд, сек, с, минут, мин, часов, часа, ч; раза, раз (times)
    ("миллисекунд", Unit::Time("ms")),
    ("мс", Unit::Time("ms")),
    ("секунды", Unit::Time("s")),
    ("секунд", Unit::Time("s")),
    ("сек", Unit::Time("s")),
    ("с", Unit::Time("s")),
    ("минуты", Unit::Time("min")),
    ("минут", Unit::Time("min")),
    ("мин", Unit::Time("min")),
    ("часов", Unit::Time("h")),
    ("часа", Unit::Time("h")),
    ("час", Unit::Time("h")),
    ("ч", Unit::Time("h")),
    ("раза", Unit::Times),
    ("раз", Unit::Times),
];

/// Whether a unit is written in a script with spaces between words (Cyrillic, Devanagari),
/// where it ends at a word boundary ("3,9 с", not the "с" of "следующий").
fn spaced_script(unit: &str) -> bool {
    unit.chars().next().is_some_and(|c| {
        ('\u{0400}'..='\u{04ff}').contains(&c) || ('\u{0900}'..='\u{097f}').contains(&c)
    })
}

/// Words before a multiplier or a percentage that make it a change of speed or resources.
const CHANGE_WORDS: &[&str] = &[
    "快",
    "慢",
    "提升",
    "提高",
    "加速",
    "降低",
    "减少",
    "节省",
    "缩短",
    "增加",
    // "空闲时间从约 11% 降到 3% 以下": down to
    "降到",
    "降至",
    "吞吐",
    "利用率",
    // Japanese and Korean utilisation: "GPU使用率が 35〜60%", "사용률"
    "使用率",
    "稼働率",
    "사용률",
    "이용률",
    // "eager 比で 2.6倍": against
    "比で",
    "保持在",
    // Japanese and Korean: speed, throughput, "compared with"
    "速度",
    "スループット",
    "と比べ",
    "に比べ",
    "처리량",
    "속도",
    "대비",
    // Korean "than": "vLLM보다 약 1.29배"
    "보다",
    "的",
    // Russian: faster, slower, speed-up, cut, lower, saves, gain ("быстрее в 1,3 раза",
    // "ускорение в 2 раза"); Hindi: faster, speed
    "быстр",
    "медлен",
    "ускор",
    "сократ",
    "сниз",
    "сниж",
    "эконом",
    "прирост",
    "выигрыш",
    "तेज",
    "रफ्तार",
];

/// Words before a time that make it a result.
const TIME_WORDS: &[&str] = &[
    "耗时",
    "用时",
    "延迟",
    "时延",
    "时间",
    "缩短",
    "降至",
    "仅需",
    "只需",
    "需要",
    "完成",
    "的",
    // Japanese and Korean: latency, average, time taken; the names of latency statistics
    "지연",
    "평균",
    "소요",
    "레이턴시",
    "レイテンシ",
    "平均",
    "所要",
    "ttft",
    "tpot",
    "p50",
    "p90",
    "p95",
    "p99",
    "待ち",
    "遅延",
    "時間",
    "かかる",
    // "vLLM 为 130 ms": (the other system's) is, in a sentence of results
    "为",
    // Russian: time, took, takes, cut, fell, latency, "in" ("за 3 часа"); Hindi: took, time
    "время",
    "заня",
    "занима",
    "сократ",
    "сниз",
    "задержк",
    "за ",
    "लगे",
    "लगा",
    "समय",
];

/// Words that make what follows them a plan, an expectation or a bound, not a result.
const HEDGE_WORDS: &[&str] = &[
    "预计",
    "预期",
    "目标",
    "有望",
    "计划",
    "可能",
    "希望",
    "超时",
    "每隔",
    // "SLO 设为 TTFT < 400 ms": set to
    "设为",
    "设置为",
    "限制",
    "上限",
    "不超过",
    // Japanese: expected, aim, planned, target; Korean: expected, hoped, goal, plan, scheduled
    "見込",
    "目指",
    "予定",
    "予想",
    "目標",
    "예상",
    "기대",
    "목표",
    "계획",
    "예정",
    // Korean: "must reach" ("2배는 나와야 본전": at least 2x to break even)
    "나와야",
    "되어야",
    "돼야",
    // Russian: probably, possibly, expect, goal, plan; Hindi: maybe, goal
    "вероятно",
    "возможно",
    "ожида",
    "цель",
    "план",
    "शायद",
    "लक्ष्य",
];

/// Words of change that follow a number in Japanese and Korean ("2.1倍高速", "41%短縮",
/// "1.8배 향상", "35% 떨어졌습니다").
const AFTER_CHANGE: &[&str] = &[
    // a time a run took, in Japanese: "52秒で終わった", "3分で完了", "40秒かかりました"
    "で終わ",
    "で完了",
    "で処理",
    "かかり",
    "かかっ",
    "高速",
    "速い",
    "速く",
    "向上",
    "短縮",
    "削減",
    "低下",
    "遅く",
    "遅い",
    "改善",
    "増加",
    "減少",
    "縮小",
    "節約",
    "短く",
    "少なく",
    "향상",
    "감소",
    "단축",
    "줄었",
    "줄어",
    "줄였",
    "올랐",
    "올라",
    "떨어",
    "빨라",
    "빠릅",
    "빠른",
    // "vLLM보다 약 1.29배 빠르고" (faster), "느리고" (slower), "24% 나쁩니다" (worse), "10% 남짓
    // 앞섭니다" (ahead), "19~29% 높았고" (higher)
    "빠르",
    "느리",
    "나쁩",
    "나빠",
    "앞섭",
    "앞서",
    "뒤처",
    "높았",
    "높습",
    "낮았",
    "낮습",
    "느려",
    "느립",
    "좋아",
    "나아",
    "늘었",
    "늘어",
    "내려",
    "개선",
    "증가",
    "절감",
    "높아",
    "낮아",
    // "takes": "6分 ほどかかる", "3시간 걸렸"
    "かか",
    "걸렸",
    "걸리",
    "걸린",
    // Chinese, after the number ("单步从 34 秒缩短到 31 秒", "约 11.5% 的提升")
    "提升",
    "提高",
    "加速",
    "提速",
    "缩短",
    "降低",
    "减少",
    "下降",
    "节省",
    "降到",
    "降至",
    "减至",
    "升至",
    // "比 64 卡时的 50% 略低": (slightly) lower, higher than
    "略低",
    "略高",
    "更低",
    "更高",
    // Hindi after a number: more, less, slower, faster, grew ("48% ज़्यादा", "22% धीमा")
    "ज़्यादा",
    "ज्यादा",
    "कम",
    "धीमा",
    "धीमी",
    "बढ़",
    "घट",
    // Hindi: "1.7 गुना तेज़" (Russian comparatives are `RUSSIAN_COMPARATIVES`)
    "तेज",
];

/// Particles and words of approximation that may stand between a number and the word of
/// change after it ("19 秒に短縮", "12.6초로 단축", "35% 정도 감소").
const BETWEEN: &[&str] = &[
    "程度",
    "ほど",
    "近く",
    "に",
    "へ",
    "まで",
    "も",
    "으로",
    "로",
    "까지",
    "가량",
    "정도",
    "이",
    "가",
    "만큼",
    // "10% 남짓" (a little over)
    "남짓",
    "的",
    "左右",
    "남짓",
    "내외",
    "안팎",
    "の",
    "くらい",
    "ぐらい",
    "前後",
    // Hindi particles: "17% की बढ़त", "करीब"
    "की",
    "का",
    "तक",
];

/// Whether a word of change follows the number that ends at `end` ("約2.1倍高速", "41%短縮",
/// "1.8배 향상", "8.6GB 줄었고"), or a Japanese or Korean "from" that opens a change ("48 秒から
/// 19 秒に短縮", "14.2초에서 12.6초로").
pub(super) fn tail_cue(lower: &str, end: usize) -> bool {
    let mut rest = lower.get(end..).unwrap_or("").trim_start();
    if hedged_after(lower, end) {
        return false;
    }
    // ("41分 → 13分", "41分/epoch → 13分/epoch": an arrow from the value before)
    let rest_unit = rest.strip_prefix('/').map_or(rest, |r| {
        r.trim_start_matches(|c: char| c.is_ascii_alphanumeric())
            .trim_start()
    });
    for from in ["から", "에서", "→", "->"] {
        if let Some(after) = rest
            .strip_prefix(from)
            .or_else(|| rest_unit.strip_prefix(from))
        {
            return after
                .trim_start_matches(['*', ' '])
                .starts_with(|c: char| c.is_ascii_digit());
        }
    }
    for _ in 0..2 {
        match BETWEEN.iter().find(|w| rest.starts_with(*w)) {
            Some(w) => rest = rest[w.len()..].trim_start(),
            None => break,
        }
    }
    AFTER_CHANGE
        .iter()
        .chain(super::words::RUSSIAN_COMPARATIVES)
        .any(|w| rest.starts_with(w))
}

/// Whether the number at `start` ends a change written in Japanese or Korean, after the value
/// before it and its "from" ("14.2초에서 12.6초로", "38 ms에서 44 ms로", "48 秒から 19 秒に").
pub(super) fn change_end(lower: &str, start: usize) -> bool {
    let head = lower[..start].trim_end_matches(['*', ' ']);
    // (Russian writes the change "с 3,9 с до 2,6 с": the value after comes after "до")
    ["에서", "から", "→", "->", " до"].iter().any(|from| {
        head.strip_suffix(from).is_some_and(|h| {
            let h = h.trim_end_matches(['*', ' ']);
            // ("41分/epoch → 13分/epoch": the value before per its item)
            let h = match h.rsplit_once('/') {
                Some((v, item)) if item.bytes().all(|b| b.is_ascii_alphabetic()) => v,
                _ => h,
            };
            // the value before, with its unit ("38 ms", "5.8건", "2.8초")
            let unit = h.trim_end_matches(|c: char| c.is_alphabetic() || c == '/' || c == '%');
            unit.trim_end().ends_with(|c: char| c.is_ascii_digit())
        })
    })
}

/// Whether a time written with a Latin unit in Chinese, Japanese or Korean prose follows a word
/// that makes it a result in its clause ("평균 9 ms씩", "TTFT p99가 706 ms").
pub(super) fn time_cue(lower: &str, start: usize) -> bool {
    unhedged_cue(clause_head(lower, start), TIME_WORDS)
}

/// Whether `head` holds a word of `cues` (not the bare particle 的) and no hedge.
fn unhedged_cue(head: &str, cues: &[&str]) -> bool {
    !HEDGE_WORDS.iter().any(|w| head.contains(w))
        && cues
            .iter()
            .filter(|w| **w != "的")
            .any(|w| head.contains(w))
}

/// "Per second" written before a count (Korean, Japanese, Chinese).
const PER_SECOND: &[&str] = &["초당", "毎秒", "每秒"];

/// Counters of a count per second ("초당 5.8건": 5.8 requests per second).
const COUNTERS: &[&str] = &["건", "개", "회", "件", "个", "回"];

/// Where a count per second ends, when the number at `start..after` is one: the second named
/// before it and a counter after it ("초당 5.8건", "每秒 120 个"), or the end of a change whose
/// value before was one ("초당 5.8건에서 14건으로").
pub(super) fn per_second_count(lower: &str, start: usize, after: usize) -> Option<usize> {
    let counter = COUNTERS.iter().find(|c| lower[after..].starts_with(**c))?;
    let head = lower[..start].trim_end();
    let per_second = PER_SECOND.iter().any(|w| head.ends_with(w))
        || (change_end(lower, start) && {
            let h = clause_head(lower, start);
            PER_SECOND.iter().any(|w| h.contains(w))
        });
    (per_second && !hedged(lower, start) && !hedged_after(lower, after))
        .then(|| after + counter.len())
}

/// Words after a time that make it a bound of the run ("10 分钟后", "30 秒内").
/// (Korean: "30분짜리 부하 테스트", a 30-minute load test; "30분 동안", for 30 minutes)
const AFTER_TIME: &[&str] = &["后", "内", "以内", "一次", "짜리", "동안", "간의"];

/// The text before `at` back to the start of its Chinese clause (after `，。；：！？`, or a line
/// break), at most 60 bytes.
fn clause_head(lower: &str, at: usize) -> &str {
    let from = crate::lines::floor_char_boundary(lower, at.saturating_sub(60));
    let head = &lower[from..at];
    head.rfind(['，', '、', '。', '；', '：', '！', '？', '（', '\n', ','])
        .map_or(head, |p| {
            let c = head[p..].chars().next().map_or(1, char::len_utf8);
            &head[p + c..]
        })
}

/// Whether a rate at `start` is a specification by a Chinese word before it in its clause
/// ("NPU（标称 45 TOPS）": nominal, theoretical, peak).
pub(super) fn spec_before(lower: &str, start: usize) -> bool {
    let head = clause_head(lower, start);
    // (Japanese and Korean: ピーク, 理論, 公称, 피크, 이론)
    [
        "标称",
        "理论",
        "峰值",
        "额定",
        "ピーク",
        "理論",
        "公称",
        // a catalogue value: "カタログ値で 1,008 GB/s"
        "カタログ",
        "피크",
        "이론",
    ]
    .iter()
    .any(|w| head.contains(w))
}

/// The Chinese unit at `at` (after a number), if any: where it ends, and the unit.
pub(super) fn unit_at(lower: &str, at: usize) -> Option<(usize, Unit)> {
    let rest = lower.get(at..)?;
    // every unit starts with a byte beyond ASCII (`units_start_beyond_ascii`): most numbers
    // are followed by none
    if rest.as_bytes().first().is_none_or(u8::is_ascii) {
        return None;
    }
    UNITS
        .iter()
        .find(|(u, _)| {
            rest.starts_with(u)
                && (!spaced_script(u)
                    || rest[u.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric()))
        })
        .map(|&(u, unit)| (at + u.len(), unit))
}

/// Whether the number at `start..end` with the Chinese unit `unit` states a result.
pub(super) fn states_result(lower: &str, start: usize, end: usize, unit: Unit) -> bool {
    let head = clause_head(lower, start);
    if HEDGE_WORDS.iter().any(|w| head.contains(w)) || hedged_after(lower, end) {
        return false;
    }
    match unit {
        Unit::Time(_) => {
            let tail = &lower[end..];
            // ("阅读时间约 12 分钟", "पढ़ने का समय: 9 मिनट": how long a post takes to read)
            !AFTER_TIME.iter().any(|w| tail.starts_with(w))
                && !head.contains("阅读")
                && !head.contains("पढ़ने")
                && (TIME_WORDS.iter().any(|w| head.contains(w))
                    || tail_cue(lower, end)
                    || change_end(lower, start))
        }
        // "压缩 4 倍" (a compression ratio) is a parameter; "→ 13分/epoch（約3.1倍）": the
        // ratio of a change, in brackets after it
        Unit::Times => {
            let before = lower[..start].trim_end_matches(['約', '约', '~', '～', ' ']);
            let bracketed = before.ends_with(['（', '(']);
            // "RTX 3060 の約2.7倍", "是 A100 的 2.7 倍", "A100의 2.7배": N times another's
            let of_another = before.ends_with(['の', '的', '의']);
            bracketed
                || of_another
                || (!head.contains("压缩")
                    && !head.contains("圧縮")
                    && !head.contains("압축")
                    && (CHANGE_WORDS.iter().any(|w| head.contains(w)) || tail_cue(lower, end)))
        }
    }
}

/// Whether a number at `start` follows a Chinese word of plan, expectation or bound in its
/// clause ("目标是达到 H800 的 80%"): a hedge governs only what follows it, and a Chinese clause
/// has no spaces to count words after a number by.
pub(super) fn hedged(lower: &str, start: usize) -> bool {
    let head = clause_head(lower, start);
    HEDGE_WORDS.iter().any(|w| head.contains(w))
}

/// Whether a Japanese or Korean word of expectation or aim ends the clause of the number that
/// ends at `end` ("最大2倍にすることを目指しています", "20% 향상될 것으로 예상됩니다"): there the verb
/// comes last and governs the number before it.
pub(super) fn hedged_after(lower: &str, end: usize) -> bool {
    let rest = lower.get(end..).unwrap_or("");
    let clause = rest
        .find(['。', '、', '，', '\n', '.', ','])
        .map_or(rest, |p| &rest[..p]);
    let clause = &clause[..crate::lines::floor_char_boundary(clause, 90)];
    HEDGE_WORDS.iter().any(|w| clause.contains(w))
}

/// Whether an amount of memory at `start` is one end of a change written in Chinese
/// ("显存占用从 29.6 GB 降至 10.2 GB"): after 从 or after the verb that ends the change, in a
/// clause about memory.
pub(super) fn memory_change(lower: &str, start: usize) -> bool {
    let head = clause_head(lower, start);
    let h = head.trim_end();
    ["显存", "内存", "占用"].iter().any(|w| head.contains(w))
        && !HEDGE_WORDS.iter().any(|w| head.contains(w))
        && (h.ends_with('从') || CHANGE_TO.iter().any(|w| h.ends_with(w)))
}

/// Verbs that end a change written "从 A … B" in Chinese: what follows them is the value after.
pub(super) const CHANGE_TO: &[&str] = &[
    "降至",
    "降到",
    "减至",
    "减少到",
    "减少至",
    "下降到",
    "下降至",
    "提升到",
    "提升至",
    "提高到",
    "提高至",
    "增加到",
    "增加至",
    "升至",
    "缩短到",
    "缩短至",
];

/// Whether the clause before `start` is about a quality score ("精度（val top-1）は 91.8% →
/// 91.7%", "정확도", "准确率"): a change of it is no performance claim.
pub(super) fn quality_before(lower: &str, start: usize) -> bool {
    let from = crate::lines::floor_char_boundary(lower, start.saturating_sub(60));
    let head = &lower[from..start];
    let head = head.rfind(['。', '\n', '.']).map_or(head, |p| &head[p..]);
    ["精度", "정확도", "准确率", "正解率", "accuracy", "top-1"]
        .iter()
        .any(|w| head.contains(w))
}

/// Whether a percentage at `start` follows a Chinese word of speed or saving in its clause
/// ("比 MLC-LLM 快约 25%", "减少 0.7 GB（约 37%）").
pub(super) fn percent_cue(lower: &str, start: usize) -> bool {
    // a share in brackets reads with the clause before the bracket
    let head = lower[..start].trim_end_matches([' ', '~', '约']);
    let at = head
        .strip_suffix('（')
        .or_else(|| head.strip_suffix('('))
        .map_or(start, str::len);
    unhedged_cue(clause_head(lower, at), CHANGE_WORDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What lets `unit_at` skip a text that goes on in ASCII.
    #[test]
    fn units_start_beyond_ascii() {
        assert!(UNITS.iter().all(|(u, _)| !u.as_bytes()[0].is_ascii()));
    }

    #[test]
    fn results_and_settings_in_chinese() {
        let t = "解码速度为 38 tokens/s，是同配置下 llama.cpp 的 1.6 倍。";
        let at = t.find("1.6").unwrap();
        let (end, unit) = unit_at(t, at + 4).unwrap();
        assert_eq!(unit, Unit::Times);
        assert!(states_result(t, at, end, unit));
        let t = "连续生成 10 分钟后，速度不变";
        let at = t.find("10").unwrap();
        let (end, unit) = unit_at(t, at + 3).unwrap();
        assert!(!states_result(t, at, end, unit));
        let t = "预填充耗时 0.43 秒";
        let at = t.find("0.43").unwrap();
        let (end, unit) = unit_at(t, at + 5).unwrap();
        assert_eq!(unit, Unit::Time("s"));
        assert!(states_result(t, at, end, unit));
        assert!(percent_cue("比 MLC-LLM 快约 25%", "比 MLC-LLM 快约 ".len()));
        assert!(!percent_cue(
            "下一版本预计将解码速度再提升 20%",
            "下一版本预计将解码速度再提升 ".len()
        ));
    }
}
