// T5's relative position buckets for any setting (pe/t5.hpp): T5's own published setting (32 buckets, max
// distance 128) at chosen offsets, as PyTorch's T5Attention._relative_position_bucket gives them (printed by
// the reference in tests/js/t5-buckets.test.mjs, which checks every offset to 65,536 against PyTorch); and
// the lab's T5 (32 buckets, distance 32) is the same function.
#include <catch2/catch.hpp>

#include <cstddef>
#include <utility>

#include "pe/lab/config.hpp"
#include "pe/lab/positions.hpp"
#include "pe/t5.hpp"

TEST_CASE("t5_bucket: T5's 32 buckets up to distance 128, both directions and causal") {
  const std::pair<int, int> both[] = {{-1000, 15}, {-128, 15}, {-127, 15}, {-100, 15}, {-64, 14}, {-16, 10},
                                      {-8, 8},     {-7, 7},    {-1, 1},    {0, 0},     {1, 17},   {7, 23},
                                      {8, 24},     {16, 26},   {100, 31},  {128, 31},  {1000, 31}};
  for (const auto& [r, bucket] : both) REQUIRE(pe::t5_bucket(r, 32, 128, true) == bucket);
  const std::pair<int, int> causal[] = {{-1000, 31}, {-128, 31}, {-127, 31}, {-100, 30},
                                        {-64, 26},   {-16, 16},  {-8, 8},    {-7, 7},
                                        {-1, 1},     {0, 0},     {1, 0},     {1000, 0}};
  for (const auto& [r, bucket] : causal) REQUIRE(pe::t5_bucket(r, 32, 128, false) == bucket);
}

TEST_CASE("t5_buckets: every offset in order, and the lab's T5 is the same function") {
  const auto table = pe::t5_buckets(32, 128, 200, true);
  REQUIRE(table.size() == 401);
  for (int r = -200; r <= 200; ++r) {
    REQUIRE(table[static_cast<std::size_t>(r + 200)] == pe::t5_bucket(r, 32, 128, true));
    for (bool bidirectional : {true, false}) {
      REQUIRE(pe::lab::t5_bucket(r, bidirectional) ==
              pe::t5_bucket(r, pe::lab::kT5Buckets, pe::lab::kT5MaxDistance, bidirectional));
    }
  }
}
