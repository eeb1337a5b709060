#!/usr/bin/env bash
# `make deb`: stages `make install DESTDIR=… PREFIX=/usr`, adds what a Debian binary package
# carries (copyright, changelog, control with computed Depends and Installed-Size, md5sums) and
# builds OUTDIR/fieldops_<version>_<arch>.deb with dpkg-deb. No network: everything comes from
# this checkout and the machine's own dpkg database.
#
#   MAKE=make bash packaging/build-deb.sh [OUTDIR]        (OUTDIR: the repository root)
set -euo pipefail
umask 022

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
outdir=$(cd "${1:-$root}" && pwd)
make_=${MAKE:-make}

fail() { echo "deb: $*" >&2; exit 1; }
for tool in dpkg-deb dpkg-shlibdeps dpkg-parsechangelog dpkg-query strip gzip; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (make deps installs it)"
done

# dpkg-shlibdeps wants the layout of a source package: debian/control beside debian/<package>/.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/debian/fieldops
doc=$stage/usr/share/doc/fieldops

"$make_" -C "$root" --no-print-directory install DESTDIR="$stage" PREFIX=/usr

version=$(bash "$here/version.sh" debian)
arch=$(dpkg --print-architecture)

# MARK: what Debian adds to the installed tree

# The release build keeps -g; a Debian binary is stripped as dh_strip does it.
strip --remove-section=.comment --remove-section=.note "$stage/usr/bin/fieldops"

# Policy 12.3: documentation larger than 4 kB is compressed with gzip -9n (README.md).
find "$doc" -type f -size +4k -exec gzip -9n {} +
install -m 0644 "$here/debian/copyright" "$doc/copyright"

# The changelog is the checked-in history; a build that is not the newest entry's version
# (commits since it, or a dirty tree) gets an entry of its own on top, dated by its commit but
# never before the entry under it. That date is also SOURCE_DATE_EPOCH, as in a Debian build.
changelog_top=$(dpkg-parsechangelog -l "$here/debian/changelog" -S Version)
when=$(dpkg-parsechangelog -l "$here/debian/changelog" -S Timestamp)
{
    if [ "$changelog_top" != "$version" ]; then
        committed=$(git -C "$root" -c safe.directory="$root" log -1 --format=%ct 2>/dev/null || date +%s)
        when=$(( committed > when ? committed : when + 1 ))
        printf 'fieldops (%s) unstable; urgency=medium\n\n' "$version"
        printf '  * Snapshot built from %s.\n\n' "$(bash "$here/version.sh" describe)"
        printf ' -- %s  %s\n\n' "$(sed -n 's/^Maintainer: //p' "$here/debian/control.in")" \
            "$(LC_ALL=C date -u -R -d "@$when")"
    fi
    cat "$here/debian/changelog"
} > "$doc/changelog"
gzip -9n "$doc/changelog"

if [ -s "$here/debian/lintian-overrides" ]; then
    install -D -m 0644 "$here/debian/lintian-overrides" "$stage/usr/share/lintian/overrides/fieldops"
fi

# MARK: Depends

# The libraries in the binary's NEEDED entries, with the versions their shlibs/symbols files ask.
# (DEBIAN/ is how dpkg-shlibdeps recognises the package's tree; it is filled below.)
mkdir -m 0755 "$stage/DEBIAN"
printf 'Source: fieldops\n\nPackage: fieldops\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -edebian/fieldops/usr/bin/fieldops | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies of usr/bin/fieldops"

# Libraries opened with dlopen() are in no NEEDED entry: libcurl on the first request, libedit
# on the first prompt, ncurses and libpng by JQC's full-screen form and signatures, libpsl with
# the first cookie, libsqlite3 with the first store, libsodium with an encrypted keyring. For each,
# find the package that ships the soname this machine resolves, at least at the upstream
# version the binary was built and tested against.
ldconfig_=$(command -v ldconfig || echo /sbin/ldconfig)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || true)
# ldconfig -p is read once into a file: awk then reads it to the end rather than exit at the
# first match, which would end ldconfig with SIGPIPE on a machine whose cache outgrows the pipe
# buffer (and pipefail would stop here).
"$ldconfig_" -p > "$work/ld.cache"
depend_on_dlopened() {
    local soname=$1 what=$2 so real owner="" path pkg version upstream
    so=$(awk -v dir="/$multiarch/" -v name="$soname" \
        '!found && $1 == name && (dir == "//" || index($NF, dir)) { print $NF; found = 1 }' "$work/ld.cache")
    [ -n "$so" ] || fail "ldconfig -p knows no $soname (install $what: make deps)"
    real=$(readlink -f "$so")
    # With merged /usr the dpkg database may name the file under /lib or /usr/lib.
    for path in "$real" "${real#/usr}" "/usr$real"; do
        owner=$(dpkg -S "$path" 2>/dev/null | sed -n 1p) && [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || fail "no package owns $real (dpkg -S)"
    pkg=${owner%%: *}       # "libcurl4:amd64: /usr/lib/…" -> "libcurl4:amd64"
    pkg=${pkg%%,*}
    version=$(dpkg-query -W -f '${Version}' "$pkg")
    upstream=${version%-*}   # the Debian revision goes; an epoch stays, it orders versions
    pkg=${pkg%%:*}
    case ", $depends," in
        *", $pkg "* | *", $pkg,"*) ;;
        *) depends="$depends, $pkg (>= $upstream)" ;;
    esac
}
depend_on_dlopened libcurl.so.4 libcurl4
depend_on_dlopened libedit.so.2 libedit2
depend_on_dlopened libncursesw.so.6 libncursesw6
depend_on_dlopened libpng16.so.16 libpng16-16
depend_on_dlopened libpsl.so.5 libpsl5
depend_on_dlopened libsqlite3.so.0 libsqlite3-0
depend_on_dlopened libsodium.so.23 libsodium23
# The system time zone database: a JQC profile's time_zone is read from /usr/share/zoneinfo.
case ", $depends," in *", tzdata"*) ;; *) depends="$depends, tzdata" ;; esac

# MARK: control

# Installed-Size counts as dpkg-gencontrol does: KiB per file rounded up, 1 per directory or link.
installed_size=$(find "$stage" -path "$stage/DEBIAN" -prune -o \( -type f -printf '%s\n' \) -o -printf '1024\n' |
    awk '{ kib += int(($1 + 1023) / 1024) } END { print kib }')

(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z |
    xargs -0 md5sum) > "$stage/DEBIAN/md5sums"

control=$(cat "$here/debian/control.in")
shopt -u patsub_replacement 2>/dev/null || true   # bash 5.2: "&" in a replacement is literal again
control=${control//@VERSION@/$version}
control=${control//@ARCH@/$arch}
control=${control//@INSTALLED_SIZE@/$installed_size}
control=${control//@DEPENDS@/$depends}
case $control in *@[A-Z_]*@*) fail "packaging/debian/control.in has a placeholder left: $control" ;; esac
printf '%s\n' "$control" > "$stage/DEBIAN/control"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

# Directories made by `install -D` follow the caller's umask; a package's are 0755.
find "$stage" -type d -exec chmod 0755 {} +

# MARK: build

deb=$outdir/fieldops_${version}_${arch}.deb
# Same commit, same tree: same timestamps in the archive.
export SOURCE_DATE_EPOCH=$when
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "deb: $deb"
echo "deb: Depends: $depends"
