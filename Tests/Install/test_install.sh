#!/usr/bin/env bash
# make install, make uninstall, make build-info and make deb, checked the way a person would use
# what they lay down: the installed binary runs, its man pages render, real bash, zsh and fish
# complete from the installed files, and the .deb is what Debian's tools expect (issue #17).
#
#   bash Tests/Install/test_install.sh      (`make test` runs it last, after the release build)
#
# Prints one "ok - NAME" or "not ok - NAME: WHY" per check, then "N passed, M failed".
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
ok() { echo "ok - $1"; passed=$((passed + 1)); }
not_ok() { echo "not ok - $1: $2"; failed=$((failed + 1)); }

# check NAME COMMAND...: COMMAND's status decides; when it fails, its last lines are the why.
check() {
    local name=$1 out
    shift
    if out=$("$@" 2>&1); then
        ok "$name"
    else
        not_ok "$name" "$(printf '%s\n' "$out" | tail -n 4 | tr '\n' ' ' | sed 's/ *$//')"
    fi
}

# The environment a user's PREFIX or DESTDIR must not leak into.
make_() { env -u PREFIX -u DESTDIR make --no-print-directory -C "$root" "$@"; }

# A login-free environment for the shells: the installed fieldops first on PATH, a scratch HOME
# and XDG directories (no real config is read), and the installed share/ as the data directory.
dest=$tmp/dest
prefix=$dest/usr/local
home=$tmp/home
mkdir -p "$home"
in_user_env() {
    env -i HOME="$home" USER="${USER:-root}" LANG=C.UTF-8 TERM=xterm \
        PATH="$prefix/bin:$PATH" XDG_DATA_DIRS="$prefix/share" \
        XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
        XDG_CACHE_HOME="$home/.cache" XDG_STATE_HOME="$home/.local/state" "$@"
}

# MARK: make install

install_log=$tmp/install.log
if make_ install DESTDIR="$dest" > "$install_log" 2>&1; then
    ok "make install DESTDIR=… (PREFIX=/usr/local)"
else
    not_ok "make install DESTDIR=… (PREFIX=/usr/local)" "$(tail -n 5 "$install_log" | tr '\n' ' ')"
fi

# Debian's zsh reads /usr/local/share/zsh/site-functions; a zsh that does not gets vendor-completions only.
zsh_site=yes
if command -v zsh >/dev/null 2>&1 && ! zsh -fc 'print -l $fpath' | grep -qxF /usr/local/share/zsh/site-functions; then
    zsh_site=no
fi
expected=(
    "0755 bin/fieldops"
    "0644 share/bash-completion/completions/fieldops"
    "0644 share/zsh/vendor-completions/_fieldops"
    "0644 share/fish/vendor_completions.d/fieldops.fish"
    "0644 share/doc/fieldops/README.md"
    "0644 share/doc/fieldops/fieldops.example.yaml"
)
[ "$zsh_site" = no ] || expected+=("0644 share/zsh/site-functions/_fieldops")
units_in_deb=""
for unit in config/systemd/*.service config/systemd/*.timer config/systemd/*.socket; do
    [ -e "$unit" ] || continue
    expected+=("0644 lib/systemd/user/${unit##*/}")
    units_in_deb="$units_in_deb usr/lib/systemd/user/${unit##*/}"
done

