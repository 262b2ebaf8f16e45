#!/bin/bash
# The gate pages with a Slurm cluster's answers, in both languages: brings up the test cluster
# (scripts/slurm-cluster.sh), walks gates 1-6 there from the demo onboarding (its members
# mapped to the cluster's users), writes docs/screenshots/slurm/<lang>/, and tears it down.
#   scripts/slurm-screenshots.sh BUILD_DIR
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
lab=$(mktemp -d /tmp/onramp-slurm-shots.XXXXXX)
chmod 755 "$lab" # the daemons run as their own users
trap '"$here/scripts/slurm-cluster.sh" down "$lab/cluster" >/dev/null 2>&1 || true; rm -rf "$lab"' EXIT
env_file=$("$here/scripts/slurm-cluster.sh" up "$lab/cluster")
# shellcheck disable=SC1090
source "$env_file"
install -d -m 755 "$ONRAMP_SLURM_OUTPUT/bin"
install -m 755 "$build/probe/onramp-probe" "$build/probe/torch_check.py" "$ONRAMP_SLURM_OUTPUT/bin/"
python3 - "$here/docs/examples/state-demo.json" "$lab/state.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
ws = s["gates"]["workspace"]["data"]
users = {"admin": "alice", "developer": "bob", "observer": "carol"}
kept, seen = [], set()
for m in ws["members"]:
    if m["role"] in seen:
        continue
    seen.add(m["role"]); m["account"] = users[m["role"]]; kept.append(m)
ws["members"] = kept
q = s["gates"]["quota"]["data"]
q["start"], q["end"], q["peaks"] = "2027-01-01", "2027-03-31", []
s.pop("provider", None)
json.dump(s, open(sys.argv[2], "w"), ensure_ascii=False, indent=2)
print(ws["workspace"])
PY
workspace=$(python3 -c "import json;print(json.load(open('$lab/state.json'))['gates']['workspace']['data']['workspace'])")
install -d -m 777 "$ONRAMP_SLURM_OUTPUT/$workspace/data/sample"
for i in 0 1 2 3 4 5 6 7; do head -c 262144 /dev/urandom > "$ONRAMP_SLURM_OUTPUT/$workspace/data/sample/shard-$i.bin"; done
export ONRAMP_SLURM_TOKENS=$ONRAMP_SLURM_LAB/tokens ONRAMP_SLURM_ADMIN=wizard ONRAMP_SLURM_USER=bob
export ONRAMP_SLURM_PROBE=$ONRAMP_SLURM_OUTPUT/bin/onramp-probe
for lang in en zh_CN; do
  # Each language walks its own workspace: accounts are created once per cluster.
  python3 - "$lab/state.json" "$lab/state-$lang.json" "$lang" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["gates"]["workspace"]["data"]["workspace"] += "-" + sys.argv[3].lower().replace("_", "")
json.dump(s, open(sys.argv[2], "w"), ensure_ascii=False)
PY
  ws=$(python3 -c "import json;print(json.load(open('$lab/state-$lang.json'))['gates']['workspace']['data']['workspace'])")
  install -d -m 777 "$ONRAMP_SLURM_OUTPUT/$ws/data"
  cp -r "$ONRAMP_SLURM_OUTPUT/$workspace/data/sample" "$ONRAMP_SLURM_OUTPUT/$ws/data/"
  QT_QPA_PLATFORM=offscreen "$build/app/onramp" screenshot --out "$here/docs/screenshots/slurm/$lang" \
    --lang "$lang" --state "$lab/state-$lang.json" --walk-slurm "$ONRAMP_SLURM_URL"
done
