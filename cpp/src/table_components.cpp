// The principal components of a position table's centred rows (pe/table_stats.hpp).
//
// Method: the d x d covariance C = Xc^T Xc / n, once (float32 tiles, rows * d^2 / 2 multiply-adds), then
// subspace iteration with Rayleigh-Ritz on a block of p = min(d, k + 16) vectors: Y = C Q; the p x p matrix
// H = Q^T Y is diagonalised by cyclic Jacobi (small, exact to double precision, no transcendental function);
// its eigenvalues are the Ritz values, and Q becomes the orthonormalised Y W. The top k Ritz values converge
// as (lambda_{p+1} / lambda_i)^(2t), so the sixteen extra vectors carry components whose neighbours are close
// (a sinusoid's pairs, a helix): a table of eight waves of equal variance (sixteen equal eigenvalues) took
// 112 steps with eight extra vectors and takes 4 with sixteen. It stops when no top-k Ritz value moved by
// more than 1e-6 of the largest (float32 products set a floor near 1e-7), after at most kMaxIterations, or as
// many as fit in limits::kMaxTableWork (10 at d = 4096).
//
// Why not a full eigensolver: Jacobi or Householder on the whole d x d matrix costs tens of d^3 flops
// (several seconds at d = 768 in the browser), and a Gram matrix (n x n) is no smaller for these tables. The
// iteration costs d^2 p per step and needs only the top k.
//
// Deterministic: a fixed start (splitmix64 from a fixed seed), fixed orders of every sum, and a sign rule
// (each component's largest-magnitude loading positive, the first such on a tie).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "dot_tiles.hpp"
#include "pe/limits.hpp"
#include "pe/rng.hpp"
#include "pe/table_stats.hpp"
#include "table_scale.hpp"

namespace pe {
namespace {

constexpr int kMaxIterations = 300;
constexpr int kExtra = 16;
constexpr double kTolerance = 1e-6;

/// Eigenvalues (descending, ties in index order) and eigenvectors (column i of w, p x p row-major) of the
/// symmetric p x p matrix h, by cyclic Jacobi rotations (Rutishauser's formulas) until no off-diagonal
/// entry is left that changes the diagonal.
void jacobi(std::vector<double> h, std::size_t p, std::vector<double>& values, std::vector<double>& w) {
  std::vector<double> v(p * p, 0.0);
  for (std::size_t i = 0; i < p; ++i) v[i * p + i] = 1.0;
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0.0;
    double diag = 0.0;
    for (std::size_t i = 0; i < p; ++i) {
      diag += h[i * p + i] * h[i * p + i];
      for (std::size_t j = i + 1; j < p; ++j) off += h[i * p + j] * h[i * p + j];
    }
    if (off <= 1e-30 * diag || off == 0.0) break;
    for (std::size_t i = 0; i + 1 < p; ++i) {
      for (std::size_t j = i + 1; j < p; ++j) {
        const double hij = h[i * p + j];
        if (hij == 0.0) continue;
        const double theta = (h[j * p + j] - h[i * p + i]) / (2.0 * hij);
        const double t = (theta >= 0.0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0);
        const double s = t * c;
        for (std::size_t r = 0; r < p; ++r) {  // columns i and j
          const double a = h[r * p + i];
          const double b = h[r * p + j];
          h[r * p + i] = c * a - s * b;
          h[r * p + j] = s * a + c * b;
        }
        for (std::size_t r = 0; r < p; ++r) {  // rows i and j
          const double a = h[i * p + r];
          const double b = h[j * p + r];
          h[i * p + r] = c * a - s * b;
          h[j * p + r] = s * a + c * b;
        }
        for (std::size_t r = 0; r < p; ++r) {
          const double a = v[r * p + i];
          const double b = v[r * p + j];
          v[r * p + i] = c * a - s * b;
          v[r * p + j] = s * a + c * b;
        }
      }
    }
  }
  std::vector<double> diagonal(p);
  for (std::size_t i = 0; i < p; ++i) diagonal[i] = h[i * p + i];
  const std::vector<int> order = detail::order_descending(diagonal.data(), p);
  values.resize(p);
  w.assign(p * p, 0.0);
  for (std::size_t i = 0; i < p; ++i) {
    const auto from = static_cast<std::size_t>(order[i]);
    values[i] = diagonal[from];
    for (std::size_t r = 0; r < p; ++r) w[r * p + i] = v[r * p + from];
  }
}

/// Gram-Schmidt on the p rows of q (d values each), each row made orthogonal to the ones before it twice
/// (classical Gram-Schmidt, twice, is as orthogonal as the modified one and runs on the tile kernels); a row
/// that has (almost) nothing left is replaced by the next vector of the fixed stream and made orthogonal in
/// turn.
void orthonormalise(std::vector<double>& q, std::size_t p, std::size_t d, std::uint64_t& stream) {
  std::vector<double> coeff(p);
  const auto square = [d](const double* row) {
    double s = 0.0;
    detail::dot_tiles(row, 1, row, 1, d, &s, false);
    return s;
  };
  for (std::size_t i = 0; i < p; ++i) {
    double* row = q.data() + i * d;
    for (int attempt = 0;; ++attempt) {
      const double before = square(row);
      for (int pass = 0; pass < 2 && i > 0; ++pass) {
        detail::dot_tiles(row, 1, q.data(), i, d, coeff.data(), false);
        for (std::size_t l = 0; l < i; ++l) coeff[l] = -coeff[l];
        detail::add_combination(coeff.data(), 1, i, q.data(), d, row);
      }
      const double after = square(row);
      if (after > 1e-20 * before && after > 0.0) {
        const double scale = 1.0 / std::sqrt(after);
        for (std::size_t c = 0; c < d; ++c) row[c] *= scale;
        break;
      }
      PE_EXPECTS(attempt < 64);
      for (std::size_t c = 0; c < d; ++c) {
        row[c] = static_cast<double>(splitmix64(stream) >> 11) * 0x1.0p-52 - 1.0;
      }
    }
  }
}

}  // namespace