laid_files() {
    local entry mode path missing=""
    for entry in "${expected[@]}"; do
        mode=${entry%% *} path=${entry#* }
        if [ ! -f "$prefix/$path" ]; then
            missing="$missing $path"
        elif [ "$(stat -c %a "$prefix/$path")" != "${mode#0}" ]; then
            missing="$missing $path(mode $(stat -c %a "$prefix/$path"), not $mode)"
        fi
    done
    [ -z "$missing" ] || { echo "missing or wrong:$missing"; return 1; }
}
check "install lays the binary, completions (zsh site-functions: $zsh_site), docs and units" laid_files

only_those_files() {
    local list=$tmp/expected entry
    for entry in "${expected[@]}"; do echo "${entry#* }"; done | sort > "$list"
    (cd "$prefix" && find . -type f -printf '%P\n' | grep -v '^share/man/man1/fieldops[a-z0-9-]*\.1\.gz$' | sort) |
        comm -13 "$list" - | sed 's/^/unexpected: /' | grep . && return 1
    [ -z "$(find "$dest" -type f ! -path "$prefix/*")" ] || { echo "files outside $prefix"; return 1; }
}
check "install lays nothing else" only_those_files

describe=$(bash packaging/version.sh describe)
installed_version() {
    local out
    out=$("$prefix/bin/fieldops" --version) || return 1
    printf '%s\n' "$out" | head -n 1 | grep -qxF "fieldops $describe" || { echo "--version says: $out"; return 1; }
}
check "installed fieldops --version runs and reports git describe ($describe)" installed_version

# MARK: man pages

man1=$prefix/share/man/man1
man_count() {
    local n
    n=$(find "$man1" -name '*.1.gz' | wc -l)
    [ "$n" -ge 10 ] || { echo "only $n pages"; return 1; }
    echo "$n pages"
}
check "at least 10 gzipped man pages" man_count
man_renders() {
    local out
    out=$(MANPAGER=cat MANWIDTH=80 man -l "$man1/fieldops.1.gz") || return 1
    printf '%s\n' "$out" | grep -q 'fieldops' || { echo "no text: $out"; return 1; }
}
check "man -l fieldops.1.gz renders" man_renders
man_warnings() {
    local page warnings bad=""
    for page in "$man1"/*.1.gz; do
        warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
        [ -z "$warnings" ] || bad="$bad ${page##*/}: $warnings"
    done
    [ -z "$bad" ] || { echo "$bad"; return 1; }
}
check "man --warnings is silent for every page" man_warnings
gzip_reproducible() {
    local page stored=""
    for page in "$man1"/*.1.gz; do
        # gzip -n stores neither a name (FLG.FNAME, bit 3) nor a time (bytes 4-7).
        [ "$(od -An -tx1 -j3 -N5 "$page" | tr -d ' \n')" = 0000000000 ] || stored="$stored ${page##*/}"
    done
    [ -z "$stored" ] || { echo "name or time stored in:$stored"; return 1; }
}
check "man pages are gzip -n (no name or time inside)" gzip_reproducible

# MARK: completion from the installed tree, in real shells

bash_completes() {
    local out
    out=$(in_user_env timeout 30 bash --norc --noprofile "$here/complete.bash" fieldops pro) || { echo "$out"; return 1; }
    grep -qxF "PROGRAM:$prefix/bin/fieldops" <<<"$out" || { echo "fieldops on PATH is not the installed one: $out"; return 1; }
    grep -q "^FUNCTION:.* $prefix/share/bash-completion/completions/fieldops\$" <<<"$out" ||
        { echo "completion not loaded from the installed file: $out"; return 1; }
    [ "$(grep '^REPLY:' <<<"$out")" = "REPLY:profile" ] || { echo "replies: $out"; return 1; }
}
check "bash (bash-completion loader, XDG_DATA_DIRS) completes 'fieldops pro' to profile" bash_completes

zsh_completes() {
    local out want_dir=$prefix/share/zsh/site-functions
    [ "$zsh_site" = yes ] || want_dir=$prefix/share/zsh/vendor-completions
    out=$(in_user_env timeout 30 zsh -f "$here/complete.zsh" 'fieldops pro' \
        "$prefix/share/zsh/site-functions" "$prefix/share/zsh/vendor-completions") || { echo "$out"; return 1; }
    grep -qxF "PROGRAM:$prefix/bin/fieldops" <<<"$out" || { echo "fieldops on PATH is not the installed one: $out"; return 1; }
    grep -qxF "FUNCTION:_fieldops is a shell function from $want_dir/_fieldops" <<<"$out" ||
        { echo "completion not autoloaded from $want_dir: $out"; return 1; }
    grep -qE '^BUFFER:fieldops profile ?$' <<<"$out" || { echo "line after TAB: $out"; return 1; }
}
check "zsh (compinit, fpath, TAB in a pty) completes 'fieldops pro' to profile" zsh_completes

