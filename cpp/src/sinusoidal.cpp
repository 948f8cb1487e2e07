// The sinusoidal encoding's closed forms in double precision: frequencies, periods, single positions, chosen
// columns, and the rotation that shifts a pair. The float32 table is in sinusoidal_table.cpp, dot products
// between encodings in sinusoidal_dot.cpp.
#include "pe/sinusoidal.hpp"

#include <algorithm>
#include <cmath>

#include "pe/limits.hpp"

namespace pe {

double pair_frequency(int pair, int d_model, double base) noexcept {
  PE_EXPECTS(pair >= 0 && 2 * pair < d_model);
  return std::pow(base, -2.0 * pair / d_model);
}

std::vector<double> encode_position(double pos, int d_model, double base, Layout layout) {
  PE_EXPECTS(d_model >= 2 && d_model % 2 == 0 && d_model <= limits::kMaxDModel);
  PE_EXPECTS(base > 1.0);
  const int half = d_model / 2;
  std::vector<double> row(to_size(d_model));
  for (int i = 0; i < half; ++i) {
    const double angle = pos * pair_frequency(i, d_model, base);
    const auto sin_at = to_size(layout == Layout::Interleaved ? 2 * i : i);
    const auto cos_at = to_size(layout == Layout::Interleaved ? 2 * i + 1 : half + i);
    row[sin_at] = std::sin(angle);
    row[cos_at] = std::cos(angle);
  }
  return row;
}

std::vector<int> layout_order(int d_model, Layout layout) {
  PE_EXPECTS(d_model >= 2 && d_model % 2 == 0 && d_model <= limits::kMaxDModel);
  std::vector<int> order(to_size(d_model));
  for (int dim = 0; dim < d_model; ++dim) order[to_size(dim)] = interleaved_slot(dim, d_model, layout);
  return order;
}

std::vector<double> sinusoidal_columns(int positions, int d_model, double base, Layout layout,
                                       span<const int> dimensions) {
  PE_EXPECTS(positions >= 1 && d_model >= 2 && d_model % 2 == 0);
  const auto count = to_size(positions);
  std::vector<double> out(dimensions.size() * count);
  const matrix_view<double> columns(out, dimensions.size(), count);
  for (std::size_t c = 0; c < dimensions.size(); ++c) {
    const int dim = dimensions[c];
    PE_EXPECTS(dim >= 0 && dim < d_model);
    const int slot = interleaved_slot(dim, d_model, layout);
    const bool is_sin = slot % 2 == 0;
    const double w = pair_frequency(slot / 2, d_model, base);
    double* column = columns.row(c).data();
    for (std::size_t p = 0; p < count; ++p) {
      const double angle = static_cast<double>(p) * w;
      column[p] = is_sin ? std::sin(angle) : std::cos(angle);
    }
  }
  return out;
}

std::vector<double> pair_periods(int d_model, double base) {
  PE_EXPECTS(d_model >= 2 && d_model % 2 == 0);
  std::vector<double> periods(to_size(d_model / 2));
  for (std::size_t i = 0; i < periods.size(); ++i) {
    periods[i] = kTwoPi / pair_frequency(static_cast<int>(i), d_model, base);
  }
  return periods;
}

std::array<double, 4> shift_rotation(int pair, double offset, int d_model, double base) noexcept {
  const double theta = pair_frequency(pair, d_model, base) * offset;
  const double cs = std::cos(theta);
  const double sn = std::sin(theta);
  return {cs, sn, -sn, cs};
}

std::array<double, 2> rotate_pair(int pair, double pos, double offset, int d_model, double base) noexcept {
  // The angle as encode_position takes it, so that R(k) applies to exactly the pair PE(pos) holds.
  const double angle = pos * pair_frequency(pair, d_model, base);
  const double sn = std::sin(angle);
  const double cs = std::cos(angle);
  const auto r = shift_rotation(pair, offset, d_model, base);
  return {r[0] * sn + r[1] * cs, r[2] * sn + r[3] * cs};
}

double rotation_residual(double pos, double offset, int d_model, double base) {
  const auto to = encode_position(pos + offset, d_model, base);
  double worst = 0.0;
  for (int i = 0; i < d_model / 2; ++i) {
    const auto turned = rotate_pair(i, pos, offset, d_model, base);
    const auto j = to_size(2 * i);
    worst = std::max(worst, std::hypot(to[j] - turned[0], to[j + 1] - turned[1]));
  }
  return worst;
}

}  // namespace pe
