// The analyses of a position table (pe/table_stats.hpp) but its principal components (table_components.cpp):
// the cosine matrix and its mean by offset, norms and variances, and each column's dominant frequency.
#include "pe/table_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "dot_tiles.hpp"
#include "fft.hpp"
#include "pe/limits.hpp"
#include "pe/sinusoidal.hpp"
#include "table_scale.hpp"

namespace pe {

TableCosine table_cosine(matrix_view<const float> table) {
  const std::size_t n = table.rows();
  const std::size_t d = table.cols();
  PE_EXPECTS(n >= 1 && n <= to_size(limits::kMaxTableCosineRows));
  PE_EXPECTS(d >= 1 && d <= to_size(limits::kMaxDModel));
  PE_EXPECTS(table_cosine_work(static_cast<std::int64_t>(n), static_cast<std::int64_t>(d)) <=
             limits::kMaxTableWork);
  // Each row scaled by the power of two that brings its largest |value| into [0.5, 1): exact, it changes no
  // cosine, and no sum of d <= 4096 products can then overflow float32.
  std::vector<float> rows(n * d);
  for (std::size_t a = 0; a < n; ++a) {
    const auto row = table.row(a);
    detail::scale_to_unit(row.data(), d, rows.data() + a * d);
  }
  TableCosine out;
  out.matrix.resize(n * n);
  detail::dot_tiles(rows.data(), n, rows.data(), n, d, out.matrix.data(), true);
  // a.b / sqrt((a.a)(b.b)) in double: on the diagonal a.a / sqrt((a.a)^2) is exactly 1, since a float's
  // square is exact in double and the square root of an exact square is the number itself.
  std::vector<double> squares(n);
  for (std::size_t a = 0; a < n; ++a) squares[a] = out.matrix[a * n + a];
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      float& cell = out.matrix[a * n + b];
      const bool zero = squares[a] == 0.0 || squares[b] == 0.0;
      cell = zero ? 0.0F : static_cast<float>(cell / std::sqrt(squares[a] * squares[b]));
    }
  }
  out.by_offset.assign(n, 0.0);
  for (std::size_t k = 0; k < n; ++k) {
    double sum = 0.0;
    for (std::size_t a = 0; a + k < n; ++a) sum += out.matrix[a * n + a + k];
    out.by_offset[k] = sum / static_cast<double>(n - k);
  }
  return out;
}

std::vector<double> sinusoidal_cosine_by_offset(int n, int d_model, double base) {
  PE_EXPECTS(n >= 1 && d_model >= 2 && d_model % 2 == 0);
  auto out = dot_by_offset(0, n - 1, d_model, base);
  for (double& v : out) v /= d_model / 2.0;
  return out;
}

TableStats table_stats(matrix_view<const float> table) {
  const std::size_t n = table.rows();
  const std::size_t d = table.cols();
  PE_EXPECTS(n >= 1 && n <= to_size(limits::kMaxTableRows));
  PE_EXPECTS(d >= 1 && d <= to_size(limits::kMaxDModel));
  TableStats out;
  out.norms.resize(n);
  out.mean = detail::column_means(table);
  out.variance.assign(d, 0.0);
  for (std::size_t a = 0; a < n; ++a) {
    const auto row = table.row(a);
    double squares = 0.0;
    for (std::size_t j = 0; j < d; ++j) {
      const double x = row[j];
      squares += x * x;
      const double c = x - out.mean[j];
      out.variance[j] += c * c;
    }
    out.norms[a] = std::sqrt(squares);
  }
  double total = 0.0;
  for (double& v : out.variance) {
    v /= static_cast<double>(n);
    total += v;
  }
  out.share.resize(d);
  for (std::size_t j = 0; j < d; ++j) out.share[j] = total > 0.0 ? out.variance[j] / total : 0.0;
  out.order = detail::order_descending(out.variance.data(), d);
  out.cumulative.resize(d);
  double running = 0.0;
  for (std::size_t j = 0; j < d; ++j) {
    running += out.share[to_size(out.order[j])];
    out.cumulative[j] = running;
  }
  return out;
}

