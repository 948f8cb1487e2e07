"""Hugging Face transformers' RoPE parameter functions, ported to plain Python: the reference for ropeSpectrum.

Source: huggingface/transformers, src/transformers/modeling_rope_utils.py at commit
ef46806472a64b0013ed413781e3afed82bfa047 (read for _compute_default_rope_parameters,
_compute_linear_scaling_rope_parameters, _compute_dynamic_ntk_parameters, _compute_longrope_parameters,
_compute_llama3_parameters and the yarn helpers find_correction_dim, find_correction_range and
linear_ramp_factor). Later revisions of the same file add to _compute_yarn_parameters what this port also
carries: get_mscale with `mscale` and `mscale_all_dim` for the default attention factor, the ramp measured at
rope_scaling's `original_max_position_embeddings` (or max_position_embeddings when absent) with `factor` taken
as given, and `truncate` (default True; False keeps the ramp's ends fractional). Those lines follow the later
file's text as third-party copies reproduce it; no newer upstream commit could be read where this was written.

What changed, and only that: torch tensors are Python lists, and every number is a double. Hugging Face computes
`inv_freq` in float32 (torch.arange(...).float(), base ** that, the float32 ramp of linear_ramp_factor, the
float32 tensors of longrope's factors), so its own tensors differ from these values by float32 rounding (about
1e-7 relative); this port, like the engine, keeps double precision throughout, which is what lets the test
compare the two at 1e-12. The structure, names, defaults and branches are Hugging Face's; `config` is a plain
object with the PretrainedConfig attributes those functions read (see Config).

Run as a script it reads JSON from stdin, a list of cases
  {"config": {"rope_theta": ..., "head_dim": ..., "max_position_embeddings": ..., "partial_rotary_factor": ...,
              "original_max_position_embeddings": ... (optional, Phi-3's top-level field),
              "rope_scaling": {"rope_type": ..., ...} or null},
   "seq_len": ... or null}
and prints a JSON list of {"rope_type", "dim", "inv_freq", "attention_factor"}, one per case.
"""

import json
import math
import sys


class Config:
    """The attributes of a PretrainedConfig that the functions below read; absent keys stay absent (hasattr)."""

    def __init__(self, fields):
        for key, value in fields.items():
            if value is not None or key == "rope_scaling":
                setattr(self, key, value)
        if not hasattr(self, "rope_scaling"):
            self.rope_scaling = None


def _arange(start, stop, step=1):
    """torch.arange over integers, as a list of Python numbers."""
    return list(range(start, stop, step))


def _rotary_dim(config):
    # `dim = int(head_dim * partial_rotary_factor)`, as every function below computes it.
    partial_rotary_factor = config.partial_rotary_factor if hasattr(config, "partial_rotary_factor") else 1.0
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    return int(head_dim * partial_rotary_factor)


def _compute_default_rope_parameters(config=None, device=None, seq_len=None):
    """The inverse frequencies of the original RoPE: 1 / base^(2i / dim)."""
    base = config.rope_theta
    dim = _rotary_dim(config)

    attention_factor = 1.0  # Unused in this type of RoPE

    # Compute the inverse frequencies (HF: in float32, from an int64 arange cast to float)
    inv_freq = [1.0 / (base ** (i / dim)) for i in _arange(0, dim, 2)]
    return inv_freq, attention_factor


def _compute_linear_scaling_rope_parameters(config=None, device=None, seq_len=None):
    """Linear scaling (kaiokendev): every inverse frequency divided by `factor`."""
    factor = config.rope_scaling["factor"]

    # Gets the default RoPE parameters
    inv_freq, attention_factor = _compute_default_rope_parameters(config, device, seq_len)

    # Then applies linear scaling to the frequencies.
    # NOTE (HF): originally, scaling was applied to the position_ids. However, we get `embs = inv_freq @
    # position_ids`, so applying scaling to the inverse frequencies is equivalent.
    inv_freq = [f / factor for f in inv_freq]
    return inv_freq, attention_factor


