//! Search statistics that make a regression visible: transposition-table hit rate, the share of
//! beta cutoffs made by the first move searched (move ordering), and the nodes of the last two
//! completed iterations (effective branching factor). Counted by the main thread only.

/// Counters of one search on the main thread.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct SearchStats {
    /// Transposition-table probes in the main search (quiescence not counted).
    pub tt_probes: u64,
    /// Probes that found an entry for the position.
    pub tt_hits: u64,
    /// Beta cutoffs in the main search's move loop.
    pub cutoffs: u64,
    /// Cutoffs made by the first move searched.
    pub first_move_cutoffs: u64,
    /// This thread's node count at the end of the last two completed iterations (older first).
    pub iteration_nodes: [u64; 2],
}

impl SearchStats {
    /// Records a completed iteration that ended at `nodes`.
    pub fn end_iteration(&mut self, nodes: u64) {
        self.iteration_nodes = [self.iteration_nodes[1], nodes];
    }

    /// Nodes of the last iteration over the one before it (the effective branching factor),
    /// `None` before two iterations have completed.
    pub fn branching_factor(&self) -> Option<f64> {
        let [before, last] = self.iteration_nodes;
        (before > 0 && last > before).then(|| last as f64 / before as f64)
    }

    /// Adds another search's counters (for totals over a bench); the iteration nodes are not summed.
    pub fn add(&mut self, other: &SearchStats) {
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
    }

    /// Share of probes that hit, in percent.
    pub fn tt_hit_percent(&self) -> f64 {
        percent(self.tt_hits, self.tt_probes)
    }

    /// Share of cutoffs made by the first move, in percent.
    pub fn first_move_cutoff_percent(&self) -> f64 {
        percent(self.first_move_cutoffs, self.cutoffs)
    }
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branching_factor_needs_two_iterations() {
        let mut s = SearchStats::default();
        s.end_iteration(100);
        assert_eq!(s.branching_factor(), None);
        s.end_iteration(250);
        assert_eq!(s.branching_factor(), Some(2.5));
        s.end_iteration(1000);
        assert_eq!(s.branching_factor(), Some(4.0));
    }

    #[test]
    fn rates_are_percentages() {
        let s = SearchStats {
            tt_probes: 8,
            tt_hits: 2,
            cutoffs: 10,
            first_move_cutoffs: 9,
            ..Default::default()
        };
        assert_eq!(s.tt_hit_percent(), 25.0);
        assert_eq!(s.first_move_cutoff_percent(), 90.0);
        assert_eq!(SearchStats::default().tt_hit_percent(), 0.0);
    }
}
