#!/usr/bin/env python3
"""Search speed (nodes/s) of nue beside another UCI engine on the same positions, in one run.

Both engines get the variant (`UCI_Variant`), a 16 MiB hash and one thread, then search each
position for --movetime milliseconds; an engine's speed is its nodes over its time summed over
the positions, from the last `info` line of each search. The engines alternate --repeat times, so
a busy machine slows both alike. Positions: every --step-th line of --fens (FENs in the variant's
UCI dialect, e.g. ../shared/tools/openings/openings_shogi.fen), --count of them.

Usage: scripts/search_speed.py --variant shogi --fens openings_shogi.fen
       [--nue target/release/nue] [--other /usr/games/fairy-stockfish] [--movetime 3000]
       [--count 5] [--step 40] [--repeat 2]
"""
import argparse
import subprocess


def speed(cmd, variant, fens, movetime):
    """Nodes per second of `cmd` over `fens`."""
    p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(word):
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit(f"{cmd} exited")
            if word in line:
                return line

    send("uci")
    until("uciok")
    for option in (f"UCI_Variant value {variant}", "Hash value 16", "Threads value 1"):
        send(f"setoption name {option}")
    send("isready")
    until("readyok")
    nodes = millis = 0
    for fen in fens:
        send("ucinewgame")
        send(f"position fen {fen}")
        send(f"go movetime {movetime}")
        last = None
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit(f"{cmd} exited")
            if line.startswith("info") and " nodes " in line and " time " in line:
                last = line.split()
            if line.startswith("bestmove"):
                break
        if last is None:
            raise SystemExit(f"{cmd}: no info line for {fen}")
        nodes += int(last[last.index("nodes") + 1])
        millis += int(last[last.index("time") + 1])
    send("quit")
    p.wait()
    return nodes * 1000 / max(millis, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--fens", required=True)
    ap.add_argument("--nue", default="target/release/nue")
    ap.add_argument("--other", default="/usr/games/fairy-stockfish")
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--step", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args()
    with open(a.fens) as f:
        fens = [line.strip() for line in f if line.strip()][:: a.step][: a.count]
    for rep in range(a.repeat):
        ours = speed(a.nue, a.variant, fens, a.movetime)
        theirs = speed(a.other, a.variant, fens, a.movetime)
        print(f"run {rep + 1}: nue {ours / 1e6:.3f} M nodes/s, other {theirs / 1e6:.3f} M nodes/s, ratio {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
