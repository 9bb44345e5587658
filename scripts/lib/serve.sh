# Sourced by bench scripts that run `tripterm serve` (BIN) in the background, with $work as their scratch directory.
# `serve_start SCHEME DB [serve flags…]`: starts it on a free port (REST only) on the database DB, sets `pid` and
# `url` (the listening line's SCHEME:// address), and returns once it listens; its output is in $work/out and
# $work/err, shown and fatal when it does not start. `serve_rider_trip DB`: creates trip t1 through `url` (trusting
# $work/ca.pem when there is one) and sets `rider`, a consumer token for it. `serve_stop`: stops it (SIGTERM, then
# waits) if it runs, and clears `pid`; safe in an EXIT trap.
serve_start() {
  local scheme=$1 db=$2
  shift 2
  "$BIN" serve --port 0 --no-grpc --db "$db" --log-level error "$@" > "$work/out" 2> "$work/err" &
  pid=$!
  url=""
  for _ in $(seq 1 100); do
    url="$(sed -n "s/^listening on \(${scheme}:.*\)/\1/p" "$work/out" | head -1)"
    [ -n "$url" ] && return 0
    sleep 0.1
  done
  cat "$work/err" >&2
  exit 1
}

serve_rider_trip() {
  local db=$1 server trust=()
  [ -f "$work/ca.pem" ] && trust=(--cacert "$work/ca.pem")
  server="$("$BIN" token --server --db "$db")"
  curl -sS "${trust[@]}" -o /dev/null -X POST "$url/v1/providers/p/trips?tripId=t1" \
    -H "Authorization: Bearer $server" \
    -d '{"tripType":"EXCLUSIVE","pickupPoint":{"point":{"latitude":43.7315,"longitude":7.42}}}'
  rider="$("$BIN" token --trip t1 --db "$db")"
}

serve_stop() {
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  pid=""
}
