# OpenBench (and any tool that builds engines with make) builds the engine with
# `make EXE=<path>`; the binary lands at that path (default: ./nue). `<path> bench` prints the
# node count and nodes/s as OpenBench reads them.
EXE ?= nue

.PHONY: all clean
all:
	cargo build --release --bin nue
	cp target/release/nue $(EXE)

clean:
	cargo clean
