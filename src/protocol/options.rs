//! The engine's options, in one table ([`options`]) that both the `uci`/`usi` listing and
//! `setoption` read: each option's name per protocol, its type, default and range. A value
//! `setoption` passes is checked here ([`parse_setting`]) before the session applies it.

use super::Flavor;
use super::error::OptionError;
use crate::search::skill;

/// Which engine setting an option controls.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionKey {
    /// Transposition table size in MiB.
    Hash,
    /// Search threads.
    Threads,
    /// Principal variations reported.
    MultiPv,
    /// Milliseconds kept back from each move's time for the GUI and transport.
    MoveOverhead,
    /// Whether the GUI may send `go ponder`.
    Ponder,
    /// The net file (`none`: the hand-crafted evaluation; empty: automatic).
    EvalFile,
    /// The variant played.
    Variant,
    /// Chess960 castling notation (king takes rook).
    Chess960,
    /// A `.toml` file or folder of them whose variants join the variant list.
    VariantPath,
    /// Plies after which a game is drawn (USI `MaxMovesToDraw`, 0 = no limit).
    MaxMovesToDraw,
    /// `Use NNUE`: false plays on the hand-crafted evaluation, true on the variant's net.
    UseNnue,
    /// `Skill Level`, -20 (weakest) to 20 (full strength).
    SkillLevel,
    /// `UCI_LimitStrength`: play at `UCI_Elo` (it overrides `Skill Level`).
    LimitStrength,
    /// `UCI_Elo`: the strength asked for with `UCI_LimitStrength`.
    Elo,
    /// `UCI_AnalyseMode`: the GUI analyses; strength handicaps are set aside.
    AnalyseMode,
    /// `UCI_ShowWDL`: `info` lines carry win/draw/loss chances in permille.
    ShowWdl,
    /// `SyzygyPath`: accepted for the clients that send it; nue probes no tablebases.
    SyzygyPath,
    /// UCCI `usemillisec`: times in `go` are milliseconds rather than seconds.
    UseMillisec,
    /// A search constant, `search::params::Params::TABLE[i]` (tuning builds only).
    Tune(usize),
}

/// An option's type, default and range, as the listing announces it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionType {
    /// A number in `min..=max`.
    Spin {
        /// The value before any `setoption`.
        default: i64,
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// `true` or `false`.
    Check {
        /// The value before any `setoption`.
        default: bool,
    },
    /// Free text (`string` in UCI; `filename` in USI for file options).
    Text {
        /// Whether it names a file (USI lists it as `filename`).
        file: bool,
    },
    /// One of the known variants (listed as `var` entries at run time).
    Variants,
}

/// One option: its setting, its names in UCI and USI (`None` where the protocol lacks it), and
/// its type.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The setting it controls.
    pub key: OptionKey,
    /// Its UCI name.
    pub uci: Option<&'static str>,
    /// Its USI name.
    pub usi: Option<&'static str>,
    /// Its UCCI name.
    pub ucci: Option<&'static str>,
    /// Type, default and range.
    pub kind: OptionType,
}

/// Largest `Hash` (MiB) the engine advertises on any machine.
pub const MAX_HASH_MIB: i64 = 1 << 20;

/// Largest `Hash` (MiB) this machine can plausibly give: half its physical memory (Linux's
/// `/proc/meminfo`), 16 GiB where that cannot be read, never more than [`MAX_HASH_MIB`].
pub fn max_hash_mib() -> i64 {
    let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        text.lines()
            .find_map(|l| l.strip_prefix("MemTotal:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<i64>().ok())
    });
    total_kib
        .map_or(16384, |kib| (kib / 1024 / 2).max(16))
        .min(MAX_HASH_MIB)
}

