#include "io/hdf5_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>

#include "core/error.hpp"
#include "data/level_coder.hpp"
#include "data/utf8.hpp"
#include "io/hdf5_handle.hpp"

namespace adm::io {
namespace {

using data::Column;

// Everything the reader reports names the file and, past the group, the dataset.
struct Place {
  const std::string& file;
  std::string dataset;           // full HDF5 path of the column (or the group)
  const char* what = "dataset";  // or "group"

  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(file + ": " + what + " '" + dataset + "': " + message);
  }
};

std::string join_path(const std::string& group, const std::string& name) {
  return group == "/" ? "/" + name : group + "/" + name;
}

// Member names in creation order when the group indexes it (files written with it tracked),
// else in name order: a stable order either way.
std::vector<std::string> member_names(hid_t group, const Place& at) {
  H5G_info_t info{};
  if (H5Gget_info(group, &info) < 0) at.fail("cannot list the group's members");
  H5_index_t order = H5_INDEX_NAME;
  Hdf5Handle plist(H5Gget_create_plist(group), H5Pclose);
  unsigned flags = 0;
  if (plist.valid() && H5Pget_link_creation_order(plist, &flags) >= 0 &&
      (flags & H5P_CRT_ORDER_INDEXED))
    order = H5_INDEX_CRT_ORDER;
  std::vector<std::string> names;
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    const ssize_t size =
        H5Lget_name_by_idx(group, ".", order, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
    if (size < 0) at.fail("cannot list the group's members");
    std::string name(static_cast<std::size_t>(size) + 1, '\0');
    H5Lget_name_by_idx(group, ".", order, H5_ITER_INC, i, name.data(), name.size(), H5P_DEFAULT);
    name.resize(static_cast<std::size_t>(size));
    names.push_back(std::move(name));
  }
  return names;
}

void check_text(const Place& at, std::string_view text, const std::string& what) {
  if (data::invalid_utf8_at(text) != std::string::npos)
    at.fail(what + " is not valid UTF-8 (names and levels are written as UTF-8)");
}

// Calls `take(i, text)` for each of the n strings of a string dataset or attribute, whose file
// type is `type`; `read(memory_type, buffer)` reads them all.
void for_each_text(hid_t type, std::size_t n, const std::function<herr_t(hid_t, void*)>& read,
                   const Place& at,
                   const std::function<void(std::size_t, std::string_view)>& take) {
  if (H5Tis_variable_str(type) > 0) {
    Hdf5Handle memory(H5Tcopy(H5T_C_S1), H5Tclose);
    H5Tset_size(memory, H5T_VARIABLE);
    H5Tset_cset(memory, H5Tget_cset(type));
    std::vector<char*> raw(n, nullptr);
    if (read(memory, raw.data()) < 0) at.fail("cannot read its strings");
    struct Free {  // the library allocated each string
      std::vector<char*>& raw;
      ~Free() {
        for (char* p : raw) H5free_memory(p);
      }
    } free_all{raw};
    for (std::size_t i = 0; i < n; ++i) take(i, raw[i] ? std::string_view(raw[i]) : "");
    return;
  }
  const std::size_t size = H5Tget_size(type);
  Hdf5Handle memory(H5Tcopy(type), H5Tclose);
  std::string raw(n * size, '\0');
  if (read(memory, raw.data()) < 0) at.fail("cannot read its strings");
  const bool space_padded = H5Tget_strpad(type) == H5T_STR_SPACEPAD;
  for (std::size_t i = 0; i < n; ++i) {
    std::string_view text(raw.data() + i * size, size);
    text = text.substr(0, std::min(text.find('\0'), text.size()));
    if (space_padded)
      while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    take(i, text);
  }
}

Column numeric_column(hid_t set, const std::string& name, std::size_t n, const Place& at) {
  std::vector<double> values(n);
  if (H5Dread(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0)
    at.fail("cannot read it as numbers");
  std::vector<std::uint8_t> missing(n, 0);
  for (std::size_t r = 0; r < n; ++r) {
    if (std::isnan(values[r])) {
      missing[r] = 1;
    } else if (std::isinf(values[r])) {
      at.fail("element " + std::to_string(r + 1) + " is " + (values[r] > 0 ? "inf" : "-inf") +
              "; numeric columns must be finite (NaN means missing)");
    }
  }
  return Column::numeric(name, std::move(values), std::move(missing));
}

// Codes per row into `names` (a negative code: missing), as a categorical column of the names.
Column coded_column(const std::string& name, const std::vector<std::int64_t>& codes,
                    const std::vector<std::string>& names) {
  const std::size_t n = codes.size();
  data::LevelCoder coder;
  // A level becomes one on its first occurrence, so levels no row has are left out (as in a CSV).
  std::vector<std::int32_t> level_of(names.size(), Column::kMissingCode);
  std::vector<std::int32_t> out(n, Column::kMissingCode);
  std::vector<std::uint8_t> missing(n, 0);
  for (std::size_t r = 0; r < n; ++r) {
    const std::int64_t c = codes[r];
    if (c < 0 || names[static_cast<std::size_t>(c)].empty()) {
      missing[r] = 1;
      continue;
    }
    auto& level = level_of[static_cast<std::size_t>(c)];
    if (level == Column::kMissingCode) level = coder.code(names[static_cast<std::size_t>(c)]);
    out[r] = level;
  }
  return coder.finish(name, std::move(out), std::move(missing));
}

Column enum_column(hid_t set, hid_t type, const std::string& name, std::size_t n, const Place& at) {
  const int members = H5Tget_nmembers(type);
  if (members <= 0) at.fail("its enum type has no members");
  // Read into an enum of the same names valued 0, 1, ...: HDF5 converts enums by name, so each
  // element becomes its member's index (and a value no member has becomes -1).
  Hdf5Handle memory(H5Tenum_create(H5T_NATIVE_INT64), H5Tclose);
  std::vector<std::string> names;
  for (int i = 0; i < members; ++i) {
    char* member = H5Tget_member_name(type, static_cast<unsigned>(i));
    if (member == nullptr) at.fail("cannot read its enum members");
    names.emplace_back(member);
    H5free_memory(member);
    check_text(at, names.back(), "enum member " + std::to_string(i + 1));
    const std::int64_t value = i;
    if (H5Tenum_insert(memory, names.back().c_str(), &value) < 0)
      at.fail("cannot convert its enum type");
  }
  std::vector<std::int64_t> codes(n, -1);
  if (H5Dread(set, memory, H5S_ALL, H5S_ALL, H5P_DEFAULT, codes.data()) < 0)
    at.fail("cannot read its enum values");
  for (std::size_t r = 0; r < n; ++r)
    if (codes[r] < 0 || codes[r] >= members)
      at.fail("element " + std::to_string(r + 1) + " is not a member of its enum type");
  return coded_column(name, codes, names);
}

// An integer dataset with a string attribute "levels": code i is levels[i], negative = missing.
Column levels_column(hid_t set, const std::string& name, std::size_t n, const Place& at) {
  Hdf5Handle attr(H5Aopen(set, "levels", H5P_DEFAULT), H5Aclose);
  if (!attr.valid()) at.fail("cannot open its attribute 'levels'");
  Hdf5Handle type(H5Aget_type(attr), H5Tclose);
  Hdf5Handle space(H5Aget_space(attr), H5Sclose);
  hsize_t count = 0;
  if (H5Tget_class(type) != H5T_STRING || H5Sget_simple_extent_ndims(space) != 1 ||
      H5Sget_simple_extent_dims(space, &count, nullptr) != 1)
    at.fail("its attribute 'levels' must be a 1-D array of strings");
  std::vector<std::string> names(static_cast<std::size_t>(count));
  for_each_text(
      type, names.size(), [&](hid_t memory, void* buffer) { return H5Aread(attr, memory, buffer); },
      at,
      [&](std::size_t i, std::string_view text) {
        check_text(at, text, "level " + std::to_string(i + 1));
        names[i] = text;
      });
  std::vector<std::int64_t> codes(n);
  if (H5Dread(set, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, codes.data()) < 0)
    at.fail("cannot read its codes");
  for (std::size_t r = 0; r < n; ++r)
    if (codes[r] >= static_cast<std::int64_t>(names.size()))
      at.fail("element " + std::to_string(r + 1) + " is code " + std::to_string(codes[r]) +
              " but attribute 'levels' has " + std::to_string(names.size()) + " levels");
  return coded_column(name, codes, names);
}

Column string_column(hid_t set, hid_t type, const std::string& name, std::size_t n,
                     const Place& at) {
  data::LevelCoder coder;
  std::vector<std::int32_t> codes(n, Column::kMissingCode);
  std::vector<std::uint8_t> missing(n, 0);
  for_each_text(
      type, n,
      [&](hid_t memory, void* buffer) {
        return H5Dread(set, memory, H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer);
      },
      at,
      [&](std::size_t r, std::string_view text) {
        if (text.empty()) {
          missing[r] = 1;
          return;
        }
        check_text(at, text, "element " + std::to_string(r + 1));
        codes[r] = coder.code(text);
      });
  return coder.finish(name, std::move(codes), std::move(missing));
}

Column read_column(hid_t set, const std::string& name, std::size_t n, const Place& at) {
  Hdf5Handle type(H5Dget_type(set), H5Tclose);
  switch (H5Tget_class(type)) {
    case H5T_INTEGER:
      if (H5Aexists(set, "levels") > 0) return levels_column(set, name, n, at);
      return numeric_column(set, name, n, at);
    case H5T_FLOAT:
      return numeric_column(set, name, n, at);
    case H5T_STRING:
      return string_column(set, type, name, n, at);
    case H5T_ENUM:
      return enum_column(set, type, name, n, at);
    default:
      at.fail(
          "unsupported type: a column must be integer, float, string or enum (compound, array, "
          "variable-length, reference, opaque and bitfield datasets are not columns)");
  }
}

}  // namespace

data::CsvTable read_hdf5_table(const data::DataSpec& spec, const data::ColumnSelection& columns) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);  // our messages replace HDF5's error stack
  const std::string& path = spec.source;
  std::error_code ec;
  // HDF5 would block on a FIFO and read a device forever: only regular files are opened.
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path + ": cannot read: is a directory");
  if (!std::filesystem::is_regular_file(path, ec))
    throw InputError(path + ": cannot read: is not a regular file; only regular files are read");
  if (H5Fis_hdf5(path.c_str()) <= 0)
    throw InputError(
        path + ": not an HDF5 file (data.format is hdf5" +
        std::string(spec.format == data::DataFormat::Auto ? " for its extension" : "") + ")");
  Hdf5Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!file.valid()) throw InputError(path + ": cannot open the HDF5 file");
  const Place group_at{path, spec.group, "group"};
  if (spec.group != "/" && H5Lexists(file, spec.group.c_str(), H5P_DEFAULT) <= 0)
    throw InputError(path + ": no group '" + spec.group + "' (config key '" + spec.key +
                     ".group')");
  Hdf5Handle group(H5Oopen(file, spec.group.c_str(), H5P_DEFAULT), H5Oclose);
  if (!group.valid() || H5Iget_type(group) != H5I_GROUP)
    throw InputError(path + ": '" + spec.group + "' is not a group (config key '" + spec.key +
                     ".group')");

  data::CsvTable out{data::Dataset(path), {}, member_names(group, group_at)};
  if (out.file_columns.empty()) group_at.fail("holds no datasets (one per column)");
  // Every member's shape first (metadata only), so a ragged table fails whatever the run uses.
  std::size_t rows = 0;
  std::string first;
  for (const auto& name : out.file_columns) {
    const Place at{path, join_path(spec.group, name)};
    check_text(at, name, "the name");
    Hdf5Handle object(H5Oopen(group, name.c_str(), H5P_DEFAULT), H5Oclose);
    if (!object.valid() || H5Iget_type(object) != H5I_DATASET)
      at.fail("is not a dataset; the group must hold only 1-D datasets, one per column");
    Hdf5Handle space(H5Dget_space(object), H5Sclose);
    const int rank = H5Sget_simple_extent_ndims(space);
    hsize_t length = 0;
    if (rank != 1 || H5Sget_simple_extent_dims(space, &length, nullptr) != 1)
      at.fail("has " + std::to_string(rank) + " dimensions; a column must be 1-D");
    if (first.empty()) {
      first = at.dataset;
      rows = static_cast<std::size_t>(length);
    } else if (length != rows) {
      at.fail("has " + std::to_string(length) + " rows but '" + first + "' has " +
              std::to_string(rows) + "; every column must have as many");
    }
  }
  if (rows == 0) group_at.fail("the columns have no rows");
  std::vector<std::string> unread;
  for (const auto& name : out.file_columns) {
    if (!columns.wants(name)) {
      unread.push_back(name);
      continue;
    }
    const Place at{path, join_path(spec.group, name)};
    Hdf5Handle set(H5Dopen2(group, name.c_str(), H5P_DEFAULT), H5Dclose);
    if (!set.valid()) at.fail("cannot open it");
    out.data.add(read_column(set, name, rows, at));
  }
  out.data.set_unread(std::move(unread));
  out.lines.resize(rows);
  for (std::size_t r = 0; r < rows; ++r) out.lines[r] = r + 1;
  return out;
}

}  // namespace adm::io
