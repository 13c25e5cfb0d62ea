#!/usr/bin/env python3
"""Plays nue against an XBoard-only engine (Debian's fairymax) over the XBoard protocol (CECP
version 2), refereed by this driver with pyffish as the rules: each engine gets `xboard`,
`protover 2`, then per game `new`, `variant` (when not normal chess), `level`, and the clocks
(`time`/`otim`) before each of its moves; the first player's engine gets `go`, the other
receives moves (`usermove MOVE` where it asked for `usermove=1`). Every move an engine sends is
checked against pyffish's legal moves; an illegal move, refusing a move pyffish finds legal, a
crash, a silent engine or a fallen flag loses, and is counted. Games end by pyffish's rules
(checkmate, stalemate, repetition, the move rule, variant goals) or are drawn after
`--max-plies`.

    python3 scripts/xboard_match.py --nue target/release/nue --games 20 --variant normal
    python3 scripts/xboard_match.py --nue target/release/nue --games 20 --variant capablanca

Prints one line per game and a summary with nue's score and its problems; exits 1 if nue made
an illegal move, crashed, stalled or lost on time.
"""
import argparse
import queue
import subprocess
import threading
import time

import pyffish as sf


class Engine:
    """An XBoard engine process with a reader thread."""

    def __init__(self, cmd, name):
        self.name = name
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.features = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def read(self, timeout):
        """The next line, or None on end of output or timeout."""
        try:
            return self.lines.get(timeout=max(timeout, 0.001))
        except queue.Empty:
            return None

    def handshake(self):
        self.send("xboard")
        self.send("protover 2")
        deadline = time.time() + 5
        while time.time() < deadline:
            line = self.read(deadline - time.time())
            if line is None:
                break
            if line.startswith("feature"):
                for part in _features(line[len("feature"):]):
                    key, _, value = part.partition("=")
                    self.features[key] = value.strip('"')
                    if key not in ("done",):
                        self.send(f"accepted {key}")
                if self.features.get("done") == "1":
                    return
        # Protocol 1 engines (or a 5 s silence) go on without features.

    def move_text(self, move):
        return f"usermove {move}" if self.features.get("usermove") == "1" else move

    def quit(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _features(text):
    """Splits `a=1 b="x y" c=2` into its assignments."""
    out, cur, quoted = [], "", False
    for c in text.strip():
        if c == '"':
            quoted = not quoted
        if c == " " and not quoted:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += c
    if cur:
        out.append(cur)
    return out


def play_game(white, black, variant, base_ms, inc_ms, max_plies, problems):
    """Plays one game; returns (result for white: 1, 0.5, 0, the reason)."""
    start = sf.start_fen(variant)
    engines = [white, black]
    for e in engines:
        e.send("new")
        if variant != "chess":
            e.send(f"variant {variant}")
        e.send(f"level 0 {base_ms // 60000}:{base_ms // 1000 % 60:02d} {inc_ms / 1000:g}")
        e.send("easy")
        e.send("nopost")
    clocks = [base_ms, base_ms]
    moves = []
    white.send(f"time {clocks[0] // 10}")
    white.send(f"otim {clocks[1] // 10}")
    white.send("go")
    side = 0
    while True:
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            r = sf.game_result(variant, start, moves)
            score = 0.5 if r == 0 else (1 if (r > 0) == (side == 0) else 0)
            return score, "no legal move"
        ended, r = sf.is_optional_game_end(variant, start, moves)
        if ended:
            score = 0.5 if r == 0 else (1 if (r > 0) == (side == 0) else 0)
            return score, "optional game end (repetition, move rule)"
        if len(moves) >= max_plies:
            return 0.5, "ply limit"
        mover = engines[side]
        t0 = time.time()
        move = None
        while True:
            left = clocks[side] / 1000 - (time.time() - t0) + 1.0
            line = mover.read(left)
            if line is None:
                if mover.proc.poll() is not None:
                    problems.append((mover.name, "crash"))
                    return (0 if side == 0 else 1), f"{mover.name} crashed"
                problems.append((mover.name, "time"))
                return (0 if side == 0 else 1), f"{mover.name} lost on time"
            if line.startswith("move "):
                move = line.split()[1]
                break
            if line.startswith("Illegal move"):
                problems.append((mover.name, f"refused a legal move: {line}"))
                # pyffish found the move legal, so the engine refusing it loses.
                return (0 if side == 0 else 1), f"{mover.name} refused {moves[-1] if moves else '?'}"
            if line.startswith("resign") or line.startswith("tellics resign"):
                return (0 if side == 0 else 1), f"{mover.name} resigns"
        spent = int((time.time() - t0) * 1000)
        clocks[side] -= spent
        if clocks[side] < -1000:
            problems.append((mover.name, "time"))
            return (0 if side == 0 else 1), f"{mover.name} lost on time"
        clocks[side] = max(clocks[side], 0) + inc_ms
        if move not in legal:
            problems.append((mover.name, f"illegal move {move} after {' '.join(moves)}"))
            return (0 if side == 0 else 1), f"{mover.name} played the illegal move {move}"
        moves.append(move)
        side ^= 1
        other = engines[side]
        other.send(f"time {max(clocks[side], 0) // 10}")
        other.send(f"otim {max(clocks[side ^ 1], 0) // 10}")
        other.send(other.move_text(move))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nue", default="target/release/nue")
    ap.add_argument("--opponent", default="/usr/games/fairymax")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--variant", default="normal", help="XBoard name (normal, capablanca, ...)")
    ap.add_argument("--base", type=float, default=10, help="seconds per side")
    ap.add_argument("--inc", type=float, default=0.1, help="seconds per move")
    ap.add_argument("--max-plies", type=int, default=300)
    args = ap.parse_args()
    variant = "chess" if args.variant == "normal" else args.variant
    nue = Engine([args.nue], "nue")
    opp = Engine([args.opponent], "opponent")
    for e in (nue, opp):
        e.handshake()
    names = nue.features.get("variants", "").split(",")
    if args.variant not in names:
        raise SystemExit(f"nue does not list {args.variant} in its variants feature: {names}")
    problems, score = [], 0.0
    for g in range(args.games):
        white, black = (nue, opp) if g % 2 == 0 else (opp, nue)
        result, reason = play_game(white, black, variant, int(args.base * 1000), int(args.inc * 1000),
                                   args.max_plies, problems)
        text = {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[result]
        for e in (white, black):
            e.send(f"result {text} {{{reason}}}")
        nue_score = result if white is nue else 1 - result
        score += nue_score
        print(f"game {g + 1}: {white.name} - {black.name} {text} ({reason})", flush=True)
        for e in (nue, opp):
            if e.proc.poll() is not None:
                raise SystemExit(f"{e.name} exited")
    for e in (nue, opp):
        e.quit()
    ours = [p for p in problems if p[0] == "nue"]
    print(f"nue vs {args.opponent} in {args.variant}: {score}/{args.games}; "
          f"nue's problems: {len(ours)} {ours}; the opponent's: {len(problems) - len(ours)} "
          f"{[p for p in problems if p[0] != 'nue']}")
    raise SystemExit(1 if ours else 0)


if __name__ == "__main__":
    main()