/// Every option of the engine, built once (`Hash`'s maximum is the machine's, [`max_hash_mib`]).
/// Names follow Fairy-Stockfish's per protocol: USI's `USI_` prefix and underscores for spaces,
/// UCCI's `hashsize` and underscores.
pub fn options() -> &'static [OptionSpec] {
    static TABLE: std::sync::OnceLock<Vec<OptionSpec>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        use OptionKey as K;
        use OptionType::{Check, Spin, Text};
        let spin = |default, min, max| Spin { default, min, max };
        let both = |uci, usi, ucci, key, kind| OptionSpec {
            key,
            uci: Some(uci),
            usi,
            ucci,
            kind,
        };
        let mut table = vec![
            both(
                "Hash",
                Some("USI_Hash"),
                Some("hashsize"),
                K::Hash,
                spin(16, 1, max_hash_mib()),
            ),
            both("Threads", Some("Threads"), Some("threads"), K::Threads, spin(1, 1, 256)),
            both("MultiPV", Some("MultiPV"), Some("multipv"), K::MultiPv, spin(1, 1, 256)),
            both(
                "Move Overhead",
                Some("MoveOverhead"),
                Some("Move_Overhead"),
                K::MoveOverhead,
                spin(10, 0, 5000),
            ),
            both(
                "Ponder",
                Some("USI_Ponder"),
                Some("ponder"),
                K::Ponder,
                Check { default: false },
            ),
            both(
                "EvalFile",
                Some("EvalFile"),
                Some("EvalFile"),
                K::EvalFile,
                Text { file: true },
            ),
            both(
                "Use NNUE",
                Some("Use_NNUE"),
                Some("Use_NNUE"),
                K::UseNnue,
                Check { default: true },
            ),
            both(
                "Skill Level",
                Some("Skill_Level"),
                Some("Skill_Level"),
                K::SkillLevel,
                spin(20, i64::from(skill::MIN_LEVEL), i64::from(skill::FULL_STRENGTH)),
            ),
            both(
                "UCI_LimitStrength",
                Some("USI_LimitStrength"),
                Some("UCI_LimitStrength"),
                K::LimitStrength,
                Check { default: false },
            ),
            both(
                "UCI_Elo",
                Some("USI_Elo"),
                Some("UCI_Elo"),
                K::Elo,
                spin(
                    i64::from(skill::DEFAULT_ELO),
                    i64::from(skill::MIN_ELO),
                    i64::from(skill::MAX_ELO),
                ),
            ),
            both(
                "UCI_AnalyseMode",
                Some("USI_AnalyseMode"),
                Some("UCI_AnalyseMode"),
                K::AnalyseMode,
                Check { default: false },
            ),
            both(
                "UCI_ShowWDL",
                Some("USI_ShowWDL"),
                Some("UCI_ShowWDL"),
                K::ShowWdl,
                Check { default: false },
            ),
            both("SyzygyPath", None, None, K::SyzygyPath, Text { file: false }),
            OptionSpec {
                key: K::MaxMovesToDraw,
                uci: None,
                usi: Some("MaxMovesToDraw"),
                ucci: None,
                kind: spin(0, 0, 100_000),
            },
            both(
                "UCI_Variant",
                Some("USI_Variant"),
                Some("UCI_Variant"),
                K::Variant,
                OptionType::Variants,
            ),
            both("UCI_Chess960", None, None, K::Chess960, Check { default: false }),
            both(
                "VariantPath",
                None,
                Some("VariantPath"),
                K::VariantPath,
                Text { file: false },
            ),
            OptionSpec {
                key: K::UseMillisec,
                uci: None,
                usi: None,
                ucci: Some("usemillisec"),
                kind: Check { default: false },
            },
        ];
        if cfg!(feature = "tune") {
            table.extend(tune_options());
        }
        table
    })
}

/// The search constants as spin options, for SPSA (a build with the `tune` feature lists
/// them; their defaults are those of games without drops).
fn tune_options() -> impl Iterator<Item = OptionSpec> {
    let defaults = crate::search::params::Params::DEFAULT;
    crate::search::params::Params::TABLE
        .iter()
        .enumerate()
        .map(move |(i, &(name, min, max))| OptionSpec {
            key: OptionKey::Tune(i),
            uci: Some(name),
            usi: Some(name),
            ucci: Some(name),
            kind: OptionType::Spin {
                default: i64::from(defaults.get(name).unwrap_or(0)),
                min: i64::from(min),
                max: i64::from(max),
            },
        })
}

impl OptionSpec {
    /// The option's name in `flavor`, if that protocol has it.
    pub fn name(&self, flavor: Flavor) -> Option<&'static str> {
        match flavor {
            // XBoard's `option NAME=VALUE` uses the UCI names.
            Flavor::Uci | Flavor::Xboard => self.uci,
            Flavor::Usi => self.usi,
            Flavor::Ucci => self.ucci,
        }
    }

    /// The `option name ...` line of the listing; `variant` and `variants` fill a variant combo.
    pub fn listing(&self, flavor: Flavor, variant: &str, variants: &[String]) -> Option<String> {
        let name = self.name(flavor)?;
        let tail = match self.kind {
            OptionType::Spin { default, min, max } => format!("type spin default {default} min {min} max {max}"),
            OptionType::Check { default } => format!("type check default {default}"),
            OptionType::Text { file } => {
                let ty = if file && flavor == Flavor::Usi {
                    "filename"
                } else {
                    "string"
                };
                format!("type {ty} default <empty>")
            }
            OptionType::Variants => {
                let vars: String = variants.iter().map(|v| format!(" var {v}")).collect();
                format!("type combo default {variant}{vars}")
            }
        };
        // UCCI's listing has no `name` keyword.
        let keyword = if flavor == Flavor::Ucci { "" } else { "name " };
        Some(format!("option {keyword}{name} {tail}"))
    }
}

/// A checked `setoption` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// A spin option's value, within its range.
    Number(i64),
    /// A check option's value.
    Flag(bool),
    /// A text or variant option's value (`<empty>` and no value read as empty).
    Text(String),
}

