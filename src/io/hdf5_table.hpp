#pragma once
// A data table stored in HDF5: the group spec.group of the file spec.source holds one 1-D dataset
// per column, all of one length (the rows). Columns are taken in the group's creation order when
// it tracks one, else by name. A dataset is, by its HDF5 type:
// - integer or float: a numeric column (read as double; a float NaN is a missing cell, +-Inf an
//   error);
// - string (fixed or variable length, ASCII or UTF-8): a categorical column of its texts; an empty
//   string is a missing cell;
// - enum (h5py's booleans too): a categorical column of its member names;
// - integer with a 1-D string attribute "levels": a categorical column, code i meaning levels[i]
//   and a negative code a missing cell.
// Categorical levels are sorted as the CSV reader sorts them, so the same table read from CSV and
// from HDF5 gives the same dataset. Only the selected columns are read; every member's shape is
// checked (a cheap look at metadata). Problems are InputErrors naming the file and the dataset.
// Messages of later steps give 1-based row numbers where a CSV would give lines.
#include "data/csv_reader.hpp"
#include "data/spec.hpp"
#include "data/used_columns.hpp"

namespace adm::io {

data::CsvTable read_hdf5_table(const data::DataSpec& spec, const data::ColumnSelection& columns);

}  // namespace adm::io
