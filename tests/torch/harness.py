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
