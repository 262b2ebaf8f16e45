#!/usr/bin/env bash
# The installed layout works on its own: `cmake --install` into a temporary prefix, then the
# INSTALLED onramp replays a short first run on a fresh built-in sandbox. That needs the sandbox
# module (dlopened by the app), onramp-probe (run by the module), train_lm.py and the corpus
# (beside the probe), all found relative to the installed program. The build tree is hidden
# under an empty tmpfs for the run where a mount namespace can be had (root, or user
# namespaces), so nothing can come from it; and the dynamic loader's trace (LD_DEBUG=files)
# shows the module came from the prefix's private folder and that the app loaded nothing from
# the build tree. (The probe's jobs get a clean environment, without LD_DEBUG: the hidden
# build tree and a PATH without onramp-probe are what rule out another probe.)
#
#   installed-layout.sh BUILD_DIR PRIVATE_DIR FIRST_RUN_SPEC
# PRIVATE_DIR is relative to the prefix (lib/<multiarch>/onramp).
set -euo pipefail
build=$(cd "${1:?build dir}" && pwd -P)
private=${2:?private dir, relative to the prefix}
example=${3:?docs/examples/first-run.json}

tmp=$(mktemp -d)
trap '[[ -n "${KEEP_TMP:-}" ]] || rm -rf "$tmp"' EXIT
tmp=$(cd "$tmp" && pwd -P)
case "$tmp/" in "$build"/*) echo "FAIL: the temporary folder $tmp is inside the build tree"; exit 1 ;; esac
prefix=$tmp/prefix
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in bin/onramp "$private/libonramp-sandbox.so" "$private/libonramp-charts.so" \
         "$private/onramp-sandbox" "$private/onramp-probe" "$private/train_lm.py" \
         "$private/torch_check.py" "$private/onramp-corpus.txt" \
         share/applications/org.onramp.Onramp.desktop \
         share/icons/hicolor/scalable/apps/org.onramp.Onramp.svg \
         share/metainfo/org.onramp.Onramp.metainfo.xml share/doc/onramp/copyright; do
  [[ -e "$prefix/$f" ]] || fail "$f is not installed"
done
for f in bin/onramp "$private/onramp-sandbox" "$private/onramp-probe" "$private/train_lm.py"; do
  [[ -x "$prefix/$f" ]] || fail "$f is not executable"
done

# A short first run (5 steps): its loss curve and fingerprint are not compared (the example's
# are for 60 steps on this OS), everything else is, including the data manifest (the corpus
# beside the probe) and the identity of train_lm.py.
python3 - "$example" "$tmp/short.json" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
s["launch"]["args"] = ["--steps", "5", "--every", "5"]
for k in ("fingerprint", "loss"):
    s.pop(k, None)
json.dump(s, open(sys.argv[2], "w"))
EOF

# A clean environment: no ONRAMP_* override, a PATH without the build tree.
mkdir -m 700 "$tmp/home" "$tmp/runtime" "$tmp/ld"
clean_env=(env -i HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/runtime" PATH=/usr/bin:/bin
           LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen ONRAMP_STATE_DIR="$tmp/home/state")
if "${clean_env[@]}" sh -c 'command -v onramp-probe'; then
  fail "an onramp-probe on PATH would hide a lookup failure"
fi
"${clean_env[@]}" "$prefix/bin/onramp" --version >"$tmp/version" || fail "onramp --version"
grep -q '^onramp ' "$tmp/version" || fail "onramp --version says: $(cat "$tmp/version")"

# The build tree under an empty tmpfs, in a mount namespace of the run's own.
hide=()
if unshare -m true 2>/dev/null; then
  hide=(unshare -m sh -c 'mount -t tmpfs onramp-hidden "$0" && exec "$@"' "$build")
elif unshare -rm true 2>/dev/null; then
  hide=(unshare -rm sh -c 'mount -t tmpfs onramp-hidden "$0" && exec "$@"' "$build")
else
  echo "NOTE: no mount namespace here (not root, no user namespaces): the build tree stays" \
       "visible; the loader's trace below is the check"
fi
rc=0
"${hide[@]}" "${clean_env[@]}" LD_DEBUG=files LD_DEBUG_OUTPUT="$tmp/ld/trace" \
  timeout 120 "$prefix/bin/onramp" replay "$tmp/short.json" >"$tmp/out" 2>"$tmp/err" || rc=$?
show() { echo "--- stdout"; cat "$tmp/out"; echo "--- stderr"; cat "$tmp/err"; }
# 1: not reproduced, as expected without a loss curve to compare; anything else is a failure.
[[ $rc == 1 ]] || { show; fail "onramp replay exited $rc"; }
# The data files and manifest pass only with the corpus beside the probe in the sample data.
want=('PASS    readiness: Framework, driver and accelerator library'
      'PASS    readiness: Checkpoints save and resume'
      'PASS    first run ($.launch): 5 steps' 'PASS    data files ($.storage.files)'
      'PASS    data manifest ($.storage.manifest)' 'MISSING loss curve')
# With PyTorch the first run is train_lm.py beside the probe (the example was recorded so);
# without it, the probe's C++ loop, and the spec's program and code differ.
if "${clean_env[@]}" python3 -c 'import torch' 2>/dev/null; then
  want+=('PASS    program ($.code.program): train_lm.py' 'PASS    code identity ($.code.sha256)')
fi
for line in "${want[@]}"; do
  grep -qF "$line" "$tmp/out" || { show; fail "no line '$line'"; }
done

# The loader's trace: the module was the installed one, the build tree unused.
module=$(grep -ho "calling init: [^ ]*libonramp-sandbox.so" "$tmp"/ld/trace.* | sort -u)
[[ "$module" == "calling init: $prefix/$private/libonramp-sandbox.so" ]] ||
  fail "the sandbox module loaded was: ${module:-none}"
if grep -lF "$build/" "$tmp"/ld/trace.*; then
  grep -hF "$build/" "$tmp"/ld/trace.* | head -5
  fail "the installed onramp used files from the build tree $build"
fi
echo "installed layout works: $prefix/bin/onramp ran the sandbox and the probe from" \
     "$prefix/$private${hide:+ with the build tree hidden}"
