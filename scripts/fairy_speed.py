#!/usr/bin/env python3
"""Perft speed of every built-in fairy variant beside Fairy-Stockfish, in the same run.

For each variant: the start position of ../shared/oracles/perft/<variant>.epd at the deepest
listed depth whose count is at most --max-nodes, run by `nue perft` and by fairy-stockfish
`go perft` (both single-threaded), checking that both counts equal the oracle. Prints a
Markdown table: nodes, seconds and nodes/s for each, and the ratio nue/FSF.

Usage: scripts/fairy_speed.py [--nue target/release/nue] [--fsf /usr/games/fairy-stockfish]
       [--max-nodes 12000000] [variant ...]
"""
import argparse
import os
import re
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("NUE_SHARED", os.path.join(HERE, "..", "..", "shared"))


def oracle(variant):
    with open(os.path.join(SHARED, "oracles", "perft", f"{variant}.epd")) as f:
        line = f.readline().strip()
    fen, *counts = [p.strip() for p in line.split(";")]
    return fen, [(int(c.split()[0][1:]), int(c.split()[1])) for c in counts]


def run_nue(nue, variant, fen, depth):
    t = time.perf_counter()
    out = subprocess.run([nue, "perft", "--variant", variant, "--fen", fen, str(depth)],
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    ms = int(re.search(r"Time \(ms\): (\d+)", out).group(1))
    return nodes, max(ms, 1) / 1000, wall


def run_fsf(fsf, variant, fen, depth):
    cmds = f"setoption name UCI_Variant value {variant}\nposition fen {fen}\ngo perft {depth}\nquit\n"
    t = time.perf_counter()
    out = subprocess.run([fsf], input=cmds, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t
    m = re.search(r"Nodes searched: (\d+)", out)
    return (int(m.group(1)) if m else -1), wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nue", default=os.path.join(HERE, "..", "target", "release", "nue"))
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--max-nodes", type=int, default=12_000_000)
    ap.add_argument("variants", nargs="*")
    args = ap.parse_args()
    variants = args.variants or [l.split("\t")[0] for l in subprocess.run(
        [args.nue, "variants"], capture_output=True, text=True).stdout.splitlines() if "\tnative" not in l]
    print("| variant | depth | nodes | nue s | nue Mnps | FSF s | FSF Mnps | nue/FSF |")
    print("|---|---|---|---|---|---|---|---|")
    for v in variants:
        fen, counts = oracle(v)
        depth, expected = max((c for c in counts if c[1] <= args.max_nodes), default=counts[0])
        n_nodes, n_secs, _ = run_nue(args.nue, v, fen, depth)
        f_nodes, f_secs = run_fsf(args.fsf, v, fen, depth)
        flag = "" if n_nodes == expected else f" (nue {n_nodes} != oracle {expected})"
        if f_nodes != expected:
            flag += f" (FSF {f_nodes})"
        n_mnps = n_nodes / n_secs / 1e6
        f_mnps = f_nodes / f_secs / 1e6 if f_nodes > 0 else float("nan")
        print(f"| {v} | {depth} | {expected} | {n_secs:.2f} | {n_mnps:.1f} | {f_secs:.2f} | {f_mnps:.1f} | "
              f"{n_mnps / f_mnps:.2f}{flag} |", flush=True)


if __name__ == "__main__":
    main()
