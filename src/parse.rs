//! The parse phase: a file becomes its `Document` and its `sourcepolicy:` directives, once.

use crate::directive::{directives, Directive};
use crate::document::{Document, TableOptions};
use crate::input::SourceFile;
use crate::policy::Policy;
use crate::target::TargetOptions;

/// One file, parsed: what every later phase reads.
pub struct Parsed {
    pub file: SourceFile,
    pub doc: Document,
    pub directives: Vec<Directive>,
}

/// Parses a file under a policy (which says what a link may target).
pub fn parse(file: SourceFile, policy: &Policy) -> Parsed {
    let doc = Document::parse_with(
        &file,
        TargetOptions {
            schemes: &policy.links.schemes,
            tracking: &policy.links.tracking_params,
        },
        TableOptions {
            entries: policy.tables.entries,
            role: &|header| policy.tables.role(header),
        },
    );
    let directives = directives(&file, &doc);
    Parsed {
        file,
        doc,
        directives,
    }
}
