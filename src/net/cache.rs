//! The results file: successes only, each with the time it was checked.
//!
//! Reading never fails a run: a missing file is an empty cache; a corrupt or truncated one
//! (or one from another version) is ignored with one warning and rewritten; a file that is
//! not ours is ignored with one warning and left alone. Writing takes a lock file beside the
//! cache, merges with what is on disk now (another run may have written meanwhile), and
//! replaces the file atomically: temporary file in the same folder, fsync, rename.

use super::job::Outcome;
use super::CacheOptions;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const FORMAT: &str = "sourcepolicy-cache";
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct CacheFile {
    // First, so that a truncated file of ours is still recognised by its opening bytes.
    format: String,
    version: u32,
    entries: BTreeMap<String, Entry>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    /// Seconds since the Unix epoch.
    pub checked: u64,
    /// Checked with the address guard lifted: served only to runs that lift it too.
    #[serde(default)]
    pub allow_private: bool,
    /// Checked with a token: served only to runs that have one.
    #[serde(default)]
    pub auth: bool,
    pub outcome: Outcome,
}

pub struct Cache {
    path: PathBuf,
    max_age: Duration,
    entries: BTreeMap<String, Entry>,
    added: BTreeMap<String, Entry>,
    writable: bool,
}

enum Parsed {
    Ours(BTreeMap<String, Entry>),
    /// Ours but unreadable (truncated, corrupt, older version), or empty.
    Damaged,
    Foreign,
}

fn parse(bytes: &[u8]) -> Parsed {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Parsed::Damaged;
    }
    match serde_json::from_slice::<CacheFile>(bytes) {
        Ok(f) if f.format == FORMAT && f.version == VERSION => Parsed::Ours(f.entries),
        _ if bytes.starts_with(format!("{{\"format\":\"{FORMAT}\"").as_bytes()) => Parsed::Damaged,
        _ => Parsed::Foreign,
    }
}

pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Cache {
    pub fn load(opts: &CacheOptions, warnings: &mut Vec<String>) -> Cache {
        let mut cache = Cache {
            path: opts.path.clone(),
            max_age: opts.max_age,
            entries: BTreeMap::new(),
            added: BTreeMap::new(),
            writable: true,
        };
        let shown = opts.path.display();
        match fs::read(&opts.path) {
            Ok(bytes) => match parse(&bytes) {
                Parsed::Ours(entries) => cache.entries = entries,
                Parsed::Damaged => warnings.push(format!(
                    "link cache {shown} is corrupt, truncated or from another version: ignored, and rewritten after this run"
                )),
                Parsed::Foreign => {
                    cache.writable = false;
                    warnings.push(format!(
                        "{shown} is not a sourcepolicy link cache: ignored and left untouched (links are checked without a cache)"
                    ));
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                cache.writable = false;
                warnings.push(format!("cannot read link cache {shown}: {e}; checking without it"));
            }
        }
        cache
    }

    fn fresh(&self, e: &Entry, now: u64) -> bool {
        // A date in the future (a clock moved back) is not trusted either.
        e.checked <= now + 60 && now.saturating_sub(e.checked) <= self.max_age.as_secs()
    }

    /// A fresh entry for `key` that this run may use.
    pub fn get(&self, key: &str, allow_private: bool, auth: bool, now: u64) -> Option<&Entry> {
        let e = self.entries.get(key)?;
        let usable = self.fresh(e, now) && (allow_private || !e.allow_private) && (auth || !e.auth);
        usable.then_some(e)
    }

    pub fn insert(&mut self, key: String, entry: Entry) {
        self.added.insert(key, entry);
    }

    /// Writes the new entries, merged with the file as it is now. Nothing new: no write.
    pub fn save(&self) -> Result<(), String> {
        if self.added.is_empty() || !self.writable {
            return Ok(());
        }
        let shown = self.path.display();
        let fail = |e: std::io::Error| format!("cannot write link cache {shown}: {e}");
        let lock_path = PathBuf::from(format!("{}.lock", self.path.display()));
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(fail)?;
        // Where locks are not supported, the atomic rename still keeps the file whole.
        let _ = lock.lock();
        let mut merged = match fs::read(&self.path) {
            Ok(bytes) => match parse(&bytes) {
                Parsed::Ours(entries) => entries,
                Parsed::Damaged => BTreeMap::new(),
                Parsed::Foreign => {
                    return Err(format!(
                        "{shown} is not a sourcepolicy link cache: left untouched"
                    ))
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
            Err(e) => return Err(fail(e)),
        };
        for (k, e) in &self.added {
            if merged.get(k).is_none_or(|old| old.checked <= e.checked) {
                merged.insert(k.clone(), e.clone());
            }
        }
        let now = now();
        merged.retain(|_, e| self.fresh(e, now));
        let file = CacheFile {
            format: FORMAT.into(),
            version: VERSION,
            entries: merged,
        };
        let bytes =
            serde_json::to_vec(&file).map_err(|e| format!("cannot encode link cache: {e}"))?;
        write_atomic(&self.path, &bytes).map_err(fail)
    }
}

/// Temporary file in the same folder, fsync, rename over `path`, fsync the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let seq = SEQ.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{seq}.tmp", std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result?;
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::Verdict;

    fn opts(dir: &Path) -> CacheOptions {
        CacheOptions {
            path: dir.join("cache.json"),
            max_age: Duration::from_secs(3600),
        }
    }

    fn entry(checked: u64) -> Entry {
        Entry {
            checked,
            allow_private: false,
            auth: false,
            outcome: Outcome::plain(Verdict::Ok { status: 200 }),
        }
    }

    /// A fresh folder for one test, removed when the test ends (pass or fail).
    struct TempDir(PathBuf);

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    impl std::ops::Deref for TempDir {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl AsRef<Path> for TempDir {
        fn as_ref(&self) -> &Path {
            &self.0
        }
    }

    fn tempdir(name: &str) -> TempDir {
        let d = std::env::temp_dir().join(format!("sp-cache-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        TempDir(d)
    }

    #[test]
    fn round_trip_and_age() {
        let d = tempdir("rt");
        let o = opts(&d);
        let mut w = Vec::new();
        let mut c = Cache::load(&o, &mut w);
        c.insert("https://a/".into(), entry(now()));
        c.insert("https://old/".into(), entry(now() - 7200));
        c.save().unwrap();
        let c = Cache::load(&o, &mut w);
        assert!(w.is_empty());
        assert!(c.get("https://a/", false, false, now()).is_some());
        assert!(c.get("https://old/", false, false, now()).is_none());
        assert!(c.get("https://a/", false, false, now() + 7200).is_none());
        // Entries checked with the guard lifted or with a token stay with such runs.
        let mut c = Cache::load(&o, &mut w);
        c.insert(
            "https://p/".into(),
            Entry {
                allow_private: true,
                auth: true,
                ..entry(now())
            },
        );
        c.save().unwrap();
        let c = Cache::load(&o, &mut w);
        assert!(c.get("https://p/", false, true, now()).is_none());
        assert!(c.get("https://p/", true, false, now()).is_none());
        assert!(c.get("https://p/", true, true, now()).is_some());
    }

    #[test]
    fn damaged_is_rewritten_foreign_is_left_alone() {
        let d = tempdir("bad");
        let o = opts(&d);
        let mut good = Cache::load(&o, &mut Vec::new());
        good.insert("https://a/".into(), entry(now()));
        good.save().unwrap();
        let full = fs::read(&o.path).unwrap();
        for damaged in [
            &full[..full.len() / 2],
            b"",
            b"{\"format\":\"sourcepolicy-cache\",\"version\":0}",
        ] {
            fs::write(&o.path, damaged).unwrap();
            let mut w = Vec::new();
            let mut c = Cache::load(&o, &mut w);
            assert_eq!(w.len(), 1, "{w:?}");
            assert!(c.get("https://a/", false, false, now()).is_none());
            c.insert("https://b/".into(), entry(now()));
            c.save().unwrap();
            assert!(Cache::load(&o, &mut w)
                .get("https://b/", false, false, now())
                .is_some());
        }
        for foreign in [&b"# my notes"[..], b"{\"hello\": 1}", b"\xff\xfe"] {
            fs::write(&o.path, foreign).unwrap();
            let mut w = Vec::new();
            let mut c = Cache::load(&o, &mut w);
            assert_eq!(w.len(), 1);
            c.insert("https://b/".into(), entry(now()));
            c.save().unwrap();
            assert_eq!(fs::read(&o.path).unwrap(), foreign);
        }
    }

    #[test]
    fn concurrent_writers_merge_and_never_corrupt() {
        let d = tempdir("conc");
        let o = opts(&d);
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let o = o.clone();
                std::thread::spawn(move || {
                    for i in 0..10 {
                        let mut w = Vec::new();
                        let mut c = Cache::load(&o, &mut w);
                        assert!(w.is_empty(), "{w:?}");
                        c.insert(format!("https://h{t}/{i}"), entry(now()));
                        c.save().unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let c = Cache::load(&o, &mut Vec::new());
        for t in 0..8 {
            for i in 0..10 {
                assert!(c
                    .get(&format!("https://h{t}/{i}"), false, false, now())
                    .is_some());
            }
        }
        let leftovers = fs::read_dir(&d)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "tmp")
            })
            .count();
        assert_eq!(leftovers, 0);
    }
}
