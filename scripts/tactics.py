#!/usr/bin/env python3
"""Only-move tactics: find them with a reference engine, then count who solves them.

`find` plays games of one engine against itself (--player, `go nodes`) from random openings
and hands sampled middlegame positions to a reference engine (--judge, newest Fairy-Stockfish)
with MultiPV 2, first at --screen-depth (half of --gap passes), then two plies deeper (three
quarters of it), then at --depth (all of it). A position is kept where the best move scores at
least --gap centipawns above the second best (a mate counts as 100,000 cp less its length), the
second best does not win (at most --second-max) and the side to move is not lost anyway (best
score above -300 cp); recaptures of the piece just moved are left out (every engine finds
those), and at most --per-game positions come from one game. It writes one line per position:

    FEN;bm MOVE;score S1;second S2;depth D

`solve` gives each engine (--engine, repeatable, `CMD` or `CMD|Name=Value|...` for UCI options)
every position of --suite at `go movetime` --movetime and counts the positions where its move is
the suite's. Engines alternate position by position, so a busy machine slows them alike.

Both speak UCI with `UCI_Variant`; moves and FENs are in Fairy-Stockfish's UCI dialect, which
nue shares (shogi included). The judge needs `d` (prints `Fen:`) and `go perft 1` (lists the
legal moves), which Fairy-Stockfish has.

Usage:
  scripts/tactics.py find --variant crazyhouse --judge fsf --player target/release/nue \\
      --games 40 --depth 16 --out tests/data/tactics/crazyhouse.epd
  scripts/tactics.py solve --variant crazyhouse --suite tests/data/tactics/crazyhouse.epd \\
      --engine target/release/nue --engine fsf --movetime 200
"""
import argparse
import random
import re
import subprocess
import sys

MATE = 100_000
# Squares in UCI moves: a file letter and a rank number (xiangqi's ranks reach 10).
SQUARE = re.compile(r"[a-z][0-9]+")


class Engine:
    """A UCI engine over pipes."""

    def __init__(self, spec, variant):
        parts = spec.split("|")
        self.name = parts[0]
        try:
            self.proc = subprocess.Popen(
                parts[0].split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
            )
        except OSError as e:
            raise SystemExit(f"error: cannot start engine '{parts[0]}': {e.strerror}")
        self.send("uci")
        self.until("uciok")
        options = [f"UCI_Variant={variant}", "Hash=64", "Threads=1"] + parts[1:]
        for option in options:
            if "=" not in option:
                raise SystemExit(f"error: engine option '{option}' in '{spec}' is not NAME=VALUE")
            name, value = option.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"{self.name} exited")
        return line.strip()

    def until(self, word):
        while True:
            line = self.line()
            if line.split()[:1] == [word] or line == word:
                return line

    def ready(self):
        self.send("isready")
        self.until("readyok")

    def bestmove(self, position, go):
        self.send(f"position {position}")
        self.send(f"go {go}")
        return self.until("bestmove").split()[1]

    def lines(self, position, depth, multipv):
        """The last score of each MultiPV line at `depth`: a list of (move, centipawns)."""
        self.send(f"setoption name MultiPV value {multipv}")
        self.send(f"position {position}")
        self.send(f"go depth {depth}")
        found = {}
        while True:
            words = self.line().split()
            if words[:1] == ["bestmove"]:
                break
            if words[:1] != ["info"] or "pv" not in words or "score" not in words:
                continue
            if "lowerbound" in words or "upperbound" in words:
                continue
            if int(words[words.index("depth") + 1]) != depth:
                continue
            k = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            kind, value = words[words.index("score") + 1 : words.index("score") + 3]
            value = int(value)
            if kind == "mate":
                value = MATE - value if value > 0 else -MATE - value
            found[k] = (words[words.index("pv") + 1], value)
        self.send("setoption name MultiPV value 1")
        return [found[k] for k in sorted(found)]

    def fen(self, position):
        self.send(f"position {position}")
        self.send("d")
        return self.until("Fen:").split(None, 1)[1]

    def legal(self, position):
        self.send(f"position {position}")
        self.send("go perft 1")
        moves = []
        while True:
            line = self.line()
            if line.startswith("Nodes searched"):
                return moves
            if ":" in line and not line.startswith("info"):
                moves.append(line.split(":")[0].strip())

    def quit(self):
        self.send("quit")
        self.proc.wait()


def target(move):
    """The square a UCI move ends on."""
    squares = SQUARE.findall(move)
    return squares[-1] if squares else None


