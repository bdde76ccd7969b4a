# Paper reproductions through `admissible reproduce PAPER` (configs/PAPER/expect.toml), one test per
# paper; results stay in reproduce/PAPER under this build folder for the tests that read them
# (fixture PAPER_results). Exit 77 (skipped) without ../shared/data.
#   audit: COMPAS group error rates against ProPublica / Dressel & Farid (~5 s)
#   fairnb: fair naive Bayes Tables 2 and 4 (COMPAS), footnote 8's count, Sec. 3.2's patterns,
#     Table 1's COMPAS and Adult mines (~15 s)
#   fairforests: Fair Forests Tables 2-5, Figures 1-2 on German, Adult, diabetes for Health (~1 min)
#   faircorels: FairCORELS rule lists on COMPAS and Adult, free and constrained, SP fronts (~2.5 min)
#   shapley: fairness-aware feature selection, Table 2 (COMPAS) and Table 1 (20 synthetic models)
#   infogram: InfoGram paper, Example 1 (2 x 50 draws), Example 3 (5 draws), core sets, UCB,
#     Examples 5-11 and the admissible models on them (851 s at load ~6 on 2 cores: the longest
#     test, so it gets the largest COST, which `ctest -j` starts first, and a longer TIMEOUT)
set(repro_out ${CMAKE_CURRENT_BINARY_DIR}/reproduce)
foreach(paper audit fairnb faircorels fairforests shapley infogram)
  add_test(NAME repro_${paper}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/reproduce_paper.sh $<TARGET_FILE:admissible>
                   ${paper} ${repro_out})
  set_tests_properties(repro_${paper} PROPERTIES LABELS reproduction TIMEOUT 900
                       SKIP_RETURN_CODE 77 FIXTURES_SETUP ${paper}_results)
endforeach()
set_tests_properties(repro_infogram PROPERTIES TIMEOUT 1800 COST 1000)

# Self-consistency checks on those results (not published figures): they read the fixture's files.
add_test(NAME repro_faircorels_rule_list_15
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/faircorels_rule_list_15.sh ${repro_out})
set_tests_properties(repro_faircorels_rule_list_15 PROPERTIES LABELS reproduction TIMEOUT 60
                     SKIP_RETURN_CODE 77 FIXTURES_REQUIRED faircorels_results)
add_test(NAME repro_fairnb_table1
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/fairnb_table1.sh ${repro_out})
set_tests_properties(repro_fairnb_table1 PROPERTIES LABELS reproduction TIMEOUT 120
                     SKIP_RETURN_CODE 77 FIXTURES_REQUIRED fairnb_results)
add_test(NAME repro_shapley_bayes_figure2
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/shapley_bayes_figure2.sh ${repro_out})
set_tests_properties(repro_shapley_bayes_figure2 PROPERTIES LABELS reproduction TIMEOUT 120
                     SKIP_RETURN_CODE 77 FIXTURES_REQUIRED shapley_results)
add_test(NAME repro_infogram_ucb_counts
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/infogram_ucb_counts.sh $<TARGET_FILE:admissible>
                 ${repro_out})
set_tests_properties(repro_infogram_ucb_counts PROPERTIES LABELS reproduction TIMEOUT 120
                     SKIP_RETURN_CODE 77 FIXTURES_REQUIRED infogram_results)
# Published figures the program does not compute, with awk on the data (no run of the program).
foreach(check infogram_prostate_genes infogram_srbct_samples)
  add_test(NAME repro_${check} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/${check}.sh)
  set_tests_properties(repro_${check} PROPERTIES LABELS reproduction TIMEOUT 60 SKIP_RETURN_CODE 77)
endforeach()
