# Two series of 1,200 revisions, one value each: series a steps +10%
# at revision 301, series b is flat (2% noise).  A Park-Miller generator,
# the same under any awk.  usage: awk -v N=REVISIONS -f gen_state.awk
function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
function norm() { return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd()) }
BEGIN {
	print "bench,rev,time_ms"
	for (s = 0; s < 2; s++) {
		seed = 4242 + s
		for (i = 1; i <= N; i++)
			printf "%s,%d,%.3f\n", s ? "b" : "a", i, \
			    (s == 0 && i > 300 ? 110 : 100) * (1 + 0.02 * norm())
	}
}