fish_completes() {
    local out
    out=$(in_user_env timeout 30 fish "$here/complete.fish" 'fieldops pro') || { echo "$out"; return 1; }
    grep -qxF "PROGRAM:$prefix/bin/fieldops" <<<"$out" || { echo "fieldops on PATH is not the installed one: $out"; return 1; }
    grep -qxF "FUNCTION:$prefix/share/fish/vendor_completions.d/fieldops.fish" <<<"$out" ||
        { echo "completion not loaded from the installed file: $out"; return 1; }
    [ "$(grep '^REPLY:' <<<"$out" | cut -f1)" = "REPLY:profile" ] || { echo "replies: $out"; return 1; }
}
check "fish (vendor_completions.d on XDG_DATA_DIRS) completes 'fieldops pro' to profile" fish_completes

# MARK: make uninstall

uninstall_leaves_nothing() {
    make_ uninstall DESTDIR="$dest" || return 1
    local left
    left=$(find "$dest" -type f)
    [ -z "$left" ] || { echo "left: $left"; return 1; }
    left=$(find "$dest" -mindepth 1)
    [ -z "$left" ] || { echo "directories left: $left"; return 1; }
}
check "make uninstall DESTDIR=… leaves no file and no directory" uninstall_leaves_nothing

other_prefix() {
    local d=$tmp/opt
    make_ install DESTDIR="$d" PREFIX=/opt/fieldops >/dev/null || return 1
    [ -x "$d/opt/fieldops/bin/fieldops" ] || { echo "no $d/opt/fieldops/bin/fieldops"; return 1; }
    [ -f "$d/opt/fieldops/share/man/man1/fieldops.1.gz" ] || { echo "no man page under the prefix"; return 1; }
    make_ uninstall DESTDIR="$d" PREFIX=/opt/fieldops >/dev/null || return 1
    [ -z "$(find "$d" -mindepth 1)" ] || { echo "left: $(find "$d" -mindepth 1)"; return 1; }
}
check "PREFIX=/opt/fieldops installs there and uninstalls cleanly" other_prefix

# MARK: make build-info, in a scratch checkout

# The Makefile, VERSION and packaging/version.sh in a git repository of their own, with a
# stand-in build.c whose time shows whether build-info touched it.
repo=$tmp/repo
mkdir -p "$repo/packaging" "$repo/Sources/CFieldOpsBuild"
cp Makefile VERSION "$repo/"
cp packaging/version.sh "$repo/packaging/"
echo '/* stand-in */' > "$repo/Sources/CFieldOpsBuild/build.c"
git_() {
    env GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid \
        GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.invalid git -C "$repo" "$@"
}
git_ init -q && git_ add -A && git_ commit -qm one
header=$repo/Sources/CFieldOpsBuild/build-info.h
build_c=$repo/Sources/CFieldOpsBuild/build.c
old_time() { touch -d @1000000000 "$build_c"; }
touched() { [ "$(stat -c %Y "$build_c")" != 1000000000 ]; }
build_info() { make --no-print-directory -C "$repo" build-info >/dev/null; }
expect_header() {
    local want
    want=$(printf '#define FIELDOPS_DESCRIBE "%s"\n#define FIELDOPS_COMMIT "%s"' "$1" "$(git_ rev-parse HEAD)")
    [ "$(cat "$header" 2>/dev/null)" = "$want" ] || { echo "header: $(cat "$header" 2>&1)"; echo "wanted: $want"; return 1; }
    [ "$(wc -l < "$header")" -eq 2 ] || { echo "not two lines"; return 1; }
}

untagged() {
    old_time && build_info || return 1
    expect_header "0.1.0-1-g$(git_ rev-parse --short=12 HEAD)" || return 1
    touched || { echo "build.c not touched"; return 1; }
}
check "build-info without a tag: VERSION-<count>-g<12 hex>, full commit, build.c touched" untagged

