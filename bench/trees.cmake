# CART and forest fits on Adult against R's rpart and ranger/randomForest (bench/trees_vs_r.sh).
add_executable(bench_trees ${CMAKE_CURRENT_SOURCE_DIR}/bench_trees.cpp)
target_link_libraries(bench_trees PRIVATE adm_learn)
