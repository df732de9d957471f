#!/bin/sh
# make install into a scratch DESTDIR, then build a program against the
# installed libstat with pkg-config alone, and run it: mean 2.5 and sd
# sqrt(5/3) = 1.2909944487358056 of 1, 2, 3, 4 (by hand).
cd "$(dirname "$0")/../.." || exit 2
d=${BTOOLS_OUT:-tests/out}/install
rm -rf "$d"
make --no-print-directory install DESTDIR="$(pwd)/$d" PREFIX=/usr \
    > "$d.log" 2>&1 || { tail -5 "$d.log"; exit 1; }
for f in usr/lib/libstat.a usr/include/libstat.h usr/lib/pkgconfig/libstat.pc \
    usr/share/man/man3/libstat.3 usr/bin/bstat; do
	[ -f "$d/$f" ] || { echo "not installed: $f"; exit 1; }
done
pc=$(pwd)/$d/usr/lib/pkgconfig
flags=$(PKG_CONFIG_PATH=$pc PKG_CONFIG_SYSROOT_DIR=$(pwd)/$d \
    pkg-config --static --cflags --libs libstat) || exit 1
${CC:-cc} -o "$d/use_libstat" tests/install/use_libstat.c $flags ||
    { echo "cannot build against the installed libstat: $flags"; exit 1; }
got=$("$d/use_libstat")
[ "$got" = "2.5 1.2909944487358056" ] || { echo "use_libstat printed '$got'"; exit 1; }
