#!/usr/bin/env bash
# Writes the apt source that adds Debian's contrib and non-free components (for the mbrola group
# of install-system-packages.sh), taking the archive URI, suite and key from the system's own
# Debian source instead of a fixed host, so a machine behind a mirror or a caching proxy keeps
# using it. Reads one-line sources (sources.list, sources.list.d/*.list) and deb822 ones
# (sources.list.d/*.sources). Idempotent: the file is rewritten with the same content.
#
# usage: apt-contrib-source.sh [CODENAME]
#   CODENAME defaults to VERSION_CODENAME of /etc/os-release.
#   LECTERN_APT_DIR (default /etc/apt) is the apt configuration directory read and written;
#   a test points it at a fake one, so nothing outside it is touched.
set -euo pipefail

apt_dir="${LECTERN_APT_DIR:-/etc/apt}"
own_file="lectern-debian-contrib.sources"
default_key=/usr/share/keyrings/debian-archive-keyring.gpg

codename="${1:-}"
if [ -z "$codename" ]; then
  # shellcheck disable=SC1091
  codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
fi
if [ -z "$codename" ]; then
  echo "no Debian codename: pass one, or set VERSION_CODENAME in /etc/os-release" >&2
  exit 65
fi

# Every enabled binary ("deb") source with the main component, one line each:
# URI <tab> suite <tab> Signed-By (empty when the source names none).
list_sources() {
  local file
  shopt -s nullglob
  for file in "$apt_dir/sources.list" "$apt_dir"/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    awk '
      { sub(/#.*/, "") }
      $1 != "deb" { next }
      {
        signed = ""; i = 2
        if ($2 ~ /^\[/) {
          # Options in brackets: "[arch=amd64 signed-by=/path]", possibly over several fields.
          while (i <= NF) {
            field = $i; gsub(/[\[\]]/, "", field)
            if (field ~ /^signed-by=/) { signed = substr(field, 11) }
            if ($i ~ /\]$/) { i++; break }
            i++
          }
        }
        uri = $i; suite = $(i + 1); main = 0
        for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
        if (main && uri != "" && suite != "") printf "%s\t%s\t%s\n", uri, suite, signed
      }
    ' "$file"
  done
  for file in "$apt_dir"/sources.list.d/*.sources; do
    [ "$(basename "$file")" = "$own_file" ] && continue
    awk '
      function flush(   u, s, nu, ns, a, b, j, k, main, n, c) {
        main = 0
        n = split(components, c, /[ \t]+/)
        for (j = 1; j <= n; j++) if (c[j] == "main") main = 1
        if (types ~ /(^|[ \t])deb([ \t]|$)/ && main && tolower(enabled) != "no") {
          nu = split(uris, a, /[ \t]+/); ns = split(suites, b, /[ \t]+/)
          for (j = 1; j <= nu; j++) for (k = 1; k <= ns; k++)
            if (a[j] != "" && b[k] != "") printf "%s\t%s\t%s\n", a[j], b[k], signed
        }
        types = uris = suites = components = signed = enabled = ""; last = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ { if (last == "uris") uris = uris " " $0; else if (last == "suites") suites = suites " " $0; else if (last == "components") components = components " " $0; next }
      {
        key = tolower(substr($0, 1, index($0, ":") - 1)); value = substr($0, index($0, ":") + 1)
        gsub(/^[ \t]+|[ \t]+$/, "", value); last = key
        if (key == "types") types = value
        else if (key == "uris") uris = value
        else if (key == "suites") suites = value
        else if (key == "components") components = value
        else if (key == "signed-by") signed = value
        else if (key == "enabled") enabled = value
      }
      END { flush() }
    ' "$file"
  done
}

# The main archive: the source whose suite is the release itself (not -updates, -security or
# -backports); among several, the first one apt reads.
chosen="$(list_sources | awk -F '\t' -v codename="$codename" '$2 == codename { print; exit }')"
if [ -z "$chosen" ]; then
  echo "no apt source lists Debian $codename main (looked in $apt_dir): add one, then run this again" >&2
  exit 69
fi
IFS=$'\t' read -r uri suite key <<<"$chosen"
# A Signed-By holding an inline key block cannot be copied as one line; the archive keyring fits.
if [ -z "$key" ] || [[ "$key" == *"BEGIN PGP"* ]]; then key="$default_key"; fi

mkdir -p "$apt_dir/sources.list.d"
target="$apt_dir/sources.list.d/$own_file"
temporary="$target.tmp"
cat > "$temporary" <<SOURCES
Types: deb
URIs: ${uri}
Suites: ${suite}
Components: contrib non-free
Signed-By: ${key}
SOURCES
mv "$temporary" "$target"
echo "$target"
