#!/usr/bin/env python3
"""Writes tests/data/shogi_uci.txt: shogi positions in Fairy-Stockfish's UCI dialect (the FEN
with the hand in brackets, squares a1-i9, drops P@e5), which cutechess-cli and Fairy-Stockfish
speak when shogi is played over UCI. Each line is

    FEN ; legal moves (sorted, UCI dialect) ; a move played ; FEN after it

from uniformly random games in pyffish. The legal moves are cshogi's (converted from USI):
Fairy-Stockfish lists pawn-drop mates as legal, and the script checks that those are the only
moves in which the two differ. `tests/shogi_uci.rs` reads every FEN, compares the legal moves
and plays the move to the next FEN.

    python3 scripts/pyffish_shogi_uci.py --games 12 --every 3 --seed 1
"""
import argparse
import pathlib
import random

import cshogi
import pyffish as sf

ROOT = pathlib.Path(__file__).resolve().parent.parent


def usi_to_uci(move):
    """USI `7g7f`/`P*5e` to Fairy-Stockfish's `c3c4`/`P@e5`."""

    def square(s):
        return chr(ord("a") + 9 - int(s[0])) + str(9 - (ord(s[1]) - ord("a")))

    if move[1] == "*":
        return move[0] + "@" + square(move[2:4])
    return square(move[0:2]) + square(move[2:4]) + move[4:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    start = sf.start_fen("shogi")
    lines = []
    for _ in range(args.games):
        moves = []
        for ply in range(args.max_plies):
            fen = sf.get_fen("shogi", start, moves)
            sfen = sf.get_fen("shogi", start, moves, False, True)
            fsf_legal = set(sf.legal_moves("shogi", start, moves))
            legal = {usi_to_uci(cshogi.move_to_usi(m)) for m in cshogi.Board(sfen).legal_moves}
            extra = fsf_legal - legal
            assert legal <= fsf_legal and all(m.startswith("P@") for m in extra), (fen, extra)
            if not legal:
                break
            played = rng.choice(sorted(legal))
            after = sf.get_fen("shogi", start, moves + [played])
            if ply % args.every == 0:
                lines.append(f"{fen} ; {' '.join(sorted(legal))} ; {played} ; {after}")
            moves.append(played)
    out = ROOT / "tests" / "data" / "shogi_uci.txt"
    out.write_text("\n".join(lines) + "\n")
    print(f"{out}: {len(lines)} positions")


if __name__ == "__main__":
    main()
