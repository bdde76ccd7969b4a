# Shapley values (fairness-aware feature selection) identical at 1, 2 and 4 ranks.
add_test(NAME mpi_shapley_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/shapley_ranks.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_shapley_ranks PROPERTIES LABELS mpi TIMEOUT 300)
