// A small Google Benchmark program for gbench console output (make.sh).
#include <benchmark/benchmark.h>
#include <numeric>
#include <vector>

static void BM_Sum(benchmark::State &state) {
	std::vector<int> v(state.range(0), 1);
	for (auto _ : state)
		benchmark::DoNotOptimize(std::accumulate(v.begin(), v.end(), 0));
	state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Sum)->Arg(64)->Arg(4096);

static void BM_Copy(benchmark::State &state) {
	std::vector<char> a(state.range(0)), b(state.range(0));
	for (auto _ : state)
		std::copy(a.begin(), a.end(), b.begin());
	state.SetBytesProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Copy)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
