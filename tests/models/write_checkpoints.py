"""Writes small checkpoints for tests/unit/models-reference.test.mjs, independently of the JavaScript readers.

Usage: python3 tests/models/write_checkpoints.py OUT_DIR

Into OUT_DIR: GPT-2-, BERT-, RoBERTa-, OPT- and T5-shaped safetensors files (F32, F16, BF16), a GPT-2 split into
two shards with model.safetensors.index.json, a GGUF v3 file with Q8_0, F16 and F32 position tensors, a GGUF v2
file with RoPE metadata, config.json files in the rope_scaling and the rope_parameters layouts, and
reference.json: every position tensor's values as doubles. Each value is one the dtype holds exactly (a float32,
a half, a bfloat16, or a Q8_0 scale times an int8), so the readers must decode it bit for bit.

Only struct and json write the files; torch is used for one thing, the bits of a bfloat16.
"""

import json
import math
import os
import random
import struct
import sys

import torch

rng = random.Random(20261206)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def values(count, scale=1.0):
    return [rng.uniform(-scale, scale) for _ in range(count)]


def encode(dtype, xs):
    """Bytes and the exact values they hold."""
    if dtype == "F32":
        exact = [f32(x) for x in xs]
        return struct.pack(f"<{len(xs)}f", *exact), exact
    if dtype == "F16":
        exact = [f16(x) for x in xs]
        return struct.pack(f"<{len(xs)}e", *exact), exact
    if dtype == "BF16":
        t = torch.tensor(xs, dtype=torch.float32).to(torch.bfloat16)
        bits = t.view(torch.int16).tolist()
        return struct.pack(f"<{len(xs)}h", *bits), t.to(torch.float64).tolist()
    raise ValueError(dtype)


def write_safetensors(path, tensors, metadata=None):
    """tensors: list of (name, dtype, shape, bytes)."""
    header, data = {}, b""
    if metadata is not None:
        header["__metadata__"] = metadata
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(struct.pack("<Q", len(text)) + text + data)


reference = {}


def position(file, name, dtype, shape, scale=1.0):
    raw, exact = encode(dtype, values(math.prod(shape), scale))
    reference.setdefault(file, {})[name] = {"dtype": dtype, "shape": shape, "values": exact}
    return (name, dtype, shape, raw)


def filler(name, dtype, shape):
    return (name, dtype, shape, encode(dtype, values(math.prod(shape)))[0])


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as out:
        json.dump(obj, out, indent=1)


def safetensors_models(out):
    write_safetensors(
        f"{out}/gpt2/model.safetensors",
        [filler("wte.weight", "F32", [50, 8]), position("gpt2/model.safetensors", "wpe.weight", "F32", [16, 8]),
         filler("h.0.attn.c_attn.weight", "F32", [8, 24])],
        {"format": "pt"},
    )
    write_json(f"{out}/gpt2/config.json", {"model_type": "gpt2", "n_positions": 16, "n_embd": 8, "n_head": 2})
    write_safetensors(
        f"{out}/bert/model.safetensors",
        [position("bert/model.safetensors", "bert.embeddings.position_embeddings.weight", "F16", [12, 8]),
         filler("bert.embeddings.word_embeddings.weight", "F16", [30, 8])],
    )
    write_json(f"{out}/bert/config.json", {"model_type": "bert", "max_position_embeddings": 12, "hidden_size": 8,
                                            "num_attention_heads": 2, "pad_token_id": 0})
    write_safetensors(
        f"{out}/roberta/model.safetensors",
        [position("roberta/model.safetensors", "roberta.embeddings.position_embeddings.weight", "BF16", [14, 8])],
    )
    write_json(f"{out}/roberta/config.json", {"model_type": "roberta", "max_position_embeddings": 14,
                                               "hidden_size": 8, "num_attention_heads": 2, "pad_token_id": 1})
    write_safetensors(
        f"{out}/opt/model.safetensors",
        [position("opt/model.safetensors", "model.decoder.embed_positions.weight", "BF16", [18, 8]),
         filler("model.decoder.embed_tokens.weight", "BF16", [40, 8])],
    )
    write_json(f"{out}/opt/config.json", {"model_type": "opt", "max_position_embeddings": 16, "hidden_size": 8,
                                           "num_attention_heads": 2})
    t5 = "t5/model.safetensors"
    write_safetensors(
        f"{out}/t5/model.safetensors",
        [position(t5, "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", "F32", [32, 4], 8.0),
         position(t5, "decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", "F16", [32, 4], 8.0),
         filler("shared.weight", "F32", [20, 16])],
    )
    write_json(f"{out}/t5/config.json", {"model_type": "t5", "d_model": 16, "num_heads": 4,
                                          "relative_attention_num_buckets": 32,
                                          "relative_attention_max_distance": 128})
    # GPT-2 in two shards, the position table in the second.
    write_safetensors(f"{out}/sharded/model-00001-of-00002.safetensors", [filler("wte.weight", "F32", [50, 8])])
    write_safetensors(
        f"{out}/sharded/model-00002-of-00002.safetensors",
        [position("sharded/model-00002-of-00002.safetensors", "wpe.weight", "F16", [16, 8]),
         filler("ln_f.weight", "F32", [8])],
    )
    write_json(f"{out}/sharded/model.safetensors.index.json", {
        "metadata": {"total_size": 0},
        "weight_map": {"wte.weight": "model-00001-of-00002.safetensors",
                       "wpe.weight": "model-00002-of-00002.safetensors",
                       "ln_f.weight": "model-00002-of-00002.safetensors"},
    })


