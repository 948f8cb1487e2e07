// Unicode text as the engine reads it: JavaScript strings arrive as UTF-16 code units and are turned into
// UTF-8 here, in C++, so that a lone surrogate (half of a pair, which JavaScript strings may hold) becomes
// one U+FFFD REPLACEMENT CHARACTER in place and never takes the character after it with it. The tokeniser
// then walks the UTF-8 one code point at a time and splits on every Unicode White_Space character.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pe {

/// UTF-8 of UTF-16 code units; each unpaired surrogate becomes U+FFFD.
[[nodiscard]] std::string utf8_from_utf16(std::u16string_view text);

/// One code point read from UTF-8: its value and how many bytes it took (at least 1).
struct Utf8Char {
  char32_t code_point;
  std::size_t length;
};

/// The code point starting at byte `at` of text (at < text.size()). A byte that does not start a well-formed
/// sequence (a stray continuation byte, a truncated, overlong or surrogate encoding) reads as U+FFFD of
/// length 1, so the next read starts at the next byte.
[[nodiscard]] Utf8Char decode_utf8(std::string_view text, std::size_t at) noexcept;

/// True for the 25 code points of Unicode's White_Space property (Unicode 15): tab to carriage return, space,
/// U+0085, no-break space U+00A0, U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, ideographic space
/// U+3000.
[[nodiscard]] bool is_white_space(char32_t c) noexcept;

}  // namespace pe
