//! The facts phase: what the rules need to know about the world outside the file, gathered by
//! the engine before the rules run (the rules themselves never do I/O). Offline: which local
//! files exist and the anchors of linked Markdown files, each read once per run. Online: the
//! live result of every web link of the run (`crate::net`), each URL requested once.

use crate::document::Document;
use crate::input::SourceFile;
use crate::slug::AnchorSet;
use crate::target::{Target, TargetOptions};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// What a relative link's path is on disk.
#[derive(Debug, Clone)]
pub enum LocalFile {
    Missing,
    Folder,
    File,
    Markdown(Anchors),
}

/// The anchors of a linked Markdown file: read only when some link names a fragment in it.
#[derive(Debug, Clone)]
pub enum Anchors {
    NotRead,
    Unreadable,
    Read(AnchorSet),
}

/// Everything the rules may ask about the world, keyed so that a run reads each thing once.
#[derive(Debug, Default)]
pub struct Facts {
    local: HashMap<PathBuf, LocalFile>,
    /// The run's input files (canonical paths), when it has several: a file both linked (with
    /// a `#fragment`) and linted is read once.
    inputs: HashSet<PathBuf>,
    /// The anchors of the inputs linted so far.
    linted: HashMap<PathBuf, AnchorSet>,
    /// Inputs read early for their anchors, kept until the engine lints them.
    kept: HashMap<PathBuf, SourceFile>,
    /// With `--online`: the live results, keyed by the link's URL as written (trimmed).
    web: Option<WebFacts>,
}

/// What `--online` learned.
#[derive(Debug, Default)]
pub struct WebFacts {
    pub results: HashMap<String, crate::net::LinkResult>,
    pub stats: crate::net::Stats,
    /// Problems of the check itself (an unreadable cache, no network), each once.
    pub warnings: Vec<String>,
}

/// Where a relative link of a file in `base` points: `/x` from the repository root, anything
/// else from the file's folder. None for a root-relative link outside a repository.
pub fn resolve(base: &Path, repo_root: Option<&Path>, path: &str) -> Option<PathBuf> {
    match path.strip_prefix('/') {
        Some(rooted) => repo_root.map(|r| r.join(rooted)),
        None => Some(base.join(path)),
    }
}

fn is_markdown(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("markdown"))
}

impl Facts {
    /// Whether live results were gathered (the run is `--online`).
    pub fn online(&self) -> bool {
        self.web.is_some()
    }

    /// The live result of a web link (by its URL as written), when the run is online.
    pub fn web(&self, url: &str) -> Option<&crate::net::LinkResult> {
        self.web.as_ref()?.results.get(url.trim())
    }

    /// What the live check learned, when the run is online.
    pub fn web_facts(&self) -> Option<&WebFacts> {
        self.web.as_ref()
    }

    /// Checks every requested URL live, once each (the only network I/O of a run).
    pub fn gather_web(
        &mut self,
        requests: &[crate::net::Request],
        opts: &crate::net::NetOptions,
        progress: &(dyn Fn(crate::net::Progress) + Sync),
    ) -> Result<(), crate::net::NetError> {
        let run = crate::net::check(requests, opts, progress)?;
        self.web = Some(WebFacts {
            results: run.results,
            stats: run.stats,
            warnings: run.warnings,
        });
        Ok(())
    }

    /// Tells the facts phase which files the run will lint (canonical paths).
    pub fn expect_inputs(&mut self, paths: impl IntoIterator<Item = PathBuf>) {
        self.inputs.extend(paths);
    }

    /// Whether the run lints several files (and so shares what it reads between them).
    pub fn tracks_inputs(&self) -> bool {
        !self.inputs.is_empty()
    }

    /// Records the anchors of an input the engine has just parsed.
    pub fn linted(&mut self, canonical: PathBuf, anchors: AnchorSet) {
        if self.inputs.contains(&canonical) {
            self.linted.insert(canonical, anchors);
        }
    }

    /// An input this phase already read (for its anchors), handed over to be linted.
    pub fn take_read(&mut self, canonical: &Path) -> Option<SourceFile> {
        self.kept.remove(canonical)
    }

