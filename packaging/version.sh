#!/usr/bin/env bash
# fieldops' version, taken from git when the binary is built (issue #17).
#
#   version.sh describe      the newest v* tag's `git describe --dirty` without its "v"; with no
#                            such tag VERSION-<commits>-g<12 hex>[-dirty]; outside git, VERSION
#   version.sh commit        the full hash of HEAD (fails outside a git checkout)
#   version.sh debian        describe as a Debian version: 0.1.0-219-gabc-dirty -> 0.1.0+219.gabc.dirty
#   version.sh header FILE   writes FILE (two #defines for Sources/CFieldOpsBuild/build.c) when
#                            its content changes, and then touches build.c beside it so SwiftPM
#                            recompiles it; outside git it removes FILE, so the Swift fallback applies
#
# FIELDOPS_ROOT names the tree to describe (default: the checkout this script is in).
set -eu

root=${FIELDOPS_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}

# Read-only questions: never take the index lock another git command may be holding.
export GIT_OPTIONAL_LOCKS=0

# A source tarball has no .git; a checkout whose git refuses to answer is an error, not a tarball.
in_git() { [ -e "$root/.git" ] && command -v git >/dev/null 2>&1; }

# safe.directory: `sudo make install` runs git as root in a checkout someone else owns. Running
# the checkout's Makefile as root already trusts it, so git may trust it for these reads too.
git_() { git -C "$root" -c safe.directory="$root" "$@"; }

version_file() {
    local v
    read -r v < "$root/VERSION" || true
    [ -n "$v" ] || { echo "version.sh: $root/VERSION is empty" >&2; exit 1; }
    printf '%s\n' "$v"
}

describe() {
    if ! in_git; then version_file; return; fi
    local d count short dirty=""
    if d=$(git_ describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
        printf '%s\n' "${d#v}"
        return
    fi
    count=$(git_ rev-list --count HEAD)
    short=$(git_ rev-parse --short=12 HEAD)
    [ -z "$(git_ status --porcelain --untracked-files=no)" ] || dirty=-dirty
    printf '%s-%s-g%s%s\n' "$(version_file)" "$count" "$short" "$dirty"
}

commit() {
    in_git || { echo "version.sh: $root is not a git checkout" >&2; exit 1; }
    git_ rev-parse HEAD
}

# The tag part keeps its order under Debian's rules: a "-" in it becomes "~" (a 0.2.0-rc1 tag
# sorts before 0.2.0, as in semver); commits since the tag and "dirty" go after a "+", which
# sorts after the tagged version. Anything Debian does not allow becomes ".".
debian() {
    local d base count="" hash="" dirty="" extra=""
    d=$(describe)
    case $d in *-dirty) dirty=dirty; d=${d%-dirty} ;; esac
    if [[ $d =~ ^(.+)-([0-9]+)-g([0-9a-f]+)$ ]]; then
        base=${BASH_REMATCH[1]} count=${BASH_REMATCH[2]} hash=${BASH_REMATCH[3]}
        extra=$count.g$hash
    else
        base=$d
    fi
    [ -z "$dirty" ] || extra=${extra:+$extra.}$dirty
    base=$(printf '%s' "$base" | tr -- '-' '~' | tr -c 'A-Za-z0-9.+~' '.')
    printf '%s%s\n' "$base" "${extra:++$extra}"
}

header() {
    local file=$1 dir tmp
    dir=$(dirname "$file")
    if ! in_git; then
        if [ -e "$file" ]; then
            rm -f "$file"
            [ ! -f "$dir/build.c" ] || touch "$dir/build.c"
        fi
        return
    fi
    mkdir -p "$dir"
    tmp=$(mktemp "$dir/.build-info.XXXXXX")  # hidden: SwiftPM never sees it as a source
    # A tag may hold a '"' (git allows it); keep the C string literal intact.
    printf '#define FIELDOPS_DESCRIBE "%s"\n#define FIELDOPS_COMMIT "%s"\n' \
        "$(describe | sed 's/["\\]/\\&/g')" "$(commit)" > "$tmp"
    if cmp -s "$tmp" "$file"; then
        rm -f "$tmp"
        return
    fi
    chmod 0644 "$tmp"
    mv -f "$tmp" "$file"
    [ ! -f "$dir/build.c" ] || touch "$dir/build.c"
    echo "build-info: $(sed -n 's/^#define FIELDOPS_DESCRIBE //p' "$file")"
}

case ${1-} in
    describe) describe ;;
    commit) commit ;;
    debian) debian ;;
    header) [ $# -eq 2 ] || { echo "usage: version.sh header FILE" >&2; exit 2; }; header "$2" ;;
    *) echo "usage: version.sh describe|commit|debian|header FILE" >&2; exit 2 ;;
esac