# GGUF: gguf.md's layout, written by hand.
GGUF_TYPES = {"uint8": 0, "int8": 1, "uint16": 2, "int16": 3, "uint32": 4, "int32": 5, "float32": 6, "bool": 7,
              "string": 8, "array": 9, "uint64": 10, "int64": 11, "float64": 12}
FORMATS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}


def gguf_string(s):
    raw = s.encode()
    return struct.pack("<Q", len(raw)) + raw


def gguf_kv(key, kind, value):
    """One key-value: a scalar, a string, or ("array", item kind) with a list of scalars or strings."""
    if kind == "array":
        item, items = value
        t = GGUF_TYPES[item]
        body = struct.pack("<IQ", t, len(items))
        body += b"".join(gguf_string(x) if t == 8 else struct.pack(FORMATS[t], x) for x in items)
        return gguf_string(key) + struct.pack("<I", 9) + body
    t = GGUF_TYPES[kind]
    return gguf_string(key) + struct.pack("<I", t) + (gguf_string(value) if t == 8 else struct.pack(FORMATS[t], value))


def nested_kv(key, lists):
    """An array of arrays of int32."""
    body = struct.pack("<IQ", 9, len(lists))
    for items in lists:
        body += struct.pack("<IQ", 5, len(items)) + struct.pack(f"<{len(items)}i", *items)
    return gguf_string(key) + struct.pack("<I", 9) + body


def q8_0(xs):
    """ggml's quantize_row_q8_0: per block of 32, d = amax / 127 (as a half), q = round(x / d)."""
    raw, exact = b"", []
    for b in range(0, len(xs), 32):
        block = xs[b:b + 32]
        d = f16(max(abs(x) for x in block) / 127)
        qs = [max(-127, min(127, round(x / d))) if d else 0 for x in block]
        raw += struct.pack("<e", d) + struct.pack("<32b", *qs)
        exact += [d * q for q in qs]
    return raw, exact


def write_gguf(path, version, kvs, tensors, alignment=32):
    """kvs: key-values as bytes; tensors: list of (name, ggml type, dims ne0 first, bytes)."""
    head = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs)) + b"".join(kvs)
    data, infos = b"", b""
    for name, ggml_type, dims, raw in tensors:
        data += b"\0" * (-len(data) % alignment)
        infos += gguf_string(name) + struct.pack("<I", len(dims)) + struct.pack(f"<{len(dims)}Q", *dims)
        infos += struct.pack("<IQ", ggml_type, len(data))
        data += raw
    head += infos
    head += b"\0" * (-len(head) % alignment)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(head + data)


