#!/usr/bin/env python3
"""Writes tests/data/fens/<variant>.txt: positions from uniformly random play in pyffish
(Fairy-Stockfish's rules as a Python module), each line `FEN ; <legal move count>`, with the
FEN exactly as pyffish prints it. `tests/fen_readback.rs` reads every line back: the engine must
accept the FEN, print the same FEN and count the same legal moves. `<variant>.moves`: the moves
whose FEN before or after has an en-passant square or a running count, and in variants with
hands one in `--every` of the moves that change a hand, `FEN ; move ; FEN after`, which the
engine must play to the same FEN. Shogi's counts come from
cshogi (Fairy-Stockfish counts pawn-drop mates as legal moves; cshogi is the shogi oracle).

Every variant file in variants/ (the Fairy-Stockfish variant of the same name), Chess960
(`fischerandom`) and shogi (as SFEN too, `shogi.sfen.txt`, for the native game). Kept: every position with an en-passant square or a
running count, and one position in `--every` otherwise; games run to their end by pyffish's
rules or to `--max-plies`.

    python3 scripts/pyffish_fens.py --games 12 --seed 1
    python3 scripts/pyffish_fens.py --only shogun --config shogun.ini   # its section of variants.ini
    python3 scripts/pyffish_fens.py --only ataxx flipello   # pyffish variants without a variant file yet
"""
import argparse
import pathlib
import random

import cshogi
import pyffish as sf

ROOT = pathlib.Path(__file__).resolve().parent.parent


def fen_fields(fen):
    board, _, rest = fen.partition(" ")
    return [board] + rest.split()


def special(fen):
    """Whether the FEN has an en-passant square or a counting field (pyffish's dialect)."""
    fields = fen_fields(fen)
    return len(fields) > 3 and fields[3] != "-"


def drop_mate(variant, start, moves, move, chess960):
    """Whether `move` is a drop after which the side to move is in check, has no move and pyffish
    scores the game as its win: a drop mate the variant forbids (shogi's uchifuzume). Without the
    check it is a game end won by the side to move, as an ataxx or flipello drop that fills the
    board with the opponent ahead: a move of the game."""
    if "@" not in move:
        return False
    after = moves + [move]
    return (
        not sf.legal_moves(variant, start, after, chess960)
        and sf.game_result(variant, start, after, chess960) > 0
        and sf.gives_check(variant, start, after, chess960)
    )


def positions(variant, start, rng, games, max_plies, every, sfen=False, chess960=False):
    """(positions, transitions): `FEN ; legal move count` lines, and `FEN ; move ; FEN after`
    lines for the moves whose FEN before or after has an en-passant square or a count."""
    lines, steps = [], []
    for _ in range(games):
        moves = []
        before = None
        for ply in range(max_plies):
            fen = sf.get_fen(variant, start, moves, chess960, sfen)
            # Drop variants: every move that changes a hand (captures, drops) in one ply of
            # `every`, the drops and demotions played back too.
            in_hand = "[" in fen and before is not None and before.split("[")[1] != fen.split("[")[1]
            if before is not None and (special(before) or special(fen) or in_hand and ply % every == 0):
                steps.append(f"{before} ; {moves[-1]} ; {fen}")
            legal = sf.legal_moves(variant, start, moves, chess960)
            # Drops that mate where the rules forbid it: Fairy-Stockfish generates them (and
            # scores them as a loss for the dropper); they are not moves of the game.
            legal = [m for m in legal if not drop_mate(variant, start, moves, m, chess960)]
            # An end that only the moves before tell (janggi's two passes or standing bikjang)
            # is no fact of the FEN alone: such a last position is left out.
            history_end = not legal and not sfen and sf.legal_moves(variant, fen, [], chess960)
            if (special(fen) or ply % every == 0 or not legal) and not history_end:
                count = len(list(cshogi.Board(fen).legal_moves)) if sfen else len(legal)
                lines.append(f"{fen} ; {count}")
            if not legal:
                break
            ended, _ = sf.is_optional_game_end(variant, start, moves, chess960)
            if ended:
                break
            moves.append(rng.choice(legal))
            before = fen
    return lines, steps


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=12, help="random games per variant")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--every", type=int, default=9, help="keep one ordinary position in N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(ROOT / "tests/data/fens"))
    ap.add_argument("--only", nargs="*", help="these variants only (file names without .txt; "
                    "any pyffish variant name, with a variant file or not)")
    ap.add_argument("--config", help="a Fairy-Stockfish variant configuration file to load first "
                    "(the variants that are only examples of its variants.ini: shogun)")
    args = ap.parse_args()
    if args.config:
        sf.load_variant_config(pathlib.Path(args.config).read_text())
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    jobs = [(p.stem, p.stem, False, False) for p in sorted((ROOT / "variants").glob("*.toml"))]
    jobs += [("chess960", "chess", False, True), ("shogi.sfen", "shogi", True, False)]
    # `--only` may also name a pyffish variant that has no variant file yet (a variant being added).
    known = {name for name, _, _, _ in jobs}
    jobs += [(n, n, False, False) for n in args.only or [] if n not in known and n in sf.variants()]
    for name, variant, sfen, chess960 in jobs:
        if args.only and name not in args.only:
            continue
        rng = random.Random(f"{args.seed}:{name}")
        if chess960:
            lines, steps = [], []
            for _ in range(args.games):
                start = random_960(rng)
                more, more_steps = positions(variant, start, rng, 1, args.max_plies, args.every, chess960=True)
                lines += more
                steps += more_steps
        else:
            start = sf.start_fen(variant)
            lines, steps = positions(variant, start, rng, args.games, args.max_plies, args.every, sfen=sfen)
        header = (
            f"# {name}: pyffish {'.'.join(map(str, sf.version()))} random play, "
            f"scripts/pyffish_fens.py --games {args.games} --seed {args.seed}\n"
        )
        (out / f"{name}.txt").write_text(header + "\n".join(lines) + "\n")
        # Transitions only where the FEN dialect has moving parts (shogi's SFEN has none).
        if steps and not sfen:
            (out / f"{name}.moves").write_text(header + "\n".join(steps) + "\n")
        print(f"{name}: {len(lines)} positions, {len(steps)} moves with en passant or a count")


def random_960(rng):
    """A random Chess960 start position (Shredder-free X-FEN castling `KQkq`)."""
    squares = [None] * 8
    squares[rng.choice(range(0, 8, 2))] = "B"
    squares[rng.choice(range(1, 8, 2))] = "B"
    free = [i for i in range(8) if squares[i] is None]
    for piece in "QNN":
        i = rng.choice(free)
        squares[i] = piece
        free.remove(i)
    for i, piece in zip(free, "RKR"):
        squares[i] = piece
    back = "".join(squares)
    return f"{back.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{back} w KQkq - 0 1"


if __name__ == "__main__":
    main()