def only_move(judge, position, last, depth, gap, second_max):
    """(best move, its score, the second's) where the judge's search at `depth` finds one move
    `gap` centipawns above every other, the side to move not lost, the second best move not
    above `second_max` (no other move wins) and the move no recapture of the piece that moved
    `last`; else None."""
    lines = judge.lines(position, depth, 2)
    if len(lines) != 2:
        return None
    (best, s1), (_, s2) = lines
    if s1 - s2 < gap or s1 <= -300 or s2 > second_max or target(best) == target(last):
        return None
    return best, s1, s2


def find(args):
    judge = Engine(args.judge, args.variant)
    player = Engine(args.player, args.variant)
    rng = random.Random(args.seed)
    out = open(args.out, "a")
    kept = 0
    for game in range(args.games):
        moves = []
        from_game = 0
        for ply in range(args.max_plies):
            position = "startpos moves " + " ".join(moves) if moves else "startpos"
            legal = judge.legal(position)
            if not legal:
                break
            if ply < args.random_plies:
                moves.append(rng.choice(sorted(legal)))
                continue
            if ply >= args.first_ply and from_game < args.per_game and rng.random() < args.sample:
                last = moves[-1] if moves else ""
                loose = args.second_max + args.gap // 2
                screens = ((args.screen_depth, args.gap // 2), (args.screen_depth + 2, args.gap * 3 // 4))
                if all(only_move(judge, position, last, d, g, loose) for d, g in screens):
                    found = only_move(judge, position, last, args.depth, args.gap, args.second_max)
                    if found:
                        best, s1, s2 = found
                        fen = judge.fen(position)
                        out.write(f"{fen};bm {best};score {s1};second {s2};depth {args.depth}\n")
                        out.flush()
                        kept += 1
                        from_game += 1
            move = player.bestmove(position, f"nodes {args.nodes}")
            if move not in legal:
                break
            moves.append(move)
        print(f"game {game + 1}: {len(moves)} plies, {kept} positions kept", flush=True)
        if kept >= args.want:
            break
    judge.quit()
    player.quit()


def solve(args):
    suite = []
    for number, line in enumerate(open(args.suite), 1):
        fields = line.strip().split(";")
        if len(fields) >= 2 and fields[1].startswith("bm "):
            suite.append((number, fields[0], fields[1][3:].strip()))
    engines = [Engine(spec, args.variant) for spec in args.engine]
    solved = [0] * len(engines)
    for number, fen, bm in suite:
        for i, engine in enumerate(engines):
            engine.send("ucinewgame")
            engine.ready()
            played = engine.bestmove(f"fen {fen}", f"movetime {args.movetime}")
            if played == bm:
                solved[i] += 1
            elif args.misses:
                print(f"miss at line {number} {engine.name}: played {played}, bm {bm}; {fen}", file=sys.stderr)
    for engine, n in zip(engines, solved):
        print(f"{engine.name}: {n} of {len(suite)}")
        engine.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("find")
    f.add_argument("--variant", required=True)
    f.add_argument("--judge", required=True, help="reference engine (newest Fairy-Stockfish)")
    f.add_argument("--player", required=True, help="engine that plays the games")
    f.add_argument("--out", required=True, help="suite file, appended to")
    f.add_argument("--games", type=int, default=50)
    f.add_argument("--want", type=int, default=60, help="stop once this many are kept")
    f.add_argument("--depth", type=int, default=16)
    f.add_argument("--gap", type=int, default=200, help="centipawns between best and second")
    f.add_argument("--second-max", type=int, default=200, help="the second best move's score at most (cp)")
    f.add_argument("--screen-depth", type=int, default=10, help="depth of the first, cheap test (half the gap)")
    f.add_argument("--nodes", type=int, default=20000, help="player's nodes a move")
    f.add_argument("--random-plies", type=int, default=6)
    f.add_argument("--first-ply", type=int, default=16)
    f.add_argument("--max-plies", type=int, default=160)
    f.add_argument("--per-game", type=int, default=4, help="positions kept from one game at most")
    f.add_argument("--sample", type=float, default=0.15, help="share of positions judged")
    f.add_argument("--seed", type=int, default=1)
    s = sub.add_parser("solve")
    s.add_argument("--variant", required=True)
    s.add_argument("--suite", required=True)
    s.add_argument("--engine", action="append", required=True)
    s.add_argument("--movetime", type=int, default=200)
    s.add_argument("--misses", action="store_true", help="print each miss (suite line, moves, FEN) to stderr")
    args = parser.parse_args()
    find(args) if args.command == "find" else solve(args)


if __name__ == "__main__":
    sys.exit(main())
