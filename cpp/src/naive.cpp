#include "pe/naive.hpp"

#include <cmath>
#include <cstddef>
#include <limits>

#include "pe/sinusoidal.hpp"

namespace pe {
namespace {

constexpr double kSinusoidalBase = 10000.0;

double naive_value(NaiveKind kind, int pos, int length) noexcept {
  if (kind == NaiveKind::Index) return pos;
  return length > 1 ? static_cast<double>(pos) / (length - 1) : 0.0;
}

}  // namespace

std::vector<float> naive_encoding(NaiveKind kind, int length, int d_model) {
  PE_EXPECTS(kind != NaiveKind::Sinusoidal);
  PE_EXPECTS(length >= 1 && d_model >= 1);
  std::vector<float> out(to_size(length) * to_size(d_model));
  const matrix_view<float> table(out, length, d_model);
  for (int pos = 0; pos < length; ++pos) {
    const auto value = static_cast<float>(naive_value(kind, pos, length));
    for (float& v : table.row(to_size(pos))) v = value;
  }
  return out;
}

std::vector<double> naive_norm_ratio(NaiveKind kind, int length, int d_model) {
  PE_EXPECTS(length >= 1 && d_model >= 1);
  PE_EXPECTS(kind != NaiveKind::Sinusoidal || d_model % 2 == 0);
  std::vector<double> out(to_size(length));
  const double word_norm = std::sqrt(static_cast<double>(d_model));
  for (int pos = 0; pos < length; ++pos) {
    double norm = 0.0;
    if (kind == NaiveKind::Sinusoidal) {
      double sum = 0.0;
      for (const double v : encode_position(pos, d_model, kSinusoidalBase)) sum += v * v;
      norm = std::sqrt(sum);
    } else {
      // d_model equal entries of value v have norm |v| sqrt(d_model).
      norm = std::fabs(naive_value(kind, pos, length)) * word_norm;
    }
    out[to_size(pos)] = norm / word_norm;
  }
  return out;
}

std::vector<double> naive_offset_meaning(int offset, span<const int> lengths) {
  PE_EXPECTS(offset >= 0);
  std::vector<double> out;
  out.reserve(lengths.size());
  for (const int length : lengths) {
    out.push_back(offset <= length - 1 ? static_cast<double>(offset) / (length - 1)
                                       : std::numeric_limits<double>::quiet_NaN());
  }
  return out;
}

}  // namespace pe
