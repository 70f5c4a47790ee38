#!/bin/bash
# A one-node Slurm cluster on localhost for foamc's tests (`make slurm-up` / `make slurm-down`).
#
#   scripts/slurm-cluster.sh up     write $STATE/slurm.conf, start munged, slurmctld, slurmd
#   scripts/slurm-cluster.sh down   stop exactly the daemons `up` started (their pid files)
#   scripts/slurm-cluster.sh env    print the SLURM_CONF line the clients need
#
# The cluster lives wholly in its state directory ($FOAMC_SLURM_STATE, default
# /var/lib/foamc-slurm): slurm.conf (clients find it through SLURM_CONF), controller state,
# slurmd spool, logs, pid files, and its own munged with its own key and socket. It never
# reads or writes /etc/slurm or /etc/munge, and listens on its own ports ($FOAMC_SLURM_PORT
# for slurmctld, the next one for slurmd; default 6917, beside Slurm's 6817/6818), so it
# runs beside a real Slurm on the same machine, and several of these clusters run side by
# side with distinct state directories and ports.
#
# FOAMC_SLURM_NO_PMIX=1 starts slurmd in a mount namespace whose pmix2/lib directory
# (/usr/lib/<triplet>/pmix2/lib) holds only what Debian's libpmix2 installs there, without
# libpmix-dev's libpmix.so that Slurm's mpi/pmix plugin dlopens: every job sees the node of a
# cluster installed without libpmix-dev, and `srun --mpi=pmix` in it fails with
# "can not load PMIx library" (the submit host keeps its view).
#
# Runs as root (SlurmUser=root; munged drops to the munge user). No cgroups, no slurmdbd:
# ProctrackType=proctrack/linuxproc, TaskPlugin=task/none, and job completion records in a
# text file, which `sacct --completion` reads. `up` never assumes a daemon is running: it
# checks each one and starts what is missing; `down` only stops daemons whose pid file is in
# the state directory, so a cluster it did not start is left alone.
set -euo pipefail

STATE=${FOAMC_SLURM_STATE:-/var/lib/foamc-slurm}
PORT=${FOAMC_SLURM_PORT:-6917}
NAME=${FOAMC_SLURM_NAME:-foamc}
CONF=$STATE/slurm.conf
SOCK=$STATE/munge/munge.socket
MARK="# foamc one-node test cluster (scripts/slurm-cluster.sh)"

die() { echo "slurm-cluster: $*" >&2; exit 1; }

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

conf() {
	if [ -f "$CONF" ] && ! grep -qF "$MARK" "$CONF"; then
		die "$CONF exists and was not written by this script; choose another FOAMC_SLURM_STATE"
	fi
	local host cpus mem
	host=$(hostname -s)
	cpus=$(nproc)
	# slurmd -C reports what slurmd will register; a node whose configured memory exceeds
	# that is drained, so take the detected value.
	mem=$(slurmd -C 2>/dev/null | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' | head -1)
	mkdir -p "$STATE/ctld" "$STATE/d"
	# Without a PlugStackConfig Slurm reads plugstack.conf beside slurm.conf: an empty one
	# keeps a system's SPANK plugins out.
	: >"$STATE/plugstack.conf"
	cat >"$CONF" <<EOF
$MARK
ClusterName=$NAME
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCK
PlugStackConfig=$STATE/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$STATE/jobcomp.log
JobAcctGatherType=jobacct_gather/none
MinJobAge=300
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=${mem:-1000} State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
}

# munge: a munged of this cluster's own, with its own key, socket, seed and log in
# $STATE/munge (owned by the munge user, as munged requires); a system munged and
# /etc/munge are left alone.
munge_up() {
	local m=$STATE/munge
	install -d -o munge -g munge -m 0755 "$m"
	if [ ! -s "$m/munge.key" ]; then
		dd if=/dev/urandom bs=1 count=1024 of="$m/munge.key" 2>/dev/null
		chown munge:munge "$m/munge.key"
		chmod 0400 "$m/munge.key"
	fi
	if ! munge -n --socket="$SOCK" </dev/null >/dev/null 2>&1; then
		runuser -u munge -- /usr/sbin/munged --socket="$SOCK" --key-file="$m/munge.key" \
			--pid-file="$m/munged.pid" --log-file="$m/munged.log" --seed-file="$m/munged.seed"
		cp "$m/munged.pid" "$STATE/munged.pid"
	fi
}

# slurmd_nopmix starts slurmd in its own mount namespace with libpmix-dev's files hidden
# (without libpmix-dev the machine already lacks them: plain slurmd).
slurmd_nopmix() {
	local lib=$STATE/nopmix/lib f so pmixlib
	so=$(dpkg -L libpmix-dev 2>/dev/null | grep '/pmix2/lib/libpmix\.so$' | head -1) || true
	if [ -z "$so" ]; then
		slurmd
		return
	fi
	pmixlib=$(dirname "$so")
	rm -rf "$lib"
	mkdir -p "$lib"
	# What libpmix2 alone installs under $pmixlib (libpmix.so.2*, the pmix/ components).
	dpkg -L libpmix2 | grep "^$pmixlib/." | while read -r f; do
		if [ -d "$f" ]; then mkdir -p "$lib/${f#"$pmixlib"/}"; else cp -P "$f" "$lib/${f#"$pmixlib"/}"; fi
	done
	[ -e "$lib/libpmix.so" ] && die "libpmix2 ships libpmix.so: hiding libpmix-dev would not hide it"
	unshare --mount --propagation private sh -c 'mount --bind "$1" "$2" && exec slurmd' sh "$lib" "$pmixlib"
}

up() {
	[ "$(id -u)" = 0 ] || die "must run as root"
	command -v slurmctld >/dev/null && command -v munged >/dev/null || die "slurm-wlm and munge are not installed (make slurm-deps)"
	conf
	export SLURM_CONF=$CONF
	munge_up
	alive "$STATE/slurmctld.pid" || slurmctld
	if ! alive "$STATE/slurmd.pid"; then
		if [ "${FOAMC_SLURM_NO_PMIX:-}" = 1 ]; then slurmd_nopmix; else slurmd; fi
	fi
	local host
	host=$(hostname -s)
	for _ in $(seq 60); do
		if state=$(sinfo -h -n "$host" -o %T 2>/dev/null) && [ -n "$state" ]; then
			case $state in
			idle* | mixed* | allocated*) echo "slurm-cluster: node $host $state (SLURM_CONF=$CONF)"; return 0 ;;
			down* | drain*) scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true ;;
			esac
		fi
		sleep 1
	done
	tail -n 20 "$STATE/slurmctld.log" "$STATE/slurmd.log" >&2 || true
	die "node $host did not become idle within 60 s"
}

down() {
	# slurmd first: it kills the job steps it runs (KillWait) before it exits.
	for d in slurmd slurmctld munged; do
		pf=$STATE/$d.pid
		if alive "$pf"; then
			pid=$(cat "$pf")
			kill "$pid"
			for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
			kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
		fi
		rm -f "$pf"
	done
	echo "slurm-cluster: stopped ($STATE)"
}

case ${1:-} in
up) up ;;
down) down ;;
env) echo "SLURM_CONF=$CONF" ;;
*) die "usage: $0 up|down|env" ;;
esac
