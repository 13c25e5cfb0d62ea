//! Promotion keys that need the section's final pieces: `promotedPieceType` (the `+` forms)
//! and `promotionLimit` (with the forms counted as their type).

use super::keys::{Kind, value};
use super::sections::Entry;
use super::{Draft, Form, Piece};

impl Draft<'_> {
    /// `promotedPieceType = p:g s:g`: each piece gets a `+` form moving as the named type, as
    /// (letter, the type's name, its Betza, its letter).
    pub(super) fn promoted_forms(&mut self, promoted: Option<&Entry>, pieces: &[Piece]) -> Vec<Form> {
        let mut forms = Vec::new();
        let Some(e) = promoted else { return forms };
        for item in e.value.split_whitespace() {
            let pair = item
                .split_once(':')
                .and_then(|(a, b)| Some((a.chars().next()?, b.chars().next()?)));
            let Some((from, to)) = pair.filter(|_| item.len() == 3) else {
                self.at(
                    e,
                    format!("expected 'letter:letter' items, found '{}'", item.escape_debug()),
                );
                continue;
            };
            let find = |c: char| pieces.iter().find(|p| p.0 == c.to_ascii_lowercase());
            match (find(from), find(to)) {
                (Some(_), Some(target)) => {
                    forms.push((from.to_ascii_lowercase(), target.1.clone(), target.2.clone(), target.0))
                }
                _ => self.at(
                    e,
                    format!("'{}': no piece with one of these letters", item.escape_debug()),
                ),
            }
        }
        forms
    }

    /// `promotionLimit`: a limit on a type holds for the `+` forms that move as it too:
    /// Fairy-Stockfish counts its pieces of the type, and a promoted form is one.
    pub(super) fn promotion_limits(&mut self, limits: Option<&Entry>, forms: &[Form]) {
        let Some(e) = limits else { return };
        let text = e
            .value
            .split_whitespace()
            .flat_map(|item| {
                let letter = item.split(':').next().and_then(|l| l.chars().next());
                let count = item.split_once(':').map_or("", |(_, n)| n).to_string();
                let extra: Vec<String> = forms
                    .iter()
                    .filter(|f| Some(f.3) == letter.map(|l| l.to_ascii_lowercase()))
                    .map(|f| format!("+{}:{count}", f.0))
                    .collect();
                std::iter::once(item.to_string()).chain(extra)
            })
            .collect::<Vec<_>>()
            .join(" ");
        match value(Kind::Limits, &text) {
            Ok(v) => self.lines.push((format!("promotion_limits = {v}"), e.line)),
            Err(m) => self.at(e, m),
        }
    }
}