ColumnPeriods column_periods(matrix_view<const float> table) {
  const std::size_t n = table.rows();
  const std::size_t d = table.cols();
  PE_EXPECTS(n >= 2 && n <= to_size(limits::kMaxTableRows));
  PE_EXPECTS(d >= 1 && d <= to_size(limits::kMaxDModel));
  PE_EXPECTS(column_periods_work(static_cast<std::int64_t>(n), static_cast<std::int64_t>(d)) <=
             limits::kMaxTableWork);
  // The centred columns, one a row (d x n float32), scaled by one power of two (the spectrum's shares do not
  // change), and each column's power sum_t x_t^2 from those same values, in double.
  const detail::CentredColumns centred(table);
  const std::vector<float>& columns = centred.columns;
  std::vector<double> power(d, 0.0);
  for (std::size_t j = 0; j < d; ++j) {
    for (std::size_t t = 0; t < n; ++t) {
      const double x = columns[j * n + t];
      power[j] += x * x;
    }
  }
  std::vector<double> best(d, 0.0);
  ColumnPeriods out;
  out.bin.assign(d, 0);
  // Bin f's power counts twice below n/2: bins f and n - f hold the same (Parseval: sum_t x_t^2 =
  // sum_f |X_f|^2 / n). The first bin of the largest power wins.
  const auto consider = [&](std::size_t j, std::size_t f, double re, double im) {
    const double p = (2 * f == n ? 1.0 : 2.0) * (re * re + im * im);
    if (p > best[j]) {
      best[j] = p;
      out.bin[j] = static_cast<int>(f);
    }
  };
  const std::size_t last = n / 2;
  if ((n & (n - 1)) == 0) {
    // n a power of two (GPT-2's 1024, BERT's 512): a radix-2 FFT in double, n log2 n butterflies where the
    // block DFT below takes n^2 / 2 multiply-adds. Two real columns x and y go into one transform as x + iy;
    // with Z_f its DFT and Z_g = Z_(n-f): X_f = (Z_f + conj(Z_g)) / 2 and Y_f = (Z_f - conj(Z_g)) / 2i.
    const detail::Fft fft(n);
    std::vector<double> re(n);
    std::vector<double> im(n);
    for (std::size_t j = 0; j < d; j += 2) {
      const bool pair = j + 1 < d;
      for (std::size_t t = 0; t < n; ++t) {
        re[t] = columns[j * n + t];
        im[t] = pair ? static_cast<double>(columns[(j + 1) * n + t]) : 0.0;
      }
      fft.forward(re.data(), im.data());
      for (std::size_t f = 1; f <= last; ++f) {
        const std::size_t g = n - f;
        consider(j, f, 0.5 * (re[f] + re[g]), 0.5 * (im[f] - im[g]));
        if (pair) consider(j + 1, f, 0.5 * (im[f] + im[g]), 0.5 * (re[g] - re[f]));
      }
    }
  } else {
    // Bins 1..n/2 in blocks: a block's rows are cos(2 pi f t / n) and sin(2 pi f t / n) over t, from one
    // table of n angles indexed by f t mod n, and its dot products with every column are the DFT's real and
    // imaginary parts.
    std::vector<float> cos_of(n);
    std::vector<float> sin_of(n);
    const double turn = kTwoPi / static_cast<double>(n);
    for (std::size_t m = 0; m < n; ++m) {
      cos_of[m] = static_cast<float>(std::cos(turn * static_cast<double>(m)));
      sin_of[m] = static_cast<float>(std::sin(turn * static_cast<double>(m)));
    }
    constexpr std::size_t kBins = 32;
    std::vector<float> waves(2 * kBins * n);
    std::vector<float> parts(2 * kBins * d);
    for (std::size_t first = 1; first <= last; first += kBins) {
      const std::size_t count = std::min(kBins, last + 1 - first);
      for (std::size_t b = 0; b < count; ++b) {
        for (std::size_t t = 0; t < n; ++t) {
          const std::size_t m = ((first + b) * t) % n;
          waves[(2 * b) * n + t] = cos_of[m];
          waves[(2 * b + 1) * n + t] = sin_of[m];
        }
      }
      detail::dot_tiles(waves.data(), 2 * count, columns.data(), d, n, parts.data(), false);
      for (std::size_t b = 0; b < count; ++b) {
        for (std::size_t j = 0; j < d; ++j)
          consider(j, first + b, parts[(2 * b) * d + j], parts[(2 * b + 1) * d + j]);
      }
    }
  }
  out.period.assign(d, 0.0);
  out.share.assign(d, 0.0);
  for (std::size_t j = 0; j < d; ++j) {
    if (power[j] == 0.0 || out.bin[j] == 0) {
      out.bin[j] = 0;
      continue;
    }
    out.period[j] = static_cast<double>(n) / out.bin[j];
    out.share[j] = std::min(1.0, best[j] / (static_cast<double>(n) * power[j]));
  }
  return out;
}

}  // namespace pe
