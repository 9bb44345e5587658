# Sourced by the benchmark scripts: `summary LABEL FILE` prints one line from wrk's --latency output in FILE —
# requests per second, p50, p99, non-2xx answers and socket errors.
summary() {
  python3 - "$1" "$2" <<'PY'
import re, sys
label, path = sys.argv[1:]
text = open(path).read()
def ms(value):
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
lat = dict(re.findall(r"^\s+(50|75|90|99)%\s+(\S+)", text, re.M))
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
errors = re.search(r"Socket errors: (.*)", text)
print("%s: %.0f req/s, p50 %.2f ms, p99 %.2f ms, non-2xx: %s, errors: %s"
      % (label, rps, ms(lat["50"]), ms(lat["99"]), non2xx.group(1) if non2xx else "0", errors.group(1) if errors else "none"))
PY
}
