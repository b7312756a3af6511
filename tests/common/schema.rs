//! Validation against the SARIF 2.1.0 JSON schema vendored in tests/schemas.

use serde_json::Value;

const SCHEMA: &str = include_str!("../schemas/sarif-schema-2.1.0.json");

/// Validates a SARIF log against the vendored schema, formats (`uri`, …) asserted too.
pub fn validate_sarif(log: &Value) -> Result<(), String> {
    let schema: Value = serde_json::from_str(SCHEMA).expect("schema parses");
    let id = schema["$id"]
        .as_str()
        .expect("schema has an $id")
        .to_string();
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.enable_format_assertions();
    compiler.add_resource(&id, schema).expect("schema added");
    let index = compiler
        .compile(&id, &mut schemas)
        .expect("schema compiles");
    schemas.validate(log, index).map_err(|e| format!("{e:#}"))
}
