"""nue: every variant's rules and the engine's search from Python.

The module functions are pyffish's (Fairy-Stockfish's Python module): the same names,
arguments, return values and constants, so `import nue as sf` replaces `import pyffish as sf`.
Positions are FENs in Fairy-Stockfish's dialect (shogi too: the hand in brackets, squares
a1-i9), moves are UCI strings (`e2e4`, `e7e8q`, `P@e5`, `b2h8+`).

Differences from pyffish, on purpose:
- bad input (an unknown variant, a malformed FEN, an illegal move in a move list) raises
  `nue.error`, a subclass of `ValueError`, with a message; pyffish crashes or raises
  `SystemError` there;
- a shogi pawn-drop mate is not a legal move (the rules forbid it); pyffish lists it;
- `info()` names nue, not Fairy-Stockfish;
- a FEN whose side not to move is in check is refused (pyffish reads it).
"""

from typing import Any, TypedDict

__version__: str

VALUE_MATE: int
"""The value of a won game for the side to move (32000)."""
VALUE_DRAW: int
"""The value of a drawn game (0)."""
FEN_OK: int
"""`validate_fen`'s answer for a valid FEN (1)."""
FEN_INVALID_PROMOTED_PIECE: int
"""`validate_fen`'s answer for a `+` before a piece without a promoted form (-12)."""
NOTATION_DEFAULT: int
"""The variant's own notation: SAN, or shogi's Hodges with numbers for the shogi family (0)."""
NOTATION_SAN: int
NOTATION_LAN: int
NOTATION_SHOGI_HOSKING: int
NOTATION_SHOGI_HODGES: int
NOTATION_SHOGI_HODGES_NUMBER: int
NOTATION_JANGGI: int
NOTATION_XIANGQI_WXF: int
NOTATION_THAI_SAN: int
NOTATION_THAI_LAN: int

class error(ValueError):
    """Bad input: an unknown variant, a malformed FEN, an illegal move."""

def version() -> tuple[int, int, int]:
    """The package's version as (major, minor, patch)."""

def info() -> str:
    """A line naming the engine and its version."""

def variants() -> list[str]:
    """Every variant name: the built-in ones, then those loaded by `load_variant_config`."""

def set_option(name: str, value: Any) -> None:
    """Sets an engine option. `VariantPath` loads a variant file (TOML or Fairy-Stockfish ini);
    the search options pyffish accepts (`UCI_Variant`, `Threads`, `Hash`, ...) are accepted and
    change nothing in the rules functions. Raises `error` for an unknown name."""

def load_variant_config(config: str) -> None:
    """Loads variants from text: Fairy-Stockfish's configuration format (`[name:parent]`
    sections) or one nue TOML variant. Sections that cannot be expressed are reported on stderr;
    the others load. Raises `error` when none loads."""

def start_fen(variant: str) -> str:
    """The start position's FEN, as the variant's definition writes it."""

def two_boards(variant: str) -> bool:
    """Whether the variant is played on two boards whose captures pass to the partner (bughouse)."""

def captures_to_hand(variant: str) -> bool:
    """Whether captured pieces go to the capturer's hand (crazyhouse, shogi)."""

def get_san(variant: str, fen: str, move: str, chess960: bool = False, notation: int = NOTATION_DEFAULT) -> str:
    """`move` in written notation (`Nf3`, `P-76`, `H2+3`, ...). Raises `error` for an
    illegal move."""

def get_san_moves(variant: str, fen: str, movelist: list[str], chess960: bool = False, notation: int = NOTATION_DEFAULT) -> list[str]:
    """Each move of `movelist` in written notation, played one after another from `fen`."""

def legal_moves(variant: str, fen: str, movelist: list[str], chess960: bool = False) -> list[str]:
    """The legal moves (UCI) after `movelist`; none where a rule of the variant ended the game
    (a third check, a flag reached, a king exploded)."""

def get_fen(variant: str, fen: str, movelist: list[str], chess960: bool = False, sfen: bool = False, show_promoted: bool = False, count_started: int = 0) -> str:
    """The FEN after `movelist`; with `sfen`, shogi's SFEN (board, side `b` for the first
    player, hand with counts, ply number). With `chess960`, castling rights as file letters and
    castling moves as king-takes-rook. With `show_promoted`, pieces made by a pawn's promotion
    are marked `~` also where the variant's FEN leaves the marks out (makruk's mets).
    `count_started` (pyffish's `countStarted`; makruk, cambodian and their kin, where a count
    runs) reads the counting limit and count as a server that started the board's honor count
    itself: 0 as the position counts, below 0 the board's count not started, above 0 started at
    that game ply (0 for the first move). Like pyffish, it reads lichess's FEN forms
    (pockets as a ninth rank, `+W+B` check counts), incomplete FENs and written-notation piece
    letters, and drops castling rights the position cannot have."""

