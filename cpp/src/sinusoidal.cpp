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

std::vector<double> sinusoidal_columns(int positions, int d_model, double base, Layout layout,
                                       span<const int> dimensions) {
  PE_EXPECTS(positions >= 1 && d_model >= 2 && d_model % 2 == 0);
  const int half = d_model / 2;
  const auto count = to_size(positions);
  std::vector<double> out(dimensions.size() * count);
  const matrix_view<double> columns(out, dimensions.size(), count);
  for (std::size_t c = 0; c < dimensions.size(); ++c) {
    const int dim = dimensions[c];
    PE_EXPECTS(dim >= 0 && dim < d_model);
    const bool interleaved = layout == Layout::Interleaved;
    const int pair = interleaved ? dim / 2 : dim % half;
    const bool is_sin = interleaved ? dim % 2 == 0 : dim < half;
    const double w = pair_frequency(pair, d_model, base);
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

double rotation_residual(double pos, double offset, int d_model, double base) {
  const auto from = encode_position(pos, d_model, base);
  const auto to = encode_position(pos + offset, d_model, base);
  double worst = 0.0;
  for (int i = 0; i < d_model / 2; ++i) {
    const auto r = shift_rotation(i, offset, d_model, base);
    const auto j = to_size(2 * i);
    const double ds = to[j] - (r[0] * from[j] + r[1] * from[j + 1]);
    const double dc = to[j + 1] - (r[2] * from[j] + r[3] * from[j + 1]);
    worst = std::max(worst, std::hypot(ds, dc));
  }
  return worst;
}

}  // namespace pe
