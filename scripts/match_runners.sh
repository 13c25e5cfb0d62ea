#!/usr/bin/env bash
# Checks nue against the match runners engine developers use: fastchess's --compliance test,
# then complete matches under fastchess (chess, Chess960) and cutechess-cli (chess, Chess960 and
# every variant both cutechess-cli and nue know, shogi over UCI included), counting games,
# protocol warnings, illegal moves, crashes and time losses. Opponent: Debian's fairy-stockfish
# (stockfish for chess under fastchess); where fairy-stockfish lacks a variant, nue with
# `EvalFile none`. Neither runner is in a package registry: build them from their sources
# (github.com/Disservin/fastchess: `make`; github.com/cutechess/cutechess: cmake with Debian's
# Qt 6 (`qt6-base-dev`), `make cli`) and put both binaries in one folder.
#
#   scripts/match_runners.sh FOLDER [NUE] [GAMES] [TC] [VARIANTS...]
#
# FOLDER holds `fastchess` and `cutechess-cli` (a runner not there is skipped, with a line
# saying so); NUE defaults to target/release/nue, GAMES to 20, TC to 2+0.02; VARIANTS
# (cutechess-cli names) to all shared ones. Logs and PGNs go to $OUT (default: a new temporary
# folder), where the script runs; $FSF names another fairy-stockfish (a build of today's sources
# plays dobutsu and torishogi by the current rules). Exits 1 if any check fails.
set -uo pipefail
tools=${1:?usage: scripts/match_runners.sh FOLDER [NUE] [GAMES] [TC] [VARIANTS...]}
nue=$(realpath "${2:-target/release/nue}")
games=${3:-20}
tc=${4:-2+0.02}
shift $(( $# < 4 ? $# : 4 ))
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
out=$(realpath "$out")
tools=$(realpath "$tools")
# fastchess writes its config.json into the working directory: keep it with the logs.
cd "$out" || exit 1
fsf=${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
sf=$(command -v stockfish || echo /usr/games/stockfish)
failed=0
echo "logs in $out"

# Opening books: chess positions 6 random plies from the start, Chess960 start positions.
python3 -c "
import chess, random
r = random.Random(1)
for _ in range(200):
    b = chess.Board()
    for _ in range(6):
        b.push(r.choice(list(b.legal_moves)))
    print(b.epd())
" > "$out/chess.epd"

# Chess960 start positions for the runners' opening books.
python3 -c "
import chess, random
r = random.Random(1)
for n in r.sample(range(960), 100):
    print(chess.Board.from_chess960_pos(n).fen(), end=' ;\n')
" | sed 's/ ;$//' > "$out/frc.epd"

if [ -x "$tools/fastchess" ]; then
  "$tools/fastchess" --compliance "$nue" > "$out/compliance.log" 2>&1
  rc=$?
  echo "fastchess --compliance: exit $rc, $(grep -c 'Passed' "$out/compliance.log") steps passed"
  [ $rc -eq 0 ] || failed=1
else
  echo "fastchess: not in $tools, skipped"
fi

# Problems in a runner's log: games that ended on an illegal move, a crash, a stall or a time
# loss (whoever caused them: the referee and both engines disagree on a rule), and warnings
# about nue's own output (its PV, its protocol lines). The opponents' own warnings (a
# fairy-stockfish PV cutechess-cli cannot follow) are not nue's.
problems='illegal|disconnect|stall|loses on time|timeout|crash|connection'
count_problems() { # log
  { grep -E '^Finished game' "$1" | grep -Ei "$problems"; grep -Ei 'warning' "$1" | grep -E 'from nue'; } | tee -a "$1.problems" | wc -l
}

summary() { # name log
  local finished bad
  finished=$(grep -c '^Finished game' "$2")
  bad=$(count_problems "$2")
  echo "$1: $finished games finished, $bad problems"
  if [ "$finished" -lt "$games" ] || [ "$bad" -ne 0 ]; then
    failed=1
    head -5 "$2.problems"
  fi
}

fastchess_variants=(standard fischerandom)
[ -x "$tools/fastchess" ] || fastchess_variants=()
for variant in "${fastchess_variants[@]}"; do
  book=(-openings "file=$out/chess.epd" format=epd order=random)
  [ "$variant" = fischerandom ] && book=(-openings "file=$out/frc.epd" format=epd order=random)
  "$tools/fastchess" -variant "$variant" \
    -engine cmd="$nue" name=nue -engine cmd="$sf" name=stockfish option.Threads=1 \
    -each tc="$tc" option.Hash=16 "${book[@]}" -rounds $(( games / 2 )) -repeat \
    -log file="$out/fastchess-$variant.engines.log" level=warn \
    -pgnout file="$out/fastchess-$variant.pgn" > "$out/fastchess-$variant.log" 2>&1
  finished=$(grep -c '^\[Event' "$out/fastchess-$variant.pgn" 2>/dev/null || echo 0)
  log="$out/fastchess-$variant.log"
  bad=$( { grep -Ei "$problems" "$out/fastchess-$variant.pgn"; grep -Ei 'warning' "$log" | grep -E 'from nue'; } | tee "$log.problems" | wc -l)
  echo "fastchess $variant: $finished games, $bad problems ($(grep -o 'Games: [0-9]*, Wins: [0-9]*, Losses: [0-9]*, Draws: [0-9]*' "$log" | tail -1))"
  if [ "$finished" -lt "$games" ] || [ "$bad" -ne 0 ]; then failed=1; head -5 "$log.problems"; fi
done

if [ ! -x "$tools/cutechess-cli" ]; then
  echo "cutechess-cli: not in $tools, skipped"
  exit $failed
fi

# Every nue variant cutechess-cli knows (it refuses the others: "Invalid value for option
# -variant"); Chess960 is fischerandom there.
if [ $# -gt 0 ]; then
  variants=("$@")
else
  variants=(standard fischerandom)
  for v in $("$nue" variants | awk '{print $1}'); do
    case $v in chess|chess960) ;; *) variants+=("$v") ;; esac
  done
fi
fsf_variants=" $(printf 'uci\nquit\n' | "$fsf" | grep -m1 'UCI_Variant' | sed 's/.* default [^ ]* //; s/var //g') "

for variant in "${variants[@]}"; do
  if [[ $fsf_variants == *" $variant "* ]] || [ "$variant" = standard ]; then
    opponent=(cmd="$fsf" name=fairy-stockfish)
  else
    opponent=(cmd="$nue" name=nue-hce option.EvalFile=none)
  fi
  book=()
  [ "$variant" = standard ] && book=(-openings "file=$out/chess.epd" format=epd order=random)
  [ "$variant" = fischerandom ] && book=(-openings "file=$out/frc.epd" format=epd order=random)
  log="$out/cutechess-$variant.log"
  "$tools/cutechess-cli" -variant "$variant" -engine cmd="$nue" name=nue -engine "${opponent[@]}" \
    -each proto=uci tc="$tc" option.Hash=16 "${book[@]}" -games "$games" -repeat \
    -pgnout "$out/cutechess-$variant.pgn" > "$log" 2>&1
  if grep -q 'Invalid value for option "-variant"' "$log"; then
    echo "cutechess-cli $variant: unknown to cutechess-cli"
    continue
  fi
  summary "cutechess-cli $variant vs ${opponent[1]#name=} ($(grep -o 'Score of [^:]*: [0-9 -]*' "$log" | tail -1))" "$log"
done
exit $failed
