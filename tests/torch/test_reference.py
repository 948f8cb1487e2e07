"""Checks of PE Explorer's PyTorch reference on its own, before and besides any comparison with the engine.

Autograd against finite differences in float64 for every scheme, and each piece of the contract
(docs/lab-model.md) against an independent formula: RoPE as complex multiplication in numpy, the sinusoidal
table in numpy, ALiBi slopes with the paper's own recursive code, the schedule and AdamW written out by hand.
Run with /usr/bin/python3; the last line is "N passed, M failed" and the exit code is 1 on any failure.
"""

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
    run,
    test,
)

torch.set_num_threads(1)


# One block each keeps the full (element by element) check within seconds; the two-block case uses gradcheck's
# fast mode, a random projection of the whole Jacobian, so the residual path between blocks is covered too.
GRADCHECK_CASES = {
    "none, causal": make_config(nLayers=1),
    "none, two blocks (fast mode)": make_config(nLayers=2),
    "sinusoidal, bidirectional": make_config(scheme="sinusoidal", causal=False, nLayers=1),
    "learned, past T": make_config(scheme="learned", nLayers=1),
    "rope interleaved": make_config(scheme="rope", ropeConvention="interleaved", nLayers=1),
    "rope half, bidirectional": make_config(scheme="rope", causal=False, nLayers=1),
    "alibi, three heads, causal": make_config(scheme="alibi", dModel=6, nHeads=3, nLayers=1),
    "alibi, bidirectional, pooled": make_config(scheme="alibi", causal=False, pooled=True, task="subject",
                                                nLayers=1),
    "t5, causal": make_config(scheme="t5", nLayers=1),
    "t5, bidirectional, two blocks (fast mode)": make_config(scheme="t5", causal=False),
    "learned at randomized positions": make_config(scheme="learned", randomizedPositions=9, nLayers=1),
    "sinusoidal at randomized positions": make_config(scheme="sinusoidal", randomizedPositions=40, nLayers=1),
    "rope at randomized positions": make_config(scheme="rope", randomizedPositions=40, nLayers=1),
    "alibi at randomized positions": make_config(scheme="alibi", causal=False, randomizedPositions=40, nLayers=1),
    "t5 at randomized positions, bidirectional": make_config(scheme="t5", causal=False, randomizedPositions=60,
                                                             nLayers=1),
}


def _gradcheck(config):
    m = random_model(config, dtype=torch.float64)
    # Learned positions are checked past T too, where the table has no row.
    randomized = config.get("randomizedPositions", 0) > 0
    n = config["length"] + 2 if config["scheme"] == "learned" and not randomized else config["length"]
    tokens, targets = random_batch(config, n=n)
    positions = random_positions(config) if randomized else None
    names = list(m.params)

    def loss(*tensors):
        m.params = dict(zip(names, tensors))
        return m.loss_and_accuracy(tokens, targets, positions)[0]

    inputs = tuple(m.params[k] for k in names)
    fast = config["nLayers"] > 1
    assert torch.autograd.gradcheck(loss, inputs, eps=1e-6, atol=1e-7, rtol=1e-5, fast_mode=fast)


for _label, _config in GRADCHECK_CASES.items():
    test(lambda c=_config: _gradcheck(c)).__name__ = f"autograd matches finite differences in float64: {_label}"


