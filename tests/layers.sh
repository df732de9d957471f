#!/bin/sh
# usage: sh tests/layers.sh [DIR]   (libstat by default; plots too)
# No call cycle between the files of DIR/ (libstat/ or plots/): each object's undefined
# symbols are mapped to the object that defines them, and objects that
# call no other are peeled off until none is left (Kahn's order).  What
# remains lies on a cycle, and is named.
cd "$(dirname "$0")/.." || exit 2
dir=${1:-libstat}
ls "$dir"/*.o >/dev/null 2>&1 || { echo "no objects in $dir/: build first"; exit 2; }
for o in "$dir"/*.o; do
	nm "$o" | awk -v o="$(basename "$o")" '
		$2 ~ /^[TDBR]$/ { print "D", o, $3 }
		$1 == "U" { print "U", o, $2 }'
done | awk '
	$1 == "D" { def[$3] = $2; objs[$2] = 1 }
	$1 == "U" { use[NR] = $2 " " $3 }
	END {
		for (k in use) {
			split(use[k], a, " ")
			if ((a[2] in def) && def[a[2]] != a[1])
				edge[a[1] " " def[a[2]]] = 1
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
		n = 0
		for (o in objs) {
			printf "on or above a call cycle: %s\n", o
			n++
		}
		exit n > 0
	}'
