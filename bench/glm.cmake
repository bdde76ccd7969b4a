# Logistic regression (IRLS) and lasso path fit times on Adult, set against R's glm and glmnet by
# bench/glm.sh.
add_executable(bench_glm ${CMAKE_CURRENT_LIST_DIR}/bench_glm.cpp)
target_link_libraries(bench_glm PRIVATE adm_learn)
