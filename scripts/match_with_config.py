#!/usr/bin/env python3
"""Runs a pyffish-refereed match script (such as ../shared/tools/fairy_match.py) after loading a
Fairy-Stockfish variant configuration file into pyffish, for the variants only such a file
defines (orda, empire, synochess, shogun: Fairy-Stockfish's example variants.ini). The engines
need the file too (`--o2 "VariantPath=FILE"` for Fairy-Stockfish; nue ships these variants).

    python3 scripts/match_with_config.py variants.ini ../shared/tools/fairy_match.py \\
        --variant orda -e1 target/release/nue -e2 fairy-stockfish \\
        --o2 "VariantPath=variants.ini" --games 10 --tc 2+0.02 --random-plies 4
"""
import runpy
import sys

import pyffish


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    config, referee, *rest = sys.argv[1:]
    with open(config) as f:
        pyffish.load_variant_config(f.read())
    sys.argv = [referee, *rest]
    runpy.run_path(referee, run_name="__main__")


if __name__ == "__main__":
    main()
