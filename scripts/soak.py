#!/usr/bin/env python3
"""Soak: many fast games of the engine against itself, as a GUI would play them, across chess,
Chess960, shogi and every variant file, with every move checked by a referee (python-chess for
chess and Chess960, cshogi for shogi, pyffish for the other variants).

Each game draws its own conditions: Threads 1 or 2, MultiPV 1 or 3, Ponder on or off (with
`go ponder`, `ponderhit`, and `stop` on a miss), and between moves now and then a `Hash`,
`MultiPV` or `Threads` change, a `ucinewgame`/`usinewgame`, an `isready` that must be answered,
and a `stop` sent a few milliseconds into a search (whose `bestmove` must still come and be
legal). Clocks are kept here: a move that takes longer than the mover's clock is a time loss.

Counted as failures: a crash (the engine exits), a hang (no answer within the clock plus
`--hang-seconds`), an illegal move, a time loss. Games end by the referee's rules or are
adjudicated drawn at `--max-plies`.

    python3 scripts/soak.py target/release/nue --games 1000 --tc 1+0.01 --seed 1 --log soak.log
"""
import argparse
import collections
import pathlib
import queue
import random
import subprocess
import sys
import threading
import time

import chess
import cshogi
import pyffish as sf

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Failure(Exception):
    """A crash, hang, illegal move or time loss: (kind, detail)."""

    def __init__(self, kind, detail):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class Engine:
    """One engine process, its output read on a thread."""

    def __init__(self, path, hang):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        self.lines = queue.Queue()
        self.hang = hang
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Failure("crash", f"the engine exited (code {self.proc.poll()}) before '{line}'")

    def expect(self, prefix, seconds):
        """Reads until a line starting with `prefix`; returns it."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure("hang", f"no '{prefix}' within {seconds:.1f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise Failure("crash", f"the engine exited (code {self.proc.wait()}) waiting for '{prefix}'")
            if line.startswith("info string error"):
                raise Failure("error", line)
            if line.startswith(prefix):
                return line

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (Failure, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


class Referee:
    """The rules of one game, from the reference implementations."""

    def __init__(self, variant, rng):
        self.variant = variant
        self.moves = []
        if variant == "chess":
            self.board = chess.Board()
            self.fen = None
        elif variant == "chess960":
            self.board = chess.Board.from_chess960_pos(rng.randrange(960))
            self.fen = self.board.fen()
        elif variant == "shogi":
            self.board = cshogi.Board()
            self.fen = None
        else:
            self.start = sf.start_fen(variant)
            self.fen = None

    def legal(self):
        if self.variant in ("chess", "chess960"):
            return [m.uci() if self.variant == "chess" else self.board.uci(m, chess960=True) for m in self.board.legal_moves]
        if self.variant == "shogi":
            return [cshogi.move_to_usi(m) for m in self.board.legal_moves]
        return sf.legal_moves(self.variant, self.start, self.moves)

    def play(self, move):
        if self.variant in ("chess", "chess960"):
            self.board.push(self.board.parse_uci(move) if self.variant == "chess" else self._parse960(move))
        elif self.variant == "shogi":
            self.board.push_usi(move)
        self.moves.append(move)

    def _parse960(self, move):
        for m in self.board.legal_moves:
            if self.board.uci(m, chess960=True) == move:
                return m
        raise ValueError(move)

    def over(self):
        """Whether the game has ended by the rules (a claimable draw counts)."""
        if self.variant in ("chess", "chess960"):
            return self.board.is_game_over(claim_draw=True)
        if self.variant == "shogi":
            return self.board.is_game_over() or self.board.is_draw() in (
                cshogi.REPETITION_DRAW,
                cshogi.REPETITION_WIN,
                cshogi.REPETITION_LOSE,
            )
        if not self.legal():
            return True
        if sf.is_immediate_game_end(self.variant, self.start, self.moves)[0]:
            return True
        return sf.is_optional_game_end(self.variant, self.start, self.moves)[0]

    def position(self):
        """The `position` command for the moves so far."""
        moves = (" moves " + " ".join(self.moves)) if self.moves else ""
        if self.variant == "chess960":
            return f"position fen {self.fen}{moves}"
        return f"position startpos{moves}"


def variants():
    names = sorted(p.stem for p in (ROOT / "variants").glob("*.toml") if p.stem != "chess")
    return ["chess", "chess960", "shogi"] + names


def setup(engine, variant, usi, cfg):
    engine.send("usi" if usi else "uci")
    engine.expect("usiok" if usi else "uciok", 10)
    for name, value in cfg.items():
        engine.send(f"setoption name {name} value {value}")
    if variant == "chess960":
        engine.send("setoption name UCI_Chess960 value true")
    elif variant not in ("chess", "shogi"):
        engine.send(f"setoption name UCI_Variant value {variant}")
    engine.send("isready")
    engine.expect("readyok", 30)
    engine.send("usinewgame" if usi else "ucinewgame")


def go_line(usi, clocks, inc, ponder=False):
    """`go` with both clocks in milliseconds (USI: b = first player)."""
    w, b = (max(0, int(c * 1000)) for c in clocks)
    i = int(inc * 1000)
    p = "ponder " if ponder else ""
    if usi:
        return f"go {p}btime {w} wtime {b} binc {i} winc {i}"
    return f"go {p}wtime {w} btime {b} winc {i} binc {i}"


def parse_bestmove(line):
    parts = line.split()
    move = parts[1] if len(parts) > 1 else ""
    ponder = parts[3] if len(parts) > 3 and parts[2] == "ponder" else None
    return move, ponder


def play_game(path, variant, rng, args, stats):
    usi = variant == "shogi"
    base, inc = args.base, args.inc
    cfgs = []
    for _ in range(2):
        cfg = {
            ("USI_Hash" if usi else "Hash"): rng.choice([1, 4, 16]),
            "Threads": rng.choice([1, 2]),
            "MultiPV": rng.choice([1, 1, 3]),
            ("USI_Ponder" if usi else "Ponder"): rng.choice(["true", "false"]),
            ("MoveOverhead" if usi else "Move Overhead"): args.overhead,
        }
        cfgs.append(cfg)
    engines = [Engine(path, args.hang_seconds) for _ in range(2)]
    try:
        for e, cfg in zip(engines, cfgs):
            setup(e, variant, usi, cfg)
        ref = Referee(variant, rng)
        clocks = [base, base]
        pondering = [None, None]  # the move an engine ponders on
        ply = 0
        while not ref.over() and ply < args.max_plies:
            side = ply % 2
            eng, other = engines[side], engines[1 - side]
            hit = False
            if pondering[side] is not None:
                # The opponent's move is known now: a hit goes on, a miss is stopped.
                if pondering[side] == ref.moves[-1]:
                    eng.send("ponderhit")
                    hit = True
                else:
                    eng.send("stop")
                    eng.expect("bestmove", args.hang_seconds)
                    stats["ponder misses"] += 1
                pondering[side] = None
            if not hit:
                # Between moves, now and then, what GUIs and users do mid-game.
                r = rng.random()
                if r < 0.02:
                    eng.send(f"setoption name {'USI_Hash' if usi else 'Hash'} value {rng.choice([1, 2, 8, 16])}")
                    stats["hash changes"] += 1
                elif r < 0.04:
                    eng.send(f"setoption name MultiPV value {rng.choice([1, 2, 4])}")
                    stats["multipv changes"] += 1
                elif r < 0.05:
                    eng.send(f"setoption name Threads value {rng.choice([1, 2])}")
                    stats["threads changes"] += 1
                elif r < 0.06:
                    eng.send("usinewgame" if usi else "ucinewgame")
                    stats["new games mid-game"] += 1
                elif r < 0.09:
                    eng.send("isready")
                    eng.expect("readyok", args.hang_seconds)
                    stats["isready"] += 1
                eng.send(ref.position())
                eng.send(go_line(usi, clocks, inc))
            started = time.monotonic()
            if rng.random() < 0.04:
                time.sleep(rng.uniform(0.001, 0.03))
                eng.send("stop")
                stats["random stops"] += 1
            line = eng.expect("bestmove", clocks[side] + args.hang_seconds)
            used = time.monotonic() - started
            if used > clocks[side]:
                raise Failure("time loss", f"{variant} ply {ply + 1}: {used * 1000:.0f} ms used, {clocks[side] * 1000:.0f} ms left")
            clocks[side] += inc - used
            move, ponder = parse_bestmove(line)
            legal = ref.legal()
            if move not in legal:
                if usi and move == "win" and ref.board.is_nyugyoku():
                    break
                raise Failure("illegal move", f"{variant}: '{move}' after {ref.position()}")
            ref.play(move)
            ply += 1
            want_ponder = cfgs[side]["USI_Ponder" if usi else "Ponder"] == "true"
            if want_ponder and ponder and ponder in ref.legal():
                eng.send(f"{ref.position()} {ponder}" if ref.moves else ref.position())
                eng.send(go_line(usi, [c for c in clocks], inc, ponder=True))
                pondering[side] = ponder
                stats["ponders"] += 1
        # A search left pondering when the game ends is stopped, as a GUI does.
        for e, p in zip(engines, pondering):
            if p is not None:
                e.send("stop")
                e.expect("bestmove", args.hang_seconds)
        stats["plies"] += ply
    finally:
        for e in engines:
            e.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--tc", default="1+0.01", help="base+increment, seconds")
    ap.add_argument("--overhead", type=int, default=30, help="Move Overhead, ms")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--hang-seconds", type=float, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", help="append one line per game here")
    args = ap.parse_args()
    args.base, args.inc = (float(x) for x in args.tc.split("+"))
    rng = random.Random(args.seed)
    names = variants()
    path = str(pathlib.Path(args.engine).resolve())
    stats = collections.Counter()
    failures = collections.Counter()
    per_variant = collections.Counter()
    log = open(args.log, "a") if args.log else None
    start = time.monotonic()
    for g in range(args.games):
        variant = names[g % len(names)]
        per_variant[variant] += 1
        try:
            play_game(path, variant, rng, args, stats)
            result = "ok"
        except Failure as f:
            failures[f.kind] += 1
            result = str(f)
            print(f"game {g + 1} ({variant}): {f}", file=sys.stderr)
        if log:
            log.write(f"game {g + 1} {variant}: {result}\n")
            log.flush()
    minutes = (time.monotonic() - start) / 60
    print(f"games: {args.games} in {minutes:.1f} min, {len(per_variant)} variants, tc {args.tc}")
    print("conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items())))
    for kind in ("crash", "hang", "illegal move", "time loss", "error"):
        print(f"{kind}: {failures[kind]}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
