// Non-owning views of contiguous values: span<T> (C++17 has no std::span) and matrix_view<T>, a row-major
// matrix over a span. They carry the sizes that used to travel as loose (pointer, count) and (vector, rows,
// cols) arguments, and check every index with PE_EXPECTS (on in the checked preset, free in the shipped
// build). Named and shaped after std::span and std::mdspan so that moving to them later is a rename.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "pe/expects.hpp"

namespace pe {

/// A count given as a signed integer (the engine's public functions take int sizes, as JavaScript passes
/// them) as a size.
template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int>>>
[[nodiscard]] constexpr std::size_t to_size(Int n) noexcept {
  if constexpr (std::is_signed_v<Int>) PE_EXPECTS(n >= 0);
  return static_cast<std::size_t>(n);
}

template <typename T>
class span {
  // U's values may be seen as T's: the same type, or T adds const.
  template <typename U>
  static constexpr bool kFrom = std::is_convertible_v<U (*)[], T (*)[]>;

 public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;

  constexpr span() noexcept = default;
  constexpr span(T* data, std::size_t size) noexcept : data_(data), size_(size) {}
  template <typename U, typename = std::enable_if_t<kFrom<U>>>
  constexpr span(std::vector<U>& v) noexcept : data_(v.data()), size_(v.size()) {}
  template <typename U, typename = std::enable_if_t<kFrom<const U>>>
  constexpr span(const std::vector<U>& v) noexcept : data_(v.data()), size_(v.size()) {}
  template <typename U, std::size_t N, typename = std::enable_if_t<kFrom<U>>>
  constexpr span(std::array<U, N>& a) noexcept : data_(a.data()), size_(N) {}
  template <typename U, std::size_t N, typename = std::enable_if_t<kFrom<const U>>>
  constexpr span(const std::array<U, N>& a) noexcept : data_(a.data()), size_(N) {}
  template <typename U, typename = std::enable_if_t<kFrom<U>>>
  constexpr span(span<U> other) noexcept : data_(other.data()), size_(other.size()) {}

  [[nodiscard]] constexpr T* data() const noexcept { return data_; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] constexpr T* begin() const noexcept { return data_; }
  [[nodiscard]] constexpr T* end() const noexcept { return data_ + size_; }

  [[nodiscard]] constexpr T& operator[](std::size_t i) const noexcept {
    PE_EXPECTS(i < size_);
    return data_[i];
  }

  /// Items [offset, offset + count).
  [[nodiscard]] constexpr span subspan(std::size_t offset, std::size_t count) const noexcept {
    PE_EXPECTS(offset <= size_ && count <= size_ - offset);
    return {data_ + offset, count};
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

/// rows x cols values, row-major: (r, c) is item r * cols + c.
template <typename T>
class matrix_view {
 public:
  constexpr matrix_view() noexcept = default;
  constexpr matrix_view(span<T> values, std::size_t rows, std::size_t cols) noexcept
      : data_(values.data()), rows_(rows), cols_(cols) {
    PE_EXPECTS(values.size() == rows * cols);
  }
  constexpr matrix_view(T* data, std::size_t rows, std::size_t cols) noexcept
      : data_(data), rows_(rows), cols_(cols) {}
  /// From the int sizes of the engine's functions (each checked to be >= 0).
  template <typename R, typename C,
            typename = std::enable_if_t<std::is_integral_v<R> && std::is_integral_v<C> &&
                                        !(std::is_same_v<R, std::size_t> && std::is_same_v<C, std::size_t>)>>
  constexpr matrix_view(span<T> values, R rows, C cols) noexcept
      : matrix_view(values, to_size(rows), to_size(cols)) {}
  template <typename R, typename C,
            typename = std::enable_if_t<std::is_integral_v<R> && std::is_integral_v<C> &&
                                        !(std::is_same_v<R, std::size_t> && std::is_same_v<C, std::size_t>)>>
  constexpr matrix_view(T* data, R rows, C cols) noexcept : matrix_view(data, to_size(rows), to_size(cols)) {}
  template <typename U, typename = std::enable_if_t<std::is_convertible_v<U (*)[], T (*)[]>>>
  constexpr matrix_view(matrix_view<U> other) noexcept
      : data_(other.data()), rows_(other.rows()), cols_(other.cols()) {}

  [[nodiscard]] constexpr T* data() const noexcept { return data_; }
  [[nodiscard]] constexpr std::size_t rows() const noexcept { return rows_; }
  [[nodiscard]] constexpr std::size_t cols() const noexcept { return cols_; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return rows_ * cols_; }
  [[nodiscard]] constexpr span<T> values() const noexcept { return {data_, size()}; }

  [[nodiscard]] constexpr span<T> row(std::size_t r) const noexcept {
    PE_EXPECTS(r < rows_);
    return {data_ + r * cols_, cols_};
  }

  [[nodiscard]] constexpr T& at(std::size_t r, std::size_t c) const noexcept {
    PE_EXPECTS(r < rows_ && c < cols_);
    return data_[r * cols_ + c];
  }

  /// Rows [first, first + count).
  [[nodiscard]] constexpr matrix_view row_block(std::size_t first, std::size_t count) const noexcept {
    PE_EXPECTS(first <= rows_ && count <= rows_ - first);
    return {data_ + first * cols_, count, cols_};
  }

 private:
  T* data_ = nullptr;
  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
};

}  // namespace pe
