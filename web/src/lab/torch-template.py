#!/usr/bin/env python3
"""PE Explorer: a training-lab experiment as one standalone PyTorch script ("Run it bigger").

PE Explorer explains positional encodings in the browser, where its training lab trains tiny transformers.
This file is one lab experiment, CONFIG_JSON below, with all it needs to run without the page: the model, the
data, the learning-rate schedule, the optimiser and the seed. The page's random generator is ported bit for
bit, so the initial weights, every training batch and every evaluation sequence are the page's own. On a CPU
the losses then agree with the page's to float32 rounding (about 1e-6 over the first 20 steps), which PyTorch
accumulates in another order, so the two curves part slowly as training goes on. On a GPU the kernels round
differently again (TensorFloat-32 is switched off below): the curve follows the page's, not to the digit.

Run it:
    python3 pe_lab.py                                  # CONFIG's schedule, on cuda if present, else cpu
    python3 pe_lab.py --steps 5000 --output run.json   # longer: past the schedule at its final rate
    python3 pe_lab.py --seeds 1,2,3,4,5                # one run per seed, in turn, and their median
    torchrun --nproc_per_node 4 pe_lab.py              # data parallel over 4 processes (one per GPU)

Flags:
    --steps N          training steps (default: CONFIG's "steps", the length of the schedule)
    --log-every N      print every N-th step and the last (default 1)
    --eval-samples N   sequences per length in the final evaluation (default 32, as the page; 0 skips it)
    --output FILE      write the curve and the evaluation as JSON
    --save FILE        write the trained weights (torch.save of the state dict)
    --dump-init FILE   write the initial weights as JSON, {"params": [{"name", "shape", "data"}]} ("-": stdout)
    --device DEVICE    run on this device instead of cuda-if-available-else-cpu
    --seeds A,B,...    train one run from each of these seeds in turn (default: SEEDS below)
    --load-safetensors FILE
                       start from the page's trained weights ("Download weights (.safetensors)") instead of
                       the initial ones: one run, the file's seed, evaluated after --steps more steps
                       (default 0: evaluated as the page trained it)

Output: one line "step t loss L accuracy A" per step, t counted from 0, the loss and accuracy of the batch
that update t trains on, measured before the update (as the page's curve); then "eval length n loss L
accuracy A" at the engine's grid of lengths (the task's shortest, steps of half the training length, and 1x to
4x the training length, at most 128), on held-out sequences that are the same for every seed and scheme.

Weights from the page: --load-safetensors reads the file of the lab's "Download weights (.safetensors)"
(parsed here with json, struct and torch.frombuffer: the safetensors package is not needed). Its configuration
must be CONFIG's (its seed replaces CONFIG's), its tensors are this model's state_dict, and it records the step
the page trained it to: --steps N goes on from there on the page's batches, with a fresh AdamW (the page's
moments are not in the file), so step lines count on from that step.

Seeds: SEEDS lists the seeds the page raced the scheme from, and the script trains one run from each, in
turn, as the page does (CONFIG's "seed" is the run the page inspected; each run's is replaced by its seed).
With more than one, every run's lines follow a line "seed S", and after the last run one line "median length
n accuracy A lowest L highest H" per length gives the spread across seeds; --output then writes {"config",
"seeds", "runs": [{"seed", "curve", "evaluation"}], ...}, --save writes FILE.seedS for each seed, and
--dump-init the first seed's initial weights. With one seed the output is that run's alone.

Several processes: under torchrun (which sets RANK, LOCAL_RANK, WORLD_SIZE and MASTER_ADDR) the script joins
the process group (nccl on GPUs, else gloo) and wraps the model in DistributedDataParallel. Every rank draws
the whole batch t from the shared seed and trains on its own contiguous, disjoint slice of the rows (rank r of
K takes rows r*B//K to (r+1)*B//K - 1), so together the ranks train on exactly the single-process batch. Each
rank's loss is its cross-entropy sum divided by the whole batch's number of targets, times K to undo the
averaging of gradients by DistributedDataParallel: the gradient, the clipping and the update are those of
one process on the whole batch. Rank 0 prints and evaluates. K may not exceed the batch size.

Editing CONFIG: every field is the lab's (task, scheme, sizes, schedule, seed, randomizedPositions; extension
must stay "none": the script does not reproduce the lab's fine-tune at a longer length). The script checks only what
the model itself needs, so sizes past the browser's caps (a wider model, longer sequences, a bigger batch)
run here. Parameters are named as in the lab's contract, with "." written "_" ("l0.wq" is l0_wq), and a
linear layer computes y = x W + b with W stored [in, out].

Drawing the initial weights in plain Python takes about a second per 100,000 parameters. Requires Python 3.8
or later and PyTorch 1.13 or later; nothing else.
"""

