"""T5's relative position buckets as Hugging Face computes them, for tests/js/t5-buckets.test.mjs.

T5Attention._relative_position_bucket of transformers' src/transformers/models/t5/modeling_t5.py, line for line
(the float32 log and the truncation included), run by PyTorch. Reads a JSON list of
[num_buckets, max_distance, max_offset, bidirectional] from stdin; prints, for each, the buckets of every
relative position from -max_offset to max_offset, as a JSON list of lists.
"""

import json
import math
import sys

import torch


def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
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
    relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
    return relative_buckets


def main():
    out = []
    for num_buckets, max_distance, max_offset, bidirectional in json.load(sys.stdin):
        positions = torch.arange(-max_offset, max_offset + 1)
        out.append(relative_position_bucket(positions, bidirectional, num_buckets, max_distance).tolist())
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
