#!/usr/bin/env python3
"""Perft speed of every built-in fairy variant beside Fairy-Stockfish, in the same run.

For each variant: the line of tests/data/perft/<variant>.epd and depth with the largest
count up to --max-nodes, run by `nue perft` and by fairy-stockfish `go perft` (both
single-threaded), checking both counts against the oracle. FSF's time is its wall time minus
its start-up (the same commands with `go perft 1`). `chess` runs `variants/chess.toml` through
the interpreter; the native implementation gets its own row. Prints a Markdown table.

Usage: scripts/fairy_speed.py [--nue target/release/nue] [--fsf /usr/games/fairy-stockfish]
       [--max-nodes 12000000] [variant ...]
"""
import argparse
import os
import re
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


def run_nue(nue, variant, fen, depth):
    t = time.perf_counter()
    out = subprocess.run([nue, "perft", "--variant", variant, "--fen", fen, str(depth)],
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    ms = int(re.search(r"Time \(ms\): (\d+)", out).group(1))
    return nodes, max(ms, 1) / 1000, wall


def run_fsf(fsf, variant, fen, depth):
    def once(d):
        cmds = f"setoption name UCI_Variant value {variant}\nposition fen {fen}\ngo perft {d}\nquit\n"
        t = time.perf_counter()
        out = subprocess.run([fsf], input=cmds, capture_output=True, text=True).stdout
        m = re.search(r"Nodes searched: (\d+)", out)
        return (int(m.group(1)) if m else -1), time.perf_counter() - t
    startup = min(once(1)[1] for _ in range(3))
    nodes, wall = once(depth)
    return nodes, max(wall - startup, 1e-3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nue", default=os.path.join(HERE, "..", "target", "release", "nue"))
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--max-nodes", type=int, default=25_000_000)
    ap.add_argument("variants", nargs="*")
    args = ap.parse_args()
    variants = args.variants or [l.split("\t")[0] for l in subprocess.run(
        [args.nue, "variants"], capture_output=True, text=True).stdout.splitlines() if "\tnative" not in l]
    print("| variant | depth | nodes | nue s | nue Mnps | FSF s | FSF Mnps | nue/FSF |")
    print("|---|---|---|---|---|---|---|---|")
    rows = [("chess (native)", "chess", "chess")] if not args.variants else []
    rows += [(v, "variants/chess.toml" if v == "chess" else v, v) for v in variants]
    for label, spec, v in rows:
        fen, depth, expected = oracle(v, args.max_nodes)
        n_nodes, n_secs, _ = run_nue(args.nue, spec, fen, depth)
        f_nodes, f_secs = run_fsf(args.fsf, v, fen, depth)
        flag = "" if n_nodes == expected else f" (nue {n_nodes} != oracle {expected})"
        if f_nodes != expected:
            flag += f" (FSF {f_nodes}: other rules)"
        n_mnps = n_nodes / n_secs / 1e6
        f_mnps = f_nodes / f_secs / 1e6 if f_nodes > 0 else float("nan")
        print(f"| {label} | {depth} | {expected} | {n_secs:.2f} | {n_mnps:.1f} | {f_secs:.2f} | {f_mnps:.1f} | "
              f"{n_mnps / f_mnps:.2f}{flag} |", flush=True)


if __name__ == "__main__":
    main()
