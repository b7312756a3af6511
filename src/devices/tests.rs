//! The device table of the default policy: spellings, counts and peaks.

use super::*;
use crate::policy::Policy;

fn table() -> DeviceTable {
    DeviceTable::new(Policy::default_policy().perf.devices.get())
}

/// The default table as `build.rs` compiled it is the table `new` compiles of it.
#[test]
fn the_built_default_table_is_the_compiled_one() {
    let policy = Policy::default_policy();
    let built = DeviceTable::for_list(&policy.perf.devices);
    let compiled = table();
    assert!(matches!(built.devices, Cow::Borrowed(_)));
    assert!(matches!(built.spellings, Cow::Borrowed(_)));
    assert_eq!(built.spellings, compiled.spellings);
    let show = |t: &DeviceTable| serde_json::to_string(&t.devices[..]).expect("serialises");
    assert_eq!(show(&built), show(&compiled));
    let text = "8xH100 SXM, h100-sxm5, two MI300Xs and a GB200 NVL72 rack; TPU v5e";
    assert_eq!(built.mentions(text), compiled.mentions(text));
    assert!(!built.mentions(text).is_empty());
}

fn named(t: &DeviceTable, text: &str) -> Vec<(String, u32, bool, String)> {
    t.mentions(text)
        .into_iter()
        .map(|m| {
            (
                t.devices[m.device].name.clone(),
                m.count,
                m.bare,
                text[m.span].to_string(),
            )
        })
        .collect()
}

#[test]
fn spellings_counts_and_longest_names() {
    let t = table();
    assert_eq!(
        named(
            &t,
            "8xH100 and an H100-SXM5, one H100 NVL, the DGX H100, eight H100s, 64 MI300X"
        ),
        [
            ("NVIDIA H100 SXM".to_string(), 8, true, "8xH100".to_string()),
            ("NVIDIA H100 SXM".into(), 1, false, "H100-SXM5".into()),
            ("NVIDIA H100 NVL".into(), 1, false, "H100 NVL".into()),
            ("NVIDIA DGX H100".into(), 1, false, "DGX H100".into()),
            ("NVIDIA H100 SXM".into(), 8, true, "eight H100s".into()),
            ("AMD Instinct MI300X".into(), 64, false, "64 MI300X".into()),
        ]
    );
    // Not inside longer words or numbers.
    assert!(named(&t, "H1000 and XH100Z and 2023").is_empty());
}

#[test]
fn peaks_by_precision_sparsity_and_variant() {
    let t = table();
    let m = |text: &str| t.mentions(text).remove(0);
    let peak = |text: &str, q: Quantity| t.peak(&m(text), q).map(|(_, p)| (p.value, p.what));
    let bf16 = Quantity::Compute {
        precision: Some(Precision::Bf16),
        sparse: false,
    };
    assert_eq!(
        peak("H100 SXM", bf16),
        Some((989.5e12, "dense BF16".into()))
    );
    assert_eq!(peak("H100 PCIe", bf16).unwrap().0, 756.5e12);
    // Unstated precision: the highest of any, sparse included.
    let any = Quantity::Compute {
        precision: None,
        sparse: false,
    };
    assert_eq!(peak("H100 SXM", any).unwrap().0, 3958e12);
    // A bare name is the highest of its variants, quantity by quantity: the NVL has the
    // fastest memory.
    assert_eq!(peak("H100", Quantity::Memory).unwrap().0, 3.9e12);
    assert_eq!(peak("H100", bf16).unwrap().0, 989.5e12);
    let fp64 = Quantity::Compute {
        precision: Some(Precision::Fp64),
        sparse: false,
    };
    assert_eq!(peak("H100 SXM", fp64).unwrap().0, 67e12);
}

#[test]
fn every_device_names_its_source_and_some_peak() {
    let p = Policy::default_policy();
    assert!(p.perf.devices.get().len() >= 35);
    for d in p.perf.devices.get() {
        assert!(d.source.starts_with("https://"), "{}", d.name);
        assert!(
            d.dense.entries().next().is_some() || d.memory_bandwidth.is_some(),
            "{} states no peak",
            d.name
        );
        assert!(!d.names.is_empty() || !d.bare.is_empty(), "{}", d.name);
    }
}
