# Fairness-aware feature selection benchmarks (bench/shapley_*.sh run them):
# bench_shapley_pid: the BROJA solver against Ipopt on the same convex program;
# bench_shapley_scale: exact Shapley time per subset on COMPAS-sized synthetic data, and a
# sampled run at n = 40.
add_executable(bench_shapley_pid shapley_pid.cpp)
target_link_libraries(bench_shapley_pid PRIVATE adm_info PkgConfig::IPOPT)