import argparse
import json
import math
import os
import struct
import sys
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

# The experiment, as PE Explorer's lab holds it (docs: the lab's configuration table).
CONFIG_JSON = r"""
{
  "task": "previous",
  "scheme": "rope",
  "ropeConvention": "half",
  "base": 10000,
  "dModel": 64,
  "nHeads": 4,
  "nLayers": 2,
  "length": 16,
  "batch": 32,
  "causal": true,
  "scaleEmbedding": true,
  "lr": 0.003,
  "warmup": 50,
  "steps": 600,
  "weightDecay": 0.01,
  "clip": 1,
  "seed": 1,
  "randomizedPositions": 0,
  "extension": "none",
  "extensionFactor": 1,
  "originalLength": 0
}
"""

# The seeds the page trained this scheme from (a JSON list, which Python reads as a list).
SEEDS = [1]

# ----- The engine's random generator, bit for bit: splitmix64 seeds xoshiro256** --------------------------------

MASK = (1 << 64) - 1


def splitmix64(state):
    """One step of splitmix64: (next state, output), in Python integers kept to 64 bits."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def fnv1a64(text):
    """64-bit FNV-1a of a stream's name: streams are named by purpose ("lab:init:wte"), not creation order."""
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001B3) & MASK
    return h


def stream_seed(seed, stream):
    """The seed of stream `stream` under the user's seed."""
    _, a = splitmix64(seed & MASK)
    return splitmix64(a ^ (stream & MASK))[1]


def portable_log(x):
    """log(x) from frexp, +, * and / alone, as the engine computes it, so every platform gets the same bits."""
    m, e = math.frexp(x)
    if m < 0.70710678118654752440:
        m *= 2.0
        e -= 1
    f = (m - 1.0) / (m + 1.0)
    f2 = f * f
    series = 1.0 / 25.0
    for k in range(23, 0, -2):
        series = series * f2 + 1.0 / k
    return float(e) * 0.69314718055994530942 + 2.0 * f * series


class Rng:
    """xoshiro256** 1.0 with its state filled by splitmix64, and the engine's uniform and normal draws."""

    def __init__(self, seed):
        state, self.s = seed & MASK, []
        for _ in range(4):
            state, word = splitmix64(state)
            self.s.append(word)
        self.spare = None

    def next(self):
        s0, s1, s2, s3 = self.s
        result = (rotl((s1 * 5) & MASK, 7) * 9) & MASK
        t = (s1 << 17) & MASK
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self.s = [s0, s1, s2, rotl(s3, 45)]
        return result

    def uniform(self):
        """Uniform on [0, 1): the top 53 bits, an exact multiple of 2^-53."""
        return (self.next() >> 11) * 2.0**-53

    def normal(self):
        """N(0, 1) by Marsaglia's polar method; draws come in pairs, the second kept for the next call."""
        if self.spare is not None:
            value, self.spare = self.spare, None
            return value
        while True:
            u = 2.0 * self.uniform() - 1.0
            v = 2.0 * self.uniform() - 1.0
            s = u * u + v * v
            if 0.0 < s < 1.0:
                break
        factor = math.sqrt(-2.0 * portable_log(s) / s)
        self.spare = v * factor
        return u * factor


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