def gguf_models(out):
    file = "gguf/model.gguf"
    pos_raw, pos_exact = q8_0(values(32 * 16, 0.5))
    freqs_raw, freqs_exact = encode("F32", [1.0 + i / 4 for i in range(16)])
    rel_raw, rel_exact = encode("F16", values(4 * 32, 8.0))
    reference[file] = {
        "position_embd.weight": {"dtype": "Q8_0", "shape": [16, 32], "values": pos_exact},
        "rope_freqs.weight": {"dtype": "F32", "shape": [16], "values": freqs_exact},
        "enc.blk.0.attn_rel_b.weight": {"dtype": "F16", "shape": [32, 4], "values": rel_exact},
    }
    kvs = [gguf_kv(*kv) for kv in [
        ("general.architecture", "string", "gpt2"),
        ("general.name", "string", "tiny test model"),
        ("general.alignment", "uint32", 64),
        ("gpt2.context_length", "uint64", 16),
        ("gpt2.embedding_length", "uint32", 32),
        ("gpt2.attention.head_count", "uint32", 4),
        ("gpt2.rope.freq_base", "float32", 10000.0),
        ("test.int8", "int8", -5), ("test.uint16", "uint16", 65535), ("test.int16", "int16", -300),
        ("test.int32", "int32", -70000), ("test.int64", "int64", -(2 ** 40)), ("test.float64", "float64", 0.1),
        ("test.bool", "bool", True), ("test.uint8", "uint8", 200),
        ("tokenizer.ggml.tokens", "array", ("string", [f"tok{i}" for i in range(2000)])),
        ("tokenizer.ggml.scores", "array", ("float32", [float(i) for i in range(2000)])),
    ]] + [nested_kv("test.nested", [[1, 2], [3, 4, 5]])]
    tensors = [
        ("token_embd.weight", 12, [256, 2], bytes(144 * 2)),  # Q4_K: known, not decoded
        ("position_embd.weight", 8, [32, 16], pos_raw),
        ("rope_freqs.weight", 0, [16], freqs_raw),
        ("enc.blk.0.attn_rel_b.weight", 1, [4, 32], rel_raw),
    ]
    write_gguf(f"{out}/{file}", 3, kvs, tensors, alignment=64)

    v2 = "gguf-v2/model.gguf"
    raw, exact = encode("F32", [1.0, 1.0, 2.5, 4.0, 8.0, 8.0, 8.0, 8.0])
    reference[v2] = {"rope_freqs.weight": {"dtype": "F32", "shape": [8], "values": exact}}
    write_gguf(f"{out}/{v2}", 2, [gguf_kv(*kv) for kv in [
        ("general.architecture", "string", "llama"),
        ("llama.context_length", "uint32", 131072),
        ("llama.embedding_length", "uint32", 64),
        ("llama.attention.head_count", "uint32", 4),
        ("llama.rope.dimension_count", "uint32", 16),
        ("llama.rope.freq_base", "float32", 500000.0),
        ("llama.rope.scaling.type", "string", "yarn"),
        ("llama.rope.scaling.factor", "float32", 4.0),
        ("llama.rope.scaling.original_context_length", "uint32", 8192),
    ]], [("rope_freqs.weight", 0, [8], raw), ("blk.0.attn_q.weight", 0, [64, 64], bytes(64 * 64 * 4))])


def configs(out):
    """config.json files in the old rope_scaling layout and the newer rope_parameters one."""
    write_json(f"{out}/configs/llama-rope-scaling.json", {
        "model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
        "rope_theta": 500000.0, "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                                "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}})
    write_json(f"{out}/configs/old-type-key.json", {
        "model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16, "max_position_embeddings": 4096,
        "rope_scaling": {"type": "linear", "factor": 2.0}})
    write_json(f"{out}/configs/gemma3-rope-parameters.json", {
        "model_type": "gemma3_text", "hidden_size": 2560, "num_attention_heads": 8, "head_dim": 256,
        "max_position_embeddings": 131072, "sliding_window": 512,
        "layer_types": ["sliding_attention", "full_attention"],
        "rope_parameters": {"full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000.0},
                            "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0}}})
    write_json(f"{out}/configs/qwen-rope-parameters.json", {
        "model_type": "qwen3", "hidden_size": 1024, "num_attention_heads": 16, "head_dim": 128,
        "max_position_embeddings": 40960,
        "rope_parameters": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768,
                            "rope_theta": 1000000.0}})
    write_json(f"{out}/configs/gpt-neox.json", {
        "model_type": "gpt_neox", "hidden_size": 512, "num_attention_heads": 8, "max_position_embeddings": 2048,
        "rotary_pct": 0.25, "rotary_emb_base": 10000})
    write_json(f"{out}/configs/gpt-j.json", {
        "model_type": "gptj", "n_embd": 4096, "n_head": 16, "n_positions": 2048, "rotary_dim": 64})
    write_json(f"{out}/configs/bloom.json", {"model_type": "bloom", "hidden_size": 1024, "n_head": 16})
    write_json(f"{out}/configs/mpt.json", {
        "model_type": "mpt", "d_model": 4096, "n_heads": 32, "max_seq_len": 2048,
        "attn_config": {"alibi": True, "alibi_bias_max": 8}})
    write_json(f"{out}/configs/llama4.json", {
        "model_type": "llama4", "text_config": {
            "model_type": "llama4_text", "hidden_size": 5120, "num_attention_heads": 40, "head_dim": 128,
            "num_hidden_layers": 8, "max_position_embeddings": 10485760, "rope_theta": 500000.0,
            "no_rope_layer_interval": 4}})


def main():
    out = sys.argv[1]
    safetensors_models(out)
    gguf_models(out)
    configs(out)
    write_json(f"{out}/reference.json", reference)


main()
