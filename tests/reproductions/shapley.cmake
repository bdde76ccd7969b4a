# Reproductions of the fairness-aware feature selection paper (Shapley values of information
# coefficients): Table 2 (COMPAS; skipped, exit 77, without ../shared/data) and Table 1's
# synthetic experiment. A few seconds each.
add_test(NAME repro_shapley_compas
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/shapley_compas.sh $<TARGET_FILE:admissible>)
set_tests_properties(repro_shapley_compas PROPERTIES LABELS reproduction TIMEOUT 300
                     SKIP_RETURN_CODE 77)
add_test(NAME repro_shapley_synthetic
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/shapley_synthetic.sh $<TARGET_FILE:admissible>)
set_tests_properties(repro_shapley_synthetic PROPERTIES LABELS reproduction TIMEOUT 300)
