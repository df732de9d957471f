// How the .hlog files were made: hdr-histogram-js (npm, 3.0.1) records
// the latency in µs of real requests to a local python3 -m http.server
// 18929 --bind 127.0.0.1, one histogram per interval of 40 requests,
// written by its HistogramLogWriter (base64 of the zlib-compressed V2
// encoding); the statistics it reports of each interval's histogram
// (count, min and max as the ends of their buckets, mean, stdDeviation,
// value at percentiles) go to
// NAME.expected.json, which the oracle compares with what we decode.
// Run from this folder: NODE_PATH=/tmp/lt29/node_modules node make.js
const hdr = require("hdr-histogram-js");
const http = require("http");
const fs = require("fs");

function get(path) {
  return new Promise((ok) => {
    const t0 = process.hrtime.bigint();
    http.get({ host: "127.0.0.1", port: 18929, path }, (res) => {
      res.resume();
      res.on("end", () => ok(Number(process.hrtime.bigint() - t0) / 1000));
    });
  });
}

async function log(name, opts, tag, intervals) {
  let out = "";
  const w = new hdr.HistogramLogWriter((l) => (out += l));
  const start = Date.now();
  w.outputLogFormatVersion();
  w.outputStartTime(start);
  w.outputLegend();
  const expected = [];
  for (let i = 0; i < intervals; i++) {
    const h = hdr.build(opts);
    const t0 = (Date.now() - start) / 1000;
    for (let k = 0; k < 40; k++)
      h.recordValue(Math.round(await get(k % 3 ? "/index.html" : "/big.txt")));
    if (tag) h.tag = tag;
    const t1 = (Date.now() - start) / 1000;
    w.outputIntervalHistogram(h, t0, t1, 1);
    const pct = {};
    for (const p of [50, 90, 99, 99.9, 99.99, 100]) pct[p] = h.getValueAtPercentile(p);
    // min and max as the histogram holds them: the ends of their buckets
    expected.push({ count: h.totalCount,
      min: h.lowestEquivalentValue(h.minNonZeroValue),
      max: h.highestEquivalentValue(h.maxValue),
      mean: h.mean, stddev: h.stdDeviation, pct });
  }
  fs.writeFileSync(name + ".hlog", out);
  fs.writeFileSync(name + ".expected.json", JSON.stringify(expected, null, 1) + "\n");
}

(async () => {
  await log("latency", { numberOfSignificantValueDigits: 3 }, null, 6);
  await log("latency-tagged", { numberOfSignificantValueDigits: 2,
    lowestDiscernibleValue: 10, highestTrackableValue: 60000000 }, "GET", 4);
})();
