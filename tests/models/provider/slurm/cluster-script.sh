#!/bin/bash
# scripts/slurm-cluster.sh on a machine that resolves neither its own name nor localhost, as a
# fresh minbase Debian 12 has no /etc/hosts: `up` must still bring the cluster up. And a step
# that fails must say which step it was and show the end of its log, never leave silently.
# Runs in its own UTS and mount namespaces (the host's name and /etc/hosts are untouched).
# Exit 77 (skipped) without root, unshare or the Slurm packages.
set -uo pipefail
script=${1:?usage: cluster-script.sh path/to/slurm-cluster.sh}
[ "$(id -u)" = 0 ] || { echo "skipped: needs root"; exit 77; }
command -v unshare >/dev/null || { echo "skipped: no unshare"; exit 77; }
# A chroot whose / is not a mount point (shared/tools/fresh-machine.sh) cannot have a private
# mount namespace; there the real cluster (tst_slurm) meets the same missing /etc/hosts anyway.
unshare --mount --propagation private true 2>/dev/null ||
    { echo "skipped: no private mount namespace here (/ is not a mount point)"; exit 77; }
export ONRAMP_SLURM_PORT_BASE=${ONRAMP_SLURM_PORT_BASE:-26817}
work=$(mktemp -d /tmp/onramp-slurm-script.XXXXXX)
chmod 755 "$work" # the daemons run as their own users
trap 'rm -rf "$work"' EXIT
: > "$work/empty"
failures=0

# Without name resolution, in a namespace of its own.
in_namespace() {
    unshare --uts --mount --propagation private env WORK="$work" bash -c '
        set -e
        hostname onramp-unresolvable
        mount --bind "$WORK/empty" /etc/hosts
        [ -e /etc/resolv.conf ] && mount --bind "$WORK/empty" /etc/resolv.conf
        if getent hosts localhost >/dev/null; then echo "localhost still resolves" >&2; exit 3; fi
        set +e
        "$@"
    ' bash "$@"
}

# 1. Up, then down, with no name resolving.
in_namespace "$script" up "$work/lab" >"$work/up.out" 2>&1
rc=$?
if [ $rc = 77 ]; then
    cat "$work/up.out"
    exit 77
fi
if [ $rc != 0 ]; then
    echo "FAIL: up without name resolution exited $rc:"
    cat "$work/up.out"
    failures=$((failures + 1))
fi
"$script" down "$work/lab" >/dev/null 2>&1

# 2. A step that fails names itself and shows its log: mariadb-install-db replaced by one that
#    says why it stops.
mkdir -p "$work/bin"
cat > "$work/bin/mariadb-install-db" <<'FAKE'
#!/bin/sh
echo "Neither host 'x' nor 'localhost' could be looked up (planted failure)"
exit 1
FAKE
chmod +x "$work/bin/mariadb-install-db"
PATH="$work/bin:$PATH" "$script" up "$work/lab2" >"$work/fail.out" 2>&1
rc=$?
if [ $rc = 0 ]; then
    echo "FAIL: up went on past a failed mariadb-install-db"
    failures=$((failures + 1))
fi
for want in "FAILED: initialising MariaDB (mariadb-install-db)" "planted failure"; do
    if ! grep -qF "$want" "$work/fail.out"; then
        echo "FAIL: the failure does not say \"$want\":"
        cat "$work/fail.out"
        failures=$((failures + 1))
    fi
done
# What it had started (munged) is stopped again.
if [ -s "$work/lab2/run/pids" ]; then
    echo "FAIL: a failed up left processes recorded in $work/lab2/run/pids"
    failures=$((failures + 1))
fi
"$script" down "$work/lab2" >/dev/null 2>&1

[ $failures = 0 ] && echo "PASS"
exit $((failures > 0))
