#!/bin/bash
# A single-node Slurm 22.05 cluster for Onramp's tests, from nothing, without systemd:
# munge, MariaDB, slurmdbd, slurmctld, slurmd with eight fake GPUs, and slurmrestd with JWT.
# (After ../shared/notes/slurm-lab.md: the traps are named where they are avoided.)
#
#   scripts/slurm-cluster.sh up [DIR]     start it; prints the env file to source
#   scripts/slurm-cluster.sh down [DIR]   stop only the processes `up` started, by PID
#   scripts/slurm-cluster.sh status [DIR]
#
# DIR defaults to $ONRAMP_SLURM_LAB or /tmp/onramp-slurm. Needs root and the Debian packages
# slurmctld slurmd slurmdbd slurmrestd slurm-client slurm-wlm-mysql-plugin
# slurm-wlm-jwt-plugin munge mariadb-server (scripts/setup-debian.sh --slurm installs them).
# Exit 77 when they are missing or not root: the caller skips the Slurm tests.
set -Eeuo pipefail

cmd=${1:-}
# The daemons live in sbin, which a plain user's PATH (or one carried into a chroot) may lack.
export PATH="$PATH:/usr/sbin:/sbin"
LAB=${2:-${ONRAMP_SLURM_LAB:-/tmp/onramp-slurm}}
CLUSTER=onramp
NODE=gpu01
# The short host name, without a lookup: a fresh minbase system cannot resolve its own name.
HOST=$(uname -n)
HOST=${HOST%%.*}
PORT_CTLD=${ONRAMP_SLURM_PORT_BASE:-16817}
PORT_D=$((PORT_CTLD + 1))
PORT_DBD=$((PORT_CTLD + 2))
PORT_REST=$((PORT_CTLD + 3))
PORT_DB=$((PORT_CTLD + 4))
USERS="wizard alice bob carol"   # wizard: the Slurm administrator; the others: a team

log() { echo "slurm-cluster: $*" >&2; }

# Every step that can fail says which it was and shows the end of its log: `set -e` alone
# leaves with no message. step NAME [LOG]; fail MESSAGE [LOG] for checks that are not commands.
STEP="starting"
STEP_LOG=""
step() { STEP=$1; STEP_LOG=${2:-}; }
show_log() {
    local file=$1
    if [ -n "$file" ] && [ -s "$file" ]; then
        log "last lines of $file:"
        tail -n 20 "$file" | sed 's/^/    /' >&2
    fi
}
# What a failed `up` had started is stopped again; its logs stay in $LAB for a look.
stop_started() {
    if [ "$cmd" = up ] && [ -s "$LAB/run/pids" ]; then
        log "stopping what was started; the logs stay in $LAB/log"
        PURGE=0 down || true
    fi
}
fail() {
    trap - ERR
    log "FAILED: $STEP: $1"
    show_log "${2:-$STEP_LOG}"
    stop_started
    exit 1
}
on_error() {
    local rc=$1 line=$2 command=$3
    trap - ERR
    log "FAILED: $STEP (exit $rc at line $line: $command)"
    show_log "$STEP_LOG"
    stop_started
    exit "$rc"
}
trap 'on_error $? $LINENO "$BASH_COMMAND"' ERR

