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
set -euo pipefail

cmd=${1:-}
LAB=${2:-${ONRAMP_SLURM_LAB:-/tmp/onramp-slurm}}
CLUSTER=onramp
NODE=gpu01
HOST=$(hostname -s)
PORT_CTLD=${ONRAMP_SLURM_PORT_BASE:-16817}
PORT_D=$((PORT_CTLD + 1))
PORT_DBD=$((PORT_CTLD + 2))
PORT_REST=$((PORT_CTLD + 3))
PORT_DB=$((PORT_CTLD + 4))
USERS="wizard alice bob carol"   # wizard: the Slurm administrator; the others: a team

log() { echo "slurm-cluster: $*" >&2; }

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
    for u in slurmrest $USERS; do
        id "$u" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$u"
    done
    rm -rf "$LAB"
    mkdir -p "$LAB"/{etc,run/munge,log,var/spool/slurmctld,var/spool/slurmd,var/mysql,dev,tokens,jobs}
    chmod 755 "$LAB"
    : > "$LAB/run/pids"

    # munge, private: its own key and socket.
    dd if=/dev/urandom bs=1 count=1024 of="$LAB/etc/munge.key" status=none
    chown munge:munge "$LAB/etc/munge.key" "$LAB/run/munge"
    chmod 400 "$LAB/etc/munge.key"
    chmod 755 "$LAB/run/munge"
    setsid setpriv --reuid=munge --regid=munge --init-groups \
        munged --foreground --key-file="$LAB/etc/munge.key" --socket="$LAB/run/munge/munge.socket" \
        --pid-file="$LAB/run/munge/munged.pid" --log-file="$LAB/log/munged.log" \
        --seed-file="$LAB/run/munge/seed" </dev/null >/dev/null 2>&1 &
    record munged $!
    wait_for 10 test -S "$LAB/run/munge/munge.socket" || { log "munged did not start"; exit 1; }

    # MariaDB, throw-away: no fsync (bring-up 4-6 s instead of 10-12).
    mkdir -p "$LAB/var/mysql-run"
    chown mysql:mysql "$LAB/var/mysql" "$LAB/var/mysql-run"
    mariadb-install-db --no-defaults --user=mysql --datadir="$LAB/var/mysql" \
        --auth-root-authentication-method=socket --skip-test-db >"$LAB/log/mariadb-install.log" 2>&1
    setsid mariadbd --no-defaults --user=mysql --datadir="$LAB/var/mysql" --port=$PORT_DB \
        --bind-address=127.0.0.1 --socket="$LAB/var/mysql-run/mysqld.sock" --pid-file="$LAB/var/mysql-run/mysqld.pid" \
        --skip-name-resolve --innodb-buffer-pool-size=32M --innodb-flush-log-at-trx-commit=0 \
        --innodb-doublewrite=0 --innodb-flush-method=nosync --innodb-log-file-size=16M \
        --performance-schema=OFF --log-error="$LAB/var/mysql-run/mariadb.log" </dev/null >/dev/null 2>&1 &
    record mariadbd $!
    wait_for 30 mariadb --no-defaults -S "$LAB/var/mysql-run/mysqld.sock" -u root -e 'select 1' ||
        { log "MariaDB did not start (see $LAB/var/mysql-run/mariadb.log)"; exit 1; }
    local dbpass
    dbpass=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    mariadb --no-defaults -S "$LAB/var/mysql-run/mysqld.sock" -u root -e "
        CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY '$dbpass';
        GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';"

    # Configuration.
    dd if=/dev/urandom bs=32 count=1 of="$LAB/etc/jwt_hs256.key" status=none
    for i in 0 1 2 3 4 5 6 7; do ln -s /dev/null "$LAB/dev/nvidia$i"; done  # GPUs need File= (char devices)
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

    setsid slurmdbd -D </dev/null >"$LAB/log/slurmdbd.out" 2>&1 &
    record slurmdbd $!
    wait_for 30 port_open $PORT_DBD || { log "slurmdbd did not start (see $LAB/log/slurmdbd.log)"; exit 1; }
    sacctmgr -i add cluster $CLUSTER >/dev/null
    sacctmgr -i add user wizard account=root adminlevel=Administrator >/dev/null

    setsid slurmctld -D -i </dev/null >"$LAB/log/slurmctld.out" 2>&1 &
    record slurmctld $!
    wait_for 30 scontrol ping || { log "slurmctld did not start (see $LAB/log/slurmctld.log)"; exit 1; }
    setsid slurmd -D -N $NODE </dev/null >"$LAB/log/slurmd.out" 2>&1 &
    record slurmd $!
    wait_for 30 sh -c "sinfo -h -N -o %t | grep -qE '^(idle|mix|alloc)'" ||
        { log "slurmd did not register (see $LAB/log/slurmd.log)"; exit 1; }

    # slurmrestd refuses root: it binds, then drops to slurmrest.
    SLURM_JWT=daemon setsid slurmrestd -u slurmrest -g slurmrest -a rest_auth/jwt \
        -s v0.0.38,dbv0.0.38 -t 4 127.0.0.1:$PORT_REST </dev/null >"$LAB/log/slurmrestd.log" 2>&1 &
    record slurmrestd $!
    wait_for 15 port_open $PORT_REST || { log "slurmrestd did not start"; exit 1; }

    for u in $USERS; do
        scontrol token username="$u" lifespan=86400 | sed 's/^SLURM_JWT=//' > "$LAB/tokens/$u.jwt"
        chmod 600 "$LAB/tokens/$u.jwt"
    done
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
