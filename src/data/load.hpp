#pragma once
// From a DataSpec (the config's data section) to a Dataset ready for the methods.
#include <functional>

#include "data/csv_reader.hpp"
#include "data/dataset.hpp"
#include "data/load_report.hpp"
#include "data/spec.hpp"
#include "data/used_columns.hpp"

namespace adm::data {

// Reads the selected columns of a source the data layer has no reader for (HDF5: io links the
// library, data does not), as a CsvTable whose lines are 1-based row numbers.
using TableReader = std::function<CsvTable(const DataSpec& spec, const ColumnSelection& columns)>;

// Steps, in order: read (CSV path, an HDF5 file through `hdf5`, or "embedded:NAME" via
// make_embedded) only the columns the spec uses (used_columns.hpp); apply `types` (the CSV reader
// applies them while parsing); drop columns; add derived columns; filter rows; resolve roles (see
// roles.hpp). Every problem is an InputError naming the file line or the config key. For an
// embedded dataset, roles the spec leaves empty default to the dataset's own, and "lines" in
// messages are 1-based row numbers (for HDF5 too). `report`, if given, receives the load's size
// and time (its mode is left as the caller set it). io::load_dataset passes the HDF5 reader.
Dataset load_dataset(const DataSpec& spec, LoadReport* report = nullptr,
                     const TableReader& hdf5 = {});

}  // namespace adm::data
