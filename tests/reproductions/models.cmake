# Admissible models of the InfoGram paper (issue 4): COREtree/FINEtree, COREglm/FINEglm, FINElasso
# and the ALFA ranking of models, each from configs/infogram/models_<name>.toml, printing our figures beside
# the paper's; exit 77 (skipped) without ../shared/data.
foreach(name iris wdbc thera taiwan compas srbct prostate adult)
  add_test(NAME repro_models_${name}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/repro_models_${name}.sh $<TARGET_FILE:admissible>)
  set_tests_properties(repro_models_${name} PROPERTIES LABELS reproduction TIMEOUT 900
                       SKIP_RETURN_CODE 77)
endforeach()
