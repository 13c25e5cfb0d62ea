"""The nue module's pyffish API, Board class and analyse, on positions whose answers are known
(the written-notation examples are Fairy-Stockfish's own, from its test suite)."""

import unittest

import nue

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SHOGI = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"
XIANGQI = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
JANGGI = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"


class Basics(unittest.TestCase):
    def test_module(self):
        self.assertEqual(len(nue.version()), 3)
        self.assertTrue(nue.info().startswith("nue"))
        names = nue.variants()
        for v in ("chess", "shogi", "xiangqi", "crazyhouse", "janggi"):
            self.assertIn(v, names)
        self.assertEqual(nue.VALUE_MATE, 32000)
        self.assertEqual(nue.NOTATION_XIANGQI_WXF, 7)
        self.assertIsNone(nue.set_option("UCI_Variant", "capablanca"))
        with self.assertRaises(ValueError):
            nue.set_option("No Such Option", 1)

    def test_start_fen_and_flags(self):
        self.assertEqual(nue.start_fen("chess"), CHESS)
        self.assertEqual(nue.start_fen("xiangqi"), XIANGQI)
        self.assertEqual(nue.start_fen("shogi"), SHOGI)
        self.assertTrue(nue.captures_to_hand("crazyhouse"))
        self.assertFalse(nue.captures_to_hand("seirawan"))
        self.assertFalse(nue.two_boards("chess"))
        self.assertTrue(nue.two_boards("bughouse"))

    def test_insufficient_material_and_partner(self):
        self.assertEqual(nue.has_insufficient_material("chess", "k7/b7/8/8/8/8/8/K7 w - - 0 1", []), (True, True))
        self.assertEqual(nue.has_insufficient_material("chess", "k7/p7/8/8/8/8/8/K7 w - - 0 1", []), (True, False))
        fen = "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1"
        self.assertEqual(nue.piece_to_partner("bughouse", fen, ["b7a8q"]), "r")
        self.assertEqual(nue.piece_to_partner("bughouse", fen, ["b7a8q", "d8a8"]), "P")
        self.assertEqual(nue.piece_to_partner("bughouse", fen, ["b7a8q", "d8b8"]), "")

    def test_legal_moves(self):
        self.assertEqual(len(nue.legal_moves("chess", CHESS, [])), 20)
        self.assertEqual(len(nue.legal_moves("xiangqi", XIANGQI, [])), 44)
        self.assertEqual(len(nue.legal_moves("shogi", SHOGI, [])), 30)
        self.assertEqual(nue.legal_moves("capablanca", "10/10/10/10/10/k9/10/K9 w - - 0 1", []), ["a1b1"])
        self.assertIn("P@e4", nue.legal_moves("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR[P] w KQkq - 0 1", []))
        # After the third check the game is over: no moves.
        moves = ["e2e4", "e7e5", "d1h5", "a7a6", "h5f7"]
        self.assertEqual(nue.legal_moves("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+1 0 1", moves), [])

    def test_get_fen(self):
        self.assertEqual(
            nue.get_fen("chess", CHESS, ["e2e4", "e7e5"]),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        )
        self.assertEqual(
            nue.get_fen("shogi", SHOGI, [], False, True),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        self.assertEqual(
            nue.get_fen("shogi", SHOGI, ["c3c4", "g7g6", "b2h8+"], False, True),
            "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
        )
        # pyffish's incomplete FENs: the missing fields take their defaults.
        board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        self.assertEqual(nue.get_fen("chess", board, []), board + " w - - 0 1")
        self.assertEqual(nue.get_fen("chess", board + " w 1 2", []), board + " w - - 1 2")
        self.assertEqual(
            nue.get_fog_fen(CHESS, "chess"),
            "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )

    def test_count_started(self):
        # pyffish's answers: the board's honor count as a server started it (makruk)
        fen = "3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 0 100"
        rows = ((0, False, "128 0"), (-1, False, "128 0"), (1, True, "128 198"), (60, True, "128 139"))
        for started, claim, count in rows + ((100, False, "128 99"),):
            self.assertEqual(nue.is_optional_game_end("makruk", fen, [], False, started), (claim, 0))
            self.assertEqual(
                nue.get_fen("makruk", fen, [], False, False, False, started),
                f"3k4/2m5/5M2/4M3/3KS3/8/8/8 w - {count} 100",
            )
        # a position whose side not to move is in check is read as pyffish reads it
        fen = "8/8/4k3/5P2/8/2RMK3/8/8 w - 126 41 50"
        self.assertEqual(
            nue.get_fen("cambodian", fen, ["f5f6m"], False, False, True, 58), "8/8/4kM~2/8/8/2RMK3/8/8 b - 30 10 50"
        )
        self.assertEqual(nue.get_fen("chess", CHESS, [], False, False, False, 5), CHESS)

    def test_san(self):
        rooks = "4k3/8/3R4/8/1R3R2/8/3R4/4K3 w - - 0 1"
        self.assertEqual(nue.get_san("chess", rooks, "b4d4"), "Rbd4")
        self.assertEqual(nue.get_san("chess", rooks, "d2d4"), "R2d4")
        promo = "1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1"
        self.assertEqual(nue.get_san("chess", promo, "c7b8q"), "cxb8=Q+")
        self.assertEqual(nue.get_san("chess", promo, "c7b8q", False, nue.NOTATION_LAN), "c7xb8=Q+")
        self.assertEqual(
            nue.get_san_moves("chess", CHESS, ["f2f3", "e7e5", "g2g4", "d8h4"], False, nue.NOTATION_LAN),
            ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4#"],
        )
        self.assertEqual(nue.get_san("shogi", SHOGI, "i3i4"), "P-16")
        self.assertEqual(nue.get_san("shogi", SHOGI, "i3i4", False, nue.NOTATION_SHOGI_HOSKING), "P16")
        self.assertEqual(nue.get_san("shogi", SHOGI, "i3i4", False, nue.NOTATION_SHOGI_HODGES), "P-1f")
        self.assertEqual(nue.get_san("shogi", SHOGI, "f1e2", False, nue.NOTATION_SHOGI_HOSKING), "G49-58")
        self.assertEqual(nue.get_san_moves("shogi", SHOGI, ["c3c4", "g7g6", "b2h8"]), ["P-76", "P-34", "Bx22="])
        self.assertEqual(nue.get_san("xiangqi", XIANGQI, "h1g3"), "Hg3")
        self.assertEqual(nue.get_san("xiangqi", XIANGQI, "h1g3", False, nue.NOTATION_XIANGQI_WXF), "H2+3")
        self.assertEqual(
            nue.get_san_moves("xiangqi", XIANGQI, ["h3e3", "h10g8", "h1g3", "c10e8", "a1a3", "i10h10"], False, nue.NOTATION_XIANGQI_WXF),
            ["C2=5", "H8+7", "H2+3", "E3+5", "R9+2", "R9=8"],
        )
        self.assertEqual(nue.get_san("janggi", JANGGI, "b1c3", False, nue.NOTATION_JANGGI), "H02-83")
        makruk = nue.start_fen("makruk")
        self.assertEqual(nue.get_san("makruk", makruk, "e3e4", False, nue.NOTATION_THAI_SAN), "จ๔")
        self.assertEqual(nue.get_san("makruk", makruk, "e3e4", False, nue.NOTATION_THAI_LAN), "บ จ๓-จ๔")
        # Three pawns on a file: their place from the front, then the file.
        tandem = "rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1"
        self.assertEqual(nue.get_san("xiangqi", tandem, "e7d7", False, nue.NOTATION_XIANGQI_WXF), "15=6")
        self.assertEqual(nue.get_san("xiangqi", tandem, "e6d6", False, nue.NOTATION_XIANGQI_WXF), "25=6")

    def test_checks_captures_and_results(self):
        self.assertFalse(nue.gives_check("chess", CHESS, ["e2e4"]))
        fools = ["f2f3", "e7e5", "g2g4", "d8h4"]
        self.assertTrue(nue.gives_check("chess", CHESS, fools))
        self.assertEqual(nue.game_result("chess", CHESS, fools), -nue.VALUE_MATE)
        self.assertTrue(nue.is_capture("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", [], "e5d6"))
        self.assertFalse(nue.is_capture("chess", CHESS, [], "e2e4"))
        self.assertEqual(nue.piece_to_partner("crazyhouse", "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1", ["e4d5"]), "p")
        self.assertEqual(nue.is_immediate_game_end("chess", CHESS, []), (False, 0))
        repeat = ["a1a2", "e8d8", "a2a1", "d8e8"]
        lone = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
        self.assertEqual(nue.is_optional_game_end("chess", lone, repeat), (False, 0))
        self.assertEqual(nue.is_optional_game_end("chess", lone, repeat * 2), (True, 0))
        self.assertEqual(nue.is_optional_game_end("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", []), (True, 0))
        # King of the hill: the king on e4 ends the game for the side to move.
        self.assertEqual(
            nue.is_immediate_game_end("kingofthehill", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", ["e1e2", "e8e7", "e2e3", "e7e6", "e3e4"]),
            (True, -nue.VALUE_MATE),
        )

    def test_validate_fen(self):
        self.assertEqual(nue.validate_fen(CHESS, "chess"), nue.FEN_OK)
        self.assertNotEqual(nue.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "chess"), nue.FEN_OK)
        self.assertNotEqual(nue.validate_fen("8/8/8", "chess"), nue.FEN_OK)
        self.assertEqual(nue.validate_fen("", "chess"), 0)
        bad_promotion = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG++KGSNL[-] w - - 0 1"
        self.assertEqual(nue.validate_fen(bad_promotion, "shogi"), nue.FEN_INVALID_PROMOTED_PIECE)
        self.assertEqual(nue.validate_fen("rnb+qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess"), -10)

    def test_load_variant_config(self):
        nue.load_variant_config("[koth2:kingofthehill]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
        self.assertIn("koth2", nue.variants())
        self.assertEqual(len(nue.legal_moves("koth2", CHESS, [])), 20)
        nue.load_variant_config('name = "tomlchess"\ninherits = "chess"\n')
        self.assertIn("tomlchess", nue.variants())
        with self.assertRaises(ValueError):
            nue.load_variant_config("[broken:nosuchparent]\nstartFen = x\n")
        # A promoted form is written by the type it becomes (shogun's `+b` is an archbishop).
        nue.load_variant_config(
            "[shogun2:crazyhouse]\nstartFen = rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1\n"
            "commoner = c\ncentaur = g\narchbishop = a\nchancellor = m\nfers = f\n"
            "promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n"
            "promotionPieceTypes = -\npromotedPieceType = p:c n:g b:a r:m f:q\n"
        )
        start = nue.start_fen("shogun2")
        self.assertEqual(nue.get_san_moves("shogun2", start, ["e2e4", "d7d5", "f1a6+", "d8d6"]), ["e4", "d5", "Ba6=A", "Qd6"])
        # Castling whose king step would read as a plain king move is written king takes rook.
        nue.load_variant_config(
            "[diana2:losalamos]\npieceToCharTable = PNBRQ................Kpnbrq................k\n"
            "bishop = b\npromotionPieceTypes = rbn\ncastling = true\ncastlingKingsideFile = e\n"
            "castlingQueensideFile = b\nstartFen = rbnkbr/pppppp/6/6/PPPPPP/RBNKBR w KQkq - 0 1\n"
        )
        self.assertIn("d1f1", nue.legal_moves("diana2", "rbnk1r/pppbpp/3p2/5P/PPPPPB/RBNK1R w KQkq - 2 3", []))


class BadInput(unittest.TestCase):
    def test_errors_are_value_errors(self):
        cases = [
            lambda: nue.legal_moves("nosuchvariant", CHESS, []),
            lambda: nue.legal_moves("chess", "not a fen", []),
            lambda: nue.legal_moves("chess", CHESS, ["e2e5"]),
            lambda: nue.get_fen("chess", CHESS, ["zz"]),
            lambda: nue.get_san("chess", CHESS, "e2e5"),
            lambda: nue.get_san_moves("chess", CHESS, ["e2e4", "e2e4"]),
            lambda: nue.Board("chess").push("a1a8"),
            lambda: nue.analyse("chess", depth=2, threads=0),
        ]
        for case in cases:
            with self.assertRaises(ValueError):
                case()
        self.assertTrue(issubclass(nue.error, ValueError))


class BoardAndSearch(unittest.TestCase):
    def test_board(self):
        b = nue.Board("chess")
        self.assertEqual(b.turn, "w")
        for mv in ["f2f3", "e7e5", "g2g4", "d8h4"]:
            b.push(mv)
        self.assertTrue(b.is_check())
        self.assertTrue(b.is_game_over())
        self.assertEqual(b.result(), "0-1")
        self.assertEqual(b.legal_moves(), [])
        self.assertEqual(b.pop(), "d8h4")
        self.assertEqual(b.result(), "*")
        self.assertEqual(b.san("d8h4"), "Qh4#")
        self.assertEqual(b.move_stack, ["f2f3", "e7e5", "g2g4"])
        c = b.copy()
        c.push("d8h4")
        self.assertEqual(len(b.move_stack), 3)
        with self.assertRaises(IndexError):
            nue.Board("shogi").pop()

    def test_analyse(self):
        lines = nue.analyse("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", [], depth=6)
        self.assertEqual(len(lines), 1)
        self.assertEqual(lines[0]["pv"][0], "a1a8")
        self.assertEqual(lines[0]["score"], {"mate": 1})
        lines = nue.analyse("xiangqi", None, ["h3e3"], nodes=20000, multipv=3)
        self.assertEqual([l["multipv"] for l in lines], [1, 2, 3])
        for line in lines:
            b = nue.Board("xiangqi")
            b.push("h3e3")
            for mv in line["pv"]:
                b.push(mv)
        board = nue.Board("shogi")
        board.push("c3c4")
        self.assertGreater(board.analyse(depth=4)[0]["depth"], 3)


if __name__ == "__main__":
    unittest.main()