TableComponents table_components(matrix_view<const float> table, int k) {
  const std::size_t n = table.rows();
  const std::size_t d = table.cols();
  PE_EXPECTS(n >= 2 && n <= to_size(limits::kMaxTableRows));
  PE_EXPECTS(d >= 1 && d <= to_size(limits::kMaxDModel));
  PE_EXPECTS(k >= 1 && k <= limits::kMaxTableComponents && to_size(k) <= d);
  PE_EXPECTS(table_components_work(static_cast<std::int64_t>(n), static_cast<std::int64_t>(d)) <=
             limits::kMaxTableWork);
  const detail::CentredColumns centred(table);
  // C * n * 4^-exponent: the centred values are below 1 in magnitude, so no float32 sum can overflow.
  std::vector<float> cov(d * d);
  detail::dot_tiles(centred.columns.data(), d, centred.columns.data(), d, n, cov.data(), true);
  const double unscale = std::ldexp(1.0, 2 * centred.exponent) / static_cast<double>(n);
  double total = 0.0;
  for (std::size_t j = 0; j < d; ++j) total += static_cast<double>(cov[j * d + j]);

  const std::size_t kk = to_size(k);
  const std::size_t p = std::min(d, kk + kExtra);
  const auto step_work = static_cast<std::int64_t>(p * d * d);
  const int last = static_cast<int>(
      std::max<std::int64_t>(2, std::min<std::int64_t>(kMaxIterations, limits::kMaxTableWork / step_work)));
  std::uint64_t stream = 0x5045u;  // "PE": the fixed start
  std::vector<double> q(p * d);
  for (double& x : q) x = static_cast<double>(splitmix64(stream) >> 11) * 0x1.0p-52 - 1.0;
  orthonormalise(q, p, d, stream);
  std::vector<float> qf(p * d);
  std::vector<float> y(p * d);
  std::vector<double> yd(p * d);
  std::vector<double> qy(p * p);
  std::vector<double> h(p * p);
  std::vector<double> values;
  std::vector<double> w;
  std::vector<double> previous(kk, 0.0);
  TableComponents out;
  for (int it = 1;; ++it) {
    for (std::size_t i = 0; i < q.size(); ++i) qf[i] = static_cast<float>(q[i]);
    // Row i of y is C q_i (C is symmetric: q_i . row j of C); H = Q Y^T, made exactly symmetric.
    detail::dot_tiles(qf.data(), p, cov.data(), d, d, y.data(), false);
    for (std::size_t i = 0; i < y.size(); ++i) yd[i] = static_cast<double>(y[i]);
    detail::dot_tiles(q.data(), p, yd.data(), p, d, qy.data(), false);
    for (std::size_t i = 0; i < p; ++i) {
      for (std::size_t l = 0; l < p; ++l) h[i * p + l] = 0.5 * (qy[i * p + l] + qy[l * p + i]);
    }
    jacobi(h, p, values, w);
    double moved = 0.0;
    for (std::size_t i = 0; i < kk; ++i) moved = std::max(moved, std::fabs(values[i] - previous[i]));
    std::copy(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(kk), previous.begin());
    const bool done = (it > 1 && moved <= kTolerance * std::fabs(values[0])) || it == last;
    // The Ritz vectors Q W when done, else the next block Y W.
    std::vector<double> next(p * d, 0.0);
    for (std::size_t i = 0; i < p; ++i) {
      detail::add_combination(w.data() + i, p, p, done ? q.data() : yd.data(), d, next.data() + i * d);
    }
    q.swap(next);
    if (done) {
      out.iterations = it;
      break;
    }
    orthonormalise(q, p, d, stream);
  }

  out.explained.resize(kk);
  out.variance.resize(kk);
  out.loadings.resize(kk * d);
  for (std::size_t i = 0; i < kk; ++i) {
    const double value = std::max(0.0, values[i]);
    out.variance[i] = value * unscale;
    out.explained[i] = total > 0.0 ? value / total : 0.0;
    double* row = q.data() + i * d;
    double norm = 0.0;
    std::size_t largest = 0;
    for (std::size_t c = 0; c < d; ++c) {
      norm += row[c] * row[c];
      if (std::fabs(row[c]) > std::fabs(row[largest])) largest = c;
    }
    const double scale = (row[largest] < 0.0 ? -1.0 : 1.0) / std::sqrt(norm);
    for (std::size_t c = 0; c < d; ++c) out.loadings[i * d + c] = row[c] * scale;
  }
  // Coordinates: each centred row (in double) dotted with each loading, 32 rows at a time.
  out.coordinates.assign(n * kk, 0.0);
  constexpr std::size_t kRows = 32;
  std::vector<double> block(kRows * d);
  for (std::size_t a = 0; a < n; a += kRows) {
    const std::size_t rows = std::min(kRows, n - a);
    for (std::size_t r = 0; r < rows; ++r) {
      const auto row = table.row(a + r);
      for (std::size_t c = 0; c < d; ++c) block[r * d + c] = row[c] - centred.mean[c];
    }
    detail::dot_tiles(block.data(), rows, out.loadings.data(), kk, d, out.coordinates.data() + a * kk, false);
  }
  return out;
}

}  // namespace pe
