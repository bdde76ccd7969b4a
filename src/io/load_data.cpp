#include "io/load_data.hpp"

#include "io/hdf5_table.hpp"

namespace adm::io {

data::Dataset load_dataset(const data::DataSpec& spec, data::LoadReport* report) {
  return data::load_dataset(spec, report, read_hdf5_table);
}

}  // namespace adm::io
