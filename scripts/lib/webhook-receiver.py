"""A webhook receiver for the benchmarks (scripts/bench-city-events.sh, bench-writes.sh): answers every POST 204
at once and notes each event's arrival against its `timestamp` (when its write ran, on this machine's clock);
any GET answers: events received, per second, and their delivery latency p50 / p99 / max.

Usage: webhook-receiver.py FOLDER — it listens on a free loopback port and writes its number to FOLDER/port.

asyncio and a minimal HTTP/1.1 parser rather than http.server: the receiver shares the two cores with the server,
and http.server's per-request cost (a thread per connection, its header parsing) would take them from it.
"""
import asyncio, datetime, re, sys, time

folder = sys.argv[1]
latencies, first = [], [None]
length_re = re.compile(rb"content-length:\s*(\d+)", re.I)
stamp_re = re.compile(rb'"timestamp":"([^"]+)"')


def stats():
    values = sorted(latencies)
    span = max(time.time() - (first[0] or time.time()), 1e-9)

    def at(q):
        return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0

    return (f"events {len(values)}, {len(values) / span:.0f}/s; delivery p50 {at(0.5):.1f} ms, "
            f"p99 {at(0.99):.1f} ms, max {(values[-1] * 1000 if values else 0):.1f} ms\n").encode()


class Hook(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport, self.buffer = transport, b""

    def data_received(self, data):
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end]
            match = length_re.search(head)
            size = int(match.group(1)) if match else 0
            if len(self.buffer) < end + 4 + size:
                return
            body, self.buffer = self.buffer[end + 4:end + 4 + size], self.buffer[end + 4 + size:]
            if head.startswith(b"GET"):
                text = stats()
                self.transport.write(b"HTTP/1.1 200 OK\r\ncontent-length: %d\r\n\r\n" % len(text) + text)
                continue
            now = time.time()
            stamp = stamp_re.search(body).group(1).decode().replace("Z", "+00:00")
            first[0] = first[0] or now
            latencies.append(now - datetime.datetime.fromisoformat(stamp).timestamp())
            self.transport.write(b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n")


async def main():
    server = await asyncio.get_running_loop().create_server(Hook, "127.0.0.1", 0)
    open(f"{folder}/port", "w").write(str(server.sockets[0].getsockname()[1]))
    await server.serve_forever()


asyncio.run(main())
