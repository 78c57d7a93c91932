# Sourced by the benchmark scripts. start_in_memory_endpoint DLL [PROFILE]: starts the in-memory S3 endpoint (a copy
# of its build, so a rebuild during the run cannot swap it) on a random loopback port with PROFILE (default S3Like),
# waits until it listens, and stops it and removes $WORK when the script exits. Sets PORT, URL and SERVER.
start_in_memory_endpoint() {
  local dll=$1 profile=${2:-S3Like}
  PORT=$((20000 + RANDOM % 20000))
  URL=http://127.0.0.1:$PORT
  dotnet "$dll" --port "$PORT" --profile "$profile" --ignore-stdin > "$WORK/server.log" 2>&1 &
  SERVER=$!
  trap 'kill $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
  for _ in $(seq 1 100); do grep -q listening "$WORK/server.log" 2>/dev/null && break; sleep 0.1; done
}
