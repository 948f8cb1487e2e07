#!/usr/bin/env bash
# npm run bench: engine throughput against plain JS and the memory floor; a long fuzz of the engine; the lab's
# training steps per second against TF.js (wasm), PyTorch eager and the native build, side by side; then redraw
# frame times in Chromium; the table and a lab step in four browsers and Node; then Lighthouse scores of the
# article and one embed (mobile and desktop).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
node bench/engine.bench.mjs
# A learned table's cosine matrix and principal components at GPT-2's size, against plain JS (target >= 5x).
node bench/table-stats.bench.mjs
# A 548 MB GPT-2-shaped checkpoint opened in "Positions in real models" in Chromium (target: drawn within 1 s).
node bench/checkpoint.bench.mjs
# 200,000 seeded calls with random and hostile arguments over every export and Lab (fails on a broken contract).
node scripts/fuzz-engine.mjs --calls 200000
# The lab's native peer (pe_bench_lab) and the dump its TF.js check reads (pe-lab-dump), from the native build.
[ -f build/native/CMakeCache.txt ] || cmake --preset native >/dev/null
cmake --build build/native --target pe_bench_lab pe-lab-dump -j"$(nproc)"
node bench/lab-peers.bench.mjs
# Evaluation against training per model size (the ratio the lab keeps at most 0.25).
node bench/lab-eval.bench.mjs
if [ -f bench/frames.bench.mjs ]; then node bench/frames.bench.mjs; fi
# The default race in Chromium, Play to the last evaluation (target: at most 10 s on 2 cores).
node bench/lab-race.bench.mjs
# The sinusoidal table and a lab step inside Chromium, Firefox ESR, WebKitGTK and WPE WebKit, and in Node.
node bench/browsers.bench.mjs
# Lighthouse (pinned dev dependency) in Debian's Chromium: four category scores per page, median of three runs.
node bench/lighthouse.mjs --runs 3
