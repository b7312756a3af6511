//! The schema of `[[perf.devices]]`: a device's spellings, the vendor document its numbers
//! come from, and its peak rates as the datasheet writes them (`"989.5 TFLOPS"`).

use crate::units::{parse_rate, RateKind};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::OnceLock;

/// The device table: the user's (when their policy gives `[[perf.devices]]`), else the
/// default's, which is read only when a rule first asks for it — the table is two thirds of
/// the default policy's text and most runs never need it.
#[derive(Debug, Clone, Default)]
pub struct DeviceList {
    given: Option<Vec<DeviceSpec>>,
}

impl DeviceList {
    /// Whether the table is the default's, not read from the user's file.
    pub fn is_default(&self) -> bool {
        self.given.is_none()
    }

    /// The devices in effect.
    pub fn get(&self) -> &[DeviceSpec] {
        match &self.given {
            Some(d) => d,
            None => default_table(),
        }
    }

    /// The default table, if it is the one in effect.
    pub(crate) fn builtin(&self) -> Option<&'static [DeviceSpec]> {
        self.given.is_none().then(default_table)
    }
}

/// The default table, read when first asked for and kept for the process: a compiled table
/// can then borrow it instead of copying it (see `DeviceTable::for_list`).
fn default_table() -> &'static [DeviceSpec] {
    static TABLE: OnceLock<Vec<DeviceSpec>> = OnceLock::new();
    TABLE.get_or_init(built_default)
}

/// The default table, as `build.rs` wrote it from `policy.toml` (rates already parsed).
fn built_default() -> Vec<DeviceSpec> {
    fn s(text: &str) -> String {
        text.to_string()
    }
    fn r(text: &str, value: f64) -> Option<Rate> {
        Some(Rate {
            text: text.to_string(),
            value,
        })
    }
    include!(concat!(env!("OUT_DIR"), "/default_devices.rs"))
}

impl<'de> Deserialize<'de> for DeviceList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(DeviceList {
            given: Some(Vec::<DeviceSpec>::deserialize(d)?),
        })
    }
}

impl Serialize for DeviceList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

/// One device variant and its vendor peaks.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceSpec {
    /// Shown in messages: "NVIDIA H100 SXM".
    pub name: String,
    /// Spellings that name this variant ("H100 SXM", "H100-SXM5"): case-insensitive, whole
    /// words, a space may also be written as `-` or nothing.
    #[serde(default)]
    pub names: Vec<String>,
    /// Spellings of the product without a form factor ("H100"): they stand for the fastest
    /// of its variants, quantity by quantity.
    #[serde(default)]
    pub bare: Vec<String>,
    /// The vendor document the numbers come from.
    pub source: String,
    #[serde(
        default,
        deserialize_with = "bandwidth",
        skip_serializing_if = "Option::is_none"
    )]
    pub memory_bandwidth: Option<Rate>,
    /// Scale-up link bandwidth per device, as the vendor states it.
    #[serde(
        default,
        deserialize_with = "bandwidth",
        skip_serializing_if = "Option::is_none"
    )]
    pub interconnect: Option<Rate>,
    #[serde(default)]
    pub dense: Peaks,
    /// Peaks with 2:4 structured sparsity.
    #[serde(default)]
    pub sparse: Peaks,
}

/// Peak math rates per precision.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Peaks {
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub fp64: Option<Rate>,
    /// FP64 on tensor (matrix) cores.
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub fp64_tensor: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub fp32: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub tf32: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub bf16: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub fp16: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub fp8: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub fp6: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub fp4: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub int8: Option<Rate>,
    #[serde(deserialize_with = "compute", skip_serializing_if = "Option::is_none")]
    pub int4: Option<Rate>,
}

impl Peaks {
    /// The stated peaks with their keys (`"bf16"`).
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, &Rate)> {
        [
            ("fp64", &self.fp64),
            ("fp64_tensor", &self.fp64_tensor),
            ("fp32", &self.fp32),
            ("tf32", &self.tf32),
            ("bf16", &self.bf16),
            ("fp16", &self.fp16),
            ("fp8", &self.fp8),
            ("fp6", &self.fp6),
            ("fp4", &self.fp4),
            ("int8", &self.int8),
            ("int4", &self.int4),
        ]
        .into_iter()
        .filter_map(|(k, r)| r.as_ref().map(|r| (k, r)))
    }
}

/// A rate as written and its value in base units (FLOP/s, OPS or bytes/s).
#[derive(Debug, Clone, PartialEq)]
pub struct Rate {
    pub text: String,
    pub value: f64,
}

impl Serialize for Rate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

fn rate_of<'de, D: Deserializer<'de>>(d: D, want: RateKind) -> Result<Option<Rate>, D::Error> {
    let text = String::deserialize(d)?;
    let (value, kind) = parse_rate(&text).map_err(serde::de::Error::custom)?;
    if kind != want {
        return Err(serde::de::Error::custom(match want {
            RateKind::Compute => {
                format!("`{text}` is a bandwidth; a peak math rate is in TFLOPS, PFLOP/s or TOPS")
            }
            RateKind::Bandwidth => {
                format!("`{text}` is a math rate; a bandwidth is in GB/s, TB/s or Gbps")
            }
        }));
    }
    Ok(Some(Rate { text, value }))
}

fn compute<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rate>, D::Error> {
    rate_of(d, RateKind::Compute)
}

fn bandwidth<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rate>, D::Error> {
    rate_of(d, RateKind::Bandwidth)
}