    /// The anchors of a linked Markdown file: those of an input already linted, else read
    /// (and kept for the engine when it is an input still to lint).
    fn anchors_for(&mut self, target: &Path, max_bytes: u64) -> Anchors {
        let canonical = if self.inputs.is_empty() {
            None
        } else {
            std::fs::canonicalize(target).ok()
        };
        if let Some(a) = canonical.as_ref().and_then(|c| self.linted.get(c)) {
            return Anchors::Read(a.clone());
        }
        let Ok(file) = crate::input::read_file(target, max_bytes) else {
            return Anchors::Unreadable;
        };
        let anchors = anchors_of(&file);
        if let Some(c) = canonical.filter(|c| self.inputs.contains(c)) {
            self.kept.insert(c, file);
        }
        Anchors::Read(anchors)
    }

    /// What is known about the local path a link resolves to.
    pub fn local(&self, path: &Path) -> Option<&LocalFile> {
        self.local.get(path)
    }

    /// Looks up, once per run, every local path the file's relative links name; reads the
    /// anchors of linked Markdown files when a link names a fragment in them.
    pub fn gather_local(
        &mut self,
        file: &SourceFile,
        doc: &Document,
        repo_root: Option<&Path>,
        max_bytes: u64,
    ) {
        let Some(base) = file.base_dir() else {
            return;
        };
        // Linked files are read only inside the list's repository (or, outside one, its
        // folder): a list or policy from an untrusted pull request must not make the run read
        // and quote the runner's other files.
        let fence = repo_root
            .map(Path::to_path_buf)
            .or_else(|| std::fs::canonicalize(base).ok());
        for link in &doc.links {
            let Target::Relative { path, fragment } = &link.target else {
                continue;
            };
            if path.is_empty() {
                continue;
            }
            let Some(target) = resolve(base, repo_root, path) else {
                continue;
            };
            let wants_anchors = fragment.as_deref().is_some_and(|f| !f.is_empty());
            let known = self.local.get(&target);
            let needs_read =
                wants_anchors && matches!(known, Some(LocalFile::Markdown(Anchors::NotRead)));
            if known.is_some() && !needs_read {
                continue;
            }
            let fact = match std::fs::metadata(&target) {
                Err(_) => LocalFile::Missing,
                Ok(m) if m.is_dir() => LocalFile::Folder,
                Ok(m) if m.is_file() && is_markdown(&target) => {
                    let inside = || {
                        let c = std::fs::canonicalize(&target).ok()?;
                        let fence = std::fs::canonicalize(fence.as_ref()?).ok()?;
                        Some(c.starts_with(fence))
                    };
                    LocalFile::Markdown(if wants_anchors && inside() == Some(true) {
                        self.anchors_for(&target, max_bytes)
                    } else {
                        Anchors::NotRead
                    })
                }
                Ok(_) => LocalFile::File,
            };
            self.local.insert(target, fact);
        }
    }
}

/// The anchors of a Markdown file.
fn anchors_of(file: &SourceFile) -> AnchorSet {
    let doc = Document::parse(
        file,
        TargetOptions {
            schemes: &[],
            tracking: &[],
        },
    );
    doc.anchors()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file both linked (with a fragment) and linted is read once: the facts phase keeps
    /// what it read for the engine, and answers later links from the linted file's anchors.
    #[test]
    fn linked_inputs_are_read_once() {
        let dir = std::env::temp_dir().join(format!("sp-facts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let b = dir.join("b.md");
        std::fs::write(&b, "# B\n\n## Part\n").unwrap();
        let b = std::fs::canonicalize(&b).unwrap();
        let mut facts = Facts::default();
        facts.expect_inputs([b.clone()]);
        let a = SourceFile::from_text(
            &dir.join("a.md").display().to_string(),
            "See [b](b.md#part).\n",
        );
        let opts = TargetOptions {
            schemes: &[],
            tracking: &[],
        };
        facts.gather_local(&a, &Document::parse(&a, opts), None, 1 << 20);
        // Gone from disk: what was read is handed over, not read again.
        std::fs::remove_file(&b).unwrap();
        let kept = facts.take_read(&b).expect("kept for the engine");
        assert_eq!(kept.text, "# B\n\n## Part\n");
        // Once linted, its anchors answer links without reading it again (the file on disk
        // no longer has `#part`).
        std::fs::write(&b, "# Other\n").unwrap();
        facts.linted(b.clone(), AnchorSet::new(["part"]));
        assert!(matches!(facts.anchors_for(&b, 1 << 20), Anchors::Read(a) if a.contains("part")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