unchanged() {
    old_time && build_info || return 1
    touched && { echo "build.c touched though nothing changed"; return 1; }
    return 0
}
check "build-info rewrites nothing when nothing changed" unchanged

dirty() {
    echo untracked > "$repo/untracked.txt"
    old_time && build_info || return 1
    touched && { echo "an untracked file made it dirty"; return 1; }
    echo >> "$repo/Makefile"
    old_time && build_info || return 1
    expect_header "0.1.0-1-g$(git_ rev-parse --short=12 HEAD)-dirty" || return 1
    touched || { echo "build.c not touched"; return 1; }
    [ "$(FIELDOPS_ROOT=$repo bash "$repo/packaging/version.sh" debian)" = "0.1.0+1.g$(git_ rev-parse --short=12 HEAD).dirty" ] ||
        { echo "debian: $(FIELDOPS_ROOT=$repo bash "$repo/packaging/version.sh" debian)"; return 1; }
    git_ checkout -q -- Makefile && rm -f "$repo/untracked.txt"
}
check "build-info: -dirty for a changed tracked file (not an untracked one); Debian: +N.gHASH.dirty" dirty

tagged() {
    local describe hash
    git_ tag v0.2.0 && build_info || return 1
    expect_header "0.2.0" || return 1
    [ "$(FIELDOPS_ROOT=$repo bash "$repo/packaging/version.sh" debian)" = 0.2.0 ] || { echo "debian version not 0.2.0"; return 1; }
    git_ commit -q --allow-empty -m two && build_info || return 1
    describe=$(sed -n 's/^#define FIELDOPS_DESCRIBE "\(.*\)"$/\1/p' "$header")
    [[ $describe =~ ^0\.2\.0-1-g([0-9a-f]{7,})$ ]] && hash=${BASH_REMATCH[1]} &&
        [[ $(git_ rev-parse HEAD) == "$hash"* ]] || { echo "describe after one more commit: $describe"; return 1; }
    expect_header "$describe" || return 1
    [ "$(FIELDOPS_ROOT=$repo bash "$repo/packaging/version.sh" debian)" = "0.2.0+1.g$hash" ] ||
        { echo "debian: $(FIELDOPS_ROOT=$repo bash "$repo/packaging/version.sh" debian)"; return 1; }
}
check "build-info with a v0.2.0 tag: 0.2.0, then 0.2.0-1-gHASH (Debian 0.2.0+1.gHASH)" tagged

tarball() {
    rm -rf "$repo/.git"
    old_time && build_info || return 1
    [ ! -e "$header" ] || { echo "stale header kept: $(cat "$header")"; return 1; }
    touched || { echo "build.c not touched after removing the header"; return 1; }
    [ "$(FIELDOPS_ROOT=$repo bash "$repo/packaging/version.sh" describe)" = 0.1.0 ] || { echo "describe is not VERSION"; return 1; }
}
check "build-info outside git removes the header; describe is VERSION" tarball

# MARK: make deb

deb_version=$(bash packaging/version.sh debian)
arch=$(dpkg --print-architecture)
deb=$root/fieldops_${deb_version}_${arch}.deb
rm -f "$deb"
deb_log=$tmp/deb.log
if make_ deb > "$deb_log" 2>&1 && [ -f "$deb" ]; then
    ok "make deb builds ${deb##*/}"
else
    not_ok "make deb builds ${deb##*/}" "$(tail -n 5 "$deb_log" | tr '\n' ' ')"
fi

info=$(dpkg-deb --info "$deb" 2>/dev/null)
contents=$(dpkg-deb --contents "$deb" 2>/dev/null)
control_field() { sed -n "s/^ $1: //p" <<<"$info"; }
# check_deb NAME FUNCTION: a check of the .deb, failed at once when there is none.
check_deb() {
    if [ -f "$deb" ]; then check "$@"; else not_ok "$1" "no .deb (make deb failed)"; fi
}

