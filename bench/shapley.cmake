# Fairness-aware feature selection benchmarks (bench/shapley_*.sh run them):
# bench_shapley_pid: the BROJA solver against Ipopt on the same convex program;
# bench_shapley_scale: exact Shapley time per subset on COMPAS-sized synthetic data, and a
# sampled run at n = 40.
add_executable(bench_shapley_pid shapley_pid.cpp)
target_link_libraries(bench_shapley_pid PRIVATE adm_info PkgConfig::IPOPT)
# bench_pid_sparse: BROJA on random sparse joints with 50-400 values per source (certified share,
# steps, time per solve).
add_executable(bench_pid_sparse pid_sparse.cpp)
target_link_libraries(bench_pid_sparse PRIVATE adm_info)
