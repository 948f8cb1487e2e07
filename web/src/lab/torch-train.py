# ----- Training ----------------------------------------------------------------------------------------------------


def lr_at(cfg, t):
    """Linear warm-up to the peak over `warmup` steps, then a cosine down to 0.1x the peak at `steps`, held there."""
    lr, warmup, steps = cfg["lr"], cfg["warmup"], cfg["steps"]
    if t < warmup:
        return lr * (t + 1) / warmup
    r = min(1.0, (t - warmup) / max(1, steps - warmup))
    return lr * (0.1 + 0.9 * 0.5 * (1.0 + math.cos(math.pi * r)))


def make_optimizer(model, cfg):
    """AdamW in two groups: weight decay on the attention, MLP and head weight matrices only."""
    specs = param_specs(cfg)
    decayed = [model.p(name) for name, _, _, _, decay in specs if decay]
    plain = [model.p(name) for name, _, _, _, decay in specs if not decay]
    return torch.optim.AdamW(
        [{"params": decayed, "weight_decay": cfg["weightDecay"]}, {"params": plain, "weight_decay": 0.0}],
        lr=cfg["lr"], betas=(0.9, 0.999), eps=1e-8,
    )  # fmt: skip


def start_processes(device_flag):
    """(rank, world size, device): one process, or the process group torchrun describes in the environment."""
    world = int(os.environ.get("WORLD_SIZE", "1"))
    device = torch.device(device_flag or ("cuda" if torch.cuda.is_available() else "cpu"))
    if world == 1:
        return 0, 1, device
    # One GPU per process, chosen by the local rank; --device cpu keeps every rank on the CPU.
    if device.type == "cuda":
        device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if device.type == "cuda" else "gloo")  # env:// from torchrun
    return dist.get_rank(), world, device