depends_derived() {
    local depends missing=""
    depends=$(control_field Depends)
    for lib in libcurl4 libyaml-0-2 libsqlite3-0 libsodium23 libc6 libedit2 libncursesw6 libpng16-16 tzdata; do
        grep -qE "(^|, )$lib( |,|\$)" <<<"$depends" || missing="$missing $lib"
    done
    [ -z "$missing" ] || { echo "Depends: $depends (missing:$missing)"; return 1; }
    echo "Depends: $depends"
}
check_deb "Depends names libyaml-0-2, libc6, the dlopened libcurl4, libsqlite3-0, libsodium23, libedit2, libncursesw6, libpng16-16, and tzdata" depends_derived

control_fields() {
    local bad=""
    [ "$(control_field Package)" = fieldops ] || bad="$bad Package"
    [ "$(control_field Version)" = "$deb_version" ] || bad="$bad Version"
    [ "$(control_field Architecture)" = "$arch" ] || bad="$bad Architecture"
    [ -n "$(control_field Maintainer)" ] || bad="$bad Maintainer"
    [[ $(control_field Installed-Size) =~ ^[0-9]+$ ]] || bad="$bad Installed-Size"
    [ "$(control_field Section)" = utils ] || bad="$bad Section"
    [ "$(control_field Priority)" = optional ] || bad="$bad Priority"
    [ -n "$(control_field Description)" ] && grep -q '^  [^ ]' <<<"$info" || bad="$bad Description"
    [ -z "$bad" ] || { echo "wrong:$bad"; return 1; }
}
check_deb "control has Package, Version, Architecture, Maintainer, Installed-Size, Section, Priority, Description" control_fields

deb_lists() {
    local path missing="" n
    for path in usr/bin/fieldops usr/share/man/man1/fieldops.1.gz usr/share/bash-completion/completions/fieldops \
        usr/share/zsh/vendor-completions/_fieldops usr/share/fish/vendor_completions.d/fieldops.fish \
        usr/share/doc/fieldops/README.md.gz usr/share/doc/fieldops/fieldops.example.yaml \
        usr/share/doc/fieldops/copyright usr/share/doc/fieldops/changelog.gz $units_in_deb; do
        grep -q " \./$path\$" <<<"$contents" || missing="$missing $path"
    done
    [ -z "$missing" ] || { echo "missing:$missing"; return 1; }
    n=$(grep -c ' \./usr/share/man/man1/fieldops.*\.1\.gz$' <<<"$contents")
    [ "$n" -ge 10 ] || { echo "only $n man pages"; return 1; }
}
check_deb "the .deb holds the binary, man pages, three completions, docs, copyright, changelog and user units" deb_lists

deb_clean() {
    local bad
    bad=$(awk '$2 != "root/root"' <<<"$contents")
    [ -z "$bad" ] || { echo "not root/root: $bad"; return 1; }
    bad=$(awk '{ print $NF }' <<<"$contents" | grep -v -e '^\./$' -e '^\./usr/')
    [ -z "$bad" ] || { echo "outside usr/: $bad"; return 1; }
    bad=$(grep -E '/\.build/|/Tests/|/\.git/' <<<"$contents")
    [ -z "$bad" ] || { echo "build or test files: $bad"; return 1; }
}
check_deb "the .deb has only root/root files under usr/, no build dir or tests" deb_clean

extracted_runs() {
    local x=$tmp/extracted
    dpkg -x "$deb" "$x" || return 1
    "$x/usr/bin/fieldops" --version >/dev/null
}
check_deb "dpkg -x, then the extracted usr/bin/fieldops --version runs" extracted_runs

if command -v lintian >/dev/null 2>&1; then
    lintian_clean() {
        local out status=0
        out=$(lintian "$deb" 2>/dev/null) || status=$?
        if grep -E '^[EW]: ' <<<"$out"; then return 1; fi
        [ "$status" -eq 0 ] || { echo "lintian exited $status: $out"; return 1; }
    }
    check_deb "lintian reports no errors or warnings" lintian_clean
else
    ok "lintian (skipped: not installed)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
