# FairCORELS reproductions (included by CMakeLists.txt here): rule lists on COMPAS and Adult with
# the authors' preprocessed data, unconstrained and under SP/EOdds/EOpp constraints, ours beside
# the paper's with a tolerance and a verdict; exit 77 (skipped) without ../shared/data.
foreach(dataset compas adult)
  add_test(NAME repro_rulelist_${dataset}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/rulelist_repro.sh $<TARGET_FILE:admissible>
                   ${dataset})
  set_tests_properties(repro_rulelist_${dataset} PROPERTIES LABELS reproduction TIMEOUT 900
                       SKIP_RETURN_CODE 77)
endforeach()
