#pragma once
// A Dataset as one flat block of cells plus a short description, so that one process can write
// the cells into memory several processes share and each of them can rebuild the Dataset as views
// into that memory (pipelines/node_data.hpp). The description carries the rest: source, roles,
// row count, and each column's name, type and levels.
#include <cstddef>
#include <memory>
#include <span>
#include <string>

#include "data/dataset.hpp"

namespace adm::data {

// A private binary format, read only by block_bytes and view_block of the same build.
std::string describe_block(const Dataset& data);
// Size of the block a description asks for.
std::size_t block_bytes(const std::string& description);
// Writes the cells of `data` into `block`, which is block_bytes(describe_block(data)) long.
void write_block(const Dataset& data, std::span<std::byte> block);
// The described Dataset, its columns and source lines viewing `block`, which `keeper` keeps alive.
Dataset view_block(const std::string& description, std::span<const std::byte> block,
                   std::shared_ptr<const void> keeper);

}  // namespace adm::data
