"""nue: every variant's rules and the engine's search, with pyffish's API (``import nue as sf``)."""

from ._nue import *  # noqa: F401,F403 (the module's whole API)
from ._nue import __version__  # noqa: F401
