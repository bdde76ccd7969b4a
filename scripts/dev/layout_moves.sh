#!/bin/bash
# Issue 29 items 2 and 7: the layout moves, as pure moves (git mv) plus the include paths and
# CMake lists they need; no other content changes. Re-runnable: a move whose source is gone (done
# already) is skipped, and the rewrites only touch paths that still use the old names, so the lead
# can run it again after merging branches that still edit the old paths:
#   git merge other-branch   # conflicts in moved files: take theirs at the OLD path, then
#   scripts/dev/layout_moves.sh && cmake --build build
# Steps (each can be run alone: layout_moves.sh reproduce|pipelines|drivers|fairness|parallel):
#   reproduce  src/pipelines/{checker,expectations,figure_reader,reproduce,reproduce_slurm,
#              run_sets,verdict_text}.* -> src/reproduce/ (own CMake layer adm_reproduce),
#              tests/pipelines/test_checker.cpp -> tests/reproduce/
#   pipelines  each pipeline's config + wiring + registration -> src/pipelines/<name>/
#   drivers    src/pipelines/pid_command.* -> drivers/
#   fairness   src/fairness/report* -> group_fairness*, fair_report.* -> methods/fairforest/model_metrics.*
#   parallel   src/dist -> src/parallel (CMake layer adm_parallel), tests/dist -> tests/parallel
#              (the C++ namespace stays adm::dist)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

# Files whose includes may name a moved header.
sources() { git ls-files -- 'src/*' 'drivers/*' 'tests/*' 'bench/*' | grep -E '\.(cpp|hpp|h|in)$'; }

