//! Claims written in Chinese, as the bilingual READMEs of the field write them: a multiplier in
//! 倍 ("是 llama.cpp 的 1.6 倍", "快约 3～4 倍"), a time in 秒/毫秒/微秒/分钟/小时 after a word that
//! makes it a result ("耗时 0.43 秒", "首 token 延迟约 460 毫秒"), and a percentage after a word of
//! speed or saving ("快约 25%", "减少 0.7 GB（约 37%）"). A plan or an expectation before it
//! (预计, 目标…) makes none a claim; a time that bounds a run ("10 分钟后", "超时 30 秒") is a
//! setting.

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
    ("分钟", Unit::Time("min")),
    ("小时", Unit::Time("h")),
    ("秒", Unit::Time("s")),
    ("倍", Unit::Times),
];

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
    "吞吐",
    "利用率",
    "保持在",
    "的",
];

/// Words before a time that make it a result.
const TIME_WORDS: &[&str] = &[
    "耗时", "用时", "延迟", "时延", "时间", "缩短", "降至", "仅需", "只需", "需要", "完成", "的",
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
    "限制",
    "上限",
    "不超过",
];

/// Words after a time that make it a bound of the run ("10 分钟后", "30 秒内").
const AFTER_TIME: &[&str] = &["后", "内", "以内", "一次"];

/// The text before `at` back to the start of its Chinese clause (after `，。；：！？`, or a line
/// break), at most 60 bytes.
fn clause_head(lower: &str, at: usize) -> &str {
    let from = crate::lines::floor_char_boundary(lower, at.saturating_sub(60));
    let head = &lower[from..at];
    head.rfind(['，', '。', '；', '：', '！', '？', '（', '\n', ','])
        .map_or(head, |p| {
            let c = head[p..].chars().next().map_or(1, char::len_utf8);
            &head[p + c..]
        })
}

/// Whether a rate at `start` is a specification by a Chinese word before it in its clause
/// ("NPU（标称 45 TOPS）": nominal, theoretical, peak).
pub(super) fn spec_before(lower: &str, start: usize) -> bool {
    let head = clause_head(lower, start);
    ["标称", "理论", "峰值", "额定"]
        .iter()
        .any(|w| head.contains(w))
}

/// The Chinese unit at `at` (after a number), if any: where it ends, and the unit.
pub(super) fn unit_at(lower: &str, at: usize) -> Option<(usize, Unit)> {
    let rest = lower.get(at..)?;
    UNITS
        .iter()
        .find(|(u, _)| rest.starts_with(u))
        .map(|&(u, unit)| (at + u.len(), unit))
}

/// Whether the number at `start..end` with the Chinese unit `unit` states a result.
pub(super) fn states_result(lower: &str, start: usize, end: usize, unit: Unit) -> bool {
    let head = clause_head(lower, start);
    if HEDGE_WORDS.iter().any(|w| head.contains(w)) {
        return false;
    }
    match unit {
        Unit::Time(_) => {
            let tail = &lower[end..];
            !AFTER_TIME.iter().any(|w| tail.starts_with(w))
                && TIME_WORDS.iter().any(|w| head.contains(w))
        }
        // "压缩 4 倍" (a compression ratio) is a parameter
        Unit::Times => !head.contains("压缩") && CHANGE_WORDS.iter().any(|w| head.contains(w)),
    }
}

/// Whether a number at `start` follows a Chinese word of plan, expectation or bound in its
/// clause ("目标是达到 H800 的 80%"): a hedge governs only what follows it, and a Chinese clause
/// has no spaces to count words after a number by.
pub(super) fn hedged(lower: &str, start: usize) -> bool {
    let head = clause_head(lower, start);
    HEDGE_WORDS.iter().any(|w| head.contains(w))
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
    let head = clause_head(lower, at);
    !HEDGE_WORDS.iter().any(|w| head.contains(w))
        && CHANGE_WORDS
            .iter()
            .filter(|w| **w != "的")
            .any(|w| head.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

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
