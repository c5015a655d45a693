#!/usr/bin/env bash
# Resolves the Kafka broker's runtime classpath from Maven Central into a cache folder outside the repo.
#
#   bash infra/kafka/resolve.sh          -> prints the lib folder (for `java -cp '<lib>/*'`) on stdout
#
# KAFKA_CACHE_DIR  where the jars go (default: $HOME/.cache/zapdesk/kafka-3.9.1); the jars land in <cache>/lib
#
# Does nothing when <cache>/lib already holds a classpath that starts the Kafka tools and was resolved from
# the same pom.xml. Safe to run from several processes at once (flock on <cache>/.lock).
# Progress goes to stderr, so `lib=$(bash resolve.sh)` works.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${KAFKA_CACHE_DIR:-$HOME/.cache/zapdesk/kafka-3.9.1}"
lib="$cache/lib"
pom="$here/pom.xml"
stamp="$cache/pom.sha256"

log() { echo "[kafka/resolve] $*" >&2; }

command -v java >/dev/null || { log "java is not on PATH (Java 17 is needed)"; exit 1; }

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9

pom_sum="$(sha256sum "$pom" | cut -d' ' -f1)"

classpath_ok() {
  [[ -d "$lib" && -f "$stamp" && "$(cat "$stamp")" == "$pom_sum" ]] || return 1
  java -Xmx128m -Dlog4j.configuration="file:$here/log4j.properties" -cp "$lib/*" kafka.tools.StorageTool random-uuid >/dev/null 2>&1
}

if classpath_ok; then
  log "cached classpath in $lib"
  echo "$lib"
  exit 0
fi

command -v mvn >/dev/null || { log "mvn is not on PATH (Maven is needed for the first resolve)"; exit 1; }

log "resolving org.apache.kafka:kafka_2.13:3.9.1 and its runtime dependencies into $lib ..."
tmp="$(mktemp -d "$cache/lib.tmp.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
# stdout of mvn goes to stderr: ours carries only the result.
if ! mvn -B -q -f "$pom" \
  org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
  -DincludeScope=runtime -DoutputDirectory="$tmp" 1>&2; then
  log "mvn failed to resolve the broker (see the output above)"
  exit 1
fi

if ! java -Xmx128m -Dlog4j.configuration="file:$here/log4j.properties" -cp "$tmp/*" kafka.tools.StorageTool random-uuid >/dev/null; then
  log "the resolved classpath does not start kafka.tools.StorageTool; jars in $tmp:"
  ls "$tmp" >&2
  exit 1
fi

rm -rf "$lib"
mv "$tmp" "$lib"
trap - EXIT
echo "$pom_sum" >"$stamp"
log "resolved $(ls "$lib" | wc -l) jars ($(du -sh "$lib" | cut -f1))"
echo "$lib"
