"""PE Explorer's training-lab model in plain PyTorch: the independent reference for the engine's trainer.

Everything here is written from docs/lab-model.md, never from the engine's code, so that a disagreement points
at one side's reading of the contract. Parameters are held by their contract names in buffer order; a linear
layer computes ``y = x W + b`` with ``W`` stored ``[in, out]`` exactly as the engine exports it, so a dumped
tensor loads without transposition and its gradient compares name by name.
"""

import math

import torch
import torch.nn.functional as F

LN_EPS = 1e-5
# T5's relative-position buckets as the contract sets them: T5's 32 buckets, max_distance 32 (T5's is 128).
T5_BUCKETS, T5_MAX_DISTANCE = 32, 32
# Positions stay below the evaluation cap, so tables of this many rows cover every position.
MAX_POSITIONS = 128
ADAM_BETAS = (0.9, 0.999)
ADAM_EPS = 1e-8
# The contract's "linear weight matrices": the only tensors AdamW decays (matched on the name's last part).
DECAYED = ("wq", "wk", "wv", "wo", "w1", "w2")


def alibi_slopes(h):
    """ALiBi slopes for h heads (Press et al. 2022), in double.

    For h a power of two the slopes are the geometric sequence 2^(-8k/h), k = 1..h. Otherwise the paper takes
    the slopes of the largest power of two n below h, then the odd-indexed ones (every other, starting with the
    first) of the 2n-head sequence to make up the rest. Written in closed form here; the test compares it with
    the paper's recursive code.
    """
    n = 1 << (h.bit_length() - 1)
    slopes = [2.0 ** (-8.0 * k / n) for k in range(1, n + 1)]
    extra = [2.0 ** (-8.0 * k / (2 * n)) for k in range(1, 2 * n + 1, 2)]
    return slopes + extra[: h - n]


def t5_bucket(relative_position, bidirectional, num_buckets=T5_BUCKETS, max_distance=T5_MAX_DISTANCE):
    """T5's relative_position_bucket, line for line as Hugging Face's T5Attention._relative_position_bucket
    (after Mesh TensorFlow's): relative_position = key (memory) position - query position, a long tensor;
    float32 arithmetic and truncation as there."""
    relative_buckets = 0
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    relative_position_if_large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    relative_position_if_large = torch.min(
        relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
    )
    return relative_buckets + torch.where(is_small, relative_position, relative_position_if_large)


def sinusoidal_table(n, d, base):
    """The interleaved sinusoidal table [n, d]: sin at 2i, cos at 2i+1 of p / base^(2i/d), double -> float32."""
    p = torch.arange(n, dtype=torch.float64)[:, None]
    i = torch.arange(d // 2, dtype=torch.float64)[None, :]
    angle = p / base ** (2.0 * i / d)
    table = torch.empty(n, d, dtype=torch.float64)
    table[:, 0::2] = torch.sin(angle)
    table[:, 1::2] = torch.cos(angle)
    return table.float()


def rope_cos_sin(n, dh, base):
    """RoPE's cos and sin [n, dh/2] of theta = p * base^(-2i/dh), computed in double and rounded to float32."""
    p = torch.arange(n, dtype=torch.float64)[:, None]
    i = torch.arange(dh // 2, dtype=torch.float64)[None, :]
    theta = p * base ** (-2.0 * i / dh)
    return torch.cos(theta).float(), torch.sin(theta).float()


def rope_rotate(x, cos, sin, convention):
    """Rotate x [..., n, dh] at positions 0..n-1; convention 'interleaved' pairs (2i, 2i+1), 'half' (i, i+dh/2).

    A pair (a, b) becomes (a cos - b sin, a sin + b cos). cos and sin are [n, dh/2] and cast to x's dtype.
    """
    cos = cos.to(x.dtype)
    sin = sin.to(x.dtype)
    half = x.shape[-1] // 2
    if convention == "interleaved":
        a, b = x[..., 0::2], x[..., 1::2]
        return torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1).flatten(-2)
    if convention == "half":
        a, b = x[..., :half], x[..., half:]
        return torch.cat((a * cos - b * sin, a * sin + b * cos), dim=-1)
    raise ValueError(f"unknown RoPE convention {convention!r}")


def gelu_tanh(z):
    """The contract's tanh GELU, 0.5 z (1 + tanh(sqrt(2/pi) (z + 0.044715 z^3)))."""
    return F.gelu(z, approximate="tanh")


def layer_norm(x, g, b):
    """LayerNorm over the last axis with biased variance and epsilon 1e-5."""
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) ** 2).mean(-1, keepdim=True)
    return (x - mean) / torch.sqrt(var + LN_EPS) * g + b


