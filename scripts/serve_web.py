#!/usr/bin/env python3
"""Serves web/dist (or the folder given) with the headers that make a page cross-origin
isolated, Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy:
require-corp: without them browsers withhold SharedArrayBuffer, and nue.js falls back to the
single-threaded engine. Usage: python3 scripts/serve_web.py [--port 8000] [--bind 127.0.0.1] [DIR]
"""

import argparse
import functools
import http.server
from pathlib import Path


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that adds the cross-origin isolation headers to every answer."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


def main():
    default_dir = Path(__file__).resolve().parent.parent / "web" / "dist"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", default=str(default_dir), help="folder to serve (web/dist)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    args = parser.parse_args()
    handler = functools.partial(IsolatedHandler, directory=args.dir)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        print(f"serving {args.dir} at http://{args.bind}:{args.port}/ (cross-origin isolated)", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
