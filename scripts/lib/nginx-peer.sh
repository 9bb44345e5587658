# Sourced by bench scripts that compare the server with nginx serving the same bytes as static files.
# `nginx_start ROOT WORKERS [CERT KEY]`: nginx (Debian's package) in the foreground as a child, with a minimal
# configuration of its own under $work/nginx, serving ROOT on a free loopback port with WORKERS worker processes (1 or
# auto), no access log, keep-alive without limit, JSON as the default type; over TLS with CERT and KEY (PEM) when
# given. Sets nginx_pid and nginx_base (http://127.0.0.1:PORT, or https://localhost:PORT) and returns once a request
# answers (NGINX_WORKER_CONNECTIONS: 4096 by default). `nginx_stop` ends it. The caller's cleanup should call nginx_stop
# too.
nginx_pid=""
nginx_start() {
  local root="$1" workers="$2" cert="${3:-}" key="${4:-}" bin port listen tls=""
  bin="$(command -v nginx || true)"
  [ -z "$bin" ] && [ -x /usr/sbin/nginx ] && bin=/usr/sbin/nginx
  [ -n "$bin" ] || { echo "$0: needs nginx (apt-get install nginx)" >&2; return 2; }
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  mkdir -p "$work/nginx/logs" "$work/nginx/temp"
  # Started by root, the workers run as nobody: the files must be readable by all.
  chmod a+rx "$work"; chmod -R a+rX "$root"
  listen="127.0.0.1:$port"
  nginx_base="http://127.0.0.1:$port"
  if [ -n "$cert" ]; then
    listen="127.0.0.1:$port ssl"
    tls="ssl_certificate $cert; ssl_certificate_key $key; ssl_session_cache shared:tls:10m;"
    nginx_base="https://localhost:$port"
  fi
  cat > "$work/nginx/nginx.conf" <<CONF
worker_processes $workers;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log warn;
worker_rlimit_nofile ${NGINX_WORKER_CONNECTIONS:-4096};
events { worker_connections ${NGINX_WORKER_CONNECTIONS:-4096}; }
http {
    access_log off;
    default_type application/json;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000000;
    client_body_temp_path $work/nginx/temp/body;
    proxy_temp_path $work/nginx/temp/proxy;
    fastcgi_temp_path $work/nginx/temp/fastcgi;
    uwsgi_temp_path $work/nginx/temp/uwsgi;
    scgi_temp_path $work/nginx/temp/scgi;
    server {
        listen $listen;
        $tls
        root $root;
    }
}
CONF
  "$bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/logs/error.log" -g 'daemon off;' &
  nginx_pid=$!
  for _ in $(seq 1 100); do
    curl -sk -o /dev/null "$nginx_base/" 2>/dev/null && return 0
    sleep 0.05
  done
  echo "$0: nginx did not answer on $nginx_base" >&2
  return 1
}
nginx_stop() {
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then kill -TERM "$nginx_pid"; wait "$nginx_pid" || true; fi
  nginx_pid=""
}
