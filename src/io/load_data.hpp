#pragma once
// data::load_dataset with every reader the program has: CSV and embedded data (data layer) and
// HDF5 tables (hdf5_table.hpp: only io links the HDF5 library).
#include "data/load.hpp"

namespace adm::io {

data::Dataset load_dataset(const data::DataSpec& spec, data::LoadReport* report = nullptr);

}  // namespace adm::io
