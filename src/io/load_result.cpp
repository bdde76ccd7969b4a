#include "io/load_result.hpp"

#include <hdf5.h>

#include <cstdio>

#include "core/error.hpp"
#include "io/result_file.hpp"

namespace adm::io {
namespace {

std::string optional_text(const ResultReader& r, const std::string& path, const char* name) {
  try {
    return r.attribute_text(path, name);
  } catch (const std::exception&) {
    return "";
  }
}

// Root attributes as text.
std::vector<std::pair<std::string, std::string>> root_attributes(const std::string& path) {
  std::vector<std::pair<std::string, std::string>> out;
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) throw InputError(path + ": not an HDF5 file");
  auto visit = [](hid_t object, const char* name, const H5A_info_t*, void* data) -> herr_t {
    auto& list = *static_cast<std::vector<std::pair<std::string, std::string>>*>(data);
    const hid_t attr = H5Aopen(object, name, H5P_DEFAULT);
    if (attr < 0) return 0;
    const hid_t type = H5Aget_type(attr);
    std::string text;
    switch (H5Tget_class(type)) {
      case H5T_STRING: {
        const hid_t str = H5Tcopy(H5T_C_S1);
        H5Tset_size(str, H5T_VARIABLE);
        H5Tset_cset(str, H5T_CSET_UTF8);
        char* p = nullptr;
        if (H5Tis_variable_str(type) > 0 && H5Aread(attr, str, &p) >= 0 && p) {
          text = p;
          H5free_memory(p);
        }
        H5Tclose(str);
        break;
      }
      case H5T_INTEGER: {
        long long v = 0;
        if (H5Aread(attr, H5T_NATIVE_LLONG, &v) >= 0) text = std::to_string(v);
        break;
      }
      case H5T_FLOAT: {
        double v = 0;
        char buf[40];
        if (H5Aread(attr, H5T_NATIVE_DOUBLE, &v) >= 0) {
          std::snprintf(buf, sizeof buf, "%.17g", v);
          text = buf;
        }
        break;
      }
      default:
        text = "(unreadable attribute type)";
    }
    H5Tclose(type);
    H5Aclose(attr);
    list.emplace_back(name, text);
    return 0;
  };
  const herr_t status = H5Aiterate2(file, H5_INDEX_NAME, H5_ITER_INC, nullptr, visit, &out);
  H5Fclose(file);
  if (status < 0) throw InputError(path + ": cannot read its attributes");
  return out;
}

}  // namespace

ResultDocument load_result(const std::string& path) {
  ResultDocument out;
  out.file = path;
  ResultReader reader(path);  // InputError when missing or not HDF5
  out.attributes = root_attributes(path);
  for (const auto& p : reader.dataset_paths()) {
    const auto dims = reader.dims(p);
    std::vector<std::size_t> shape = dims.size() > 1 ? dims : std::vector<std::size_t>{};
    const std::string description = optional_text(reader, p, "description");
    const std::string units = optional_text(reader, p, "units");
    switch (reader.element_kind(p)) {
      case ResultReader::Kind::Text:
        out.results.add(p, reader.strings(p), description);
        break;
      case ResultReader::Kind::Integer:
        out.results.add(p, reader.integers(p), description, units, shape);
        break;
      case ResultReader::Kind::Real:
        out.results.add(p, reader.doubles(p), description, units, shape);
    }
  }
  return out;
}

}  // namespace adm::io
