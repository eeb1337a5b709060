"""Hostile-server modes for every emulator (python3 standard library only).

POST /__admin/hostile {"mode": MODE, "path": "/api/*"?, "target": URL?}  answers every later
request whose path matches (a trailing "*" matches a prefix; default: every non-admin path) the
hostile way MODE names, until DELETE /__admin/hostile or /__admin/reset.

Modes:
  html-200          200 with an HTML page (a captive portal or a proxy's error page)
  truncated-json    200 application/json cut off in the middle of a document
  huge-body         200 application/json streamed without end in sight (100 MB of whitespace)
  gzip-bomb         200 gzip-encoded JSON that inflates to ~1 GB
  slow-drip         200 headers, then one byte of body every 0.5 s
  mid-body-drop     Content-Length 4096, 100 bytes sent, then the connection closed
  invalid-utf8      200 application/json whose strings hold bytes that are not UTF-8
  deep-json         200 application/json nested 100,000 arrays deep
  huge-numbers      the real answer with every JSON number replaced by 1e999999 or -1e400
  cross-port        302 to `target` (a capture server on another port)
  huge-headers      the real answer with a 2 MB header added
"""

import re
import socket
import time
import zlib

MODES = ("html-200", "truncated-json", "huge-body", "gzip-bomb", "slow-drip", "mid-body-drop",
         "invalid-utf8", "deep-json", "huge-numbers", "cross-port", "huge-headers")

_bomb = None


def gzip_bomb():
    """~256 KB of gzip that inflates to 256 MB of spaces around a tiny JSON object (4× the
    client's body cap), built once and fast: after a full flush deflate forgets its history,
    so one compressed 1 MB block repeated stands for the chunk repeated; the CRC and size of
    the gzip trailer are computed over what it inflates to."""
    global _bomb
    if _bomb is None:
        prefix, chunk, suffix, count = b'{"data": [', b" " * (1 << 20), b"]}", 256
        deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
        head = deflate.compress(prefix) + deflate.flush(zlib.Z_FULL_FLUSH)
        block = deflate.compress(chunk) + deflate.flush(zlib.Z_FULL_FLUSH)
        tail = deflate.compress(suffix) + deflate.flush(zlib.Z_FINISH)
        crc = zlib.crc32(prefix)
        for _ in range(count):
            crc = zlib.crc32(chunk, crc)
        crc = zlib.crc32(suffix, crc)
        size = (len(prefix) + len(chunk) * count + len(suffix)) & 0xFFFFFFFF
        header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
        _bomb = header + head + block * count + tail + crc.to_bytes(4, "little") + size.to_bytes(4, "little")
    return _bomb


_NUMBER = re.compile(rb'(?<![\w"])-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w"])')


def huge_numbers(body):
    """Every JSON number outside strings becomes 1e999999 (or -1e400, alternately)."""
    out = bytearray()
    in_string = False
    escaped = False
    index = 0
    flip = [False]

    def replacement():
        flip[0] = not flip[0]
        return b"1e999999" if flip[0] else b"-1e400"

    while index < len(body):
        byte = body[index:index + 1]
        if in_string:
            out += byte
            if escaped:
                escaped = False
            elif byte == b"\\":
                escaped = True
            elif byte == b'"':
                in_string = False
            index += 1
            continue
        if byte == b'"':
            in_string = True
            out += byte
            index += 1
            continue
        match = _NUMBER.match(body, index)
        if match and (byte.isdigit() or byte == b"-"):
            out += replacement()
            index = match.end()
            continue
        out += byte
        index += 1
    return bytes(out)


class Hostile:
    def __init__(self, spec):
        self.mode = spec["mode"]
        if self.mode not in MODES:
            raise ValueError("unknown hostile mode %r (known: %s)" % (self.mode, ", ".join(MODES)))
        self.path = spec.get("path", "*")
        self.target = spec.get("target")

    def matches(self, path):
        if self.path == "*":
            return True
        if self.path.endswith("*"):
            return path.startswith(self.path[:-1])
        return path == self.path

    def needs_real_answer(self):
        return self.mode in ("huge-numbers", "huge-headers")

    def answer(self, handler, real=None):
        """Writes the hostile answer on `handler` (a BaseHTTPRequestHandler)."""
        mode = self.mode
        write = handler.wfile.write
        if mode == "html-200":
            return self._plain(handler, 200, b"<!doctype html><html><body><h1>Welcome to the hotel Wi-Fi</h1></body></html>", "text/html")
        if mode == "truncated-json":
            body = b'{"ok": true, "data": [{"id": 1, "name": "Central Stat'
            return self._plain(handler, 200, body, "application/json")
        if mode == "invalid-utf8":
            body = b'{"ok": true, "data": [{"id": 1, "name": "\xff\xfe\xc3\x28", "title": "\xed\xa0\x80"}], "user": {"id": "\xff"}}'
            return self._plain(handler, 200, body, "application/json")
        if mode == "deep-json":
            return self._plain(handler, 200, b"[" * 100000 + b"]" * 100000, "application/json")
        if mode == "cross-port":
            handler.send_response(302)
            handler.send_header("Location", self.target or "http://127.0.0.1:9/")
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return
        if mode == "gzip-bomb":
            body = gzip_bomb()
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Encoding", "gzip")
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            return self._stream(handler, [body])
        if mode == "huge-body":
            total = 100 << 20
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(total + 2))
            handler.end_headers()
            chunk = b" " * (1 << 20)
            return self._stream(handler, [b"["] + [chunk] * 100 + [b"]"])
        if mode == "slow-drip":
            body = b'{"ok": true, "data": []}'
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            for index in range(len(body)):
                try:
                    write(body[index:index + 1])
                    handler.wfile.flush()
                except OSError:
                    break
                time.sleep(0.5)
            handler.close_connection = True
            return
        if mode == "mid-body-drop":
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", "4096")
            handler.end_headers()
            try:
                write(b'{"ok": true, "data": [' + b" " * 78)
                handler.wfile.flush()
            except OSError:
                pass
            return self._close(handler)
        status, headers, body = real
        if mode == "huge-numbers":
            body = huge_numbers(body)
        handler.send_response(status)
        for name, value in headers:
            if name.lower() != "content-length":
                handler.send_header(name, value)
        if mode == "huge-headers":
            handler.send_header("X-Padding", "a" * (2 << 20))
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        if handler.command != "HEAD":
            self._stream(handler, [body])

    def _plain(self, handler, status, body, content_type):
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        if handler.command != "HEAD":
            self._stream(handler, [body])

    @staticmethod
    def _stream(handler, chunks):
        try:
            for chunk in chunks:
                handler.wfile.write(chunk)
        except OSError:
            handler.close_connection = True

    @staticmethod
    def _close(handler):
        handler.close_connection = True
        try:
            handler.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
