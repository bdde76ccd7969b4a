#pragma once
// Writing HDF5 tables (a group of 1-D datasets, one per column) with the HDF5 C API, for the
// tests of the HDF5 data source: no h5py, and every kind of column the reader accepts or refuses.
#include <hdf5.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace adm::test {

class Hdf5TableWriter {
 public:
  // Creates `path` (replacing it) and the group `group` ("/" for the root), which tracks and
  // indexes creation order when `creation_order` (so the columns keep the order written).
  Hdf5TableWriter(const std::string& path, const std::string& group, bool creation_order = true) {
    file_ = check(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
    if (group == "/") {
      group_ = check(H5Gopen2(file_, "/", H5P_DEFAULT));
      return;
    }
    const hid_t plist = H5Pcreate(H5P_GROUP_CREATE);
    if (creation_order)
      H5Pset_link_creation_order(plist, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
    const hid_t links = H5Pcreate(H5P_LINK_CREATE);
    H5Pset_create_intermediate_group(links, 1);
    group_ = check(H5Gcreate2(file_, group.c_str(), links, plist, H5P_DEFAULT));
    H5Pclose(links);
    H5Pclose(plist);
  }
  ~Hdf5TableWriter() {
    H5Gclose(group_);
    H5Fclose(file_);
  }
  Hdf5TableWriter(const Hdf5TableWriter&) = delete;
  Hdf5TableWriter& operator=(const Hdf5TableWriter&) = delete;

  void doubles(const std::string& name, const std::vector<double>& v) {
    write(name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {v.size()}, v.data());
  }
  void floats(const std::string& name, const std::vector<float>& v) {
    write(name, H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {v.size()}, v.data());
  }
  void integers(const std::string& name, const std::vector<std::int32_t>& v) {
    write(name, H5T_STD_I32LE, H5T_NATIVE_INT32, {v.size()}, v.data());
  }
  // Integer codes with a string attribute "levels".
  void coded(const std::string& name, const std::vector<std::int32_t>& codes,
             const std::vector<std::string>& levels) {
    integers(name, codes);
    const hid_t set = check(H5Dopen2(group_, name.c_str(), H5P_DEFAULT));
    const hid_t type = string_type(0);
    const hsize_t n = levels.size();
    const hid_t space = H5Screate_simple(1, &n, nullptr);
    const hid_t attr = check(H5Acreate2(set, "levels", type, space, H5P_DEFAULT, H5P_DEFAULT));
    std::vector<const char*> p;
    for (const auto& l : levels) p.push_back(l.c_str());
    check(H5Awrite(attr, type, p.data()));
    H5Aclose(attr);
    H5Sclose(space);
    H5Tclose(type);
    H5Dclose(set);
  }
  // Variable-length UTF-8 strings (fixed = 0) or fixed-size null-padded ones of `fixed` bytes.
  void strings(const std::string& name, const std::vector<std::string>& v, std::size_t fixed = 0) {
    const hid_t type = string_type(fixed);
    if (fixed == 0) {
      std::vector<const char*> p;
      for (const auto& s : v) p.push_back(s.c_str());
      write(name, type, type, {v.size()}, p.data());
    } else {
      std::string bytes(v.size() * fixed, '\0');
      for (std::size_t i = 0; i < v.size(); ++i) bytes.replace(i * fixed, v[i].size(), v[i]);
      write(name, type, type, {v.size()}, bytes.data());
    }
    H5Tclose(type);
  }
  // An enum of 8-bit values: member i is names[i] with value values[i].
  void enums(const std::string& name, const std::vector<std::string>& names,
             const std::vector<std::int8_t>& values, const std::vector<std::int8_t>& cells) {
    const hid_t type = H5Tenum_create(H5T_NATIVE_INT8);
    for (std::size_t i = 0; i < names.size(); ++i)
      H5Tenum_insert(type, names[i].c_str(), &values[i]);
    write(name, type, type, {cells.size()}, cells.data());
    H5Tclose(type);
  }
  // A 2-D dataset of doubles (not a column).
  void matrix(const std::string& name, std::size_t rows, std::size_t cols) {
    std::vector<double> v(rows * cols, 1.0);
    write(name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {rows, cols}, v.data());
  }
  // A compound dataset (an unsupported column type).
  void compound(const std::string& name, std::size_t rows) {
    struct Pair {
      double a;
      double b;
    };
    const hid_t type = H5Tcreate(H5T_COMPOUND, sizeof(Pair));
    H5Tinsert(type, "a", HOFFSET(Pair, a), H5T_NATIVE_DOUBLE);
    H5Tinsert(type, "b", HOFFSET(Pair, b), H5T_NATIVE_DOUBLE);
    std::vector<Pair> v(rows, Pair{1.0, 2.0});
    write(name, type, type, {rows}, v.data());
    H5Tclose(type);
  }
  void subgroup(const std::string& name) {
    H5Gclose(check(H5Gcreate2(group_, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)));
  }

 private:
  static hid_t check(hid_t id) {
    if (id < 0) throw std::runtime_error("HDF5 test writer: a call failed");
    return id;
  }
  static hid_t string_type(std::size_t fixed) {
    const hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, fixed == 0 ? H5T_VARIABLE : fixed);
    H5Tset_cset(t, H5T_CSET_UTF8);
    if (fixed != 0) H5Tset_strpad(t, H5T_STR_NULLPAD);
    return t;
  }
  void write(const std::string& name, hid_t file_type, hid_t memory_type, std::vector<hsize_t> dims,
             const void* data) {
    const hid_t space = H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
    const hid_t set = check(
        H5Dcreate2(group_, name.c_str(), file_type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
    check(H5Dwrite(set, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data));
    H5Dclose(set);
    H5Sclose(space);
  }

  hid_t file_ = -1;
  hid_t group_ = -1;
};

}  // namespace adm::test
