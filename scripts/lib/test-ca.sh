# Sourced by bench scripts that need TLS. `make_test_ca DIR`: a throwaway CA (DIR/ca.pem) and a certificate for
# localhost and 127.0.0.1 that it signed (DIR/server.pem, DIR/server.key), P-256, valid one day.
make_test_ca() {
  local dir="$1" ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 "${ec[@]}" -keyout "$dir/ca.key" -out "$dir/ca.pem" -days 1 -subj "/CN=bench CA" \
    -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null
  openssl req "${ec[@]}" -keyout "$dir/server.key" -out "$dir/server.csr" -subj "/CN=localhost" 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' > "$dir/ext"
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial \
    -out "$dir/server.pem" -days 1 -extfile "$dir/ext" 2>/dev/null
}