def numpy_rope(x, base, convention):
    """RoPE as complex multiplication: pair (a, b) is a + ib, rotated by exp(i theta) with theta in double."""
    n, dh = x.shape
    theta = np.arange(n)[:, None] * base ** (-2.0 * np.arange(dh // 2)[None, :] / dh)
    rot = np.cos(theta).astype(np.float32) + 1j * np.sin(theta).astype(np.float32)
    if convention == "interleaved":
        z = (x[:, 0::2] + 1j * x[:, 1::2]) * rot
        out = np.empty_like(x)
        out[:, 0::2], out[:, 1::2] = z.real, z.imag
        return out
    half = dh // 2
    z = (x[:, :half] + 1j * x[:, half:]) * rot
    return np.concatenate([z.real, z.imag], axis=1)


@test
def rope_matches_complex_rotation_for_both_conventions():
    rng = np.random.default_rng(3)
    for convention in ("interleaved", "half"):
        for base, n, dh in ((10000.0, 33, 8), (10.0, 7, 4), (1e6, 130, 16)):
            x = rng.standard_normal((n, dh))
            cos, sin = M.rope_cos_sin(n, dh, base)
            got = M.rope_rotate(torch.tensor(x), cos, sin, convention).numpy()
            close(got, numpy_rope(x, base, convention), 1e-12, f"{convention} base {base}")


@test
def rope_scores_depend_only_on_the_offset():
    rng = np.random.default_rng(4)
    q, k = torch.tensor(rng.standard_normal(8)), torch.tensor(rng.standard_normal(8))
    cos, sin = M.rope_cos_sin(40, 8, 10000.0)
    for convention in ("interleaved", "half"):
        qr = M.rope_rotate(q.expand(40, 8), cos, sin, convention)
        kr = M.rope_rotate(k.expand(40, 8), cos, sin, convention)
        s = qr @ kr.T
        for offset in (0, 3, 17):
            diag = torch.diagonal(s, offset=-offset)
            close(diag, torch.full_like(diag, diag[0].item()), 1e-6, f"{convention} offset {offset}")


@test
def rope_conventions_differ():
    x = torch.arange(8, dtype=torch.float64).expand(3, 8)
    cos, sin = M.rope_cos_sin(3, 8, 10000.0)
    diff = (M.rope_rotate(x, cos, sin, "interleaved") - M.rope_rotate(x, cos, sin, "half")).abs().max()
    assert diff > 0.1, "the two conventions must pair different features"


@test
def sinusoidal_table_matches_the_papers_formula():
    for n, d, base in ((50, 16, 10000.0), (9, 8, 10.0)):
        expected = np.zeros((n, d))
        for p in range(n):
            for i in range(d // 2):
                expected[p, 2 * i] = math.sin(p / base ** (2 * i / d))
                expected[p, 2 * i + 1] = math.cos(p / base ** (2 * i / d))
        got = M.sinusoidal_table(n, d, base)
        assert got.dtype == torch.float32
        close(got.double(), expected.astype(np.float32), 0, f"n {n} d {d} base {base}")


def paper_alibi_slopes(n):
    """Press et al.'s get_slopes, as published with ALiBi."""

    def power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start**i for i in range(n)]

    if math.log2(n).is_integer():
        return power_of_2(n)
    closest = 2 ** math.floor(math.log2(n))
    return power_of_2(closest) + paper_alibi_slopes(2 * closest)[0::2][: n - closest]


@test
def alibi_slopes_follow_the_papers_rule_for_every_head_count():
    for h in range(1, 17):
        close(M.alibi_slopes(h), paper_alibi_slopes(h), 1e-14, f"h = {h}")
    close(M.alibi_slopes(8), [2.0**-k for k in range(1, 9)], 1e-15, "h = 8")
    close(M.alibi_slopes(6), [2**-2, 2**-4, 2**-6, 2**-8, 2**-1, 2**-3], 1e-15, "h = 6")


@test
def alibi_bias_is_minus_slope_times_distance_symmetric_or_causal():
    for causal in (False, True):
        config = make_config(scheme="alibi", dModel=12, nHeads=3, causal=causal)
        n, dh = 6, 4
        got, u, _ = attention_only_output(config, n)
        for j, slope in enumerate(paper_alibi_slopes(3)):
            for p in range(n):
                a = np.array([-slope * abs(p - m) if (m <= p or not causal) else -np.inf for m in range(n)])
                w = np.exp(a - a.max()) / np.exp(a - a.max()).sum()
                close(got[p, j * dh:(j + 1) * dh], w @ u[:, j * dh:(j + 1) * dh], 1e-12, f"head {j} p {p}")


@test
def attention_without_bias_averages_visible_values():
    for causal in (False, True):
        got, u, _ = attention_only_output(make_config(causal=causal), 5)
        for p in range(5):
            visible = u[: p + 1] if causal else u
            close(got[p], visible.mean(axis=0), 1e-12, f"causal {causal} p {p}")


@test
def causal_logits_ignore_later_tokens_and_bidirectional_ones_do_not():
    for scheme in ("none", "rope", "alibi", "sinusoidal", "learned", "t5"):
        for causal in (True, False):
            config = make_config(scheme=scheme, causal=causal)
            m = random_model(config)
            tokens, _ = random_batch(config)
            changed = tokens.clone()
            changed[:, -1] = (changed[:, -1] + 1) % config["vocab"]
            a, b = m.forward(tokens).detach(), m.forward(changed).detach()
            earlier = (a[:, :-1] - b[:, :-1]).abs().max().item()
            assert (earlier == 0) == causal, f"{scheme} causal {causal}: earlier logits moved by {earlier}"


@test
def learned_positions_past_t_add_nothing():
    config = make_config(scheme="learned", length=4)
    m = random_model(config)
    tokens = torch.tensor([[0, 1, 2, 3, 4, 0, 1]])
    x = m.embed(tokens, torch.arange(7)[None]).detach()
    s = math.sqrt(config["dModel"])
    close(x[0, :4], s * m.params["wte"].detach()[tokens[0, :4]] + m.params["wpe"].detach(), 1e-6, "p < T")
    close(x[0, 4:], s * m.params["wte"].detach()[tokens[0, 4:]], 0, "p >= T")


@test
def pooled_model_without_positions_cannot_see_order_and_rope_can():
    for scheme, invariant in (("none", True), ("rope", False), ("alibi", False), ("sinusoidal", False),
                              ("t5", False)):
        config = make_config(scheme=scheme, causal=False, pooled=True, task="subject")
        m = random_model(config)
        # Swapping two tokens, not reversing: symmetric ALiBi cannot tell a sequence from its reverse.
        tokens = torch.tensor([[0, 1, 2, 3]])
        moved = (m.forward(tokens) - m.forward(tokens[:, [1, 0, 2, 3]])).abs().max().item()
        assert (moved < 1e-5) == invariant, f"{scheme}: reordering moved the logits by {moved}"


@test
def loss_skips_minus_one_and_accuracy_breaks_ties_to_the_lowest_index():
    config = make_config()
    m = random_model(config)
    tokens, targets = random_batch(config)
    logits = m.forward(tokens).detach().double().numpy().reshape(-1, 3)
    t = targets.numpy().reshape(-1)
    logp = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    kept = [(i, c) for i, c in enumerate(t) if c != -1]
    loss, _ = m.loss_and_accuracy(tokens, targets)
    close(loss.item(), -np.mean([logp[i, c] for i, c in kept]), 1e-6, "loss")
    with torch.no_grad():
        m.params["head.w"].zero_()
        m.params["head.b"].copy_(torch.tensor([1.0, 1.0, 0.0]))
    for label, acc in ((0, 1.0), (1, 0.0)):
        _, got = m.loss_and_accuracy(tokens, torch.where(targets == -1, targets, torch.full_like(targets, label)))
        assert got == acc, f"all-tied logits with targets {label}: accuracy {got}"


@test
def gelu_is_the_tanh_form():
    z = torch.linspace(-6, 6, 101, dtype=torch.float64)
    expected = 0.5 * z * (1 + torch.tanh(math.sqrt(2 / math.pi) * (z + 0.044715 * z**3)))
    close(M.gelu_tanh(z), expected, 1e-14, "gelu")


@test
def schedule_warms_up_linearly_then_falls_to_a_tenth():
    c = make_config(lr=1.0, warmup=4, steps=14)
    got = [M.lr_at(c, t) for t in range(20)]
    close(got[:4], [0.25, 0.5, 0.75, 1.0], 1e-15, "warm-up")
    close([got[4], got[9], got[14], got[19]], [1.0, 0.55, 0.1, 0.1], 1e-12, "cosine")
    assert all(a > b for a, b in zip(got[4:14], got[5:15])), "the cosine decreases until steps"
    close(M.lr_at(make_config(lr=1.0, warmup=0, steps=1), 0), 1.0, 1e-15, "no warm-up")


@test
def parameters_follow_the_contracts_order_and_decay_set():
    names = [n for n, _ in M.param_shapes(make_config(scheme="learned", nLayers=1))]
    assert names == ["wte", "wpe", "l0.ln1.g", "l0.ln1.b", "l0.wq", "l0.wk", "l0.wv", "l0.wo", "l0.ln2.g",
                     "l0.ln2.b", "l0.w1", "l0.b1", "l0.w2", "l0.b2", "lnf.g", "lnf.b", "head.w", "head.b"], names
    decayed = [n for n in names if M.is_decayed(n)]
    assert decayed == ["l0.wq", "l0.wk", "l0.wv", "l0.wo", "l0.w1", "l0.w2", "head.w"], decayed
    assert "wpe" not in [n for n, _ in M.param_shapes(make_config(scheme="rope"))]
    # T5's table, one for every layer, right after wte; a learned table of L rows with randomized positions.
    t5 = M.param_shapes(make_config(scheme="t5", nHeads=2))
    assert t5[1] == ("t5.bias", [32, 2]) and [n for n, _ in t5].count("t5.bias") == 1, t5[:3]
    assert not M.is_decayed("t5.bias")
    assert M.param_shapes(make_config(scheme="learned", randomizedPositions=24))[1] == ("wpe", [24, 8])


def manual_steps(config, params, grads_of, steps):
    """The contract's clip and AdamW written out in numpy (double), for comparison with train()."""
    p = {k: v.copy() for k, v in params.items()}
    mom = {k: np.zeros_like(v) for k, v in p.items()}
    vel = {k: np.zeros_like(v) for k, v in p.items()}
    b1, b2 = M.ADAM_BETAS
    for t in range(steps):
        g = grads_of(p, t)
        norm = math.sqrt(sum(float((x**2).sum()) for x in g.values()))
        if config["clip"] > 0 and norm > config["clip"]:
            g = {k: x * config["clip"] / (norm + 1e-6) for k, x in g.items()}
        lr, k = M.lr_at(config, t), t + 1
        for name in p:
            if M.is_decayed(name):
                p[name] *= 1 - lr * config["weightDecay"]
            mom[name] = b1 * mom[name] + (1 - b1) * g[name]
            vel[name] = b2 * vel[name] + (1 - b2) * g[name] ** 2
            denom = np.sqrt(vel[name]) / math.sqrt(1 - b2**k) + M.ADAM_EPS
            p[name] -= (lr / (1 - b1**k)) * mom[name] / denom
    return p


@test
def training_steps_are_clip_then_adamw_as_the_contract_writes_them():
    for clip in (0.0, 0.05):
        config = make_config(scheme="rope", lr=0.05, warmup=2, steps=4, weightDecay=0.3, clip=clip)
        m = random_model(config, dtype=torch.float64)
        start = {k: v.detach().numpy().copy() for k, v in m.params.items()}
        batches = [random_batch(config, seed=s) for s in range(5)]

        def grads_of(p, t):
            probe = M.LabModel(config, p, dtype=torch.float64)
            probe.loss_and_accuracy(*batches[t])[0].backward()
            return {k: v.numpy() for k, v in probe.gradients().items()}

        expected = manual_steps(config, start, grads_of, len(batches))
        M.train(m, batches)
        for name, value in expected.items():
            close(m.params[name].detach().numpy(), value, 1e-9, f"clip {clip}: {name}")
        moved = max(np.abs(value - start[name]).max() for name, value in expected.items())
        assert moved > 1e-3, "the steps must change the parameters"


@test
def parity_accepts_the_references_own_dump_and_rejects_each_kind_of_difference():
    import copy

    import parity

    config = make_config(scheme="alibi", dModel=12, nHeads=3, lr=1e-2, warmup=2, steps=6)
    fields = {k: config[k] for k in ("scheme", "dModel", "nHeads", "causal")}
    steps = parity.TRAIN_STEPS = 8  # a short curve keeps this test fast; the checks do not depend on its length
    dump = reference_dump(config, steps)
    problems, _, stats = parity.check_case(fields, dump, check_after=steps)
    assert not problems, problems
    assert stats[1][0] < 1e-6 and stats[2] < 1e-6, stats

    def spoiled(change):
        d = copy.deepcopy(dump)
        change(d)
        return " ".join(parity.check_case(fields, d, check_after=steps)[0])

    def nudge_grad(point):
        g = next(g for g in point["grads"] if g["name"] == "l0.wq")
        g["data"][3] += 2e-4 * max(abs(x) for x in g["data"])

    assert "initial: gradient l0.wq" in spoiled(nudge_grad)
    assert f"step {steps}: gradient l0.wq" in spoiled(lambda d: nudge_grad(d["checkpoint"]))
    assert "initial: loss" in spoiled(lambda d: d.update(loss=d["loss"] * (1 + 3e-4)))
    assert "no checkpoint" in spoiled(lambda d: d.pop("checkpoint"))
    assert "training curve" in spoiled(lambda d: d["train"]["losses"].__setitem__(5, d["train"]["losses"][5] + 2e-3))
    assert "ALiBi slopes" in spoiled(lambda d: d["alibiSlopes"].reverse())
    assert "order/shapes" in spoiled(lambda d: d["params"].insert(0, d["params"].pop(1)))
    assert "config nHeads" in spoiled(lambda d: d["config"].update(nHeads=1))
    # Parameters that are not what the engine differentiated make every check downstream fail.
    assert "gradient" in spoiled(lambda d: d["params"][0]["data"].__setitem__(0, d["params"][0]["data"][0] + 0.05))


# T5's buckets and bias, and randomized positions: their tests register with the same runner.
import test_positions  # noqa: E402, F401

if __name__ == "__main__":
    sys.exit(run())
