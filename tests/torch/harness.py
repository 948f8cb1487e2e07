"""The small test runner of PE Explorer's PyTorch reference, and the helpers its tests share."""

import sys
import traceback
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import model as M  # noqa: E402

TESTS = []


def test(fn):
    """Register a test; its name is read as a sentence about the behaviour it checks."""
    TESTS.append(fn)
    return fn


def make_config(**over):
    """A tiny configuration with the dump's fields; keyword arguments override."""
    c = dict(task="previous", scheme="none", ropeConvention="half", base=10000.0, dModel=8, nHeads=2,
             nLayers=2, length=4, batch=2, causal=True, scaleEmbedding=True, lr=3e-3, warmup=3, steps=10,
             weightDecay=0.1, clip=1.0, seed=1, vocab=5, classes=3, pooled=False)  # fmt: skip
    c.update(over)
    return c


def random_model(config, dtype=torch.float32, seed=0, spread=0.3):
    """A model with every parameter random (LayerNorm gains near 1), so no term of the forward pass is trivial."""
    g = torch.Generator().manual_seed(seed)
    params = {}
    for name, shape in M.param_shapes(config):
        t = torch.randn(shape, generator=g, dtype=torch.float64) * spread
        params[name] = t + 1.0 if name.endswith(".g") else t
    return M.LabModel(config, params, dtype=dtype)


def random_batch(config, n=None, seed=1):
    """Random tokens [B, n] and targets (some -1 for per-token tasks)."""
    g = torch.Generator().manual_seed(seed)
    B, n = config["batch"], n or config["length"]
    tokens = torch.randint(config["vocab"], (B, n), generator=g)
    if config["pooled"]:
        return tokens, torch.randint(config["classes"], (B,), generator=g)
    targets = torch.randint(config["classes"], (B, n), generator=g)
    targets[:, 0] = -1
    return tokens, targets


def random_positions(config, n=None, seed=2):
    """Sorted distinct positions [B, n] from 0..L-1 (L the config's randomizedPositions), as training draws."""
    g = torch.Generator().manual_seed(seed)
    B, n = config["batch"], n or config["length"]
    rows = [torch.randperm(config["randomizedPositions"], generator=g)[:n].sort().values for _ in range(B)]
    return torch.stack(rows)


def close(a, b, tol, what=""):
    """Assert max |a - b| <= tol * max |b|: the one float comparison these tests use (tol 0 means exact)."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    assert a.shape == b.shape, f"{what}: shape {a.shape} != {b.shape}"
    err = np.max(np.abs(a - b)) if a.size else 0.0
    bound = tol * max(np.max(np.abs(b)) if b.size else 0.0, 1e-30)
    assert err <= bound, f"{what}: max error {err:.3e} > {bound:.3e}"


def run():
    """Run every registered test; print one line each and "N passed, M failed"; return 1 on any failure."""
    failed = 0
    for fn in TESTS:
        name = fn.__name__.replace("_", " ")
        try:
            fn()
            print(f"PASS  {name}")
        except Exception:  # noqa: BLE001 - every failure is reported, then counted
            failed += 1
            print(f"FAIL  {name}\n{traceback.format_exc()}")
    print(f"{len(TESTS) - failed} passed, {failed} failed")
    return 1 if failed else 0


def attention_only_output(config, n):
    """Block 0's attention output with wq = wk = 0 and wv = wo = identity, where the attention weights are
    softmax(bias): (output [n, d], input [n, d], the model)."""
    m = random_model(config, dtype=torch.float64)
    d = config["dModel"]
    for w, value in (("wq", 0), ("wk", 0), ("wv", 1), ("wo", 1)):
        m.params[f"l0.{w}"] = torch.eye(d, dtype=torch.float64) * value
    u = torch.randn(1, n, d, dtype=torch.float64, generator=torch.Generator().manual_seed(5))
    return m._attention(u, 0, torch.arange(n)[None])[0].detach().numpy(), u[0].numpy(), m


def as_entries(tensors):
    """Tensors as the dump writes them: [{"name", "shape", "data"}]."""
    return [{"name": k, "shape": list(v.shape), "data": v.detach().reshape(-1).tolist()} for k, v in tensors.items()]


def dump_batch(config, seed):
    """(tokens, targets, positions) as random_batch, with random positions when the config randomizes them."""
    randomized = config.get("randomizedPositions", 0) > 0
    return (*random_batch(config, seed=seed), random_positions(config, seed=seed) if randomized else None)


def as_batch(tokens, targets, positions):
    """A batch as the dump writes it; "positions" only when it has them."""
    out = {"tokens": tokens.tolist(), "targets": targets.tolist()}
    return out if positions is None else {**out, "positions": positions.tolist()}


def dump_point(m, tokens, targets, positions):
    """One point of a dump from the reference: its parameters, the batch, the loss and every gradient there."""
    m.zero_grad()
    loss, _ = m.loss_and_accuracy(tokens, targets, positions)
    loss.backward()
    return {"params": as_entries(m.params), "batch": as_batch(tokens, targets, positions),
            "loss": loss.item(), "grads": as_entries(m.gradients())}  # fmt: skip


def reference_dump(config, steps):
    """A dump in pe-lab-dump's format produced by the reference itself, with a checkpoint after the steps."""
    m = random_model(config, spread=0.05)
    slopes = M.alibi_slopes(config["nHeads"])
    dump = {"config": config, "alibiSlopes": slopes, **dump_point(m, *dump_batch(config, 1))}
    if config["scheme"] == "t5":
        dump["t5Buckets"] = M.t5_bucket(torch.arange(-127, 128), not config["causal"]).tolist()
    batches = [dump_batch(config, 10 + t) for t in range(steps)]
    losses = M.train(m, batches)
    dump["train"] = {"batches": [as_batch(*b) for b in batches], "losses": losses}
    dump["checkpoint"] = {"step": steps, **dump_point(m, *dump_batch(config, 99))}
    return dump
