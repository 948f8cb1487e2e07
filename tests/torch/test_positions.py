"""Checks of the reference's T5 bias and randomized positions (docs/lab-model.md, "T5" and "Randomized
positions"), registered with test_reference.py's runner, which imports this module."""

import math
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import model as M  # noqa: E402
from harness import (  # noqa: E402
    attention_only_output,
    close,
    make_config,
    random_batch,
    random_model,
    random_positions,
    reference_dump,
    test,
)


def mesh_t5_bucket(r, bidirectional, num_buckets=32, max_distance=32):
    """T5's bucket written from Mesh TensorFlow's docstring, in double: key minus query r; bidirectional gives
    the upper half of the buckets to r > 0; half of a side's buckets exact, the rest logarithmic up to
    max_distance, beyond it the side's last bucket."""
    first = 0
    if bidirectional:
        num_buckets //= 2
        first = num_buckets if r > 0 else 0
        r = abs(r)
    else:
        r = max(-r, 0)
    exact = num_buckets // 2
    if r < exact:
        return first + r
    return first + min(num_buckets - 1, exact + math.floor(math.log(r / exact) / math.log(max_distance / exact)
                                                           * (num_buckets - exact) + 1e-9))


@test
def t5_buckets_follow_t5s_rule_at_every_offset_the_lab_meets():
    r = torch.arange(-127, 128)
    for bidirectional in (True, False):
        got = M.t5_bucket(r, bidirectional).tolist()
        assert got == [mesh_t5_bucket(x, bidirectional) for x in r.tolist()], bidirectional
    assert M.t5_bucket(torch.tensor([1, -1, 8, -8]), True).tolist() == [17, 1, 24, 8]
    assert M.t5_bucket(torch.tensor([1, -1, -16, -31, -200]), False).tolist() == [0, 1, 16, 31, 31]


@test
def t5_bias_is_the_tables_entry_for_the_bucket_of_key_minus_query():
    for causal in (False, True):
        config = make_config(scheme="t5", dModel=12, nHeads=3, causal=causal)
        n, dh = 6, 4
        got, u, m = attention_only_output(config, n)
        table = m.params["t5.bias"].detach().numpy()
        for j in range(3):
            for p in range(n):
                a = np.array([table[mesh_t5_bucket(k - p, not causal), j] if (k <= p or not causal) else -np.inf
                              for k in range(n)])  # fmt: skip
                w = np.exp(a - a.max()) / np.exp(a - a.max()).sum()
                close(got[p, j * dh:(j + 1) * dh], w @ u[:, j * dh:(j + 1) * dh], 1e-12, f"head {j} p {p}")


@test
def positions_shifted_together_move_only_the_absolute_schemes():
    for scheme, relative in (("rope", True), ("alibi", True), ("t5", True), ("sinusoidal", False),
                             ("learned", False)):  # fmt: skip
        config = make_config(scheme=scheme, causal=False, randomizedPositions=20)
        m = random_model(config)
        tokens, _ = random_batch(config)
        at = random_positions(config, seed=3)
        plain = m.forward(tokens).detach()
        close(m.forward(tokens, torch.arange(4).expand(2, 4)).detach(), plain, 0, f"{scheme}: 0..n-1 given")
        moved = (m.forward(tokens, at + 1) - m.forward(tokens, at)).abs().max().item()
        assert (moved < 1e-5) == relative, f"{scheme}: shifting every position moved the logits by {moved}"


@test
def parity_checks_t5s_buckets_and_the_batches_randomized_positions():
    import copy

    import parity

    config = make_config(scheme="t5", dModel=12, nHeads=3, lr=1e-2, warmup=2, steps=6, randomizedPositions=40)
    fields = {k: config[k] for k in ("scheme", "dModel", "nHeads", "causal", "randomizedPositions")}
    steps = parity.TRAIN_STEPS = 8
    dump = reference_dump(config, steps)
    problems, _, stats = parity.check_case(fields, dump, check_after=steps)
    assert not problems, problems
    assert stats[1][0] < 1e-6 and stats[2] < 1e-6, stats

    def spoiled(change):
        d = copy.deepcopy(dump)
        change(d)
        return " ".join(parity.check_case(fields, d, check_after=steps)[0])

    assert "T5 buckets" in spoiled(lambda d: d["t5Buckets"].__setitem__(130, 5))
    assert "batch positions" in spoiled(lambda d: d["train"]["batches"][3]["positions"][0].reverse())
    assert "batch positions" in spoiled(lambda d: d["batch"].pop("positions"))
    # Positions other than those the engine trained at put the bias table's gradient in other buckets.
    assert "initial: gradient t5.bias" in spoiled(lambda d: d["batch"].__setitem__("positions", [[0, 1, 2, 3]] * 2))
