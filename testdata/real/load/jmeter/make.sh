#!/bin/sh
# How jmeter.jtl and jmeter-tab.jtl were made (Debian 12: jmeter and
# jmeter-http 2.13).  JMeter 2.13 cannot load a .jmx there (XStream:
# ForbiddenClassException on org.apache.jmeter.save.ScriptWrapper), so
# RunPlan.java builds the plan (3 threads x 20 loops x 3 samplers: a
# page, a 2.7 kB file labelled "big, file", a 404) with JMeter's API and
# runs it in JMeter's engine; its ResultCollector writes the JTL.
# Run from this folder; a server: python3 -m http.server 18929 --bind 127.0.0.1
set -e
CP="/usr/share/jmeter/bin/ApacheJMeter.jar:/usr/share/jmeter/lib/*:/usr/share/jmeter/lib/ext/*:/usr/share/java/*"
d=$(mktemp -d)
javac -d "$d" -cp "$CP" RunPlan.java
rm -f jmeter.jtl jmeter-tab.jtl
java -cp "$CP:$d" RunPlan 18929 jmeter.jtl > "$d/log" 2>&1
java -cp "$CP:$d" RunPlan 18929 jmeter-tab.jtl tab > "$d/log" 2>&1
# Bad input made from them: a crash mid-run (the first 2000 bytes), and a
# second writer's record cut into the log after line 15.
head -c 2000 jmeter.jtl > jmeter-truncated.jtl
{ head -15 jmeter.jtl; sed -n 40p jmeter-tab.jtl | head -c 30
  sed -n '16,$p' jmeter.jtl; } > jmeter-interleaved.jtl
# JMeter's XML form (refused: read as CSV), its first two samples:
java -cp "$CP:$d" RunPlan 18929 "$d/x.jtl" xml > "$d/log" 2>&1 || true
{ head -7 "$d/x.jtl"; echo '</testResults>'; } > jmeter-xml-head.jtl
rm -rf "$d" jmeter.log
