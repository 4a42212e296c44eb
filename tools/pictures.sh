#!/usr/bin/env bash
# Draws every picture the examples make and renders each to PNG, to look at
# as a user would: the comparison and throughput charts, the step-by-step
# pictures, the constraint graph and the local-search chart.
#   bash tools/pictures.sh [OUTPUT_DIR]      (default: target/pictures)
# The PNGs need rsvg-convert (Debian's librsvg2-bin); without it the SVGs
# are drawn and the script says how to install it, installing nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/pictures}
mkdir -p "$out"
cargo build --release --locked --examples
bin=target/release/examples
"$bin/compare" --time-limit 1 --chart "$out/compare.svg" >/dev/null
"$bin/throughput" --limit 200 --rounds 1 --chart "$out/throughput.svg" >/dev/null
"$bin/explain" --svg "$out/steps" >/dev/null
"$bin/graph_svg" "$out/graph.svg" >/dev/null
"$bin/local_search" --time-limit 3 --chart "$out/local_search.svg" >/dev/null
if ! command -v rsvg-convert >/dev/null; then
  echo "SVG pictures in $out ($out/steps/index.html shows every step); for PNGs too," >&2
  echo "install rsvg-convert (sudo apt-get install librsvg2-bin) and run this again" >&2
  exit 0
fi
for svg in "$out"/*.svg "$out"/steps/*.svg; do
  rsvg-convert "$svg" -o "${svg%.svg}.png"
done
echo "pictures in $out (SVG and PNG; $out/steps/index.html shows every step)"
