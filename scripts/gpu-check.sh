#!/usr/bin/env bash
# Measures issue 25's GPU targets on a machine with an NVIDIA GPU and a CUDA PyTorch in a Python.
# Usage (from the repository root):
#   scripts/gpu-check.sh PYTHON [DJL_SOURCES] [OUT]
#   e.g. scripts/gpu-check.sh ~/venv/bin/python ../shared/third-party/djl-pytorch-native-0.35.1
# Environment: FULL_CG=1 also times CG over all 737,280 dSprites samples (generates the 3 GB set
# first, once); JOBS (default nproc) compiler jobs; SECONDS_PER_ROW (default 2).
# Writes OUT (default out/gpu-check-DATE)/: nvidia-smi.txt, engine-info.txt, bench-models.txt,
# bench-cg.txt, parity.txt, [cg-full.txt], and prints a summary of the anchor ratios. Targets
# (docs/gpu.md): encoder, decoder and CG >= 50% of plain PyTorch at each path's best batch size,
# training >= 70%; CG over all dSprites in under 60 s.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:?usage: scripts/gpu-check.sh PYTHON [DJL_SOURCES] [OUT]}"
DJL="${2:-../shared/third-party/djl-pytorch-native-0.35.1}"
OUT="${3:-out/gpu-check-$(date -u +%Y%m%dT%H%M%SZ)}"
JOBS="${JOBS:-$(nproc)}"
SECS="${SECONDS_PER_ROW:-2}"
mkdir -p "$OUT"
{ date -u; nvidia-smi || true; "$PY" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))'; } \
  > "$OUT/nvidia-smi.txt" 2>&1
# 1. DJL's JNI against this Python's torch; every command below runs on it
./candela engine build-jni --python "$PY" --djl-source "$DJL" --out target/engine-jni/gpu --jobs "$JOBS"
# shellcheck disable=SC1091
source target/engine-jni/gpu/engine.env
./candela engine info | tee "$OUT/engine-info.txt"
# 2. encoder/decoder/training against plain PyTorch on the same GPU, interleaved
./candela bench models --device gpu --anchor-python "$PY" --batch-sizes 64,256,1024,2048,4096 \
  --seconds "$SECS" --train-steps 40 --repeats 2 | tee "$OUT/bench-models.txt"
# 3. the CG workload (decoder + classifier) against plain PyTorch, by batch size
./candela bench cg --device gpu --anchor-python "$PY" --samples 20000 --loop-samples 64 \
  --djl-batch 256,1024,4096,8192 --chunk 5000 --anchor-seconds "$SECS" | tee "$OUT/bench-cg.txt"
# 4. parity: evaluate on the GPU equals the CPU on the same data and seed
./candela dataset generate dsprites --out target/gpu-check-2000.npz --count 2000 --seed 7 >/dev/null
for d in cpu gpu; do
  ./candela evaluate --dataset target/gpu-check-2000.npz --samples 1000 --replicates 0 \
    --refits 0 --device "$d" --quiet --out "$OUT/evaluate-$d" >/dev/null
done
"$PY" - "$OUT" > "$OUT/parity.txt" <<'PYEOF'
import json, sys
out = sys.argv[1]
c = json.load(open(out + "/evaluate-cpu/report.json"))["scores"]
g = json.load(open(out + "/evaluate-gpu/report.json"))["scores"]
worst = max(abs(c[k] - g[k]) for k in c)
for k in sorted(c):
    print("%-28s cpu %.6f gpu %.6f diff %.2e" % (k, c[k], g[k], abs(c[k] - g[k])))
print("largest difference %.2e" % worst)
PYEOF
tail -1 "$OUT/parity.txt"
# 5. optionally: CG over all 737,280 dSprites samples (target: under 60 s)
if [ "${FULL_CG:-0}" = "1" ]; then
  [ -f data/dsprites-full.npz ] || ./candela dataset generate dsprites --out data/dsprites-full.npz
  rm -rf "$OUT/cg-full"
  /usr/bin/time -v ./candela counterfactuals --dataset data/dsprites-full.npz \
    --model models/dsprites-beta-vae --classifier models/dsprites-classifier --device gpu \
    --batch-size 8192 --chunk-size 100000 --grid-samples 0 --out "$OUT/cg-full" \
    > "$OUT/cg-full.txt" 2>&1 || true
  grep -E "Elapsed|Maximum resident" "$OUT/cg-full.txt" || tail -3 "$OUT/cg-full.txt"
fi
echo "anchor ratios:"
grep -E "^ *[0-9]+ .*%|training anchor|djl batched" "$OUT/bench-models.txt" "$OUT/bench-cg.txt" || true
echo "results in $OUT"
