#!/usr/bin/env bash
# Memory per idle TLS connection: `tripterm serve` with TLS, then nginx over TLS with the same certificate (1
# worker), each holding IDLE (10,000) keep-alive connections that made one request and then went quiet, as a rider's
# app between polls (one that sends nothing at all is cut by --header-timeout, as slow-loris is); the growth of the
# server's resident memory (nginx: master and worker) divided by the connections still open; and tripterm without
# TLS, to show what TLS adds. Needs python3, openssl, nginx, a built tripterm (BIN; by default the release build's).
# Prints one line per server.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BIN:-$("${SWIFT:-swift}" build -c release --show-bin-path)/tripterm}"
IDLE="${IDLE:-10000}"
ulimit -n "$(( IDLE + 1024 < $(ulimit -Hn) ? IDLE + 1024 : $(ulimit -Hn) ))"
work="$(mktemp -d)"
pid=""
. scripts/lib/nginx-peer.sh
. scripts/lib/serve.sh
cleanup() {
  nginx_stop
  serve_stop
  rm -rf "$work"
}
trap cleanup EXIT
. scripts/lib/test-ca.sh
make_test_ca "$work"

# hold URL PIDS…: opens $IDLE TLS connections to URL's host and port, prints the growth of the PIDS' resident memory.
hold() {
  local url=$1
  shift
  python3 - "$url" "$IDLE" "$work/ca.pem" "$@" <<'PY'
import asyncio, ssl, sys, urllib.parse
url, count, ca, pids = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
parts = urllib.parse.urlsplit(url)
def rss():
    total = 0
    for pid in pids:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total
request = f"GET {parts.path or '/'} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode()
async def one(context):
    tls = parts.scheme == "https"
    reader, writer = await asyncio.open_connection(
        parts.hostname, parts.port, ssl=context if tls else None, server_hostname="localhost" if tls else None)
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    await reader.readexactly(length)
    return reader, writer
async def main():
    context = ssl.create_default_context(cafile=ca)
    before = rss()
    held = []
    for start in range(0, count, 200):
        held += await asyncio.gather(*[one(context) for _ in range(min(200, count - start))])
    await asyncio.sleep(2)
    after = rss()
    alive = sum(1 for _, writer in held if not writer.is_closing())
    print(f"{alive} connections held, RSS {before / 1024:.1f} -> {after / 1024:.1f} MiB, "
          f"{(after - before) / max(alive, 1):.1f} KiB a connection")
    for _, writer in held:
        writer.close()
asyncio.run(main())
PY
}

db="$work/fleet.sqlite"
serve_start https "$db" --max-connections $((IDLE + 100)) --tls-cert "$work/server.pem" --tls-key "$work/server.key"
printf '%-24s ' "tripterm serve, TLS"
hold "$url/v1/providers/p/trips/none" "$pid"
serve_stop

# The same without TLS: what TLS itself costs a connection (NIOSSL's buffers, BoringSSL's state).
serve_start http "$db" --max-connections $((IDLE + 100))
printf '%-24s ' "tripterm serve, plain"
hold "$url/v1/providers/p/trips/none" "$pid"
serve_stop

mkdir -p "$work/www"
echo '{}' > "$work/www/index.json"
NGINX_WORKER_CONNECTIONS=$((IDLE + 100)) nginx_start "$work/www" 1 "$work/server.pem" "$work/server.key"
printf '%-24s ' "nginx, TLS, 1 worker"
hold "$nginx_base/index.json" "$nginx_pid" $(pgrep -P "$nginx_pid")
