#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pe/image.hpp"
#include "pe/rng.hpp"
#include "pe/sinusoidal.hpp"

namespace {

using Picture = std::vector<std::uint32_t>;

double channel(std::uint32_t colour, int c) {
  return static_cast<double>((colour >> (8 * c)) & 0xffu);
}

// The area average written out directly from its definition, in double precision: output pixel (r, c) covers
// [r/R, (r+1)/R) x [c/C, (c+1)/C) of the unit square, source cell (p, j) covers [p/P, (p+1)/P) x [j/D,
// (j+1)/D), and the cell's weight is the area they share divided by the pixel's area.
double reference(const Picture& source, int P, int D, int R, int C, int r, int c, int ch) {
  const auto overlap = [](double a0, double a1, double b0, double b1) {
    return std::max(0.0, std::min(a1, b1) - std::max(a0, b0));
  };
  double sum = 0.0;
  for (int p = 0; p < P; ++p) {
    const double wr = overlap(double(p) / P, double(p + 1) / P, double(r) / R, double(r + 1) / R) * R;
    if (wr == 0.0) continue;
    for (int j = 0; j < D; ++j) {
      const double wc = overlap(double(j) / D, double(j + 1) / D, double(c) / C, double(c + 1) / C) * C;
      sum += wr * wc * channel(source[static_cast<std::size_t>(p * D + j)], ch);
    }
  }
  return sum;
}

// A table of values and the picture of its colours: each value sits exactly on a random palette entry.
struct Table {
  int rows, columns;
  std::vector<float> values;
  Picture colours;
};

Table random_table(int P, int D, const Picture& palette, std::uint64_t seed) {
  pe::Rng rng(seed);
  Table t{P, D, std::vector<float>(static_cast<std::size_t>(P * D)),
          Picture(static_cast<std::size_t>(P * D))};
  const auto top = static_cast<double>(palette.size() - 1);
  for (std::size_t i = 0; i < t.values.size(); ++i) {
    const auto k = static_cast<std::size_t>(rng.uniform() * static_cast<double>(palette.size()));
    t.values[i] = static_cast<float>(1.0 - 2.0 * static_cast<double>(k) / top);
    t.colours[i] = palette[k];
  }
  return t;
}

Picture random_palette(std::size_t n, std::uint64_t seed) {
  pe::Rng rng(seed);
  Picture out(n);
  for (auto& colour : out) colour = static_cast<std::uint32_t>(rng.next());
  return out;
}

Picture shrink(const Table& t, const Picture& palette, int R, int C, std::size_t block) {
  pe::BoxFilter filter(t.rows, t.columns, R, C, palette);
  Picture out;
  for (std::size_t first = 0; first < static_cast<std::size_t>(t.rows); first += block) {
    const std::size_t count = std::min(block, static_cast<std::size_t>(t.rows) - first);
    filter.add(pe::matrix_view<const float>(t.values, t.rows, t.columns).row_block(first, count), out);
  }
  CHECK(filter.rows_done() == R);
  return out;
}

}  // namespace

TEST_CASE("values map to palette entries from +1 (first) to -1 (last), clamped at both ends", "[image]") {
  const std::vector<std::uint32_t> palette = {10, 20, 30, 40, 50};
  const std::vector<float> values = {1.0f, 0.5f, 0.0f, -0.5f, -1.0f, 2.0f, -3.0f, 0.74f, 0.76f};
  std::vector<std::uint32_t> out(values.size());
  pe::map_to_palette(values, palette, out);
  CHECK(out == std::vector<std::uint32_t>{10, 20, 30, 40, 50, 10, 50, 20, 10});
}

