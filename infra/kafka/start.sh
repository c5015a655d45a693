#!/usr/bin/env bash
# Starts a single-node Kafka 3.9.1 broker (KRaft, combined broker + controller) in the background.
#
#   set -a; eval "$(bash infra/kafka/start.sh)"; set +a   # exports KAFKA_STATE_DIR and KAFKA_BROKERS
#   ...
#   bash infra/kafka/stop.sh                              # reads KAFKA_STATE_DIR
#
# KAFKA_PORT             client port (default 9092)
# KAFKA_CONTROLLER_PORT  controller port (default 9093)
# KAFKA_STATE_DIR        config, data, log and pid of this broker (default: a new mktemp folder, which
#                        stop.sh then removes); its data folder is wiped and formatted on every start
# KAFKA_CACHE_DIR        jar cache, see resolve.sh
# KAFKA_HEAP_OPTS        JVM heap (default -Xms512m -Xmx1g)
# KAFKA_START_TIMEOUT    seconds to wait for the client port (default 60)
#
# stdout carries only shell assignments, the last line being KAFKA_BROKERS=127.0.0.1:<port>;
# progress and errors go to stderr.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
port="${KAFKA_PORT:-9092}"
controller_port="${KAFKA_CONTROLLER_PORT:-9093}"
timeout_s="${KAFKA_START_TIMEOUT:-60}"
heap="${KAFKA_HEAP_OPTS:--Xms512m -Xmx1g}"
log4j="-Dlog4j.configuration=file:$here/log4j.properties"

log() { echo "[kafka/start] $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

[[ "$port" =~ ^[0-9]+$ && "$controller_port" =~ ^[0-9]+$ ]] || fail "KAFKA_PORT and KAFKA_CONTROLLER_PORT must be numbers"
[[ "$port" != "$controller_port" ]] || fail "KAFKA_PORT and KAFKA_CONTROLLER_PORT must differ"
# A connect is our readiness signal, so a port that is already taken would read as "ready".
port_open "$port" && fail "port $port is already in use (another broker? set KAFKA_PORT)"
port_open "$controller_port" && fail "port $controller_port is already in use (set KAFKA_CONTROLLER_PORT)"

lib="$(bash "$here/resolve.sh")"

made_state=0
if [[ -n "${KAFKA_STATE_DIR:-}" ]]; then
  state="$KAFKA_STATE_DIR"
  if [[ ! -d "$state" ]]; then
    mkdir -p "$state"
    made_state=1
  fi
else
  state="$(mktemp -d "${TMPDIR:-/tmp}/zapdesk-kafka.XXXXXX")"
  made_state=1
fi
state="$(cd "$state" && pwd)"
# The marker tells stop.sh that the folder is ours to remove.
((made_state)) && touch "$state/.created-by-start-sh"
started=0
# On failure, a folder this script made goes away again (its log tail has been printed by then).
trap '((started || !made_state)) || rm -rf "$state"' EXIT

if [[ -f "$state/kafka.pid" ]]; then
  old="$(cat "$state/kafka.pid")"
  if kill -0 "$old" 2>/dev/null && grep -qa 'kafka.Kafka' "/proc/$old/cmdline" 2>/dev/null; then
    fail "a broker already runs from $state (pid $old); stop it with KAFKA_STATE_DIR=$state bash $here/stop.sh"
  fi
  rm -f "$state/kafka.pid"
fi

rm -rf "$state/data"
mkdir -p "$state/data"
cat >"$state/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$state/data
num.partitions=1
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPS

# A Kafka cluster id is 16 random bytes in URL-safe base64 without padding (what `random-uuid` prints);
# made here to save a JVM start. Passed as --cluster-id=..., since an id may begin with '-', which the
# tool's argument parser would otherwise take for an option (a start failing once in 64).
cluster_id="$(head -c16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
log "formatting $state/data (cluster $cluster_id)"
if ! java -Xmx256m "$log4j" -cp "$lib/*" kafka.tools.StorageTool format \
  --cluster-id="$cluster_id" -c "$state/server.properties" >"$state/format.log" 2>&1; then
  cat "$state/format.log" >&2
  fail "formatting the log dir failed"
fi

log "starting broker on 127.0.0.1:$port (controller $controller_port), state in $state"
# setsid: its own session, so the caller's job control or Ctrl-C does not take it down; stop.sh does.
# No stdio is inherited, so `$(bash start.sh)` returns without waiting for the broker.
# shellcheck disable=SC2086
setsid java $heap -XX:+UseG1GC -Djava.awt.headless=true "$log4j" -cp "$lib/*" \
  kafka.Kafka "$state/server.properties" </dev/null >"$state/kafka.log" 2>&1 &
pid=$!
echo "$pid" >"$state/kafka.pid"

deadline=$((SECONDS + timeout_s))
until port_open "$port"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    log "broker exited before it opened port $port; last lines of $state/kafka.log:"
    tail -n 40 "$state/kafka.log" >&2
    rm -f "$state/kafka.pid"
    exit 1
  fi
  if ((SECONDS >= deadline)); then
    log "broker did not open port $port within ${timeout_s}s; last lines of $state/kafka.log:"
    tail -n 40 "$state/kafka.log" >&2
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$state/kafka.pid"
    exit 1
  fi
  sleep 0.2
done

log "ready (pid $pid)"
started=1
echo "KAFKA_STATE_DIR=$state"
echo "KAFKA_BROKERS=127.0.0.1:$port"
