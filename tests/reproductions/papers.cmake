# Paper reproductions through `admissible reproduce PAPER` (configs/PAPER/expect.toml), one test per
# paper; results stay in reproduce/PAPER under this build folder for the tests that read them
# (fixture PAPER_results). Exit 77 (skipped) without ../shared/data.
#   fairnb: fair naive Bayes Tables 2 and 4 (COMPAS), footnote 8's count, Sec. 3.2's patterns (~10 s)
set(repro_out ${CMAKE_CURRENT_BINARY_DIR}/reproduce)
foreach(paper fairnb)
  add_test(NAME repro_${paper}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/reproduce_paper.sh $<TARGET_FILE:admissible>
                   ${paper} ${repro_out})
  set_tests_properties(repro_${paper} PROPERTIES LABELS reproduction TIMEOUT 900
                       SKIP_RETURN_CODE 77 FIXTURES_SETUP ${paper}_results)
endforeach()
