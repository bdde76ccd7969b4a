#include "io/result_file.hpp"

#include <hdf5.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "io/hdf5_handle.hpp"
#include "io/staged_file.hpp"

namespace adm::io {
namespace {

// HDF5's own error stack printing is replaced by our messages.
struct SilenceHdf5 {
  SilenceHdf5() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }
} silence;

// The operating system's reason for the failure HDF5 just reported ("No space left on device"),
// which its file driver records in the error stack's description as "error message = '...'".
std::string os_reason() {
  std::string reason;
  auto visit = [](unsigned, const H5E_error2_t* e, void* data) -> herr_t {
    auto& out = *static_cast<std::string*>(data);
    const std::string desc = e->desc ? e->desc : "";
    const std::string marker = "error message = '";
    const auto at = desc.find(marker);
    if (out.empty() && at != std::string::npos) {
      const auto begin = at + marker.size();
      out = desc.substr(begin, desc.find('\'', begin) - begin);
    }
    return 0;
  };
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, visit, &reason);
  return reason.empty() ? "" : ": " + reason;
}

hid_t check(hid_t id, const std::string& what) {
  if (id < 0) throw InternalError("HDF5: " + what + " failed" + os_reason());
  return id;
}
void check_status(herr_t status, const std::string& what) {
  if (status < 0) throw InternalError("HDF5: " + what + " failed" + os_reason());
}

using Handle = Hdf5Handle;  // closes an HDF5 handle at scope exit

hid_t string_type() {
  hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, H5T_VARIABLE);
  H5Tset_cset(t, H5T_CSET_UTF8);
  return t;
}

void set_string_attribute(hid_t object, const std::string& name, const std::string& value) {
  Handle type(string_type(), H5Tclose);
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  if (H5Aexists(object, name.c_str()) > 0) H5Adelete(object, name.c_str());
  Handle attr(check(H5Acreate2(object, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT),
                    "creating attribute " + name),
              H5Aclose);
  const char* p = value.c_str();
  check_status(H5Awrite(attr, type, &p), "writing attribute " + name);
}

template <class T>
void set_scalar_attribute(hid_t object, const std::string& name, hid_t type, T value) {
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  if (H5Aexists(object, name.c_str()) > 0) H5Adelete(object, name.c_str());
  Handle attr(check(H5Acreate2(object, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT),
                    "creating attribute " + name),
              H5Aclose);
  check_status(H5Awrite(attr, type, &value), "writing attribute " + name);
}

std::vector<hsize_t> shape(std::size_t n, const std::vector<std::size_t>& dims) {
  if (dims.empty()) return {static_cast<hsize_t>(n)};
  std::size_t product = 1;
  for (auto d : dims) product *= d;
  if (product != n) throw InternalError("ResultFile: dims do not match the number of values");
  return {dims.begin(), dims.end()};
}

void write_numeric(hid_t file, const std::string& path, hid_t mem_type, const void* data,
                   std::size_t n, const std::vector<std::size_t>& dims,
                   const std::string& description, const std::string& units) {
  const auto extent = shape(n, dims);
  Handle space(H5Screate_simple(static_cast<int>(extent.size()), extent.data(), nullptr), H5Sclose);
  Handle lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose);
  H5Pset_create_intermediate_group(lcpl, 1);
  Handle set(check(H5Dcreate2(file, path.c_str(), mem_type, space, lcpl, H5P_DEFAULT, H5P_DEFAULT),
                   "creating dataset " + path),
             H5Dclose);
  if (n > 0)
    check_status(H5Dwrite(set, mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data),
                 "writing dataset " + path);
  set_string_attribute(set, "description", description);
  set_string_attribute(set, "units", units);
}

}  // namespace