def _compute_dynamic_ntk_parameters(config=None, device=None, seq_len=None):
    """Dynamic NTK (bloc97, emozilla): the base raised once the sequence outgrows max_position_embeddings."""
    base = config.rope_theta
    dim = _rotary_dim(config)
    # HF reads max_position_embeddings here, not rope_scaling's original_max_position_embeddings (a TODO there).
    max_position_embeddings = config.max_position_embeddings
    factor = config.rope_scaling["factor"]

    attention_factor = 1.0  # Unused in this type of RoPE

    # seq_len: default to max_position_embeddings, e.g. at init time
    seq_len = seq_len if seq_len is not None and seq_len > max_position_embeddings else max_position_embeddings

    # Compute the inverse frequencies
    base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
    inv_freq = [1.0 / (base ** (i / dim)) for i in _arange(0, dim, 2)]
    return inv_freq, attention_factor


def get_mscale(scale, mscale=1):
    """YaRN's attention temperature: 0.1 mscale ln(scale) + 1, and 1 for scale <= 1."""
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


def find_correction_dim(num_rotations, dim, base, max_position_embeddings):
    """Inverse dimension formula to find the dimension based on the number of rotations"""
    return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (2 * math.log(base))


def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):
    """Find dimension range bounds based on rotations"""
    low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
    high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
    if truncate:
        low = math.floor(low)
        high = math.ceil(high)
    return max(low, 0), min(high, dim - 1)


def linear_ramp_factor(min, max, dim):  # noqa: A002 (HF's names)
    if min == max:
        max += 0.001  # Prevent singularity

    # HF: torch.arange(dim, dtype=torch.float32), so the ramp is computed in float32
    linear_func = [(i - min) / (max - min) for i in _arange(0, dim)]
    ramp_func = [0.0 if x < 0 else 1.0 if x > 1 else x for x in linear_func]  # torch.clamp(linear_func, 0, 1)
    return ramp_func


def _compute_yarn_parameters(config, device=None, seq_len=None):
    """YaRN (Peng et al. 2023, arXiv:2309.00071): NTK-by-parts interpolation and an attention factor."""
    base = config.rope_theta
    dim = _rotary_dim(config)
    factor = config.rope_scaling["factor"]
    attention_factor = config.rope_scaling.get("attention_factor")
    mscale = config.rope_scaling.get("mscale")
    mscale_all_dim = config.rope_scaling.get("mscale_all_dim")
    original_max_position_embeddings = (
        config.rope_scaling.get("original_max_position_embeddings") or config.max_position_embeddings
    )

    # Sets the attention factor as suggested in the paper
    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)

    # Optional config options
    # beta_fast/beta_slow: as suggested in the paper, default to 32/1 (correspondingly)
    beta_fast = config.rope_scaling.get("beta_fast") or 32
    beta_slow = config.rope_scaling.get("beta_slow") or 1

    # Note on variable naming (HF): "interpolation" comes from the original technique, where we interpolate the
    # position IDs to expand the possible context length. In other words, interpolation = apply scaling factor.
    pos_freqs = [base ** (i / dim) for i in _arange(0, dim, 2)]
    inv_freq_extrapolation = [1.0 / p for p in pos_freqs]
    inv_freq_interpolation = [1.0 / (factor * p) for p in pos_freqs]

    truncate = config.rope_scaling.get("truncate", True)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)

    # Get n-dimensional rotational scaling corrected for extrapolation
    inv_freq_extrapolation_factor = [1 - r for r in linear_ramp_factor(low, high, dim // 2)]
    inv_freq = [
        interpolation * (1 - extrapolation_factor) + extrapolation * extrapolation_factor
        for interpolation, extrapolation, extrapolation_factor in zip(
            inv_freq_interpolation, inv_freq_extrapolation, inv_freq_extrapolation_factor
        )
    ]
    return inv_freq, attention_factor


def _compute_longrope_parameters(config, device=None, seq_len=None):
    """LongRoPE (Phi-3): per-pair factors, short ones within the original length and long ones beyond it."""
    base = config.rope_theta
    dim = _rotary_dim(config)
    long_factor = config.rope_scaling["long_factor"]
    short_factor = config.rope_scaling["short_factor"]
    factor = config.rope_scaling.get("factor")
    attention_factor = config.rope_scaling.get("attention_factor")

    # NOTE (HF): Phi3 (and potentially other models) modify `max_position_embeddings` and have a
    # `original_max_position_embeddings` field containing the pretrained value. They use the ratio between these
    # two values to compute the default attention scaling factor, instead of using `factor`.
    if hasattr(config, "original_max_position_embeddings"):
        original_max_position_embeddings = config.original_max_position_embeddings
        factor = config.max_position_embeddings / config.original_max_position_embeddings
    else:
        original_max_position_embeddings = config.max_position_embeddings

    # Sets the attention factor as suggested in the paper
    if attention_factor is None:
        if factor <= 1.0:
            attention_factor = 1.0
        else:
            attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_position_embeddings))

    # Compute the inverse frequencies -- scaled based on the target sequence length
    # (HF: the factors become a float32 tensor)
    if seq_len and seq_len > original_max_position_embeddings:
        ext_factors = long_factor
    else:
        ext_factors = short_factor
    inv_freq_shape = [i / dim for i in _arange(0, dim, 2)]
    inv_freq = [1.0 / (e * base**s) for e, s in zip(ext_factors, inv_freq_shape)]

    return inv_freq, attention_factor


