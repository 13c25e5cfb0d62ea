"""Random games checked against pyffish (Fairy-Stockfish's Python module) at every ply: the legal
moves, the FEN, the written notation of every legal move in the variant's default notation,
the check, and the game-end answers. The one known difference: pyffish lists shogi pawn-drop
mates as legal moves; the rules (and nue) forbid them.

Skipped where pyffish is not installed. NUE_PYFFISH_GAMES sets the games per variant (default 1),
NUE_PYFFISH_FIRST the first game's number (default 0: a long run goes in slices, each game's
seed being its number), NUE_PYFFISH_VARIANTS a space-separated subset of the variants, and
NUE_PYFFISH_SAN the moves per ply whose notation is compared (default 6, drawn at random;
`all` compares every legal move). pyffish spends about 2 ms on any call, so the notation of
every legal move at every ply costs some 12 s a game; the default keeps the suite short."""

import os
import random
import unittest

import nue

try:
    import pyffish
except ImportError:  # pragma: no cover - the CI installs it
    pyffish = None

VARIANTS = (
    "chess chess960 crazyhouse atomic antichess horde 3check racingkings capablanca seirawan "
    "shogi minishogi kyotoshogi xiangqi janggi makruk sittuyin placement shogun orda "
    "ataxx flipello armageddon"
).split()
# pyffish knows chess960 as fischerandom, and shogun and orda only from a configuration.
PYFFISH_NAME = {"chess960": "fischerandom"}
PYFFISH_CONFIG = """
[shogun:crazyhouse]
startFen = rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1
commoner = c
centaur = g
archbishop = a
chancellor = m
fers = f
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotionLimit = g:1 a:1 m:1 q:1
promotionPieceTypes = -
promotedPieceType = p:c n:g b:a r:m f:q
mandatoryPawnPromotion = false
firstRankPawnDrops = true
promotionZonePawnDrops = true
dropRegionWhite = *1 *2 *3 *4 *5
dropRegionBlack = *4 *5 *6 *7 *8
immobilityIllegal = true

[orda:chess]
centaur = h
knibis = a
kniroo = l
silver = y
promotionPieceTypes = qh
startFen = lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
"""
VARIANTS = tuple(os.environ.get("NUE_PYFFISH_VARIANTS", " ".join(VARIANTS)).split())
GAMES = int(os.environ.get("NUE_PYFFISH_GAMES", "1"))
FIRST = int(os.environ.get("NUE_PYFFISH_FIRST", "0"))
SAN_MOVES = os.environ.get("NUE_PYFFISH_SAN", "6")
MAX_PLIES = 160


def pawn_drop_mate(variant, fen, moves, move):
    """Whether pyffish's `move` is a pawn drop that mates (pyffish lists them, the rules forbid)."""
    if not move.startswith("P@"):
        return False
    after = moves + [move]
    return pyffish.gives_check(variant, fen, after) and not pyffish.legal_moves(variant, fen, after)


@unittest.skipIf(pyffish is None, "pyffish is not installed")
class Agreement(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        pyffish.load_variant_config(PYFFISH_CONFIG)

    @staticmethod
    def san_sample(rng, moves):
        """The moves whose notation is compared: all, or NUE_PYFFISH_SAN drawn at random."""
        if SAN_MOVES == "all" or len(moves) <= int(SAN_MOVES):
            return moves
        return rng.sample(moves, int(SAN_MOVES))

    def play(self, variant, seed):
        sf_variant = PYFFISH_NAME.get(variant, variant)
        rng = random.Random(seed)
        san_rng = random.Random(-seed)  # apart, so that the games do not depend on the sample
        c960 = variant == "chess960"
        fen = pyffish.start_fen(sf_variant)
        self.assertEqual(nue.get_fen(variant, fen, [], c960), pyffish.get_fen(sf_variant, fen, [], c960))
        moves = []
        for _ in range(MAX_PLIES):
            where = (variant, fen, tuple(moves))
            theirs = set(pyffish.legal_moves(sf_variant, fen, moves, c960))
            ours = set(nue.legal_moves(variant, fen, moves, c960))
            extra = {m for m in theirs - ours if not pawn_drop_mate(sf_variant, fen, moves, m)}
            self.assertEqual(extra, set(), where)
            self.assertEqual(ours - theirs, set(), where)
            current = pyffish.get_fen(sf_variant, fen, moves, c960)
            self.assertEqual(nue.get_fen(variant, fen, moves, c960), current, where)
            for m in self.san_sample(san_rng, sorted(ours)):
                self.assertEqual(
                    nue.get_san(variant, current, m, c960), pyffish.get_san(sf_variant, current, m, c960), (where, m)
                )
            self.assertEqual(nue.gives_check(variant, fen, moves, c960), pyffish.gives_check(sf_variant, fen, moves, c960), where)
            for name in ("is_immediate_game_end", "is_optional_game_end"):
                a = getattr(pyffish, name)(sf_variant, fen, moves, c960)
                b = getattr(nue, name)(variant, fen, moves, c960)
                self.assertEqual(a[0], b[0], (where, name))
                if a[0]:
                    self.assertEqual(a[1], b[1], (where, name))
            if not ours or pyffish.is_immediate_game_end(sf_variant, fen, moves, c960)[0]:
                self.assertEqual(nue.game_result(variant, fen, moves, c960), pyffish.game_result(sf_variant, fen, moves, c960), where)
                return
            if pyffish.is_optional_game_end(sf_variant, fen, moves, c960)[0]:
                return
            moves.append(rng.choice(sorted(ours)))

    def test_random_games(self):
        for variant in VARIANTS:
            for game in range(FIRST, FIRST + GAMES):
                with self.subTest(variant=variant, game=game):
                    self.play(variant, 1000 * game + len(variant))


if __name__ == "__main__":
    unittest.main()
