#!/usr/bin/env python3
"""legal_moves calls per second of the `nue` Python module beside pyffish's, in the same run.

Issue #40's acceptance: `legal_moves` calls per second at least 10 times pyffish's in chess,
crazyhouse, shogi and xiangqi. For each variant, three calls are timed, each by both modules:

- `start`:   legal_moves(variant, start FEN, [])
- `fen20`:   legal_moves(variant, FEN after 20 plies of a fixed random game, [])
- `moves20`: legal_moves(variant, start FEN, the 20 moves of that game), as pychess calls it
             (the module replays the move list on every call)

The game is drawn with --seed from the moves both modules list (it stops early where a game
ends); both modules must give the same moves in every case, or the script says so and exits 1.
Timing: the two modules take turns (their order alternating), each running the call in a loop
of about --secs seconds, --repeat times; a module's calls/s is its best loop. Prints a Markdown
table with the ratio nue/pyffish and, last, the smallest ratio of each variant against 10x.
The numbers are wall time on whatever else the machine is doing: on a loaded machine, run
more repetitions and read the ratio, not the absolute rates.

Install both modules into one virtual environment (the repository root holds pyproject.toml;
`pip install .` builds nue with maturin, the Rust toolchain needed, a few minutes):

    python3 -m venv v && v/bin/pip install .     # at the repository root
    v/bin/pip install pyffish                    # Fairy-Stockfish's module (0.0.90 tested)
    v/bin/python scripts/pyffish_speed.py --quick

Usage: scripts/pyffish_speed.py [--quick] [--repeat 7] [--secs 0.5] [--plies 20] [--seed 1]
       [variant ...]
"""
import argparse
import gc
import random
import sys
import time

try:
    import nue
    import pyffish
except ImportError as e:  # pragma: no cover - the docstring says how to install them
    sys.exit(f"{e}: install nue (pip install . at the repository root) and pyffish into one venv")

VARIANTS = ["chess", "crazyhouse", "shogi", "xiangqi"]
GOAL = 10.0


def fixed_game(variant, start, plies, seed):
    """`plies` moves of a random game that both modules agree on (drawn from the moves they
    both list, sorted, so the game is the same on every run); fewer where the game ends."""
    rng = random.Random(f"{seed}:{variant}")
    moves = []
    for _ in range(plies):
        both = sorted(set(pyffish.legal_moves(variant, start, moves)) & set(nue.legal_moves(variant, start, moves)))
        if not both:
            break
        moves.append(rng.choice(both))
    return moves


def loop(module, variant, fen, moves, calls):
    """Seconds for `calls` calls of module.legal_moves(variant, fen, moves)."""
    legal_moves = module.legal_moves
    gc_was = gc.isenabled()
    gc.disable()
    try:
        t = time.perf_counter()
        for _ in range(calls):
            legal_moves(variant, fen, moves)
        return time.perf_counter() - t
    finally:
        if gc_was:
            gc.enable()


def calibrate(module, variant, fen, moves, secs):
    """Calls that take about `secs` seconds (at least 5)."""
    calls = 1
    while True:
        t = loop(module, variant, fen, moves, calls)
        if t >= secs / 8 or calls >= 1 << 24:
            return max(5, int(calls * secs / max(t, 1e-9)))
        calls *= 4


def measure(variant, fen, moves, repeat, secs):
    """{module name: best calls/s}, the modules taking turns."""
    modules = [pyffish, nue]
    calls = {m.__name__: calibrate(m, variant, fen, moves, secs) for m in modules}
    best = {m.__name__: 0.0 for m in modules}
    for r in range(repeat):
        for m in modules if r % 2 == 0 else modules[::-1]:
            n = calls[m.__name__]
            best[m.__name__] = max(best[m.__name__], n / loop(m, variant, fen, moves, n))
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variants", nargs="*", default=VARIANTS)
    ap.add_argument("--quick", action="store_true", help="3 repetitions of about 0.1 s (a check that it runs)")
    ap.add_argument("--repeat", type=int, default=7, help="timed loops per module and case (best counts)")
    ap.add_argument("--secs", type=float, default=0.5, help="seconds per timed loop")
    ap.add_argument("--plies", type=int, default=20, help="length of the fixed random game")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.quick:
        args.repeat, args.secs = 3, 0.1

    print(f"pyffish {'.'.join(map(str, pyffish.version()))}, {nue.info()}; Python {sys.version.split()[0]}; "
          f"best of {args.repeat} loops of ~{args.secs} s, modules interleaved\n")
    print("| variant | case | moves | pyffish calls/s | nue calls/s | nue/pyffish |")
    print("|---|---|---:|---:|---:|---:|")
    worst, mismatches = {}, []
    for variant in args.variants:
        start = pyffish.start_fen(variant)
        game = fixed_game(variant, start, args.plies, args.seed)
        cases = [
            ("start", start, []),
            (f"fen{len(game)}", pyffish.get_fen(variant, start, game), []),
            (f"moves{len(game)}", start, game),
        ]
        for case, fen, moves in cases:
            theirs = sorted(pyffish.legal_moves(variant, fen, moves))
            ours = sorted(nue.legal_moves(variant, fen, moves))
            if theirs != ours:
                mismatches.append(f"{variant} {case}: pyffish {theirs}, nue {ours}")
            best = measure(variant, fen, moves, args.repeat, args.secs)
            ratio = best["nue"] / best["pyffish"]
            worst[variant] = min(worst.get(variant, ratio), ratio)
            print(f"| {variant} | {case} | {len(ours)} | {best['pyffish']:,.0f} | {best['nue']:,.0f} | {ratio:,.1f}x |",
                  flush=True)
    print()
    for variant, ratio in worst.items():
        print(f"{variant}: smallest ratio {ratio:,.1f}x ({'meets' if ratio >= GOAL else 'BELOW'} {GOAL:g}x)")
    for m in mismatches:
        print("MISMATCH", m)
    sys.exit(1 if mismatches or any(r < GOAL for r in worst.values()) else 0)


if __name__ == "__main__":
    main()
