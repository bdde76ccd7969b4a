#pragma once
// The result path (--out or run.out) is checked before any computing, so a run that could never
// write its result fails at once and leaves nothing behind (no folder, checkpoint or side file).
#include <string>
#include <vector>

namespace adm::pipelines {

// Throws InputError unless `out` names a file: not a folder or a path ending in '/', and neither
// it nor its checkpoint or lock file is one of `inputs` (compared as files, by device and inode,
// so another spelling or a link to an input is caught too). Then creates its folder.
void prepare_result_path(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace adm::pipelines
