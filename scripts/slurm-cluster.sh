#!/bin/bash
# A one-node Slurm cluster on localhost for foamc's tests (`make slurm-up` / `make slurm-down`).
#
#   scripts/slurm-cluster.sh up     write /etc/slurm/slurm.conf, start munged, slurmctld, slurmd
#   scripts/slurm-cluster.sh down   stop exactly the daemons `up` started (their pid files)
#
# Runs as root (SlurmUser=root; munged drops to the munge user). No cgroups, no slurmdbd:
# ProctrackType=proctrack/linuxproc, TaskPlugin=task/none, and job completion records in a
# text file, which `sacct --completion` reads. `up` never assumes a daemon is running: it
# checks each one and starts what is missing; `down` only stops daemons whose pid file is in
# the state directory, so a cluster it did not start is left alone.
set -euo pipefail

STATE=${FOAMC_SLURM_STATE:-/var/lib/foamc-slurm}
CONF=/etc/slurm/slurm.conf
MARK="# foamc one-node test cluster (scripts/slurm-cluster.sh)"

die() { echo "slurm-cluster: $*" >&2; exit 1; }

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

conf() {
	if [ -f "$CONF" ] && ! grep -qF "$MARK" "$CONF"; then
		die "$CONF exists and was not written by this script; not overwriting it"
	fi
	local host cpus mem
	host=$(hostname -s)
	cpus=$(nproc)
	# slurmd -C reports what slurmd will register; a node whose configured memory exceeds
	# that is drained, so take the detected value.
	mem=$(slurmd -C 2>/dev/null | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' | head -1)
	mkdir -p /etc/slurm "$STATE/ctld" "$STATE/d"
	cat >"$CONF" <<EOF
$MARK
ClusterName=foamc
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
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

up() {
	[ "$(id -u)" = 0 ] || die "must run as root"
	command -v slurmctld >/dev/null && command -v munged >/dev/null || die "slurm-wlm and munge are not installed (make slurm-deps)"
	conf
	# munged runs as its own user and needs its runtime directory owned by it.
	install -d -o munge -g munge -m 0755 /run/munge
	install -d -o munge -g munge -m 0700 /var/log/munge /var/lib/munge /etc/munge
	[ -s /etc/munge/munge.key ] || { runuser -u munge -- mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; chown munge:munge /etc/munge/munge.key; chmod 0400 /etc/munge/munge.key; }; }
	if ! munge -n </dev/null >/dev/null 2>&1; then
		runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
		cp /run/munge/munged.pid "$STATE/munged.pid"
	fi
	alive "$STATE/slurmctld.pid" || slurmctld
	alive "$STATE/slurmd.pid" || slurmd
	local host
	host=$(hostname -s)
	for _ in $(seq 60); do
		if state=$(sinfo -h -n "$host" -o %T 2>/dev/null) && [ -n "$state" ]; then
			case $state in
			idle* | mixed* | allocated*) echo "slurm-cluster: node $host $state"; return 0 ;;
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
	echo "slurm-cluster: stopped"
}

case ${1:-} in
up) up ;;
down) down ;;
*) die "usage: $0 up|down" ;;
esac
