"""A fast loopback HTTP/1.1 server for benchmarks (python3 standard library only).

Answers every request with the same tiny JSON body on a kept-alive connection. It exists
because http_test_server.py (ThreadingHTTPServer, one process) saturates one core long before
a client does; here several processes accept on one socket and each runs an asyncio loop.
Prints `listening on http://127.0.0.1:<port>` like the emulators.

    python3 bench/loopback_server.py [--port 0] [--workers 2]
"""

import argparse
import asyncio
import os
import signal
import socket
import sys

BODY = b'{"ok": true}'
RESPONSE = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(BODY)) + BODY


class Connection(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport = transport
        self.buffer = b""

    def data_received(self, data):
        self.buffer += data
        answers = 0
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                break
            head = self.buffer[:end]
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            if len(self.buffer) < end + 4 + length:
                break
            self.buffer = self.buffer[end + 4 + length:]
            answers += 1
        if answers:
            self.transport.write(RESPONSE * answers)


def worker(sock):
    loop = asyncio.new_event_loop()
    server = loop.run_until_complete(loop.create_server(Connection, sock=sock))
    try:
        loop.run_forever()
    finally:
        server.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", options.port))
    sock.listen(512)
    sock.setblocking(False)
    children = []
    for _ in range(options.workers):
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            worker(sock)
            os._exit(0)
        children.append(pid)
    sys.stdout.write("listening on http://127.0.0.1:%d\n" % sock.getsockname()[1])
    sys.stdout.flush()

    def stop(*_):
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for pid in children:
        os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
