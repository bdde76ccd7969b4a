#pragma once
// The [infogram] config section: the InfoGram method's own options (methods/infogram) read, written
// and documented as config keys. In the method's namespace, where Fields::section finds it.
#include "core/config_fields.hpp"
#include "methods/infogram/infogram_config.hpp"

namespace adm::methods {

void describe(config::Fields& f, InfogramOptions& o);

}  // namespace adm::methods
