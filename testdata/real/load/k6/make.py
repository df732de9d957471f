#!/usr/bin/env python3
"""Write k6's --out json, --out csv and --summary-export files, and
vegeta's encode --to json and --to csv files, from real requests to a
local server (python3 -m http.server 18929 --bind 127.0.0.1).

k6 and vegeta are not packaged by Debian: the records are written as
their documentation gives them (k6: "JSON" and "CSV" output and
"--summary-export" pages, grafana.com/docs/k6; vegeta: README,
"encode": JSON fields and the CSV column order, no header), with the
times measured here (http.client: duration, and waiting to the first
byte of the response).  Run from the repository root:
    python3 testdata/real/load/k6/make.py
"""
import base64
import datetime
import http.client
import json
import time

HOST, PORT = "127.0.0.1", 18929
PATHS = ["/index.html", "/big.txt", "/nope"]
K6 = "testdata/real/load/k6/"
VG = "testdata/real/load/vegeta/"


def fetch(path):
    t0 = time.time()
    p0 = time.perf_counter()
    c = http.client.HTTPConnection(HOST, PORT)
    c.request("GET", path)
    r = c.getresponse()
    p1 = time.perf_counter()
    body = r.read()
    p2 = time.perf_counter()
    hdr = "".join("%s: %s\r\n" % kv for kv in r.getheaders())
    c.close()
    return t0, r.status, (p1 - p0), (p2 - p0), body, hdr


def iso(t, off_hours=2):
    tz = datetime.timezone(datetime.timedelta(hours=off_hours))
    d = datetime.datetime.fromtimestamp(t, tz)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d000" % d.microsecond \
        + d.strftime("%z")[:3] + ":" + d.strftime("%z")[3:]


def k6_tags(path, status):
    url = "http://%s:%d%s" % (HOST, PORT, path)
    return {"expected_response": "true" if status < 400 else "false",
            "group": "", "method": "GET", "name": url, "proto": "HTTP/1.0",
            "scenario": "default", "status": str(status), "url": url}


def main():
    reqs = []
    for i in range(36):
        reqs.append((PATHS[i % 3],) + fetch(PATHS[i % 3]))
    metrics = [("http_reqs", "counter", "default"),
               ("http_req_duration", "trend", "time"),
               ("http_req_waiting", "trend", "time"),
               ("data_received", "counter", "data"),
               ("vus", "gauge", "default"),
               ("page_bytes", "trend", "data")]
    lines, csv = [], ["metric_name,timestamp,metric_value,check,error,"
                      "error_code,expected_response,group,method,name,"
                      "proto,scenario,service,status,subproto,"
                      "tls_version,url,extra_tags,metadata"]
    seen = set()
    for path, t0, st, wait, dur, body, hdr in reqs:
        tags = k6_tags(path, st)
        vals = [("vus", 1, {}), ("http_reqs", 1, tags),
                ("http_req_duration", dur * 1e3, tags),
                ("http_req_waiting", wait * 1e3, tags),
                ("data_received", len(body) + len(hdr), tags),
                ("page_bytes", len(body), {"page": path})]
        for m, v, tg in vals:
            if m not in seen:
                seen.add(m)
                kind, cont = [(k, c) for n, k, c in metrics if n == m][0]
                lines.append(json.dumps({"type": "Metric", "data": {
                    "name": m, "type": kind, "contains": cont,
                    "thresholds": [], "submetrics": None}, "metric": m},
                    separators=(",", ":")))
            lines.append(json.dumps({"type": "Point", "data": {
                "time": iso(t0), "value": v, "tags": tg}, "metric": m},
                separators=(",", ":")))
            if m == "page_bytes":
                continue
            row = [m, str(int(t0)), "%f" % v, "", "", ""]
            tgf = lambda k: tg.get(k, "")
            row += [tgf("expected_response"), tgf("group"), tgf("method"),
                    tgf("name"), tgf("proto"), tgf("scenario"), "",
                    tgf("status"), "", "", tgf("url"), "", ""]
            csv.append(",".join(row))
    open(K6 + "k6.json", "w").write("\n".join(lines) + "\n")
    open(K6 + "k6.csv", "w").write("\n".join(csv) + "\n")
    # A crash mid-run: the log ends in the middle of a record.
    whole = "\n".join(lines) + "\n"
    open(K6 + "k6-truncated.json", "w").write(whole[:len(whole) * 2 // 3])
    durs = sorted(d * 1e3 for _, _, _, _, d, _, _ in reqs)

    def pct(p):      # k6's trend percentile: linear between ranks
        k = (len(durs) - 1) * p / 100
        f = int(k)
        return durs[f] + (durs[min(f + 1, len(durs) - 1)] - durs[f]) * (k - f)
    span = reqs[-1][1] + reqs[-1][4] - reqs[0][1]
    summ = {"root_group": {"name": "", "path": "", "id":
                           "d41d8cd98f00b204e9800998ecf8427e",
                           "groups": {}, "checks": {}},
            "metrics": {
                "http_req_duration": {"avg": sum(durs) / len(durs),
                                      "min": durs[0], "med": pct(50),
                                      "max": durs[-1], "p(90)": pct(90),
                                      "p(95)": pct(95)},
                "http_reqs": {"count": len(reqs), "rate": len(reqs) / span},
                "vus": {"value": 1, "min": 1, "max": 1},
                "data_received": {"count": sum(len(b) + len(h) for *_, b, h
                                               in reqs),
                                  "rate": sum(len(b) + len(h) for *_, b, h
                                              in reqs) / span}}}
    open(K6 + "k6-summary.json", "w").write(json.dumps(summ, indent=4) + "\n")
    # vegeta encode: the same requests as its results
    vj, vc = [], []
    for i, (path, t0, st, wait, dur, body, hdr) in enumerate(reqs):
        url = "http://%s:%d%s" % (HOST, PORT, path)
        ns = int(dur * 1e9)
        err = "" if st < 400 else "%d %s" % (st, "File not found")
        vj.append(json.dumps({"attack": "local", "seq": i, "code": st,
                              "timestamp": iso(t0, 0).replace("+00:00", "Z"),
                              "latency": ns, "bytes_out": 0,
                              "bytes_in": len(body), "error": err,
                              "body": base64.b64encode(body[:64]).decode(),
                              "method": "GET", "url": url,
                              "headers": {"Server": ["SimpleHTTP"]}},
                             separators=(",", ":")))
        vc.append(",".join([str(int(t0 * 1e9)), str(st), str(ns), "0",
                            str(len(body)), err,
                            base64.b64encode(body[:64]).decode(), "local",
                            str(i), "GET", url,
                            base64.b64encode(hdr.encode()).decode()]))
    open(VG + "vegeta.json", "w").write("\n".join(vj) + "\n")
    open(VG + "vegeta.csv", "w").write("\n".join(vc) + "\n")
    # Two attacks writing one file at once: a record cut by another's.
    mixed = vc[:10] + [vc[10][:40] + vc[11]] + vc[12:]
    open(VG + "vegeta-interleaved.csv", "w").write("\n".join(mixed) + "\n")


main()
