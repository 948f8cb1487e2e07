# ----- The model -------------------------------------------------------------------------------------------------


def check_config(cfg):
    """The fields mean what they mean in the lab; only what this model needs is checked, so sizes may go past the
    page's caps. Adds the task's vocabulary, classes and pooling."""

    def need(ok, message):
        if not ok:
            sys.exit(f"CONFIG: {message}")

    need(cfg["task"] in TASKS, f"task must be one of {', '.join(TASKS)}")
    need(cfg["scheme"] in SCHEMES, f"scheme must be one of {', '.join(SCHEMES)}")
    need(cfg["ropeConvention"] in ("interleaved", "half"), "ropeConvention must be interleaved or half")
    need(cfg["dModel"] >= 2 and cfg["dModel"] % 2 == 0, "dModel must be even")
    need(cfg["nHeads"] >= 1 and cfg["dModel"] % cfg["nHeads"] == 0, "nHeads must divide dModel")
    need(cfg["scheme"] != "rope" or cfg["dModel"] // cfg["nHeads"] % 2 == 0, "rope needs an even dModel / nHeads")
    vocab, classes, pooled, shortest, _ = TASKS[cfg["task"]]
    need(cfg["length"] >= shortest, f"length must be at least {shortest} for {cfg['task']}")
    need(min(cfg["nLayers"], cfg["batch"], cfg["steps"]) >= 1, "nLayers, batch and steps must be at least 1")
    L = cfg["randomizedPositions"]
    need(L == 0 or L >= cfg["length"], "randomizedPositions must be 0 (off) or at least length")
    need(L == 0 or cfg["scheme"] != "none", "randomizedPositions must be 0 for the scheme none")
    need(
        cfg.get("extension", "none") == "none" and cfg.get("originalLength", 0) == 0,
        "extension must be none and originalLength 0: this script trains a run from its start and does not "
        "reproduce the lab's fine-tune at a longer length (Lab.extend)",
    )
    need(cfg["warmup"] >= 0 and cfg["base"] > 0 and cfg["lr"] > 0, "warmup must be >= 0, base and lr > 0")
    return {**cfg, "vocab": vocab, "classes": classes, "pooled": pooled}


def param_specs(cfg):
    """The lab's parameters in buffer order: (name, shape, initial std (0: constant), constant, decayed)."""
    d, L, std = cfg["dModel"], cfg["nLayers"], 0.02
    out_std = std / math.sqrt(2.0 * L)  # GPT-2's scaling of the two projections into the residual stream
    specs = [("wte", [cfg["vocab"], d], std, 0.0, False)]
    if cfg["scheme"] == "learned":  # a row per position training reaches: T, or L when randomized
        specs.append(("wpe", [cfg["randomizedPositions"] or cfg["length"], d], std, 0.0, False))
    if cfg["scheme"] == "t5":  # one table for every layer, as T5 keeps it in its first
        specs.append(("t5.bias", [T5_BUCKETS, cfg["nHeads"]], std, 0.0, False))
    for i in range(L):
        specs += [
            (f"l{i}.ln1.g", [d], 0, 1.0, False), (f"l{i}.ln1.b", [d], 0, 0.0, False),
            (f"l{i}.wq", [d, d], std, 0.0, True), (f"l{i}.wk", [d, d], std, 0.0, True),
            (f"l{i}.wv", [d, d], std, 0.0, True), (f"l{i}.wo", [d, d], out_std, 0.0, True),
            (f"l{i}.ln2.g", [d], 0, 1.0, False), (f"l{i}.ln2.b", [d], 0, 0.0, False),
            (f"l{i}.w1", [d, 4 * d], std, 0.0, True), (f"l{i}.b1", [4 * d], 0, 0.0, False),
            (f"l{i}.w2", [4 * d, d], out_std, 0.0, True), (f"l{i}.b2", [d], 0, 0.0, False),
        ]  # fmt: skip
    specs += [("lnf.g", [d], 0, 1.0, False), ("lnf.b", [d], 0, 0.0, False),
              ("head.w", [d, cfg["classes"]], std, 0.0, True), ("head.b", [cfg["classes"]], 0, 0.0, False)]  # fmt: skip
    return specs


def alibi_slopes(h):
    """Press et al.'s slopes: 2^(-8k/n) for the largest power of two n <= h, then every other one of 2n's."""
    n = 1 << (h.bit_length() - 1)
    finer = [2.0 ** (-8.0 * k / (2 * n)) for k in range(1, 2 * n + 1, 2)]
    return [2.0 ** (-8.0 * k / n) for k in range(1, n + 1)] + finer[: h - n]


# T5's relative-position buckets: T5's 32, with max_distance 32 (T5's own is 128).
T5_BUCKETS, T5_MAX_DISTANCE = 32, 32


def t5_bucket(relative_position, bidirectional, num_buckets=T5_BUCKETS, max_distance=T5_MAX_DISTANCE):
    """T5's relative_position_bucket (Mesh TensorFlow; Hugging Face's T5Attention) of relative_position = key
    position - query position: half a side's buckets exact, the rest logarithmic up to max_distance."""
    buckets = 0
    if bidirectional:
        num_buckets //= 2
        buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    large = max_exact + (
        torch.log(relative_position.float() / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    ).to(torch.long)
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    return buckets + torch.where(is_small, relative_position, large)


def float32(rows):
    """Values computed in double, rounded to float32 (as the engine's tables)."""
    return torch.tensor(rows, dtype=torch.float64).float()


class LabModel(nn.Module):
    """The lab's pre-LayerNorm transformer; parameters registered flat, in the lab's buffer order."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        for name, shape, _, _, _ in param_specs(cfg):
            self.register_parameter(name.replace(".", "_"), nn.Parameter(torch.zeros(shape)))
        self.register_buffer("slopes", float32(alibi_slopes(cfg["nHeads"])))
        self.tables = {}

    def p(self, name):
        return getattr(self, name.replace(".", "_"))

    def init_weights(self):
        """The engine's initial weights: one stream per tensor, each draw normal * std in double, then float32."""
        with torch.no_grad():
            for name, shape, std, value, _ in param_specs(self.cfg):
                if std > 0:
                    rng = Rng(stream_seed(self.cfg["seed"], fnv1a64("lab:init:" + name)))
                    values = float32([rng.normal() * std for _ in range(math.prod(shape))])
                    self.p(name).copy_(values.reshape(shape))
                else:
                    self.p(name).fill_(value)

    def table(self, kind, n, device):
        """sinusoidal [n, d] or rope's cos and sin [n, dh/2], computed in double with Python's math as the engine."""
        if (kind, n, device) not in self.tables:
            c = self.cfg
            if kind == "sinusoidal":
                d = c["dModel"]
                angle = [[p / math.pow(c["base"], 2.0 * i / d) for i in range(d // 2)] for p in range(n)]
                pairs = [[f(a) for a in row for f in (math.sin, math.cos)] for row in angle]
                self.tables[kind, n, device] = float32(pairs).to(device)
            else:
                dh = c["dModel"] // c["nHeads"]
                theta = [[p * math.pow(c["base"], -2.0 * i / dh) for i in range(dh // 2)] for p in range(n)]
                cos = float32([[math.cos(a) for a in row] for row in theta])
                sin = float32([[math.sin(a) for a in row] for row in theta])
                self.tables[kind, n, device] = (cos.to(device), sin.to(device))
        return self.tables[kind, n, device]

    def rows(self, at):
        """Rows a table needs for positions at: all L when randomized, so training computes one table, not one per
        batch."""
        return max(int(at.max()) + 1, self.cfg["randomizedPositions"])

    def rotate(self, x, at):
        """RoPE on x [B, h, n, dh] at positions at [B, n]: pairs (2i, 2i+1) when interleaved, (i, i + dh/2) when
        half."""
        cos, sin = self.table("rope", self.rows(at), x.device)
        cos, sin = cos[at][:, None], sin[at][:, None]  # [B, 1, n, dh/2]
        if self.cfg["ropeConvention"] == "interleaved":
            a, b = x[..., 0::2], x[..., 1::2]
            return torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1).flatten(-2)
        a, b = x.chunk(2, dim=-1)
        return torch.cat((a * cos - b * sin, a * sin + b * cos), dim=-1)

    def attention(self, u, i, at):
        c = self.cfg
        B, n, d = u.shape
        h = c["nHeads"]
        q, k, v = (
            (u @ self.p(f"l{i}.{w}")).reshape(B, n, h, d // h).transpose(1, 2) for w in ("wq", "wk", "wv")
        )  # [B, h, n, dh]: head j takes features j*dh .. j*dh + dh - 1
        if c["scheme"] == "rope":
            q, k = self.rotate(q, at), self.rotate(k, at)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(d // h)
        pos = torch.arange(n, device=u.device)
        if c["scheme"] == "alibi":
            distance = (at[:, :, None] - at[:, None, :]).abs().float()[:, None]  # [B, 1, n, n]
            scores = scores - self.slopes[None, :, None, None] * distance
        elif c["scheme"] == "t5":  # T5's relative position: key (memory) position minus query position
            buckets = t5_bucket(at[:, None, :] - at[:, :, None], not c["causal"])
            scores = scores + self.t5_bias[buckets].permute(0, 3, 1, 2)
        if c["causal"]:
            scores = scores.masked_fill(pos[None, :] > pos[:, None], float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v
        return out.transpose(1, 2).reshape(B, n, d) @ self.p(f"l{i}.wo")

    def norm(self, x, name):
        mean = x.mean(-1, keepdim=True)
        var = ((x - mean) ** 2).mean(-1, keepdim=True)
        return (x - mean) / torch.sqrt(var + 1e-5) * self.p(name + ".g") + self.p(name + ".b")

    def forward(self, tokens, positions=None):
        """Logits: [B, n, C] for per-token tasks, [B, C] for subject and majority (mean-pooled). positions [B, n]
        are the tokens' positions (training's randomized ones), or None for 0..n-1."""
        c = self.cfg
        (B, n), d = tokens.shape, c["dModel"]
        at = torch.arange(n, device=tokens.device).expand(B, n) if positions is None else positions
        x = self.wte[tokens] * (math.sqrt(d) if c["scaleEmbedding"] else 1.0)
        if c["scheme"] == "sinusoidal":
            x = x + self.table("sinusoidal", self.rows(at), x.device)[at]
        elif c["scheme"] == "learned":
            # No row past the table's last (T, or L when randomized): those positions get none.
            rows = self.wpe.shape[0]
            x = x + F.pad(self.wpe, (0, 0, 0, max(0, int(at.max()) + 1 - rows)))[at]
        for i in range(c["nLayers"]):
            x = x + self.attention(self.norm(x, f"l{i}.ln1"), i, at)
            u = self.norm(x, f"l{i}.ln2")
            hidden = F.gelu(u @ self.p(f"l{i}.w1") + self.p(f"l{i}.b1"), approximate="tanh")
            x = x + hidden @ self.p(f"l{i}.w2") + self.p(f"l{i}.b2")
        y = self.norm(x, "lnf")
        if c["pooled"]:
            y = y.mean(dim=1)
        return y @ self.p("head.w") + self.p("head.b")


def loss_sums(net, tokens, targets, positions=None):
    """(cross-entropy summed over the targets that are not -1, number right): argmax takes the lowest index on ties."""
    logits = net(tokens, positions)
    logits, targets = logits.reshape(-1, logits.shape[-1]), targets.reshape(-1)
    keep = targets != NO_TARGET
    logits, targets = logits[keep], targets[keep]
    return F.cross_entropy(logits, targets, reduction="sum"), (logits.argmax(-1) == targets).sum()


