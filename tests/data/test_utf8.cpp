#include <catch2/catch.hpp>
#include <string>

#include "data/utf8.hpp"

using adm::data::invalid_utf8_at;

TEST_CASE("utf8: well-formed text passes, the first bad byte is found", "[data][utf8]") {
  constexpr auto ok = std::string::npos;
  CHECK(invalid_utf8_at("") == ok);
  CHECK(invalid_utf8_at("plain ascii") == ok);
  CHECK(invalid_utf8_at("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF") == ok);
  CHECK(invalid_utf8_at("caf\xE9") == 3);           // Latin-1 byte, sequence cut short
  CHECK(invalid_utf8_at("ab\x80") == 2);            // lone continuation byte
  CHECK(invalid_utf8_at("\xC0\xAF") == 0);          // overlong '/'
  CHECK(invalid_utf8_at("\xE0\x80\xAF") == 0);      // overlong, three bytes
  CHECK(invalid_utf8_at("x\xED\xA0\x80") == 1);     // UTF-16 surrogate U+D800
  CHECK(invalid_utf8_at("\xF4\x90\x80\x80") == 0);  // above U+10FFFF
  CHECK(invalid_utf8_at("\xF5\x80\x80\x80") == 0);  // never a lead byte
  CHECK(invalid_utf8_at("\xE2\x82"
                        "x") == 0);                      // bad third byte
  CHECK(invalid_utf8_at(std::string("a\0b", 3)) == ok);  // NUL is a valid character
}