def param_shapes(config):
    """The contract's parameter list as (name, shape) in buffer order, for a config dict with vocab/classes."""
    d, V, C, L, T = config["dModel"], config["vocab"], config["classes"], config["nLayers"], config["length"]
    shapes = [("wte", [V, d])]
    if config["scheme"] == "learned":
        # With randomized positions the table has a row for each of 0..L-1.
        shapes.append(("wpe", [config.get("randomizedPositions", 0) or T, d]))
    if config["scheme"] == "t5":
        shapes.append(("t5.bias", [T5_BUCKETS, config["nHeads"]]))
    for i in range(L):
        shapes += [
            (f"l{i}.ln1.g", [d]), (f"l{i}.ln1.b", [d]),
            (f"l{i}.wq", [d, d]), (f"l{i}.wk", [d, d]), (f"l{i}.wv", [d, d]), (f"l{i}.wo", [d, d]),
            (f"l{i}.ln2.g", [d]), (f"l{i}.ln2.b", [d]),
            (f"l{i}.w1", [d, 4 * d]), (f"l{i}.b1", [4 * d]),
            (f"l{i}.w2", [4 * d, d]), (f"l{i}.b2", [d]),
        ]  # fmt: skip
    shapes += [("lnf.g", [d]), ("lnf.b", [d]), ("head.w", [d, C]), ("head.b", [C])]
    return shapes


def is_decayed(name):
    """Whether AdamW decays this parameter: the attention and MLP weight matrices and head.w, nothing else."""
    return name == "head.w" or name.split(".")[-1] in DECAYED


