#pragma once
// Config descriptions of the data sections ([data], [data.csv], [[data.filter]], [[data.derive]]).
#include "core/config_fields.hpp"
#include "data/spec.hpp"

namespace adm::data {

void describe(config::Fields& f, CsvOptions& csv);
void describe(config::Fields& f, RowFilter& filter);
void describe(config::Fields& f, DerivedColumn& derived);
void describe(config::Fields& f, DataSpec& spec);

}  // namespace adm::data
