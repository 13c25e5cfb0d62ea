#!/usr/bin/env python3
"""Random-play agreement with pyffish (Fairy-Stockfish's rules as a Python module, the rules
library behind pychess): plays uniformly random games in pyffish and, at every ply, asks one nue
process (UCI: `position startpos moves ...`, `go perft 1`, `d`) for its legal moves and its
result by the rules, and compares both with pyffish's. Prints the first disagreements and a
summary line; exits 1 on any.

Results: pyffish's `is_immediate_game_end`, its `game_result` when there is no legal move, and
its `is_optional_game_end` (n-fold repetition, n-move rule: a GUI or server ends the game there);
nue's `info string result` of the `d` command (the game's result for the side to move).

    python3 scripts/pyffish_agree.py crazyhouse --games 1000 --seed 1
"""
import argparse
import random
import subprocess
import sys

import pyffish as sf


class Nue:
    def __init__(self, path, variant, variant_path=None):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        if variant_path:
            self.send(f"setoption name VariantPath value {variant_path}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("nue exited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def probe(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines = self.until("Nodes searched")
        legal = {l.split(":")[0] for l in lines if ": " in l and not l.startswith(("info", "Nodes"))}
        self.send("d")
        lines = self.until("info string result")
        errors = [l for l in lines if l.startswith("info string error")]
        return legal, lines[-1].split()[-1], errors


def drop_mate(variant, start, moves, move):
    """Whether `move` is a drop after which pyffish's side to move has no move and wins: a drop
    mate that the variant forbids, which Fairy-Stockfish scores instead of refusing."""
    if "@" not in move:
        return False
    after = moves + [move]
    return not sf.legal_moves(variant, start, after) and sf.game_result(variant, start, after) > 0


def pyffish_result(variant, start, moves, legal):
    """win/loss/draw for the side to move, or none."""
    def value(v):
        return "win" if v > 0 else "loss" if v < 0 else "draw"
    ended, v = sf.is_immediate_game_end(variant, start, moves)
    if ended:
        return value(v)
    if not legal:
        return value(sf.game_result(variant, start, moves))
    ended, v = sf.is_optional_game_end(variant, start, moves)
    return value(v) if ended else "none"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variant")
    ap.add_argument("--nue", default="target/release/nue")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--max-plies", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--config", help="a Fairy-Stockfish variant configuration file for pyffish: the "
                    "variants only its variants.ini has, such as shogun (nue ships them as files)")
    ap.add_argument("--variant-path", help="a variant file (.ini or .toml) nue loads as its VariantPath "
                    "first: to test our ini import against pyffish reading the same --config file")
    args = ap.parse_args()
    if args.config:
        with open(args.config) as f:
            sf.load_variant_config(f.read())
    rng = random.Random(args.seed)
    nue = Nue(args.nue, args.variant, args.variant_path)
    start = sf.start_fen(args.variant)
    plies = problems = drop_mates = 0
    results = {}
    for game in range(args.games):
        # The game from its last irreversible move (the move counter at 0): the FEN there and
        # the moves since, which hold every position a repetition can count.
        base, moves, ply = start, [], 0
        while True:
            legal = set(sf.legal_moves(args.variant, base, moves))
            # Fairy-Stockfish generates drops that mate where the rules forbid them
            # (`shogiPawnDropMateIllegal`: it scores them as a loss for the dropper instead);
            # nue does not generate them. Counted apart, and never played.
            ours, our_result, errors = nue.probe(base, moves)
            mates = {m for m in legal - ours if drop_mate(args.variant, base, moves, m)}
            drop_mates += len(mates)
            legal -= mates
            result = pyffish_result(args.variant, base, moves, legal)
            plies += 1
            if ours != legal or our_result != result or errors:
                problems += 1
                if problems <= 10:
                    print(f"game {game} ply {ply}: {sf.get_fen(args.variant, base, moves)}")
                    print(f"  pyffish only: {sorted(legal - ours)}  nue only: {sorted(ours - legal)}")
                    print(f"  result pyffish {result}, nue {our_result} {errors}")
            if result != "none" or not legal or ply >= args.max_plies:
                results[result] = results.get(result, 0) + 1
                break
            moves.append(rng.choice(sorted(legal)))
            ply += 1
            fen = sf.get_fen(args.variant, base, moves)
            if fen.split()[-2] == "0":
                base, moves = fen, []
    print(f"{args.variant}: {args.games} games, {plies} plies, {problems} disagreements; "
          f"results {dict(sorted(results.items()))}; {drop_mates} drop mates pyffish generates "
          f"and the rules forbid")
    nue.send("quit")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
