#!/usr/bin/env python3
"""Plays fast engine-vs-engine games through python-chess's UCI client and checks that every
move the engine sends is legal and that every game ends by a rule of chess (checkmate,
stalemate, insufficient material, the 75-move or fivefold rule, or a claimable 50-move or
threefold draw).

Usage: selfplay_check.py ENGINE [--games 10] [--movetime 0.02]
"""
import argparse
import random
import sys

import chess
import chess.engine


def play(engine_path: str, seed: int, movetime: float) -> str:
    rng = random.Random(seed)
    board = chess.Board()
    # A few random opening plies so the games differ.
    for _ in range(4):
        board.push(rng.choice(list(board.legal_moves)))
    white = chess.engine.SimpleEngine.popen_uci(engine_path)
    black = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        white.configure({"Hash": 8})
        black.configure({"Hash": 8})
        while not board.is_game_over(claim_draw=True):
            if board.ply() > 2000:
                raise AssertionError(f"game {seed} did not end after 2000 plies")
            engine = white if board.turn == chess.WHITE else black
            result = engine.play(board, chess.engine.Limit(time=movetime))
            if result.move is None or result.move not in board.legal_moves:
                raise AssertionError(f"game {seed}: illegal move {result.move} in {board.fen()}")
            board.push(result.move)
    finally:
        white.quit()
        black.quit()
    outcome = board.outcome(claim_draw=True)
    assert outcome is not None
    return f"{outcome.result()} by {outcome.termination.name.lower()} after {board.ply()} plies"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--movetime", type=float, default=0.02)
    args = ap.parse_args()
    for seed in range(args.games):
        print(f"game {seed + 1}: {play(args.engine, seed, args.movetime)}", flush=True)
    print(f"{args.games} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
