#include <catch2/catch.hpp>
#include <string>

#include "core/byte_digest.hpp"

using adm::ByteDigest;

namespace {

std::uint64_t whole(const std::string& bytes) {
  ByteDigest d;
  d.add(bytes);
  return d.value();
}

}  // namespace

TEST_CASE("byte digest: the same bytes cut anywhere give the same value", "[core][digest]") {
  std::string bytes;
  for (int i = 0; i < 1000; ++i) bytes += static_cast<char>((i * 131 + 7) % 256);
  const std::uint64_t expected = whole(bytes);
  for (std::size_t cut : {1, 5, 31, 32, 33, 64, 100, 999}) {
    ByteDigest d;
    for (std::size_t at = 0; at < bytes.size(); at += cut)
      d.add(std::string_view(bytes).substr(at, cut));
    CHECK(d.value() == expected);
  }
  ByteDigest empty_pieces;
  empty_pieces.add("");
  empty_pieces.add(bytes);
  empty_pieces.add("");
  CHECK(empty_pieces.value() == expected);
}

TEST_CASE("byte digest: other bytes, lengths or order give other values", "[core][digest]") {
  std::string bytes(200, 'a');
  const std::uint64_t base = whole(bytes);
  for (std::size_t at : {0, 31, 32, 150, 199}) {  // in a full stripe and in the tail
    std::string changed = bytes;
    changed[at] = 'b';
    CHECK(whole(changed) != base);
  }
  CHECK(whole(bytes + '\0') != base);
  CHECK(whole(std::string(32, '\0')) != whole(std::string(64, '\0')));
  CHECK(whole("") != whole(std::string(1, '\0')));
  std::string swapped = bytes;
  swapped.replace(0, 8, "bbbbbbbb");
  std::string swapped_lane = bytes;
  swapped_lane.replace(8, 8, "bbbbbbbb");
  CHECK(whole(swapped) != whole(swapped_lane));
}