ResultFile::ResultFile(std::string final_path) : final_path_(std::move(final_path)) {
  const auto parent = std::filesystem::path(final_path_).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  Handle access(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  // In memory only (no backing store), growing 1 MiB at a time.
  check_status(H5Pset_fapl_core(access, 1 << 20, 0), "setting up an in-memory file");
  // The name only labels the file inside HDF5, which refuses two open files of one name.
  static std::atomic<unsigned> serial{0};
  const std::string label = final_path_ + "#" + std::to_string(serial++);
  file_ = check(H5Fcreate(label.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, access),
                "creating the result file " + final_path_);
}

ResultFile::~ResultFile() {
  if (file_ >= 0) H5Fclose(static_cast<hid_t>(file_));
}

void ResultFile::attribute(const std::string& name, const std::string& value) {
  set_string_attribute(file_, name, value);
}
void ResultFile::attribute(const std::string& name, std::int64_t value) {
  set_scalar_attribute(file_, name, H5T_NATIVE_INT64, value);
}
void ResultFile::attribute(const std::string& name, double value) {
  set_scalar_attribute(file_, name, H5T_NATIVE_DOUBLE, value);
}

void ResultFile::write(const std::string& path, const std::vector<double>& values,
                       const std::string& description, const std::string& units,
                       std::vector<std::size_t> dims) {
  write_numeric(file_, path, H5T_NATIVE_DOUBLE, values.data(), values.size(), dims, description,
                units);
}

void ResultFile::write(const std::string& path, const std::vector<std::int64_t>& values,
                       const std::string& description, const std::string& units,
                       std::vector<std::size_t> dims) {
  write_numeric(file_, path, H5T_NATIVE_INT64, values.data(), values.size(), dims, description,
                units);
}

void ResultFile::write(const std::string& path, const std::vector<std::string>& values,
                       const std::string& description, const std::string& units) {
  std::vector<const char*> pointers;
  for (const auto& v : values) pointers.push_back(v.c_str());
  Handle type(string_type(), H5Tclose);
  write_numeric(file_, path, type, pointers.data(), pointers.size(), {}, description, units);
}

// Rows per block of a ResultBlocks table: its chunk in the file and the one buffer in memory
// (65,536 rows of a 21-byte pattern key: 1.3 MiB).
constexpr std::size_t kBlockRows = 65536;

void ResultFile::write(const ResultBlocks& b) {
  const hid_t mem_type = b.type == ResultBlocks::Type::Real ? H5T_NATIVE_DOUBLE : H5T_NATIVE_UINT8;
  const std::size_t width = b.type == ResultBlocks::Type::Real ? sizeof(double) : 1;
  const std::vector<hsize_t> extent =
      b.columns == 1 ? std::vector<hsize_t>{b.rows} : std::vector<hsize_t>{b.rows, b.columns};
  Handle space(H5Screate_simple(static_cast<int>(extent.size()), extent.data(), nullptr), H5Sclose);
  Handle lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose);
  H5Pset_create_intermediate_group(lcpl, 1);
  Handle dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  const std::size_t block = std::min(b.rows, kBlockRows);
  if (block > 0 && b.columns > 0) {  // HDF5's chunks must be non-empty and within the extent
    std::vector<hsize_t> chunk = extent;
    chunk[0] = block;
    check_status(H5Pset_chunk(dcpl, static_cast<int>(chunk.size()), chunk.data()),
                 "chunking dataset " + b.path);
  }
  Handle set(check(H5Dcreate2(file_, b.path.c_str(), mem_type, space, lcpl, dcpl, H5P_DEFAULT),
                   "creating dataset " + b.path),
             H5Dclose);
  std::vector<unsigned char> buffer(block * b.columns * width);
  for (std::size_t first = 0; first < b.rows && b.columns > 0; first += block) {
    const std::size_t count = std::min(block, b.rows - first);
    b.fill(first, count, buffer.data());
    std::vector<hsize_t> start(extent.size(), 0), size = extent;
    start[0] = first;
    size[0] = count;
    Handle memory(H5Screate_simple(static_cast<int>(size.size()), size.data(), nullptr), H5Sclose);
    check_status(
        H5Sselect_hyperslab(space, H5S_SELECT_SET, start.data(), nullptr, size.data(), nullptr),
        "selecting rows of " + b.path);
    check_status(H5Dwrite(set, mem_type, memory, space, H5P_DEFAULT, buffer.data()),
                 "writing dataset " + b.path);
  }
  set_string_attribute(set, "description", b.description);
  set_string_attribute(set, "units", b.units);
}

