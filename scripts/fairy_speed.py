#!/usr/bin/env python3
"""Perft speed of every built-in fairy variant beside Fairy-Stockfish, in the same run.

For each variant: the line of tests/data/perft/<variant>.epd and depth with the largest
count up to --max-nodes, run by `nue perft` and by fairy-stockfish `go perft` (both
single-threaded), checking both counts against the oracle. FSF's time is its wall time minus
its start-up (the same commands with `go perft 1`). `chess` and `shogi` run `variants/chess.toml`
and `variants/shogi.toml` through the interpreter; native chess gets its own row. Prints a Markdown table.

With --base OTHER_NUE, another build runs the same perfts, interleaved with this one, and the
table gains its speed and the ratio (a change's before and after in one run); --repeat N takes
the best of N runs of each; --no-fsf leaves Fairy-Stockfish out. --extra-depth K runs K plies
deeper than the oracle line, and --min-secs S goes deeper still until this build's perft takes
at least S seconds (rows that take tens of milliseconds at the oracle's depth are too noisy to
compare builds); counts beyond the oracle's depth are checked between the programs instead.

--env-pads K runs every nue perft under K environment sizes (a variable of 0 to 4 KB): the
size of the environment moves the stack, and with it which loads alias earlier stores 4 KB
apart, by up to 10 % for one build at one size (Mytkowicz et al., "Producing wrong data
without doing anything obviously wrong!", ASPLOS 2009). A build's time is then the median over
the sizes of its best of --repeat runs at each size. With --base and two or more sizes, the
table also gives a 95 % confidence interval of nue/base: each size gives one paired ratio (the
two builds' best times there), and the interval is Student's t over their logarithms, so that
a row is slower than the base only where the whole interval lies below 1.

Usage: scripts/fairy_speed.py [--nue target/release/nue] [--fsf /usr/games/fairy-stockfish]
       [--base OLD_NUE] [--repeat 3] [--env-pads 5] [--no-fsf] [--max-nodes 12000000]
       [--extra-depth K] [--min-secs S] [variant ...]
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLES = os.path.join(HERE, "..", "tests", "data", "perft")


def oracle(variant, max_nodes):
    """(fen, depth, count) with the largest count <= max_nodes."""
    best = None
    with open(os.path.join(ORACLES, f"{variant}.epd")) as f:
        for line in f:
            if not line.strip():
                continue
            fen, *counts = [p.strip() for p in line.split(";")]
            for c in counts:
                d, n = int(c.split()[0][1:]), int(c.split()[1])
                if n <= max_nodes and (best is None or n > best[2]):
                    best = (fen, d, n)
    return best


def run_nue(nue, variant, fen, depth, pad=0):
    env = dict(os.environ, NUE_SPEED_PAD="x" * pad)
    t = time.perf_counter()
    out = subprocess.run([nue, "perft", "--variant", variant, "--fen", fen, str(depth)],
                         capture_output=True, text=True, check=True, env=env).stdout
    wall = time.perf_counter() - t
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    ms = int(re.search(r"Time \(ms\): (\d+)", out).group(1))
    return nodes, max(ms, 1) / 1000, wall


def run_fsf(fsf, variant, fen, depth, config=None):
    def once(d):
        # A variant of Fairy-Stockfish's example variants.ini (orda, empire, ...) needs the file.
        path = f"setoption name VariantPath value {config}\n" if config else ""
        cmds = f"{path}setoption name UCI_Variant value {variant}\nposition fen {fen}\ngo perft {d}\nquit\n"
        t = time.perf_counter()
        out = subprocess.run([fsf], input=cmds, capture_output=True, text=True).stdout
        m = re.search(r"Nodes searched: (\d+)", out)
        return (int(m.group(1)) if m else -1), time.perf_counter() - t
    startup = min(once(1)[1] for _ in range(3))
    nodes, wall = once(depth)
    return nodes, max(wall - startup, 1e-3)


# Two-sided 95 % quantiles of Student's t for 1 to 30 degrees of freedom (beyond: the normal's).
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def ratio_interval(ratios):
    """The 95 % confidence interval (low, high) of the geometric mean of paired `ratios`."""
    logs = [math.log(r) for r in ratios]
    mean = statistics.fmean(logs)
    df = len(logs) - 1
    half = (T95[df - 1] if df <= len(T95) else 1.96) * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean - half), math.exp(mean + half)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nue", default=os.path.join(HERE, "..", "target", "release", "nue"))
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--base", help="another nue build to compare with, run interleaved")
    ap.add_argument("--repeat", type=int, default=1, help="best of N runs of each program")
    ap.add_argument("--no-fsf", action="store_true")
    ap.add_argument("--max-nodes", type=int, default=25_000_000)
    ap.add_argument("--extra-depth", type=int, default=0,
                    help="plies beyond the oracle's depth (counts compared between programs)")
    ap.add_argument("--min-secs", type=float, default=0.0,
                    help="go deeper until nue's perft takes at least this long")
    ap.add_argument("--env-pads", type=int, default=1,
                    help="environment sizes each build runs under (median over them)")
    ap.add_argument("--config", help="a Fairy-Stockfish variants.ini for the variants only it defines")
    ap.add_argument("variants", nargs="*")
    args = ap.parse_args()
    if args.repeat < 1 or args.env_pads < 1:
        ap.error("--repeat and --env-pads take a count of at least 1")
    variants = args.variants or [l.split("\t")[0] for l in subprocess.run(
        [args.nue, "variants"], capture_output=True, text=True).stdout.splitlines() if "\tnative" not in l]
    head = ["variant", "depth", "nodes", "nue s", "nue Mnps"]
    interval = args.base and args.env_pads >= 2
    if args.base:
        head += ["base Mnps", "nue/base"] + (["95 % CI"] if interval else [])
    if not args.no_fsf:
        head += ["FSF s", "FSF Mnps", "nue/FSF"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    rows = [("chess (native)", "chess", "chess")] if not args.variants else []
    # The native games' names run their TOML files through the interpreter (the native chess
    # row is above; native shogi reads SFEN, not the oracle's FENs).
    rows += [(v, f"variants/{v}.toml" if v in ("chess", "shogi") else v, v) for v in variants]
    for label, spec, v in rows:
        fen, oracle_depth, expected = oracle(v, args.max_nodes)
        depth = oracle_depth + args.extra_depth
        while run_nue(args.nue, spec, fen, depth)[1] < args.min_secs:
            depth += 1
        beyond = depth > oracle_depth
        n_times, b_times = [], []
        # Sizes 0 to 4 KB, not multiples of 64 bytes apart.
        for pad in (i * 4096 // args.env_pads + 37 * i for i in range(args.env_pads)):
            n_secs = b_secs = float("inf")
            for _ in range(args.repeat):
                n_nodes, secs, _ = run_nue(args.nue, spec, fen, depth, pad)
                n_secs = min(n_secs, secs)
                if args.base:
                    b_nodes, secs, _ = run_nue(args.base, spec, fen, depth, pad)
                    b_secs = min(b_secs, secs)
            n_times.append(n_secs)
            b_times.append(b_secs)
        n_secs, b_secs = statistics.median(n_times), statistics.median(b_times)
        if beyond:
            expected = n_nodes  # no oracle this deep: the other programs must agree with nue
        cells_nodes = f"{expected}" + (" (no oracle)" if beyond else "")
        flag = "" if n_nodes == expected else f" (nue {n_nodes} != oracle {expected})"
        n_mnps = n_nodes / n_secs / 1e6
        cells = [label, str(depth), cells_nodes, f"{n_secs:.2f}", f"{n_mnps:.1f}"]
        if args.base:
            if b_nodes != expected:
                flag += f" (base {b_nodes} != oracle {expected})"
            b_mnps = b_nodes / b_secs / 1e6
            cells += [f"{b_mnps:.1f}", f"{n_mnps / b_mnps:.2f}"]
            if interval:
                low, high = ratio_interval([b / n for n, b in zip(n_times, b_times)])
                cells.append(f"{low:.3f}-{high:.3f}")
        if not args.no_fsf:
            f_secs = float("inf")
            for _ in range(args.repeat):
                f_nodes, secs = run_fsf(args.fsf, v, fen, depth, args.config)
                f_secs = min(f_secs, secs)
            if f_nodes != expected:
                flag += f" (FSF {f_nodes}: other rules)"
            f_mnps = f_nodes / f_secs / 1e6 if f_nodes > 0 else float("nan")
            cells += [f"{f_secs:.2f}", f"{f_mnps:.1f}", f"{n_mnps / f_mnps:.2f}"]
        cells[-1] += flag
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
