# Fair naive Bayes paper reproductions: Table 2, Table 4 (COMPAS) and the COMPAS pattern count,
# about 1-2 minutes at 1 rank (ADM_REPRO_FULL=1 in the environment adds Table 1 and the Adult and
# German rows of Table 4: ~5 minutes); exit 77 (skipped) without ../shared/data.
add_test(NAME repro_patterns_paper
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/patterns_paper.sh $<TARGET_FILE:admissible>)
set_tests_properties(repro_patterns_paper PROPERTIES LABELS reproduction TIMEOUT 900
                     SKIP_RETURN_CODE 77)