void ResultFile::annotate(const std::string& path, const std::string& name,
                          const std::string& value) {
  Handle object(check(H5Oopen(file_, path.c_str(), H5P_DEFAULT), "opening " + path), H5Oclose);
  set_string_attribute(object, name, value);
}

void ResultFile::commit() {
  const auto file = static_cast<hid_t>(file_);
  check_status(H5Fflush(file, H5F_SCOPE_GLOBAL), "finishing " + final_path_);
  const ssize_t size = H5Fget_file_image(file, nullptr, 0);
  if (size < 0) throw InternalError("HDF5: taking the image of " + final_path_ + " failed");
  std::string image(static_cast<std::size_t>(size), '\0');
  if (H5Fget_file_image(file, image.data(), image.size()) != size)
    throw InternalError("HDF5: taking the image of " + final_path_ + " failed");
  file_ = -1;
  H5Fclose(file);  // in memory: nothing left to fail
  StagedFile staged(final_path_, image);
  staged.publish();
}

// ---------------------------------------------------------------------------------------------

ResultReader::ResultReader(const std::string& path) : path_(path) {
  if (!std::filesystem::exists(path)) throw InputError(path + ": no such file");
  file_ = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file_ < 0) throw InputError(path + ": not an HDF5 file");
}

ResultReader::~ResultReader() {
  if (file_ >= 0) H5Fclose(static_cast<hid_t>(file_));
}

std::vector<std::string> ResultReader::dataset_paths() const {
  std::vector<std::string> out;
  auto visit = [](hid_t, const char* name, const H5O_info_t* info, void* data) -> herr_t {
    if (info->type == H5O_TYPE_DATASET)
      static_cast<std::vector<std::string>*>(data)->push_back(std::string("/") + name);
    return 0;
  };
  check_status(H5Ovisit(file_, H5_INDEX_NAME, H5_ITER_INC, visit, &out), "listing " + path_);
  std::sort(out.begin(), out.end());
  return out;
}

bool ResultReader::has(const std::string& path) const {
  return H5Lexists(file_, path.c_str(), H5P_DEFAULT) > 0;
}

std::vector<std::size_t> ResultReader::dims(const std::string& path) const {
  Handle set(check(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), "opening " + path), H5Dclose);
  Handle space(H5Dget_space(set), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(space);
  std::vector<hsize_t> d(static_cast<std::size_t>(std::max(rank, 0)));
  H5Sget_simple_extent_dims(space, d.data(), nullptr);
  return {d.begin(), d.end()};
}

ResultReader::Kind ResultReader::element_kind(const std::string& path) const {
  Handle set(check(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), "opening " + path), H5Dclose);
  Handle type(H5Dget_type(set), H5Tclose);
  switch (H5Tget_class(type)) {
    case H5T_STRING:
      return Kind::Text;
    case H5T_INTEGER:
      return Kind::Integer;
    default:
      return Kind::Real;
  }
}

namespace {
std::size_t element_count(const std::vector<std::size_t>& dims) {
  std::size_t n = 1;
  for (auto d : dims) n *= d;
  return n;
}
}  // namespace

std::vector<double> ResultReader::doubles(const std::string& path) const {
  std::vector<double> out(element_count(dims(path)));
  Handle set(check(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), "opening " + path), H5Dclose);
  if (!out.empty())
    check_status(H5Dread(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()),
                 "reading " + path);
  return out;
}

std::vector<std::int64_t> ResultReader::integers(const std::string& path) const {
  std::vector<std::int64_t> out(element_count(dims(path)));
  Handle set(check(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), "opening " + path), H5Dclose);
  if (!out.empty())
    check_status(H5Dread(set, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()),
                 "reading " + path);
  return out;
}