# mv OLD NEW: git mv (skipped when OLD is gone) and rewrite #include "OLD-without-src/" everywhere.
move() {
  local old=$1 new=$2
  if [ -e "$old" ]; then
    mkdir -p "$(dirname "$new")"
    git mv "$old" "$new"
  fi
  case $old in
    src/*.hpp | src/*.in)
      local o=${old#src/} n=${new#src/}
      sources | xargs grep -l "#include \"$o\"" 2>/dev/null |
        xargs -r sed -i "s|#include \"$o\"|#include \"$n\"|" || true
      ;;
    drivers/*.hpp)
      ;;
  esac
}

# A header moved from src/ to drivers/ is included by file name there ("pid_command.hpp").
move_to_drivers() {
  local old=$1 new=$2
  [ -e "$old" ] && git mv "$old" "$new"
  local o=${old#src/}
  sources | xargs grep -l "#include \"$o\"" 2>/dev/null |
    xargs -r sed -i "s|#include \"$o\"|#include \"$(basename "$new")\"|" || true
}

step_reproduce() {
  for f in checker expectations figure_reader reproduce reproduce_slurm run_sets verdict_text; do
    for ext in hpp cpp; do move src/pipelines/$f.$ext src/reproduce/$f.$ext; done
  done
  [ -e tests/pipelines/test_checker.cpp ] && { mkdir -p tests/reproduce; git mv tests/pipelines/test_checker.cpp tests/reproduce/test_checker.cpp; }
  # CMake: the reproduction layer above the pipelines, linked into the program; its tests' folder.
  grep -q 'adm_layer(adm_reproduce reproduce)' CMakeLists.txt || python3 - <<'PY'
import re
p = 'CMakeLists.txt'
s = open(p).read()
s = s.replace('''# `admissible reproduce` finds configs/<paper>/expect.toml in the source tree by default.
target_compile_definitions(adm_pipelines PRIVATE ADM_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
''', '''# Paper reproductions (expectations, checker, run sets, verdicts) above the pipelines they run.
adm_layer(adm_reproduce reproduce)
target_link_libraries(adm_reproduce PUBLIC adm_pipelines)
# `admissible reproduce` finds configs/<paper>/expect.toml in the source tree by default.
target_compile_definitions(adm_reproduce PRIVATE ADM_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
''')
s = s.replace('target_link_libraries(admissible PRIVATE adm_pipelines CLI11::CLI11)',
              'target_link_libraries(admissible PRIVATE adm_reproduce CLI11::CLI11)')
open(p, 'w').write(s)
p = 'tests/CMakeLists.txt'
s = open(p).read()
s = s.replace('${CMAKE_CURRENT_SOURCE_DIR}/pipelines/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/learn/*.cpp',
              '${CMAKE_CURRENT_SOURCE_DIR}/pipelines/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/reproduce/*.cpp\n     ${CMAKE_CURRENT_SOURCE_DIR}/learn/*.cpp')
s = s.replace('target_link_libraries(unit_tests PRIVATE adm_pipelines Catch2::Catch2',
              'target_link_libraries(unit_tests PRIVATE adm_reproduce Catch2::Catch2')
open(p, 'w').write(s)
PY
}

step_pipelines() {
  local p=src/pipelines
  for f in audit.hpp audit.cpp audit_stages.hpp data_stage.cpp info_stage.cpp fairness_stage.cpp \
           split_audit.hpp split_audit.cpp split_audit_results.hpp split_audit_results.cpp \
           audit_registration.cpp; do move $p/$f $p/audit/$f; done
  for f in infogram_pipeline.hpp infogram_pipeline.cpp infogram_stage.cpp alfa_stage.cpp \
           infogram_config.hpp infogram_config.cpp infogram_registration.cpp; do
    move $p/$f $p/infogram/$f; done
  for f in models_config.hpp models_config.cpp models_pipeline.hpp models_pipeline.cpp \
           models_scoring.hpp models_scoring.cpp model_factory.hpp model_factory.cpp \
           learner_factory.hpp learner_factory.cpp models_registration.cpp; do
    move $p/$f $p/models/$f; done
  for f in shapley_config.hpp shapley_config.cpp shapley_pipeline.hpp shapley_pipeline.cpp \
           shapley_registration.cpp; do move $p/$f $p/shapley/$f; done
  for f in rulelist_config.hpp rulelist_config.cpp rulelist_pipeline.hpp rulelist_pipeline.cpp \
           rulelist_registration.cpp; do move $p/$f $p/rulelist/$f; done
  for f in patterns_config.hpp patterns_config.cpp patterns_pipeline.hpp patterns_pipeline.cpp \
           nb_parameters.hpp nb_parameters.cpp patterns_registration.cpp; do
    move $p/$f $p/patterns/$f; done
  for f in fairforest_config.hpp fairforest_config.cpp fairforest_data.hpp fairforest_data.cpp \
           fairforest_models.hpp fairforest_models.cpp fairforest_pipeline.hpp \
           fairforest_pipeline.cpp fairforest_sweep.hpp fairforest_sweep.cpp \
           fairforest_registration.cpp; do move $p/$f $p/fairforest/$f; done
}

step_drivers() {
  move_to_drivers src/pipelines/pid_command.hpp drivers/pid_command.hpp
  move_to_drivers src/pipelines/pid_command.cpp drivers/pid_command.cpp
}

step_fairness() {
  # The fairness layer's "report" files hold metric bundles: name them so. The Fair Forests bundle
  # (Discrimination, MaxD, Inconsistency with intervals for one model) is that method's own.
  move src/fairness/report.hpp src/fairness/group_fairness.hpp
  move src/fairness/report.cpp src/fairness/group_fairness.cpp
  move src/fairness/report_flat.hpp src/fairness/group_fairness_flat.hpp
  move src/fairness/report_flat.cpp src/fairness/group_fairness_flat.cpp
  move src/fairness/fair_report.hpp src/methods/fairforest/model_metrics.hpp
  move src/fairness/fair_report.cpp src/methods/fairforest/model_metrics.cpp
}

step_parallel() {
  if [ -d src/dist ]; then git mv src/dist src/parallel; fi
  if [ -d tests/dist ]; then git mv tests/dist tests/parallel; fi
  sources | xargs grep -l '#include "dist/' 2>/dev/null | xargs -r sed -i 's|#include "dist/|#include "parallel/|' || true
  sed -i 's|adm_layer(adm_dist dist)|adm_layer(adm_parallel parallel)|; s|\badm_dist\b|adm_parallel|g' CMakeLists.txt
  sed -i 's|\badm_dist\b|adm_parallel|g' tests/mpi/CMakeLists.txt tests/mpi/*.cmake
  sed -i 's|${CMAKE_CURRENT_SOURCE_DIR}/dist/\*.cpp|${CMAKE_CURRENT_SOURCE_DIR}/parallel/*.cpp|' tests/CMakeLists.txt
  sed -i 's|src/dist/|src/parallel/|g' bench/smpi/CMakeLists.txt
  # Paths in comments and scripts: src/dist..., dist/<file>.hpp|cpp.
  git grep -l -E 'src/dist\b|\bdist/[a-z_]+\.(hpp|cpp)' -- src drivers tests bench scripts slurm \
    ':!scripts/dev/layout_moves.sh' | xargs -r sed -i -E 's#src/dist\b#src/parallel#g; s#\bdist/([a-z_]+\.(hpp|cpp))#parallel/\1#g'
}

case "${1:-all}" in
  reproduce) step_reproduce ;;
  pipelines) step_pipelines ;;
  drivers) step_drivers ;;
  fairness) step_fairness ;;
  parallel) step_parallel ;;
  all) step_reproduce; step_pipelines; step_drivers; step_fairness; step_parallel ;;
  *) echo "usage: $0 [reproduce|pipelines|drivers|fairness|parallel|all]" >&2; exit 2 ;;
esac
