# Fair Forests reproductions (issue 11): Tables 2-5 and Figures 1-2 on German and Adult, the
# diabetes substitute for the Heritage Health rows; exit 77 (skipped) without ../shared/data.
# ADM_REPRO_FULL=1 in the environment runs the configs as they are (100 trees, Adult's sweep).
foreach(name german adult diabetes)
  add_test(NAME repro_fairforest_${name}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/fairforest_${name}.sh $<TARGET_FILE:admissible>)
  set_tests_properties(repro_fairforest_${name} PROPERTIES LABELS reproduction TIMEOUT 1800
                       SKIP_RETURN_CODE 77)
endforeach()