std::vector<std::string> ResultReader::strings(const std::string& path) const {
  const std::size_t n = element_count(dims(path));
  Handle set(check(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), "opening " + path), H5Dclose);
  Handle type(string_type(), H5Tclose);
  std::vector<char*> raw(n, nullptr);
  if (n > 0)
    check_status(H5Dread(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, raw.data()), "reading " + path);
  std::vector<std::string> out;
  for (char* p : raw) out.emplace_back(p ? p : "");
  if (n > 0) {
    Handle space(H5Dget_space(set), H5Sclose);
    H5Dvlen_reclaim(type, space, H5P_DEFAULT, raw.data());
  }
  return out;
}

bool ResultReader::is_text(const std::string& path) const {
  return element_kind(path) == Kind::Text;
}

std::string ResultReader::raw(const std::string& path) const {
  Handle set(check(H5Dopen2(file_, path.c_str(), H5P_DEFAULT), "opening " + path), H5Dclose);
  Handle type(H5Dget_type(set), H5Tclose);
  if (H5Tget_class(type) == H5T_STRING) {
    std::string joined = "strings:";
    for (const auto& s : strings(path)) joined += std::to_string(s.size()) + ":" + s;
    return joined;
  }
  Handle native(H5Tget_native_type(type, H5T_DIR_ASCEND), H5Tclose);
  const std::size_t n = element_count(dims(path));
  std::string bytes(n * H5Tget_size(native), '\0');
  if (n > 0)
    check_status(H5Dread(set, native, H5S_ALL, H5S_ALL, H5P_DEFAULT, bytes.data()),
                 "reading " + path);
  std::string shape_text;
  for (auto d : dims(path)) shape_text += std::to_string(d) + "x";
  return std::to_string(H5Tget_class(type)) + ":" + shape_text + ":" + bytes;
}

std::string ResultReader::attribute_text(const std::string& object, const std::string& name) const {
  Handle obj(check(H5Oopen(file_, object.c_str(), H5P_DEFAULT), "opening " + object), H5Oclose);
  Handle attr(check(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "opening attribute " + name),
              H5Aclose);
  Handle type(string_type(), H5Tclose);
  char* p = nullptr;
  check_status(H5Aread(attr, type, &p), "reading attribute " + name);
  std::string out = p ? p : "";
  H5free_memory(p);
  return out;
}

std::int64_t ResultReader::attribute_integer(const std::string& object,
                                             const std::string& name) const {
  Handle obj(check(H5Oopen(file_, object.c_str(), H5P_DEFAULT), "opening " + object), H5Oclose);
  Handle attr(check(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "opening attribute " + name),
              H5Aclose);
  std::int64_t v = 0;
  check_status(H5Aread(attr, H5T_NATIVE_INT64, &v), "reading attribute " + name);
  return v;
}

std::vector<std::string> compare_results(const std::string& a, const std::string& b,
                                         const std::vector<std::string>& exclude) {
  ResultReader ra(a), rb(b);
  auto keep = [&](const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const auto& p : paths) {
      bool skip = false;
      for (const auto& e : exclude) skip = skip || p.rfind(e, 0) == 0;
      if (!skip) out.push_back(p);
    }
    return out;
  };
  const auto pa = keep(ra.dataset_paths()), pb = keep(rb.dataset_paths());
  std::vector<std::string> diffs;
  for (const auto& p : pa)
    if (!std::binary_search(pb.begin(), pb.end(), p)) diffs.push_back(p + ": only in " + a);
  for (const auto& p : pb)
    if (!std::binary_search(pa.begin(), pa.end(), p)) diffs.push_back(p + ": only in " + b);
  for (const auto& p : pa)
    if (std::binary_search(pb.begin(), pb.end(), p) && ra.raw(p) != rb.raw(p))
      diffs.push_back(p + ": contents differ");
  return diffs;
}

}  // namespace adm::io
