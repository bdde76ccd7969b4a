# The run's data loaded once per node and shared by its ranks: identical results at 1, 2 and 4
# ranks, and only one rank of the node reads the data.
add_test(NAME mpi_node_data_ranks
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/node_data_ranks.sh $<TARGET_FILE:admissible>)
set_tests_properties(mpi_node_data_ranks PROPERTIES LABELS mpi TIMEOUT 300)
