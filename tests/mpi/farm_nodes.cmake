# The task farm with node leaders forced on (fake nodes of 4 ranks): identical results, failures,
# rank 0's messages.
add_test(NAME mpi_farm_nodes
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/farm_nodes_ranks.sh $<TARGET_FILE:farm_probe>
                 $<TARGET_FILE:admissible>)
set_tests_properties(mpi_farm_nodes PROPERTIES LABELS mpi TIMEOUT 120)
