# InfoGram paper reproductions on the larger shared datasets (included by CMakeLists.txt here):
# Example 5 (prostate), 6 (SRBCT), 8 (Adult), 9 (Taiwan credit), 10 (COMPAS), 11 (Thera Bank).
# Each runs configs/infogram/infogram_<name>.toml and prints our figures beside the paper's; exit 77
# (skipped) without ../shared/data. About 2 min together at 1 rank on 2 cores.
foreach(name adult taiwan compas_infogram thera prostate srbct)
  add_test(NAME repro_${name}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/repro_${name}.sh $<TARGET_FILE:admissible>)
  set_tests_properties(repro_${name} PROPERTIES LABELS reproduction TIMEOUT 900
                       SKIP_RETURN_CODE 77)
endforeach()