def gives_check(variant: str, fen: str, movelist: list[str], chess960: bool = False) -> bool:
    """Whether the side to move after `movelist` is in check (pyffish's meaning)."""

def is_capture(variant: str, fen: str, movelist: list[str], move: str, chess960: bool = False) -> bool:
    """Whether `move` (after `movelist`) takes a piece; en passant does, castling does not."""

def piece_to_partner(variant: str, fen: str, movelist: list[str], chess960: bool = False) -> str:
    """The piece the last move of `movelist` took, as it goes to a hand (a promoted piece as
    what it was promoted from), as a letter in its owner's case; "" if none."""

def game_result(variant: str, fen: str, movelist: list[str], chess960: bool = False) -> int:
    """The game's value for the side to move when it has no legal move, or a rule of the
    variant ended the game: VALUE_MATE (won), -VALUE_MATE (lost) or VALUE_DRAW."""

def is_immediate_game_end(variant: str, fen: str, movelist: list[str], chess960: bool = False) -> tuple[bool, int]:
    """(True, value for the side to move) where a rule of the variant ended the game
    (extinction, flag, check counting, bikjang); else (False, 0)."""

def is_optional_game_end(variant: str, fen: str, movelist: list[str], chess960: bool = False, count_started: int = 0) -> tuple[bool, int]:
    """(True, value) where the side to move may claim the end: the n-move rule, a counting
    rule, n-fold repetition (with its perpetual-check value); else (False, 0). The count is read
    with `count_started` as `get_fen` reads it."""

def has_insufficient_material(variant: str, fen: str, movelist: list[str], chess960: bool = False) -> tuple[bool, bool]:
    """(white, black): whether each side lacks the material to win, by Fairy-Stockfish's rule:
    a side with pieces in hand, or in a variant won by another rule (extinction, a flag,
    repetition), always has enough; otherwise it needs a piece that mates with the king (rook,
    queen, ...), or two pieces where minor or colour-bound ones must combine."""

def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """FEN_OK (1), or a negative pyffish code naming what is wrong (note the argument order)."""

def get_fog_fen(fen: str, variant: str, chess960: bool = False) -> str:
    """The FEN as the side to move sees it in fog of war: squares it neither occupies nor can
    move to are `*`."""

class Score(TypedDict, total=False):
    cp: int
    """Centipawns for the side to move."""
    mate: int
    """Moves to mate; negative when the side to move is being mated."""

class Line(TypedDict):
    multipv: int
    """1-based line number."""
    depth: int
    """Depth completed, plies."""
    seldepth: int
    """Deepest ply reached."""
    score: Score
    nodes: int
    time: int
    """Milliseconds."""
    pv: list[str]
    """The principal variation, UCI moves."""

def analyse(variant: str, fen: str | None = None, moves: list[str] = [], depth: int | None = None, nodes: int | None = None, movetime: int | None = None, multipv: int = 1, threads: int = 1, chess960: bool = False) -> list[Line]:
    """Searches the position (the start position for `fen=None`, after `moves`) with the
    variant's net (or the hand-crafted evaluation where it has none), within `depth` plies,
    `nodes` nodes or `movetime` milliseconds (depth 12 when none is given); one line per
    `multipv`, best first. The GIL is released while it searches."""

class Board:
    """A game in progress."""

    def __init__(self, variant: str = "chess", fen: str | None = None, chess960: bool = False) -> None:
        """The start position of `variant`, or `fen`. Raises `error` for an unknown variant
        or a malformed FEN."""
    @property
    def variant(self) -> str: ...
    @property
    def move_stack(self) -> list[str]:
        """The moves played (UCI)."""
    @property
    def turn(self) -> str:
        """The side to move: "w" or "b"."""
    def fen(self) -> str: ...
    def legal_moves(self) -> list[str]: ...
    def push(self, move: str) -> None:
        """Plays a move; raises `error` if it is not legal."""
    def pop(self) -> str:
        """Takes back the last move and returns it; IndexError when there is none."""
    def san(self, move: str, notation: int = NOTATION_DEFAULT) -> str: ...
    def is_check(self) -> bool: ...
    def is_capture(self, move: str) -> bool: ...
    def gives_check(self, move: str) -> bool: ...
    def is_game_over(self) -> bool:
        """Whether the game is over by any rule (mate, stalemate, repetition, the move rule,
        the variant's own goals)."""
    def result(self) -> str:
        """"1-0", "0-1", "1/2-1/2", or "*" while the game goes on."""
    def copy(self) -> Board: ...
    def analyse(self, depth: int | None = None, nodes: int | None = None, movetime: int | None = None, multipv: int = 1, threads: int = 1) -> list[Line]:
        """As `nue.analyse`, from this position with its history (repetitions count)."""