# ----- Tasks: the lab's synthetic data, drawn exactly as the engine draws it --------------------------------------

# task: (vocabulary V, classes C, one target per sequence, shortest length, causal by default)
TASKS = {
    "previous": (16, 16, False, 2, True),
    "reverse": (16, 16, False, 2, False),
    "first": (16, 16, False, 2, True),
    "subject": (31, 12, True, 5, False),
    "majority": (8, 8, True, 2, False),
}
SCHEMES = ("none", "sinusoidal", "learned", "rope", "alibi", "t5")
# subject's words, by token id: "the", 12 nouns (class = token id - 1), 8 verbs, 10 adjectives.
WORDS = ("the bird boy cat child dog fox girl king man queen teacher woman bites chased chases finds kicks likes "
         "loves sees big brown fast happy lazy old quick red small young").split()  # fmt: skip
NO_TARGET = -1
EVAL_SEED = 0x50454C4142455641


def pick(rng, k):
    """Uniform on 0..k-1: floor(u * k)."""
    return int(rng.uniform() * k)


def subject_sentence(rng, n):
    """"the [adjectives] A verb the [adjectives] B" padded to n tokens with adjectives; the target is A."""
    a = pick(rng, 12)
    b = pick(rng, 11)
    b += b >= a  # B is any noun but A
    verb = pick(rng, 8)
    extra = n - 5
    before_a = pick(rng, extra + 1)
    # The adjectives are drawn in the order they are written: those before A first.
    first = [21 + pick(rng, 10) for _ in range(before_a)]
    second = [21 + pick(rng, 10) for _ in range(extra - before_a)]
    return [0, *first, 1 + a, 13 + verb, 0, *second, 1 + b], [a]


def write_sequence(task, rng, n):
    """One sequence of n tokens and its targets: n of them (-1 for none), or one for subject and majority."""
    if task == "subject":
        return subject_sentence(rng, n)
    if task == "majority":
        tokens = [pick(rng, 8) for _ in range(n)]
        counts = [tokens.count(s) for s in range(8)]
        return tokens, [counts.index(max(counts))]  # the smallest of the most frequent
    tokens = [pick(rng, 16) for _ in range(n)]
    if task == "previous":
        return tokens, [NO_TARGET] + tokens[:-1]
    if task == "reverse":
        return tokens, tokens[::-1]
    return tokens, [tokens[0]] * n  # first


def as_batch(rows):
    tokens = torch.tensor([r[0] for r in rows], dtype=torch.long)
    return tokens, torch.tensor([r[1] for r in rows], dtype=torch.long).reshape(len(rows), -1)


def training_batch(cfg, t):
    """Training batch t (0 for the first step): B sequences from the stream named by the seed and t."""
    rng = Rng(stream_seed(cfg["seed"], fnv1a64("lab:train") + t))
    return as_batch([write_sequence(cfg["task"], rng, cfg["length"]) for _ in range(cfg["batch"])])


def training_positions(cfg, t):
    """Ruoss et al.'s randomized positions for training batch t, or None when CONFIG has randomizedPositions 0:
    each sequence's n positions drawn from 0..L-1 by the first n steps of a Fisher-Yates shuffle, then sorted."""
    L, n = cfg["randomizedPositions"], cfg["length"]
    if L == 0:
        return None
    rng = Rng(stream_seed(cfg["seed"], fnv1a64("lab:positions") + t))
    rows = []
    for _ in range(cfg["batch"]):
        pool = list(range(L))
        for i in range(n):
            j = i + pick(rng, L - i)
            pool[i], pool[j] = pool[j], pool[i]
        rows.append(sorted(pool[:n]))
    return torch.tensor(rows, dtype=torch.long)


def evaluation_batch(task, n, count):
    """The first `count` held-out sequences of length n: one stream each, named by task, n and index alone."""
    stream = fnv1a64(f"lab:eval:{task}:{n}")
    return as_batch([write_sequence(task, Rng(stream_seed(EVAL_SEED, stream + i)), n) for i in range(count)])

