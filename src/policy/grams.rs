//! Which short byte sequences a text holds, to tell cheaply that a literal cannot occur in
//! texts made of it: every pair and triple of consecutive bytes, hashed into a set of 65,536
//! bits (8 KiB). `vocab_dfa.rs` searches a text only with the vocabulary DFAs whose literals
//! may occur in the file's texts, when the text is made of those (`covers`).
//!
//! A text searched is often pieces of those texts with characters replaced by spaces (a
//! claim's own words masked) or joined by a space. So pairs and triples with a space are left
//! out of both questions: a text whose other pairs and triples are all in the set (`covers`)
//! holds a literal only if the literal's are (`may_hold`). Hashes collide and triples need not
//! be adjacent: "may" is often wrong, "not" never.

/// The hashed pairs and triples of consecutive bytes of a text.
#[derive(Debug, Clone)]
pub(crate) struct Grams {
    bits: Box<[u64]>,
}

const BITS: u32 = 16;

/// The bit of a pair (`b0 | b1 << 8`) or a triple (`b0 | b1 << 8 | b2 << 16 | 1 << 24`, the
/// top bit telling it from a pair): a multiplicative hash, top bits kept.
fn bit(gram: u32) -> usize {
    (gram.wrapping_mul(0x9e37_79b1) >> (32 - BITS)) as usize
}

fn triple(b: &[u8]) -> u32 {
    u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16 | 1 << 24
}

fn pair(b: &[u8]) -> u32 {
    u32::from(b[0]) | u32::from(b[1]) << 8
}

impl Grams {
    pub(crate) fn of(text: &str) -> Grams {
        let mut bits = vec![0u64; 1 << (BITS - 6)].into_boxed_slice();
        let mut set = |gram: u32| {
            let i = bit(gram);
            bits[i / 64] |= 1 << (i % 64);
        };
        let b = text.as_bytes();
        for w in b.windows(3) {
            set(pair(w));
            set(triple(w));
        }
        if let [.., x, y] = b {
            set(pair(&[*x, *y]));
        }
        Grams { bits }
    }

    fn has(&self, gram: u32) -> bool {
        let i = bit(gram);
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether every pair and triple of bytes of `text` without a space (ASCII lower-cased,
    /// as the set's text is) is in the set.
    pub(crate) fn covers(&self, text: &[u8]) -> bool {
        let lower = |w: &[u8]| [w[0], w[1], w[2]].map(|b| b.to_ascii_lowercase());
        let pairs_and_triples = text.windows(3).all(|w| {
            let w = lower(w);
            (w[..2].contains(&b' ') || self.has(pair(&w)))
                && (w.contains(&b' ') || self.has(triple(&w)))
        });
        pairs_and_triples
            && match text {
                [.., x, y] => {
                    let w = [x.to_ascii_lowercase(), y.to_ascii_lowercase()];
                    w.contains(&b' ') || self.has(pair(&w))
                }
                _ => true,
            }
    }

    /// Whether `literal` (lower case) may occur in a text `covers` accepts (false: it does
    /// not).
    pub(crate) fn may_hold(&self, literal: &str) -> bool {
        let b = literal.as_bytes();
        if b.len() == 2 {
            return b.contains(&b' ') || self.has(pair(b));
        }
        b.windows(3)
            .all(|w| w.contains(&b' ') || self.has(triple(w)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_text_holds_may_be_held_and_much_else_is_not() {
        let text = "measured on an h100 with fp8, 2.3x faster than vllm";
        let g = Grams::of(text);
        for i in 0..text.len() {
            for j in i + 1..=text.len() {
                assert!(g.may_hold(&text[i..j]), "{:?}", &text[i..j]);
            }
        }
        let absent = ["a100", "bf16", "tflops", "mi300x", "qwen", "zz", "llama"];
        assert!(absent.iter().all(|l| !g.may_hold(l)));
        // one byte, or only pairs and triples with a space: it may (a space may stand for
        // any masked character)
        assert!(g.may_hold("q") && g.may_hold("q ") && g.may_hold("x y"));
        // joined by a space, pieces of the text hold only what the text holds
        assert!(g.may_hold("h100 fp8") && !g.may_hold("h100 bf16"));
        assert!(Grams::of("").may_hold("x") && !Grams::of("").may_hold("xy"));
        // what a text made of it (masked, joined, in any case) holds is covered; not more
        assert!(g.covers(b"Measured on an H100     fp8, 2.3x"));
        assert!(g.covers(b"") && g.covers(b"h") && g.covers(b"h1"));
        assert!(!g.covers(b"measured on an a100") && !g.covers(b"bf"));
    }
}