need() {
    local missing=()
    for p in munged mariadbd mariadb-install-db slurmdbd slurmctld slurmd slurmrestd scontrol sacctmgr; do
        command -v "$p" >/dev/null 2>&1 || [ -x "/usr/sbin/$p" ] || missing+=("$p")
    done
    [ -e /usr/lib/x86_64-linux-gnu/slurm-wlm/auth_jwt.so ] || missing+=("auth_jwt.so (slurm-wlm-jwt-plugin)")
    if [ ${#missing[@]} -gt 0 ]; then
        log "missing: ${missing[*]} — run scripts/setup-debian.sh --slurm as root"
        exit 77
    fi
    if [ "$(id -u)" != 0 ]; then
        log "needs root (it starts the cluster's daemons as their own users)"
        exit 77
    fi
}

# Records a started daemon: name, PID, and the executable it must still be when stopped (the
# program's resolved path: /usr/sbin/slurmd is an alternatives link to slurmd-wlm; reading
# /proc/PID/exe right after the fork could still show setsid or setpriv).
record() { echo "$1 $2 $(readlink -f "$(command -v "$1")")" >> "$LAB/run/pids"; }

wait_for() { # seconds, command...
    local until=$((SECONDS + $1)); shift
    until "$@" >/dev/null 2>&1; do
        [ $SECONDS -lt $until ] || return 1
        sleep 0.2
    done
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

up() {
    need
    if [ -s "$LAB/run/pids" ]; then
        log "$LAB already has a running cluster (run down first)"
        exit 1
    fi
    local t0=$SECONDS
    step "creating the cluster's users"
    for u in slurmrest $USERS; do
        id "$u" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$u"
    done
    step "preparing $LAB"
    rm -rf "$LAB"
    mkdir -p "$LAB"/{etc,run/munge,log,var/spool/slurmctld,var/spool/slurmd,var/mysql,dev,tokens,jobs}
    chmod 755 "$LAB"
    : > "$LAB/run/pids"

    # munge, private: its own key and socket.
    step "starting munged" "$LAB/log/munged.log"
    dd if=/dev/urandom bs=1 count=1024 of="$LAB/etc/munge.key" status=none
    chown munge:munge "$LAB/etc/munge.key" "$LAB/run/munge"
    chmod 400 "$LAB/etc/munge.key"
    chmod 755 "$LAB/run/munge"
    setsid setpriv --reuid=munge --regid=munge --init-groups \
        munged --foreground --key-file="$LAB/etc/munge.key" --socket="$LAB/run/munge/munge.socket" \
        --pid-file="$LAB/run/munge/munged.pid" --log-file="$LAB/log/munged.log" \
        --seed-file="$LAB/run/munge/seed" </dev/null >/dev/null 2>&1 &
    record munged $!
    wait_for 10 test -S "$LAB/run/munge/munge.socket" || fail "munged did not start"

    # MariaDB, throw-away: no fsync (bring-up 4-6 s instead of 10-12). --force: without it
    # mariadb-install-db first looks the host name (or localhost) up with resolveip and stops
    # where neither resolves, as on a fresh minbase system with no /etc/hosts. Nothing here
    # needs a host name: root comes in by socket, slurm as 'slurm'@'127.0.0.1'.
    step "initialising MariaDB (mariadb-install-db)" "$LAB/log/mariadb-install.log"
    mkdir -p "$LAB/var/mysql-run"
    chown mysql:mysql "$LAB/var/mysql" "$LAB/var/mysql-run"
    mariadb-install-db --no-defaults --force --user=mysql \
        --datadir="$LAB/var/mysql" --auth-root-authentication-method=socket --skip-test-db \
        >"$LAB/log/mariadb-install.log" 2>&1
    step "starting MariaDB" "$LAB/var/mysql-run/mariadb.log"
    setsid mariadbd --no-defaults --user=mysql --datadir="$LAB/var/mysql" --port=$PORT_DB \
        --bind-address=127.0.0.1 --socket="$LAB/var/mysql-run/mysqld.sock" --pid-file="$LAB/var/mysql-run/mysqld.pid" \
        --skip-name-resolve --innodb-buffer-pool-size=32M --innodb-flush-log-at-trx-commit=0 \
        --innodb-doublewrite=0 --innodb-flush-method=nosync --innodb-log-file-size=16M \
        --performance-schema=OFF --log-error="$LAB/var/mysql-run/mariadb.log" </dev/null >/dev/null 2>&1 &
    record mariadbd $!
    wait_for 30 mariadb --no-defaults -S "$LAB/var/mysql-run/mysqld.sock" -u root -e 'select 1' ||
        fail "MariaDB did not answer within 30 s"
    step "creating the slurm database user" "$LAB/log/mariadb-setup.log"
    local dbpass
    dbpass=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    mariadb --no-defaults -S "$LAB/var/mysql-run/mysqld.sock" -u root -e "
        CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY '$dbpass';
        GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';" >"$LAB/log/mariadb-setup.log" 2>&1

    # Configuration.
    step "writing the configuration"
    dd if=/dev/urandom bs=32 count=1 of="$LAB/etc/jwt_hs256.key" status=none
    for i in 0 1 2 3 4 5 6 7; do ln -s /dev/null "$LAB/dev/nvidia$i"; done  # GPUs need File= (char devices)
    # Those GPUs are stand-ins, and every job is told so, as the sandbox tells its own: the
    # probe's GPU check then names this lab's exemption instead of passing "0 GPUs" as fine, or
    # failing a cluster that has no cards to check. (A TaskProlog's "export" lines set the job's
    # environment, batch steps included.) A real cluster has no such line.
    cat > "$LAB/etc/task-prolog.sh" <<'PROLOG'
#!/bin/sh
echo "export ONRAMP_GPU_EXEMPT=the Slurm test lab (scripts/slurm-cluster.sh): its GPUs are /dev/null stand-ins"
PROLOG
    chmod 755 "$LAB/etc/task-prolog.sh"
    cat > "$LAB/etc/slurm.conf" <<CONF
ClusterName=$CLUSTER
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=slurm
SlurmdUser=root
SlurmctldPort=$PORT_CTLD
SlurmdPort=$PORT_D
AuthType=auth/munge
AuthInfo=socket=$LAB/run/munge/munge.socket
CredType=cred/munge
AuthAltTypes=auth/jwt
AuthAltParameters=jwt_key=$LAB/etc/jwt_hs256.key
StateSaveLocation=$LAB/var/spool/slurmctld
SlurmdSpoolDir=$LAB/var/spool/slurmd
SlurmctldPidFile=$LAB/run/slurmctld.pid
SlurmdPidFile=$LAB/run/slurmd.pid
SlurmctldLogFile=$LAB/log/slurmctld.log
SlurmdLogFile=$LAB/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskProlog=$LAB/etc/task-prolog.sh
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=30
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=1024
GresTypes=gpu
SlurmdParameters=config_overrides
ReturnToService=2
SchedulerParameters=sched_interval=2,bf_interval=2
MessageTimeout=10
KillWait=5
MinJobAge=600
InactiveLimit=0
Waittime=0
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$PORT_DBD
AccountingStoragePass=$LAB/run/munge/munge.socket
AccountingStorageTRES=gres/gpu
AccountingStorageEnforce=associations,limits,qos,safe
JobCompType=jobcomp/none
PriorityType=priority/multifactor
PriorityDecayHalfLife=0
PriorityUsageResetPeriod=NONE
PriorityCalcPeriod=1
PriorityWeightFairshare=1000
PriorityWeightAge=100
NodeName=$NODE NodeHostname=$HOST NodeAddr=127.0.0.1 Port=$PORT_D CPUs=32 Boards=1 SocketsPerBoard=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=256000 Gres=gpu:a100:8 State=UNKNOWN
PartitionName=gpu Nodes=$NODE Default=YES MaxTime=7-00:00:00 DefaultTime=01:00:00 State=UP
CONF
    cat > "$LAB/etc/slurmdbd.conf" <<CONF
AuthType=auth/munge
AuthInfo=socket=$LAB/run/munge/munge.socket
AuthAltTypes=auth/jwt
AuthAltParameters=jwt_key=$LAB/etc/jwt_hs256.key
DbdHost=$HOST
DbdAddr=127.0.0.1
DbdPort=$PORT_DBD
SlurmUser=slurm
LogFile=$LAB/log/slurmdbd.log
PidFile=$LAB/run/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$PORT_DB
StorageUser=slurm
StoragePass=$dbpass
StorageLoc=slurm_acct_db
CONF
    cat > "$LAB/etc/gres.conf" <<CONF
AutoDetect=off
NodeName=$NODE Name=gpu Type=a100 File=$LAB/dev/nvidia[0-7]
CONF
    echo "CgroupPlugin=cgroup/v1" > "$LAB/etc/cgroup.conf"  # slurmd dies without a cgroup fs otherwise
    chown slurm:slurm "$LAB/etc/slurmdbd.conf" "$LAB/etc/jwt_hs256.key" "$LAB/var/spool/slurmctld" "$LAB/log" "$LAB/run"
    chmod 600 "$LAB/etc/slurmdbd.conf" "$LAB/etc/jwt_hs256.key"
    chmod 1777 "$LAB/jobs"
    export SLURM_CONF="$LAB/etc/slurm.conf"

    step "starting slurmdbd" "$LAB/log/slurmdbd.log"
    setsid slurmdbd -D </dev/null >"$LAB/log/slurmdbd.out" 2>&1 &
    record slurmdbd $!
    wait_for 30 port_open $PORT_DBD || fail "slurmdbd did not listen on port $PORT_DBD within 30 s"
    step "registering the cluster and its administrator (sacctmgr)" "$LAB/log/sacctmgr.log"
    sacctmgr -i add cluster $CLUSTER >"$LAB/log/sacctmgr.log" 2>&1
    sacctmgr -i add user wizard account=root adminlevel=Administrator >>"$LAB/log/sacctmgr.log" 2>&1

    step "starting slurmctld" "$LAB/log/slurmctld.log"
    setsid slurmctld -D -i </dev/null >"$LAB/log/slurmctld.out" 2>&1 &
    record slurmctld $!
    wait_for 30 scontrol ping || fail "slurmctld did not answer scontrol ping within 30 s"
    step "starting slurmd" "$LAB/log/slurmd.log"
    setsid slurmd -D -N $NODE </dev/null >"$LAB/log/slurmd.out" 2>&1 &
    record slurmd $!
    wait_for 30 sh -c "sinfo -h -N -o %t | grep -qE '^(idle|mix|alloc)'" ||
        fail "slurmd did not register its node within 30 s"

    # slurmrestd refuses root: it binds, then drops to slurmrest.
    step "starting slurmrestd" "$LAB/log/slurmrestd.log"
    SLURM_JWT=daemon setsid slurmrestd -u slurmrest -g slurmrest -a rest_auth/jwt \
        -s v0.0.38,dbv0.0.38 -t 4 127.0.0.1:$PORT_REST </dev/null >"$LAB/log/slurmrestd.log" 2>&1 &
    record slurmrestd $!
    wait_for 15 port_open $PORT_REST || fail "slurmrestd did not listen on port $PORT_REST within 15 s"

    step "issuing the users' JWT tokens (scontrol token)" "$LAB/log/slurmctld.log"
    for u in $USERS; do
        scontrol token username="$u" lifespan=86400 | sed 's/^SLURM_JWT=//' > "$LAB/tokens/$u.jwt"
        chmod 600 "$LAB/tokens/$u.jwt"
    done
    step "writing $LAB/env.sh"
    cat > "$LAB/env.sh" <<ENV
export SLURM_CONF=$LAB/etc/slurm.conf
export ONRAMP_SLURM_LAB=$LAB
export ONRAMP_SLURM_URL=http://127.0.0.1:$PORT_REST
export ONRAMP_SLURM_CLUSTER=$CLUSTER
export ONRAMP_SLURM_OUTPUT=$LAB/jobs
ENV
    log "up in $((SECONDS - t0)) s: $LAB/env.sh"
    echo "$LAB/env.sh"
}

down() {
    [ -f "$LAB/run/pids" ] || { log "nothing started in $LAB"; return 0; }
    export SLURM_CONF="$LAB/etc/slurm.conf"
    scancel --full --quiet --user=bob --user=alice --user=carol --user=wizard 2>/dev/null || true
    # Newest first; each only while it is still the executable that was started.
    tac "$LAB/run/pids" | while read -r name pid exe; do
        if [ "$(readlink -f "/proc/$pid/exe" 2>/dev/null)" = "$exe" ]; then
            kill -TERM "$pid" 2>/dev/null || true
            for _ in $(seq 50); do
                state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || echo gone)
                [ "$state" = gone ] || [ "$state" = Z ] && break
                sleep 0.1
            done
            [ "$state" = gone ] || [ "$state" = Z ] || kill -KILL "$pid" 2>/dev/null || true
        fi
    done
    : > "$LAB/run/pids"
    [ "${PURGE:-1}" = 1 ] && rm -rf "$LAB"
    log "down"
}

case "$cmd" in
up) up ;;
down) down ;;
status) [ -s "$LAB/run/pids" ] && cat "$LAB/run/pids" || echo "not running" ;;
*) echo "usage: $0 up|down|status [DIR]" >&2; exit 2 ;;
esac
