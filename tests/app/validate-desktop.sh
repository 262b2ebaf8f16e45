#!/usr/bin/env bash
# The desktop integration files: AppStream metainfo that appstreamcli accepts, a .desktop
# entry that starts `onramp` with the icon that is there. Exit 77 (skipped) without appstreamcli.
set -euo pipefail
dir=${1:?resources/desktop}
id=org.onramp.Onramp
if ! command -v appstreamcli >/dev/null; then
  echo "SKIPPED, NOTHING TESTED: appstreamcli is not installed (scripts/setup-debian.sh --test)" >&2
  exit 77
fi
appstreamcli validate --no-net "$dir/$id.metainfo.xml"
desktop="$dir/$id.desktop"
grep -qx 'Type=Application' "$desktop"
grep -qx 'Exec=onramp' "$desktop"
grep -qx "Icon=$id" "$desktop"
[[ -s "$dir/$id.svg" ]]
grep -q '<svg ' "$dir/$id.svg"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$dir/$id.metainfo.xml"
echo "desktop files valid"
