#pragma once
// UTF-8 validation of text read from data files. Level names and column names end up in HDF5
// string datasets declared UTF-8, which readers (h5py) refuse to decode when the bytes are not.
#include <cstddef>
#include <string_view>

namespace adm::data {

// Offset of the first byte that does not begin or continue a well-formed UTF-8 sequence (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF), or npos when `text` is valid.
std::size_t invalid_utf8_at(std::string_view text);

}  // namespace adm::data
