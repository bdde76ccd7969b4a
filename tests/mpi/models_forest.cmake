# Models pipeline: forests scored on random splits in blocks of trees, identical at 1, 2, 4 ranks.
add_test(NAME mpi_models_forest_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/models_forest_ranks.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_models_forest_ranks PROPERTIES LABELS mpi TIMEOUT 300)