TEST_CASE("the box filter is the area average of the coloured cells a pixel covers, fed in any blocks",
          "[image]") {
  struct Size {
    int P, D, R, C;
  };
  const Picture palette = random_palette(37, 11);
  for (const Size s : {Size{7, 5, 3, 2}, Size{10, 4, 4, 4}, Size{9, 9, 3, 3}, Size{64, 48, 17, 31},
                       Size{5, 6, 1, 1}, Size{1, 1, 1, 1}, Size{13, 11, 13, 5}, Size{100, 3, 99, 2}}) {
    const Table t = random_table(s.P, s.D, palette, static_cast<std::uint64_t>(s.P * 1000 + s.D * 10 + s.R));
    Picture coloured(t.values.size());
    pe::map_to_palette(t.values, palette, coloured);
    REQUIRE(coloured == t.colours);
    const Picture whole = shrink(t, palette, s.R, s.C, static_cast<std::size_t>(s.P));
    REQUIRE(whole.size() == static_cast<std::size_t>(s.R * s.C));
    double worst = 0.0;
    for (int r = 0; r < s.R; ++r) {
      for (int c = 0; c < s.C; ++c) {
        for (int ch = 0; ch < 4; ++ch) {
          const double expected = reference(t.colours, s.P, s.D, s.R, s.C, r, c, ch);
          worst = std::max(worst,
                           std::fabs(channel(whole[static_cast<std::size_t>(r * s.C + c)], ch) - expected));
        }
      }
    }
    INFO("table " << s.P << "x" << s.D << " to " << s.R << "x" << s.C);
    CHECK(worst <= 0.5 + 1e-3);  // rounding to the nearest 8-bit value, and float32 sums
    for (const std::size_t block : {std::size_t{1}, std::size_t{3}, std::size_t{17}}) {
      CHECK(shrink(t, palette, s.R, s.C, block) == whole);
    }
  }
}

TEST_CASE("the box filter keeps a full-size picture and a flat colour exactly, and mixes what it merges",
          "[image]") {
  const Picture palette = random_palette(5, 3);
  const Table t = random_table(6, 4, palette, 7);
  CHECK(shrink(t, palette, 6, 4, 2) == t.colours);
  const Picture grey = {0xff8040c3u, 0xff000000u};
  Table flat{12, 10, std::vector<float>(120, 1.0f), Picture(120, grey[0])};
  CHECK(shrink(flat, grey, 5, 3, 4) == Picture(15, 0xff8040c3u));
  // Opaque red (+1) and blue (-1) in a checkerboard average to purple, not to either of them.
  const Picture red_blue = {0xff0000ffu, 0xffff0000u};
  const Table board{2, 2, {1.0f, -1.0f, -1.0f, 1.0f}, {}};
  CHECK(shrink(board, red_blue, 1, 1, 1) == Picture{0xff800080u});
}

TEST_CASE("the sinusoidal picture is the coloured table, shrunk by the box filter when smaller", "[image]") {
  const int P = 300;
  const int D = 64;
  Picture palette(101);
  for (std::size_t i = 0; i < palette.size(); ++i)
    palette[i] = 0xff000000u | static_cast<std::uint32_t>(i * 0x020301u);
  const Table table{P, D, pe::sinusoidal_table(P, D, 10000.0, pe::Layout::Interleaved), {}};
  Picture coloured(table.values.size());
  pe::map_to_palette(table.values, palette, coloured);
  const auto picture = [&](int rows, int columns) {
    Picture out(static_cast<std::size_t>(rows * columns), 0u);
    std::size_t next = 0;
    pe::stream_image(P, D, 10000.0, pe::Layout::Interleaved, palette, rows, columns,
                     [&](pe::matrix_view<const std::uint32_t> pixels, std::size_t first) {
                       CHECK(first == next);  // rows arrive in order, each once
                       next = first + pixels.rows();
                       std::copy(pixels.values().begin(), pixels.values().end(),
                                 out.begin() + static_cast<std::ptrdiff_t>(first * pixels.cols()));
                     });
    CHECK(next == static_cast<std::size_t>(rows));
    return out;
  };
  CHECK(picture(P, D) == coloured);
  CHECK(picture(120, 40) == shrink(table, palette, 120, 40, 7));
  CHECK(picture(1, D) == shrink(table, palette, 1, D, 300));
}
