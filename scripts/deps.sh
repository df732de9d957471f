#!/bin/sh
# Install, through apt-get, the Debian packages that building and testing
# b-tools needs, and only those that are missing: the libraries, and every
# program a test calls (pdfinfo, tidy, python3, nm, mandoc, rsvg-convert,
# file): a test never passes
# because a tool is absent.  Run as root, or as a user
# who can sudo; otherwise print the exact command to run and fail.
set -e
PKGS="build-essential pkg-config libgsl-dev libcsv-dev libjansson-dev \
libcairo2-dev libpng-dev libpango1.0-dev libfontconfig-dev libcmocka-dev zlib1g-dev fonts-dejavu-core \
fonts-wqy-microhei poppler-utils tidy python3 binutils mandoc librsvg2-bin file"
[ -n "$BTOOLS_EXTRA_PKGS" ] && PKGS="$PKGS $BTOOLS_EXTRA_PKGS"
missing=""
for p in $PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0
echo "deps: installing:$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	SUDO="sudo"
else
	echo "deps: missing packages; run as root:" >&2
	echo "  apt-get update && apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2 || true
$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
