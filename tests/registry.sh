#!/bin/sh
# usage: sh tests/registry.sh   (after make build-tests and make all)
# Every name of the registries (tests/registry-names prints them: input
# formats, statistics, comparison methods, chart kinds, result formats)
# is documented: in the tool's man page, README.md and docs/INTERFACE.md,
# and in the --help of the tool that takes it.  Names each one missing;
# fails when a registry comes out empty too.
cd "$(dirname "$0")/.." || exit 2
[ -x tests/registry-names ] || { echo "tests/registry-names is not built"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/btools-registry.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
tests/registry-names > "$tmp/names" || { echo "tests/registry-names failed"; exit 2; }
# The man pages as a reader sees them (mandoc, without its overstrikes).
for m in man/*.1; do
	mandoc -Tascii "$m" | sed 's/.\x08//g' > "$tmp/$(basename "$m")" ||
	    { echo "mandoc failed on $m"; exit 2; }
done
for t in bstat bcompare bplot; do
	./$t --help > "$tmp/$t.help" 2>&1
done
bad=0
miss() { echo "registry: $1 '$2' is not in $3"; bad=$((bad + 1)); }
for r in format stat method kind outfmt; do
	grep -q "^$r " "$tmp/names" || miss "$r" "(no row)" "the registry"
done
# A percentile's rows are named pNN (pNN_lo): in a page as they are, or
# as p95 or p99.
found() {
	for v in "$1" "$(printf '%s' "$1" | sed 's/NN/95/')" \
	    "$(printf '%s' "$1" | sed 's/NN/99/')"; do
		grep -qwF -- "$v" "$2" && return 0
	done
	return 1
}
while read -r r n; do
	case $r in
	format)	pages="bstat.1 bstat.help" ;;
	stat)	pages="bstat.1 bstat.help" ;;
	method)	pages="bcompare.1 bcompare.help" ;;
	kind)	pages="bplot.1 bplot.help" ;;
	outfmt)	pages="bstat.1 bcompare.1 bstat.help bcompare.help" ;;
	esac
	for p in $pages; do
		case $p in
		*.help) where="${p%.help} --help" ;;
		*) where="man/$p" ;;
		esac
		found "$n" "$tmp/$p" || miss "$r" "$n" "$where"
	done
	# A chart kind has its own entry in bplot(1)'s list of kinds.
	if [ "$r" = kind ] && ! grep -qx "\.It Cm $n" man/bplot.1; then
		miss kind "$n" "an entry '.It Cm $n' of man/bplot.1"
	fi
	for d in README.md docs/INTERFACE.md; do
		found "$n" "$d" || miss "$r" "$n" "$d"
	done
done < "$tmp/names"
exit $((bad > 0))
