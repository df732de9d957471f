#!/usr/bin/env python3
"""Write iperf3_stream.ndjson and iperf3_stream_cut.ndjson: the -P 2 run of
testdata/real/sys29/iperf3/par2.json as iperf3 3.13+'s --json-stream
writes it (one unformatted JSON event a line: {"event":"start","data":
START}, one "interval" event per interval, {"event":"end","data":END};
the layout of esnet/iperf pull request 1098), since Debian 12's iperf3
3.12 has no --json-stream; and a copy cut short in its third interval
line, as a crashed run leaves it.  Run from the repository root."""
import json

d = json.load(open("testdata/real/sys29/iperf3/par2.json"))
ev = [{"event": "start", "data": d["start"]}]
ev += [{"event": "interval", "data": iv} for iv in d["intervals"]]
ev.append({"event": "end", "data": d["end"]})
text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in ev)
open("testdata/cli/iperf3_stream.ndjson", "w").write(text)
lines = text.split("\n")
cut = "\n".join(lines[:3]) + "\n" + lines[3][:200]
open("testdata/cli/iperf3_stream_cut.ndjson", "w").write(cut)
