"""The lab's standard configuration trained by PyTorch eager on one CPU thread: a peer in bench/lab-peers.bench.mjs.

The model, its loss and the training step are the parity reference's own (tests/torch/model.py): forward, mean
cross-entropy, backward, global-norm clip, the contract's learning rate, torch.optim.AdamW. Weights start as the
contract draws them (normal(0, 0.02), the residual outputs 0.02 / sqrt(2L), LayerNorm 1 and 0, biases 0) from
torch's generator; batches of the `previous` task (16 symbols, target at p the token at p - 1, none at 0) are
drawn each step, inside the timed loop as the engine draws its own. Matrix products go through whichever BLAS
the process loads (Debian's torch is built against the generic BLAS interface): the bench picks one with
LD_LIBRARY_PATH, and the ready line names it.

A worker driven over stdin and stdout, one JSON object per line: it prints {"ready": ...} once built, then
answers each "run S" with S training steps' process CPU time and wall time in seconds and their losses (each
the batch's loss before that step's update), and exits on "quit" or end of input.

    /usr/bin/python3 bench/lab_torch_bench.py      # then type: run 5
"""

import json
import math
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "torch"))
import model as M  # noqa: E402

torch.set_num_threads(1)

# The standard configuration (docs/lab-model.md's defaults but for length 32), with the task's sizes.
CONFIG = dict(task="previous", scheme="rope", ropeConvention="half", base=10000.0, dModel=64, nHeads=4, nLayers=2,
              length=32, batch=32, causal=True, scaleEmbedding=True, lr=3e-3, warmup=50, steps=600,
              weightDecay=0.01, clip=1.0, seed=1, vocab=16, classes=16, pooled=False)  # fmt: skip
RESIDUAL_OUT = ("wo", "w2")


def initial_params(config, gen):
    """The contract's initial values, drawn from torch's generator (the engine's own stream is not needed here)."""
    std_out = 0.02 / math.sqrt(2 * config["nLayers"])
    params = {}
    for name, shape in M.param_shapes(config):
        last = name.split(".")[-1]
        if last == "g":
            params[name] = torch.ones(shape)
        elif last in ("b", "b1", "b2"):
            params[name] = torch.zeros(shape)
        else:
            std = std_out if last in RESIDUAL_OUT else 0.02
            params[name] = torch.randn(shape, generator=gen) * std
    return params


def previous_batch(config, gen):
    """B sequences of T symbols and their targets: the token before each position, -1 at position 0."""
    tokens = torch.randint(config["vocab"], (config["batch"], config["length"]), generator=gen)
    targets = torch.full_like(tokens, -1)
    targets[:, 1:] = tokens[:, :-1]
    return tokens, targets


def blas_library():
    """The BLAS library this process loaded (torch's matrix products go through it), from the memory map."""
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if "blas" in line.split()[-1]}
    return sorted(paths)[0] if paths else "unknown"


def main():
    gen = torch.Generator().manual_seed(CONFIG["seed"])
    model = M.LabModel(CONFIG, initial_params(CONFIG, gen))
    optimizer = M.make_optimizer(model)
    step = 0
    ready = {"ready": True, "torch": torch.__version__, "threads": torch.get_num_threads(), "blas": blas_library()}
    print(json.dumps(ready), flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] == "quit":
            break
        count = int(words[1])
        losses = []
        c0, w0 = time.process_time(), time.perf_counter()
        for _ in range(count):
            losses += M.train(model, [previous_batch(CONFIG, gen)], optimizer, start=step)
            step += 1
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        print(json.dumps({"cpu": cpu, "wall": wall, "losses": losses}), flush=True)


if __name__ == "__main__":
    main()