def _compute_llama3_parameters(config, device=None, seq_len=None):
    """Llama 3.1's rule: short wavelengths kept, long ones divided by `factor`, a smooth blend between."""
    # Gets the default RoPE parameters
    inv_freq, attention_factor = _compute_default_rope_parameters(config, device, seq_len)

    factor = config.rope_scaling["factor"]  # `8` in the original implementation
    low_freq_factor = config.rope_scaling["low_freq_factor"]  # `1` in the original implementation
    high_freq_factor = config.rope_scaling["high_freq_factor"]  # `4` in the original implementation
    old_context_len = config.rope_scaling["original_max_position_embeddings"]  # `8192` in the original

    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor

    out = []
    for f in inv_freq:
        wavelen = 2 * math.pi / f
        # wavelen < high_freq_wavelen: do nothing
        # wavelen > low_freq_wavelen: divide by factor
        inv_freq_llama = f / factor if wavelen > low_freq_wavelen else f
        # otherwise: interpolate between the two, using a smooth factor
        smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
        smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
        is_medium_freq = not (wavelen < high_freq_wavelen) and not (wavelen > low_freq_wavelen)
        out.append(smoothed_inv_freq if is_medium_freq else inv_freq_llama)

    return out, attention_factor


# This maps the "rope_type" string field in rope config to the corresponding function (as HF's does).
ROPE_INIT_FUNCTIONS = {
    "default": _compute_default_rope_parameters,
    "linear": _compute_linear_scaling_rope_parameters,
    "dynamic": _compute_dynamic_ntk_parameters,
    "yarn": _compute_yarn_parameters,
    "longrope": _compute_longrope_parameters,
    "llama3": _compute_llama3_parameters,
}


def compute(case):
    """One case of the JSON protocol: the rope type's function on the case's config and seq_len."""
    config = Config(case["config"])
    scaling = config.rope_scaling
    # BC (HF): "rope_type" was originally "type"
    rope_type = "default" if scaling is None else scaling.get("rope_type", scaling.get("type", "default"))
    inv_freq, attention_factor = ROPE_INIT_FUNCTIONS[rope_type](config, None, case.get("seq_len"))
    return {
        "rope_type": rope_type,
        "dim": _rotary_dim(config),
        "inv_freq": inv_freq,
        "attention_factor": attention_factor,
    }


def main():
    cases = json.load(sys.stdin)
    json.dump([compute(case) for case in cases], sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