class LabModel:
    """The lab transformer over named leaf tensors.

    ``params`` maps each contract name to a tensor (requires_grad) in buffer order; ``forward`` and ``loss`` are
    plain functions of them, so gradients are read back by name after ``backward``.
    """

    def __init__(self, config, params, dtype=torch.float32):
        """Build from a dump's config dict and a name -> array-like mapping (shapes checked against the contract)."""
        self.config = config
        self.dtype = dtype
        self.params = {}
        for name, shape in param_shapes(config):
            if name not in params:
                raise KeyError(f"parameter {name} missing")
            t = torch.as_tensor(params[name], dtype=torch.float64).to(dtype).reshape(shape)
            self.params[name] = t.clone().requires_grad_(True)
        extra = set(params) - set(self.params)
        if extra:
            raise KeyError(f"parameters not in the contract: {sorted(extra)}")
        # ALiBi slopes are fixed; computed here from the paper's rule, and parity checks the engine's against them.
        self.slopes = torch.tensor(alibi_slopes(config["nHeads"]), dtype=torch.float64).to(dtype)

    def _attention(self, u, i, at):
        """Multi-head attention of block i on u [B, n, d], the tokens at positions at [B, n]."""
        c, P = self.config, self.params
        B, n, d = u.shape
        h = c["nHeads"]
        dh = d // h

        def heads(x):
            return x.reshape(B, n, h, dh).transpose(1, 2)  # [B, h, n, dh]: head j takes features j*dh..

        q, k, v = heads(u @ P[f"l{i}.wq"]), heads(u @ P[f"l{i}.wk"]), heads(u @ P[f"l{i}.wv"])
        if c["scheme"] == "rope":
            cos, sin = rope_cos_sin(MAX_POSITIONS, dh, c["base"])
            cos, sin = cos[at][:, None], sin[at][:, None]  # [B, 1, n, dh/2]: each token's own angle
            q = rope_rotate(q, cos, sin, c["ropeConvention"])
            k = rope_rotate(k, cos, sin, c["ropeConvention"])
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(dh)
        if c["scheme"] == "alibi":
            dist = (at[:, :, None] - at[:, None, :]).abs().to(self.dtype)[:, None]  # [B, 1, n, n]
            scores = scores - self.slopes[None, :, None, None] * dist
        if c["scheme"] == "t5":
            # T5's relative position is memory (key) position minus query position.
            buckets = t5_bucket(at[:, None, :] - at[:, :, None], not c["causal"])  # [B, n (query), n (key)]
            scores = scores + P["t5.bias"][buckets].permute(0, 3, 1, 2)  # [B, h, n, n]
        pos = torch.arange(n)
        if c["causal"]:
            future = pos[None, :] > pos[:, None]  # m > p
            scores = scores.masked_fill(future, float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v  # [B, h, n, dh]
        return out.transpose(1, 2).reshape(B, n, d) @ P[f"l{i}.wo"]

    def embed(self, tokens, at):
        """The blocks' input x [B, n, d]: scaled token embeddings plus the scheme's absolute positions at at."""
        c, P = self.config, self.params
        d = c["dModel"]
        scale = math.sqrt(d) if c["scaleEmbedding"] else 1.0
        x = scale * P["wte"][tokens]
        if c["scheme"] == "sinusoidal":
            x = x + sinusoidal_table(MAX_POSITIONS, d, c["base"]).to(self.dtype)[at]
        elif c["scheme"] == "learned":
            # Positions past the table's last row have none: they receive no position at all (P_p = 0).
            rows = P["wpe"].shape[0]
            padded = torch.cat((P["wpe"], torch.zeros(MAX_POSITIONS - rows, d, dtype=self.dtype)), dim=0)
            x = x + padded[at]
        return x

    def forward(self, tokens, positions=None):
        """Logits for integer tokens [B, n] at positions [B, n] (None: 0..n-1): [B, n, C] for per-token tasks,
        [B, C] for pooled ones."""
        c, P = self.config, self.params
        tokens = torch.as_tensor(tokens, dtype=torch.long)
        B, n = tokens.shape
        if positions is None:
            at = torch.arange(n).expand(B, n)
        else:
            at = torch.as_tensor(positions, dtype=torch.long)
        x = self.embed(tokens, at)
        for i in range(c["nLayers"]):
            x = x + self._attention(layer_norm(x, P[f"l{i}.ln1.g"], P[f"l{i}.ln1.b"]), i, at)
            u = layer_norm(x, P[f"l{i}.ln2.g"], P[f"l{i}.ln2.b"])
            x = x + gelu_tanh(u @ P[f"l{i}.w1"] + P[f"l{i}.b1"]) @ P[f"l{i}.w2"] + P[f"l{i}.b2"]
        y = layer_norm(x, P["lnf.g"], P["lnf.b"])
        if c["pooled"]:
            y = y.mean(dim=1)
        return y @ P["head.w"] + P["head.b"]

    def loss_and_accuracy(self, tokens, targets, positions=None):
        """Mean cross-entropy over targets that are not -1, and the accuracy (argmax, lowest index on ties)."""
        logits = self.forward(tokens, positions)
        targets = torch.as_tensor(targets, dtype=torch.long)
        logits = logits.reshape(-1, logits.shape[-1])
        targets = targets.reshape(-1)
        keep = targets != -1
        logits, targets = logits[keep], targets[keep]
        loss = F.cross_entropy(logits, targets, reduction="mean")
        # torch.argmax returns the first maximal index, the contract's tie rule.
        accuracy = (logits.argmax(dim=-1) == targets).double().mean().item()
        return loss, accuracy

    def zero_grad(self):
        """Drop the gradients of every parameter."""
        for t in self.params.values():
            t.grad = None

    def gradients(self):
        """name -> gradient tensor (detached), after a backward pass."""
        return {name: t.grad.detach().clone() for name, t in self.params.items()}


def lr_at(config, t):
    """The contract's schedule at 0-based step t: linear warm-up, then cosine down to 0.1x the peak."""
    lr, warmup, steps = config["lr"], config["warmup"], config["steps"]
    if t < warmup:
        return lr * (t + 1) / warmup
    r = min(1.0, (t - warmup) / max(1, steps - warmup))
    return lr * (0.1 + 0.9 * 0.5 * (1.0 + math.cos(math.pi * r)))


def make_optimizer(model):
    """torch.optim.AdamW with two groups: the decayed weight matrices, and everything else at zero decay."""
    decayed = [t for name, t in model.params.items() if is_decayed(name)]
    plain = [t for name, t in model.params.items() if not is_decayed(name)]
    groups = [
        {"params": decayed, "weight_decay": model.config["weightDecay"]},
        {"params": plain, "weight_decay": 0.0},
    ]
    return torch.optim.AdamW(groups, lr=model.config["lr"], betas=ADAM_BETAS, eps=ADAM_EPS, foreach=False)


def train(model, batches, optimizer=None, start=0):
    """Train on each (tokens, targets) or (tokens, targets, positions) batch in turn from step ``start``;
    returns the loss before each update.

    Each step: forward, backward, global-norm clip (clip_grad_norm_, skipped when clip is 0), learning rate of
    the schedule set on both groups, AdamW step.
    """
    optimizer = optimizer or make_optimizer(model)
    clip = model.config["clip"]
    losses = []
    for t, (tokens, targets, *positions) in enumerate(batches, start=start):
        model.zero_grad()
        loss, _ = model.loss_and_accuracy(tokens, targets, *positions)
        losses.append(loss.item())
        loss.backward()
        if clip > 0:
            torch.nn.utils.clip_grad_norm_(list(model.params.values()), clip)
        for group in optimizer.param_groups:
            group["lr"] = lr_at(model.config, t)
        optimizer.step()
    return losses
