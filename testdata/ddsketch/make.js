// Makes the DDSketch test data of tests/cli/ddsketch_*.case with Datadog's
// own JavaScript library, @datadog/sketches-js 2.1.1 (Apache-2.0; not in
// the repository): sh testdata/ddsketch/make.sh runs it.
//
//   a.csv, b.csv   latencies (lognormal, ms), one a line, written with the
//                  shortest digits that read back as the same double
//   a.pb, b.pb     the library's DDSketch of each (relative accuracy 1%),
//                  its toProto() bytes
//   expect.csv     the library's answers for a and b merged by its own
//                  merge(): n, and the value of the bin holding the order
//                  statistic of rank ceil(n p) (R's type 1, bstat's sketch
//                  quantiles) under bstat's column names (p1 ... p99.9);
//                  expect_mean.csv its exact mean (sum / n)
//   bins_a.csv     the library's bins of a: key,count (a bin's key is
//                  ceil(log_gamma v), offset 0)
//   mixed.csv/.pb  negative values, zeros and positives in one sketch
//   expect_mixed.csv  the library's quantiles of it, as expect.csv
// With an argument (a .pb that bstat -f ddsketch wrote of a.csv), it reads
// that with fromProto() instead and prints whether its bins and quantiles
// equal the library's own sketch of a.csv (read back through toProto()).
'use strict';
const fs = require('fs');
const { DDSketch } = require('@datadog/sketches-js');

let seed = 12345n;
function unif() {		// splitmix64, to (0, 1)
	seed = (seed + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
	let z = seed;
	z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
	z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
	z = z ^ (z >> 31n);
	return (Number(z >> 11n) + 0.5) / 9007199254740992;
}
function normal() {
	return Math.sqrt(-2 * Math.log(unif())) * Math.cos(2 * Math.PI * unif());
}
function lognormal(n, mu, sigma) {
	const v = [];
	for (let i = 0; i < n; i++)
		v.push(Math.exp(mu + sigma * normal()));
	return v;
}
function sketch(v) {
	const s = new DDSketch({ relativeAccuracy: 0.01 });
	for (const x of v)
		s.accept(x);
	return s;
}
function csv(path, v) {
	fs.writeFileSync(path, 'latency_ms\n' + v.map(String).join('\n') + '\n');
}
const P = [0.01, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999];
// The value at the 1-based rank r, as the library finds it.
function atrank(s, r) {
	const rank = r - 1;
	if (rank < s.negativeStore.count)
		return -s.mapping.value(s.negativeStore.keyAtRank(
		    s.negativeStore.count - rank - 1, false));
	if (rank < s.negativeStore.count + s.zeroCount)
		return 0;
	return s.mapping.value(s.store.keyAtRank(rank - s.zeroCount -
	    s.negativeStore.count));
}
const NAME = ['p1', 'q1', 'median', 'q3', 'p90', 'p95', 'p99', 'p99.9'];
// bstat's column names, the library's values; and its exact mean.
function expect(path, s) {
	const n = s.count;
	const v = P.map(p => atrank(s, Math.min(n, Math.max(1,
	    Math.ceil(n * p - 1e-9)))));
	fs.writeFileSync(path, 'column,n,' + NAME.join(',') + '\n' +
	    `value,${n},` + v.join(',') + '\n');
	fs.writeFileSync(path.replace('.csv', '_mean.csv'),
	    `column,n,mean\nvalue,${n},${s.sum / n}\n`);
}
function bins(s) {
	const m = new Map();
	for (let i = 0; i < s.store.bins.length; i++)
		if (s.store.bins[i] !== 0)
			m.set(i + s.store.offset, s.store.bins[i]);
	return m;
}

const a = lognormal(20011, Math.log(2), 0.6);
const b = lognormal(15013, Math.log(3), 0.4);
const dir = (process.env.OUT || __dirname) + '/';
if (process.argv[2]) {
	const ours = DDSketch.fromProto(fs.readFileSync(process.argv[2]));
	// Its own sketch through its own encoding: fromProto() recomputes
	// gamma's multiplier, so bin values move by an ulp either way.
	const theirs = DDSketch.fromProto(sketch(a).toProto());
	const bo = bins(ours), bt = bins(theirs);
	let same = bo.size === bt.size;
	for (const [k, c] of bt)
		same = same && bo.get(k) === c;
	let q = true;
	for (const p of P)
		q = q && ours.getValueAtQuantile(p) === theirs.getValueAtQuantile(p);
	console.log(`bins ${same ? 'equal' : 'DIFFER'} (${bt.size} bins, ` +
	    `${ours.count} values), quantiles ${q ? 'equal' : 'DIFFER'}`);
	process.exit(same && q ? 0 : 1);
}
csv(dir + 'a.csv', a);
csv(dir + 'b.csv', b);
const sa = sketch(a), sb = sketch(b);
fs.writeFileSync(dir + 'a.pb', sa.toProto());
fs.writeFileSync(dir + 'b.pb', sb.toProto());
let out = 'key,count\n';
for (const [k, c] of [...bins(sa)].sort((x, y) => x[0] - y[0]))
	out += `${k},${c}\n`;
fs.writeFileSync(dir + 'bins_a.csv', out);
const m = sketch(a);
m.merge(sb);
expect(dir + 'expect.csv', m);
// Negatives, zeros, positives: one sketch (the library's merge() leaves
// negative stores out, so these are not merged).
const mixed = lognormal(3001, 0, 1).map((x, i) => i % 3 === 0 ? -x :
    i % 7 === 0 ? 0 : x);
csv(dir + 'mixed.csv', mixed);
const sm = sketch(mixed);
fs.writeFileSync(dir + 'mixed.pb', sm.toProto());
expect(dir + 'expect_mixed.csv', sm);
