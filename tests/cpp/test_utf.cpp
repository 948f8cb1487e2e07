#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "pe/utf.hpp"
#include "pe/vocabulary.hpp"

namespace {

using Tokens = std::vector<std::string>;

// Every code point of Unicode 15's White_Space property (PropList.txt), written out independently of
// pe::is_white_space.
constexpr char32_t kWhiteSpace[] = {0x09,   0x0A,   0x0B,   0x0C,   0x0D,   0x20,   0x85,   0xA0,   0x1680,
                                    0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
                                    0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000};

std::string utf8(std::u16string_view text) {
  return pe::utf8_from_utf16(text);
}

}  // namespace

TEST_CASE("UTF-16 to UTF-8: pairs combine, every lone surrogate becomes U+FFFD in place", "[utf]") {
  CHECK(utf8(u"dog") == "dog");
  CHECK(utf8(u"caf\u00e9 \u3000") == "caf\xC3\xA9 \xE3\x80\x80");
  CHECK(utf8(u"\U0001F415") == "\xF0\x9F\x90\x95");  // a pair: one four-byte character
  const std::u16string high =
      u"a\xD83D"
      u"b";  // a lead surrogate before an ordinary character
  CHECK(utf8(high) ==
        "a\xEF\xBF\xBD"
        "b");
  const std::u16string low =
      u"a\xDC15"
      u"b";  // a trail surrogate with no lead
  CHECK(utf8(low) ==
        "a\xEF\xBF\xBD"
        "b");
  const std::u16string last = u"dog\xD83D";  // a lead surrogate at the very end
  CHECK(utf8(last) == "dog\xEF\xBF\xBD");
  const std::u16string two_leads = u"\xD83D\xD83D\xDC15";  // the second lead pairs with the trail
  CHECK(utf8(two_leads) == "\xEF\xBF\xBD\xF0\x9F\x90\x95");
  const std::u16string reversed = u"\xDC15\xD83D";  // trail then lead: two lone halves
  CHECK(utf8(reversed) == "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("UTF-8 decoding reads each code point once and a malformed byte as U+FFFD of one byte", "[utf]") {
  const std::string text = "a\xC3\xA9\xE3\x80\x80\xF0\x9F\x90\x95";
  std::vector<char32_t> seen;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = pe::decode_utf8(text, i);
    seen.push_back(c.code_point);
    i += c.length;
  }
  CHECK(seen == std::vector<char32_t>{U'a', 0xE9, 0x3000, 0x1F415});
  for (const char* bad : {"\x80", "\xC0\xAF", "\xE3\x80", "\xED\xA0\x80", "\xF5\x80\x80\x80", "\xC3x"}) {
    INFO(bad);
    const auto c = pe::decode_utf8(bad, 0);
    CHECK(c.code_point == 0xFFFD);
    CHECK(c.length == 1);
  }
}

TEST_CASE("White_Space is exactly Unicode's 25 code points", "[utf]") {
  std::vector<char32_t> found;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (pe::is_white_space(c)) found.push_back(c);
  }
  CHECK(found == std::vector<char32_t>(std::begin(kWhiteSpace), std::end(kWhiteSpace)));
}

TEST_CASE("tokenising splits on every Unicode White_Space character, not only ASCII", "[utf][vocabulary]") {
  for (const char32_t space : kWhiteSpace) {
    INFO("U+" << std::hex << static_cast<unsigned>(space));
    const std::u16string text = u"dog" + std::u16string(1, static_cast<char16_t>(space)) + u"bites";
    CHECK(pe::tokenize(utf8(text)) == Tokens{"dog", "bites"});
  }
  CHECK(pe::tokenize(utf8(u"\u00a0The\u00a0dog\u3000bites\u2003man.\u3000")) ==
        Tokens{"the", "dog", "bites", "man"});
  // Characters near the spaces that are not White_Space stay inside the word: zero-width space, word joiner.
  CHECK(pe::tokenize(utf8(u"dog\u200bbites\u2060man")) == Tokens{"dog\u200bbites\u2060man"});
}

TEST_CASE("a lone surrogate is one U+FFFD in its word and never takes a neighbour", "[utf][vocabulary]") {
  const std::u16string before_space = u"dog\xD83D bites man";
  CHECK(pe::tokenize(utf8(before_space)) == Tokens{"dog\xEF\xBF\xBD", "bites", "man"});
  const std::u16string alone = u"dog \xDC15 bites";
  CHECK(pe::tokenize(utf8(alone)) == Tokens{"dog", "\xEF\xBF\xBD", "bites"});
  const std::u16string before_letter =
      u"\xD83D"
      u"dog";
  CHECK(pe::tokenize(utf8(before_letter)) == Tokens{"\xEF\xBF\xBD"
                                                    "dog"});
  // Bytes that are not UTF-8 at all are kept, and a space after them still splits.
  CHECK(pe::tokenize("dog\xFF bites") == Tokens{"dog\xFF", "bites"});
}
