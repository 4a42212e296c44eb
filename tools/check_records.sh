#!/usr/bin/env bash
# The examples' record handling and exit status, as their --help states
# it: a bad record (a character, a byte that is not UTF-8, clashing
# givens) is reported at its line and the rest of the file is kept; the
# run exits 1 when a record failed, 2 for a bad command line, 0 only when
# everything succeeded. Run from the workspace root after
# `cargo build --release --examples`.
set -uo pipefail
bin=target/release/examples
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
good="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
{
  echo "$good"
  echo "12?"
  printf '4.....8.5.3..\xff........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n'
  echo "11..............................................................................."
  echo "$good"
} > "$dir/mixed.txt"

fail() { echo "check_records: $*" >&2; exit 1; }
# expect STATUS NAME ARGS...: runs the example, keeps its stdout in $out.
expect() {
  local want=$1 name=$2
  shift 2
  status=0
  out=$("$bin/$name" "$@" 2>"$dir/stderr") || status=$?
  [ "$status" -eq "$want" ] || fail "$name $*: status $status, expected $want ($(cat "$dir/stderr"))"
}

expect 1 rate "$dir/mixed.txt"
[ "$(printf '%s\n' "$out" | tail -n +2 | wc -l)" -eq 5 ] || fail "rate: not one line per record: $out"
for line in "line 2, column 3" "line 3, column 14: not valid UTF-8" "line 4: invalid puzzle"; do
  printf '%s\n' "$out" | grep -q "$line" || fail "rate: no error naming '$line': $out"
done
[ "$(printf '%s\n' "$out" | grep -c "^$good,2.6,")" -eq 2 ] || fail "rate: the good records were not both rated: $out"
expect 0 rate puzzles/course_easy51.txt

expect 1 batch "$dir/mixed.txt"
[ "$(printf '%s\n' "$out" | grep -c '^error: line [234]')" -eq 3 ] || fail "batch: $out"
[ "$(printf '%s\n' "$out" | grep -vc '^error')" -eq 2 ] || fail "batch: $out"

expect 1 explain "1$(printf '.%.0s' $(seq 80))"
expect 0 explain "$good"
expect 2 generate --rating 9.0..2.0
# A band no puzzle reaches in a tenth of a second: not made, status 1.
expect 1 generate --count 1 --rating 9.9..12.0 --time-limit 0.1
expect 1 compare --time-limit 0
echo "bad records are reported at their line, and the exit status says whether any failed"
