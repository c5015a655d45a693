#!/usr/bin/env bash
# Stops the broker that start.sh started from KAFKA_STATE_DIR: SIGTERM (clean shutdown), up to
# KAFKA_STOP_TIMEOUT seconds (default 20), then SIGKILL. Removes KAFKA_STATE_DIR when start.sh made it.
# Running it twice, or when the broker is gone already, is fine.
set -euo pipefail

log() { echo "[kafka/stop] $*" >&2; }

state="${KAFKA_STATE_DIR:-}"
[[ -n "$state" ]] || { log "ERROR: set KAFKA_STATE_DIR to the folder start.sh printed"; exit 1; }
[[ -d "$state" ]] || { log "nothing to do: $state does not exist"; exit 0; }
timeout_s="${KAFKA_STOP_TIMEOUT:-20}"

pidfile="$state/kafka.pid"
if [[ -f "$pidfile" ]]; then
  pid="$(cat "$pidfile")"
  # Only signal the pid if it still is our broker (pids get reused).
  if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && grep -qa 'kafka.Kafka' "/proc/$pid/cmdline" 2>/dev/null; then
    log "stopping broker (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    deadline=$((SECONDS + timeout_s))
    while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
      log "broker still running after ${timeout_s}s; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
    fi
    log "stopped"
  else
    log "broker (pid $pid) is not running"
  fi
  rm -f "$pidfile"
else
  log "no pid file in $state"
fi

if [[ -f "$state/.created-by-start-sh" ]]; then
  rm -rf "$state"
  log "removed $state"
fi
