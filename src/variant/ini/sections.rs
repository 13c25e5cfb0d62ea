//! The parser of an ini file's `[name:parent]` sections and their `key = value` entries, and a
//! section's inheritance: its in-file ancestors' entries first, a shipped variant at the root.

use super::diag;
use crate::variant::{Diagnostic, Diagnostics};

/// A `key = value` line of a section.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) key: String,
    pub(super) value: String,
    pub(super) line: usize,
}

#[derive(Clone, Debug)]
pub(super) struct Section {
    pub(super) name: String,
    pub(super) parent: Option<String>,
    pub(super) line: usize,
    pub(super) entries: Vec<Entry>,
}

/// Splits the file into sections; lines outside any section, and malformed lines, are
/// problems (the lines of a section whose header is malformed are skipped with it).
pub(super) fn sections(file: &str, text: &str) -> (Vec<Section>, Vec<Diagnostic>) {
    let mut out: Vec<Section> = Vec::new();
    let mut problems = Vec::new();
    let mut skipping = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if let Some(head) = t.strip_prefix('[') {
            skipping = true;
            match header(file, line, head) {
                Ok(section) => {
                    skipping = false;
                    out.push(section);
                }
                Err(d) => problems.push(d),
            }
            continue;
        }
        if skipping {
            continue;
        }
        let Some((key, value)) = t.split_once('=') else {
            problems.push(diag(
                file,
                line,
                format!("expected 'key = value', found '{}'", t.escape_debug()),
            ));
            continue;
        };
        let Some(section) = out.last_mut() else {
            problems.push(diag(file, line, "a key before the first [section]"));
            continue;
        };
        // A comment may follow the value.
        let value = value.split(['#', ';']).next().unwrap_or_default().trim();
        section.entries.push(Entry {
            key: key.trim().to_string(),
            value: value.to_string(),
            line,
        });
    }
    (out, problems)
}

/// The section a header line opens (`head` is the line after its `[`), or why it opens none.
fn header(file: &str, line: usize, head: &str) -> Result<Section, Diagnostic> {
    let Some(head) = head.strip_suffix(']') else {
        return Err(diag(file, line, "a section header needs a closing ']'"));
    };
    let (name, parent) = match head.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
        None => (head.trim(), None),
    };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(diag(
            file,
            line,
            format!(
                "section name '{}': letters, digits, '-' and '_' only",
                name.escape_debug()
            ),
        ));
    }
    Ok(Section {
        name: name.to_string(),
        parent,
        line,
        entries: Vec::new(),
    })
}

/// The section's entries with its in-file ancestors' first, and the shipped variant at the
/// root of the chain.
pub(super) fn flatten<'a>(
    file: &str,
    section: &'a Section,
    all: &'a [Section],
) -> Result<(Vec<&'a Entry>, String), Diagnostics> {
    let mut chain = vec![section];
    let mut root = None;
    let mut cur = section;
    while let Some(parent) = &cur.parent {
        match all.iter().find(|s| s.name.eq_ignore_ascii_case(parent)) {
            Some(p) if chain.iter().any(|c| std::ptr::eq(*c, p)) => {
                return Err(Diagnostics(vec![diag(
                    file,
                    section.line,
                    format!("[{}]: inheritance loop through '{parent}'", section.name),
                )]));
            }
            Some(p) => {
                chain.push(p);
                cur = p;
            }
            None => {
                root = Some(parent.to_ascii_lowercase());
                break;
            }
        }
    }
    let root = root.unwrap_or_else(|| "chess".to_string());
    let root = if root == "normal" { "chess".to_string() } else { root };
    let builtin = crate::variant::builtin_names();
    if !builtin.contains(&root.as_str()) {
        return Err(Diagnostics(vec![diag(
            file,
            cur.line,
            format!(
                "[{}]: parent variant '{root}' is not one this engine ships ({})",
                cur.name,
                builtin.join(", ")
            ),
        )]));
    }
    let entries = chain.iter().rev().flat_map(|s| s.entries.iter()).collect();
    Ok((entries, root))
}

/// Later entries win, as in Fairy-Stockfish: the last of each key, in file order.
pub(super) fn last_of_each<'a>(entries: &[&'a Entry]) -> Vec<&'a Entry> {
    let mut seen = std::collections::HashSet::new();
    entries
        .iter()
        .rev()
        .filter(|e| seen.insert(e.key.clone()))
        .copied()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect()
}
