#!/bin/sh
# usage: sh tests/layers.sh [DIR]   (libstat by default; plots too)
# No call cycle between the files of DIR/ (libstat/ or plots/): each
# object's undefined symbols are mapped to the object that defines them,
# and objects that call no other are peeled off until none is left
# (Kahn's order).  What remains lies on a cycle, and is named.
# In libstat, its folders are its layers, lowest first: core, read (with
# read/fmt), stat, compare, report.  A call from a folder to one above it
# fails, naming the caller, the callee and the symbol; so no cycle
# between the folders either.
cd "$(dirname "$0")/.." || exit 2
dir=${1:-libstat}
objs=$(find "$dir" -name '*.o' | sort)
[ -n "$objs" ] || { echo "no objects in $dir/: build first"; exit 2; }
for o in $objs; do
	nm "$o" | awk -v o="${o#"$dir"/}" '
		$2 ~ /^[TDBR]$/ { print "D", o, $3 }
		$1 == "U" { print "U", o, $2 }'
done | awk -v order="core read stat compare report" -v dir="$dir" '
	function layer(o,   f) {
		f = o
		sub(/\/.*/, "", f)
		return (dir == "libstat" && (f in rank)) ? rank[f] : -1
	}
	BEGIN { n = split(order, a, " "); for (i = 1; i <= n; i++) rank[a[i]] = i }
	$1 == "D" { def[$3] = $2; objs[$2] = 1 }
	$1 == "U" { use[NR] = $2 " " $3 }
	END {
		bad = 0
		for (k in use) {
			split(use[k], a, " ")
			if (!(a[2] in def) || def[a[2]] == a[1])
				continue
			edge[a[1] " " def[a[2]]] = 1
			if (dir == "libstat" && (layer(a[1]) < 0 || layer(def[a[2]]) > layer(a[1]))) {
				printf "layer call upward: %s calls %s of %s\n", a[1], a[2], def[a[2]]
				bad++
			}
		}
		do {
			changed = 0
			for (o in objs) {
				out = 0
				for (e in edge) {
					split(e, b, " ")
					if (b[1] == o && (b[2] in objs))
						out = 1
				}
				if (!out) {
					delete objs[o]
					changed = 1
				}
			}
		} while (changed)
		for (o in objs) {
			printf "on or above a call cycle: %s\n", o
			bad++
		}
		exit bad > 0
	}'