def train(net, model, cfg, steps, rank, world, device, log_every, start=0):
    """Train `steps` steps from step `start`; returns the loss and accuracy of every step (rank 0 prints them)."""
    optimizer = make_optimizer(model, cfg)
    params = [model.p(name) for name, _, _, _, _ in param_specs(cfg)]
    curve = []
    for t in range(start, start + steps):
        tokens, targets = training_batch(cfg, t)
        positions = training_positions(cfg, t)
        total = int((targets != NO_TARGET).sum())
        rows = slice(rank * cfg["batch"] // world, (rank + 1) * cfg["batch"] // world)
        optimizer.zero_grad(set_to_none=True)
        at = None if positions is None else positions[rows].to(device)
        ce, right = loss_sums(net, tokens[rows].to(device), targets[rows].to(device), at)
        (ce * world / total).backward()  # x world: DistributedDataParallel averages the ranks' gradients
        if cfg["clip"] > 0:
            torch.nn.utils.clip_grad_norm_(params, cfg["clip"])
        for group in optimizer.param_groups:
            group["lr"] = lr_at(cfg, t)
        optimizer.step()
        sums = torch.stack((ce.detach().double(), right.double()))
        if world > 1:
            dist.all_reduce(sums)
        loss, accuracy = (sums / total).tolist()
        curve.append({"step": t, "loss": loss, "accuracy": accuracy})
        if rank == 0 and ((t - start) % log_every == 0 or t == start + steps - 1):
            print(f"step {t} loss {loss:.7f} accuracy {accuracy:.6f}", flush=True)
    return curve


def eval_lengths(cfg):
    """The engine's grid: the task's shortest length, every multiple of ceil(T / 2) up to min(4T, 128), and T,
    2T, 3T, 4T within it."""
    first, last, t = TASKS[cfg["task"]][3], min(4 * cfg["length"], 128), cfg["length"]
    grid = {first, *range((t + 1) // 2, last + 1, (t + 1) // 2), *(k * t for k in range(1, 5))}
    return sorted(n for n in grid if first <= n <= last)


@torch.no_grad()
def evaluate(model, cfg, samples, device):
    """Loss and accuracy by length on the held-out sets, at the lengths of eval_lengths."""
    out = []
    for n in eval_lengths(cfg):
        tokens, targets = evaluation_batch(cfg["task"], n, samples)
        ce, right, count = 0.0, 0, int((targets != NO_TARGET).sum())
        for start in range(0, samples, 256):
            part = slice(start, start + 256)
            a, b = loss_sums(model, tokens[part].to(device), targets[part].to(device))
            ce, right = ce + a.item(), right + b.item()
        out.append({"length": n, "loss": ce / count, "accuracy": right / count})
        print(f"eval length {n} loss {ce / count:.7f} accuracy {right / count:.6f}", flush=True)
    return out


def write_json(path, value):
    """JSON to a file, or to stdout for "-"; floats as Python writes them, which read back exactly."""
    text = json.dumps(value) + "\n"
    if path == "-":
        sys.stdout.write(text)
    else:
        with open(path, "w") as f:
            f.write(text)


def seeds_flag(text):
    """The seeds of --seeds: integers separated by commas, each a valid seed."""
    try:
        seeds = [int(piece) for piece in text.split(",") if piece.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds must be integers separated by commas; received {text!r}")
    if not seeds or any(s < 0 or s > 4294967295 for s in seeds):
        raise argparse.ArgumentTypeError(f"seeds must be integers from 0 to 4294967295; received {text!r}")
    return seeds


def read_safetensors(path):
    """The tensors and the __metadata__ of a .safetensors file of F32 tensors (as the lab writes them): the
    header's length (u64, little-endian), the JSON header, then the data, each tensor at its data_offsets."""
    with open(path, "rb") as f:
        blob = f.read()
    (length,) = struct.unpack("<Q", blob[:8])
    header = json.loads(blob[8 : 8 + length])
    metadata, data, tensors = header.pop("__metadata__", {}), bytearray(blob[8 + length :]), {}
    for name, entry in header.items():
        if entry["dtype"] != "F32":
            sys.exit(f"{path}: tensor {name} is {entry['dtype']}; only F32 (the lab's) is read")
        begin, end = entry["data_offsets"]
        values = torch.frombuffer(data, dtype=torch.float32, count=(end - begin) // 4, offset=begin)
        tensors[name] = values.reshape(entry["shape"]).clone()
    return tensors, metadata


def load_safetensors(cfg, path):
    """(the weights, the step they were trained to, cfg with the file's seed) of a file from the lab's "Download
    weights", after checking that its configuration is CONFIG's (the seed aside)."""
    tensors, metadata = read_safetensors(path)
    differ = [
        f"{key} {metadata[key]} (CONFIG: {cfg[key]})"
        for key in json.loads(CONFIG_JSON)
        if key != "seed" and key in metadata
        and (metadata[key] if isinstance(cfg[key], str) else json.loads(metadata[key])) != cfg[key]
    ]  # fmt: skip
    if differ:
        sys.exit(f"{path} is a run of another configuration: {', '.join(differ)}")
    return tensors, int(metadata.get("step", "0")), {**cfg, "seed": int(metadata.get("seed", cfg["seed"]))}


def run_seed(cfg, steps, args, rank, world, device, dump_init, loaded=None):
    """One run from cfg's seed, or from `loaded` (weights, step): train, then (rank 0) evaluate. Returns its
    curve and evaluation."""
    model = LabModel(cfg)
    if loaded is None:
        model.init_weights()
    else:
        model.load_state_dict(loaded[0])  # every name and shape must match
    if dump_init and rank == 0:
        params = [{"name": n, "shape": s, "data": model.p(n).flatten().tolist()} for n, s, _, _, _ in param_specs(cfg)]
        write_json(dump_init, {"config": cfg, "params": params})
    if rank == 0:
        print(f"PE Explorer lab: {cfg['task']}, {cfg['scheme']}, {steps} steps on {device} x {world}", flush=True)
    model.to(device)
    net = model
    if world > 1:
        ids = [device.index] if device.type == "cuda" else None
        net = nn.parallel.DistributedDataParallel(model, device_ids=ids)
    started = time.time()
    start = 0 if loaded is None else loaded[1]
    curve = train(net, model, cfg, steps, rank, world, device, max(1, args.log_every), start)
    evaluation = []
    if rank == 0:
        print(f"trained {steps} steps in {time.time() - started:.1f} s", flush=True)
        evaluation = evaluate(model, cfg, args.eval_samples, device) if args.eval_samples > 0 else []
    if world > 1:
        # DistributedDataParallel goes first, and every rank leaves together: freed only when main returns,
        # after its process group, it hung a gloo run at exit about one time in four (PyTorch 1.13).
        del net
        dist.barrier()
    return model, curve, evaluation


def print_spread(runs):
    """The median, lowest and highest seed's held-out accuracy at every length (the page's line and band)."""
    for i, point in enumerate(runs[0]["evaluation"]):
        values = sorted(run["evaluation"][i]["accuracy"] for run in runs)
        mid = len(values) // 2
        median = values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2
        low, high = values[0], values[-1]
        print(f"median length {point['length']} accuracy {median:.6f} lowest {low:.6f} highest {high:.6f}")


def main():
    parser = argparse.ArgumentParser(description="PE Explorer training-lab experiment (see the docstring).")
    parser.add_argument("--steps", type=int, help="training steps (default: CONFIG's schedule length)")
    parser.add_argument("--log-every", type=int, default=1, help="print every N-th step and the last")
    parser.add_argument("--eval-samples", type=int, default=32, help="sequences per evaluation length; 0 skips it")
    parser.add_argument("--output", help="write the curve and the evaluation to this JSON file")
    parser.add_argument("--save", help="write the trained weights here (torch.save of the state dict)")
    parser.add_argument("--dump-init", help="write the initial weights here as JSON ('-' for stdout)")
    parser.add_argument("--device", help="cpu, cuda, cuda:1, ... (default: cuda if available, else cpu)")
    parser.add_argument("--seeds", type=seeds_flag, help="seeds to train from, e.g. 1,2,3 (default: SEEDS)")
    parser.add_argument("--load-safetensors", help="start from the lab's weights (.safetensors) instead")
    args = parser.parse_args()
    cfg = check_config(json.loads(CONFIG_JSON))
    seeds = args.seeds or SEEDS
    steps = cfg["steps"] if args.steps is None else args.steps
    loaded = None
    if args.load_safetensors:  # one run, the file's: trained on for --steps (default 0), then evaluated
        weights, start, cfg = load_safetensors(cfg, args.load_safetensors)
        loaded, seeds, steps = (weights, start), [cfg["seed"]], args.steps or 0
    # Float32 matrix products as the page computes them, not TensorFloat-32's 10-bit mantissas on recent GPUs.
    torch.backends.cuda.matmul.allow_tf32 = False
    rank, world, device = start_processes(args.device)
    if world > cfg["batch"]:
        sys.exit(f"{world} processes need a batch of at least {world} sequences (CONFIG has {cfg['batch']})")
    runs = []
    for i, seed in enumerate(seeds):
        seeded = {**cfg, "seed": seed}
        if rank == 0 and len(seeds) > 1:
            print(f"seed {seed}", flush=True)
        dump_init = args.dump_init if i == 0 else None
        model, curve, evaluation = run_seed(seeded, steps, args, rank, world, device, dump_init, loaded)
        runs.append({"seed": seed, "config": seeded, "curve": curve, "evaluation": evaluation})
        if args.save and rank == 0:
            torch.save(model.state_dict(), args.save if len(seeds) == 1 else f"{args.save}.seed{seed}")
    if rank == 0:
        if len(seeds) > 1 and args.eval_samples > 0:
            print_spread(runs)
        if args.output:
            common = {"device": str(device), "processes": world}
            if len(seeds) == 1:
                run = runs[0]
                output = {"config": run["config"], **common, "curve": run["curve"], "evaluation": run["evaluation"]}
            else:
                output = {"config": cfg, "seeds": seeds, **common, "runs": runs}
            write_json(args.output, output)
    if world > 1:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