/// Names compared loosely: case, spaces, underscores and a `UCI_`/`USI_` prefix do not matter,
/// so `Hash`, `USI_Hash`, `Move Overhead`, `MoveOverhead` and `Skill_Level` all find their
/// option in any protocol.
fn loose(name: &str) -> String {
    let lower: String = name
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let bare = lower
        .strip_prefix("usi_")
        .or_else(|| lower.strip_prefix("uci_"))
        .unwrap_or(&lower);
    bare.replace('_', "")
}

/// Finds the option `name` (in either protocol's spelling) and checks `value` against its type.
///
/// # Errors
/// [`OptionError`]: no such option, a missing value, a number out of range, or a check value
/// other than `true`/`false`.
pub fn parse_setting(name: &str, value: Option<&str>) -> Result<(OptionKey, Setting), OptionError> {
    let wanted = loose(name);
    let spec = options()
        .iter()
        .find(|o| [o.uci, o.usi, o.ucci].into_iter().flatten().any(|n| loose(n) == wanted))
        .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
    let setting = match spec.kind {
        OptionType::Spin { min, max, .. } => {
            let v = value.ok_or_else(|| OptionError::MissingValue(name.to_string()))?;
            match v.trim().parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Setting::Number(n),
                _ => {
                    return Err(OptionError::OutOfRange {
                        name: name.to_string(),
                        min,
                        max,
                        found: v.to_string(),
                    });
                }
            }
        }
        // `on` and `off`: UCCI GUIs (ElephantEye's convention) write check options so.
        OptionType::Check { .. } => match value.map(str::trim) {
            Some(v) if v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("on") => Setting::Flag(true),
            Some(v) if v.eq_ignore_ascii_case("false") || v.eq_ignore_ascii_case("off") => Setting::Flag(false),
            _ => return Err(OptionError::NotABool(name.to_string())),
        },
        OptionType::Text { .. } | OptionType::Variants => {
            let v = value.unwrap_or_default().trim();
            Setting::Text(if v == "<empty>" { String::new() } else { v.to_string() })
        }
    };
    Ok((spec.key, setting))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_loosely_and_values_are_checked() {
        assert_eq!(
            parse_setting("USI_Hash", Some("64")),
            Ok((OptionKey::Hash, Setting::Number(64)))
        );
        assert_eq!(
            parse_setting("hash", Some("64")),
            Ok((OptionKey::Hash, Setting::Number(64)))
        );
        assert_eq!(
            parse_setting("MoveOverhead", Some("30")),
            Ok((OptionKey::MoveOverhead, Setting::Number(30)))
        );
        assert_eq!(
            parse_setting("Move Overhead", Some("30")),
            Ok((OptionKey::MoveOverhead, Setting::Number(30)))
        );
        assert!(matches!(
            parse_setting("Threads", Some("0")),
            Err(OptionError::OutOfRange { min: 1, max: 256, .. })
        ));
        assert!(matches!(
            parse_setting("Hash", Some("-4")),
            Err(OptionError::OutOfRange { .. })
        ));
        assert_eq!(
            parse_setting("Hash", None),
            Err(OptionError::MissingValue("Hash".into()))
        );
        assert_eq!(
            parse_setting("usemillisec", Some("on")),
            Ok((OptionKey::UseMillisec, Setting::Flag(true)))
        );
        assert_eq!(
            parse_setting("Ponder", Some("OFF")),
            Ok((OptionKey::Ponder, Setting::Flag(false)))
        );
        assert_eq!(
            parse_setting("Ponder", Some("yes")),
            Err(OptionError::NotABool("Ponder".into()))
        );
        assert_eq!(
            parse_setting("Nope", Some("1")),
            Err(OptionError::Unknown("Nope".into()))
        );
        assert_eq!(
            parse_setting("EvalFile", Some("<empty>")),
            Ok((OptionKey::EvalFile, Setting::Text(String::new())))
        );
    }

    #[test]
    fn each_protocol_lists_its_own_names() {
        let vars = ["chess".to_string(), "shogi".to_string()];
        let lines =
            |f: Flavor| -> Vec<String> { options().iter().filter_map(|o| o.listing(f, "chess", &vars)).collect() };
        let uci = lines(Flavor::Uci);
        let hash = format!("option name Hash type spin default 16 min 1 max {}", max_hash_mib());
        assert!(uci.contains(&hash));
        assert!(uci.contains(&"option name UCI_Variant type combo default chess var chess var shogi".to_string()));
        assert!(uci.contains(&"option name EvalFile type string default <empty>".to_string()));
        assert!(!uci.iter().any(|l| l.contains("USI_") || l.contains("MaxMovesToDraw")));
        let usi = lines(Flavor::Usi);
        assert!(usi.contains(&hash.replace("Hash", "USI_Hash")));
        assert!(usi.contains(&"option name EvalFile type filename default <empty>".to_string()));
        assert!(!usi.iter().any(|l| l.contains("UCI_") || l.contains("VariantPath")));
        // Every listed spin value's default lies in its range.
        for o in options() {
            if let OptionType::Spin { default, min, max } = o.kind {
                assert!((min..=max).contains(&default), "{o:?}");
            }
        }
    }
}
