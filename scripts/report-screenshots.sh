#!/usr/bin/env bash
# Screenshots of report.html and comparison.html at 1,400 px, taken by headless Chromium
# (Debian package `chromium`), for checking by eye that no text overlaps, is clipped or overflows.
#
#   scripts/report-screenshots.sh [OUT_DIR]      (default out/screenshots)
#
# Makes score-codes reports of synthetic codes with 4, 6 and 10 factors (short and long factor
# names), the default `candela evaluate` report, and the README's two-checkpoint comparison, then
# writes one PNG per page into OUT_DIR. Takes a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-out/screenshots}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
command -v chromium >/dev/null || { echo "needs chromium (apt-get install -y chromium)" >&2; exit 2; }

shot() { # shot PAGE.html NAME.png
  local profile
  profile="$(mktemp -d)"
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$profile" \
    --screenshot="$out/$2" --window-size=1400,2000 "file://$1" >/dev/null 2>&1
  rm -rf "$profile"
  echo "$out/$2"
}

names_short=(shape scale orientation posX posY color hue size floor wall)
names_long=(object_shape_factor object_scale_factor object_orientation_factor horizontal_position
  vertical_position object_colour background_hue object_size floor_colour wall_colour)
for f in 4 6 10; do
  for kind in short long; do
    if [ "$kind" = short ]; then arr=("${names_short[@]:0:$f}"); else arr=("${names_long[@]:0:$f}"); fi
    names="$(IFS=,; echo "${arr[*]}")"
    sizes="$(printf '4,%.0s' $(seq "$f") | sed 's/,$//')"
    dir="$out/codes-$f-$kind"
    ./candela dataset generate codes --out "$dir" --count 1500 --latents 10 \
      --factor-sizes "$sizes" --factor-names "$names" --kind SHARED >/dev/null
    ./candela score-codes --factors "$dir/factors.csv" --latents "$dir/latents.csv" \
      --max-train 1000 --max-test 500 --refits 2 --html "$dir/report.html" >/dev/null
    shot "$dir/report.html" "score-codes-$f-factors-$kind.png"
  done
done

./candela evaluate --quiet --out "$out/evaluate" >/dev/null
shot "$out/evaluate/report.html" "evaluate-report.html.png"

printf '%s\n%s\n' "$PWD/models/dsprites-beta-vae" "$PWD/models/dsprites-beta-tcvae" >"$out/models.txt"
./candela evaluate --quiet --model "$out/models.txt" --out "$out/compare" >/dev/null
shot "$out/compare/comparison.html" "comparison.html.png"
