"""Shared plumbing for the fieldops service emulators (python3 standard library only).

Every emulator:
  * listens on 127.0.0.1 only, on the port given by --port (0 = a free one),
  * prints exactly one line `listening on <scheme>://127.0.0.1:<port>` on stdout once it accepts
    connections (the Swift test harness waits for that line), then logs to stderr only,
  * optionally serves TLS (--tls-cert/--tls-key) and forces HTTP/1.1 (it never speaks HTTP/2),
  * with --exit-with-parent, exits when the process that started it dies (the Swift harness
    passes it, so a crashed test run leaves no servers behind),
  * exposes admin endpoints under /__admin/ for tests:
      POST /__admin/faults   {"path": "/api/v1/x", "method": "POST"?, "status": 500, "count": 1,
                              "delay_ms": 0, "drop": false, "drop_after_handler": false,
                              "body": "...", "content_type": "text/html", "headers": {}}
                             path may end with "*" to match a prefix.
                             drop: close the socket without answering, before the handler runs.
                             drop_after_handler: run the handler (the server commits) and then
                             close the socket without answering.
                             after: let that many matching requests through first.
                             hold: keep the matching request unanswered until POST /__admin/release
                             (at most 60 s), so a test can look at a client mid-operation
                             without guessing with a sleep.
      POST /__admin/release  answer every held request; GET /__admin/held {"held": n} how many wait
      DELETE /__admin/faults clear all faults
      POST /__admin/latency  {"delay_ms": 50}  added to every non-admin request
      GET  /__admin/state    the emulator's state (each emulator adds its own keys)
      GET  /__admin/requests the request log: [{"method","path","query","headers","body","connection",
                             "at" (time.monotonic() on arrival, seconds)}]
      POST /__admin/reset    back to exactly what a fresh process with the same arguments holds
                             ({"arguments": [...]}: with these, where they differ from the
                             process's own only in the emulator's resettable_options, e.g. the
                             MCMS fleet's size; anything else is refused with 400):
                             the seeded fixtures, no faults, latency, hostile mode or log, the
                             clock of --clock-offset, stats from zero; requests still held or
                             sleeping in a delay are answered 503 at once without running their
                             handler, so nothing from before the reset lands in the new state
      GET  /__admin/settings {"latency_ms", "clock_offset", "hostile": mode|null, "faults": n
                              (still armed), "held": n}: the base switches, as a test left them
      GET  /__admin/stats    {"requests": n, "connections": n, "http_versions": {...}} since the
                             start or the last reset (a kept-alive connection used again after a
                             reset is counted, and numbered, afresh)
      POST /__admin/hostile  {"mode": "html-200", "path": "/api/*"?, "target": URL?}: answer the way a
                             hostile or broken server does (see hostile.py for the modes);
                             DELETE /__admin/hostile ends it
      POST /__admin/clock    {"offset_seconds": 300}  the Date header runs that far ahead (negative:
                             behind) of the real clock, like a server whose clock is off; 0 undoes it.
                             --clock-offset SECONDS sets it from the start.

Subclasses implement `route(self, req) -> Response` and `state()`/`reset()` on the App. A
subclass's reset() must rebuild every piece of state a request or an admin call can change (it
runs at start and on every POST /__admin/reset, so it should be cheap: copy cached pristine data
rather than regenerate it).
Run directly (`python3 emulator_base.py --port 0`) it is a minimal emulator: admin endpoints
only, every other path answers 404.
"""

import argparse
import json
import os
import signal
import socket
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import Hostile  # noqa: E402


class Response:
    def __init__(self, status=200, body=None, headers=None, raw=None, content_type="application/json",
                 truncate_at=None):
        self.status = status
        # When set, only this many body bytes are sent (Content-Length still announces all of
        # them) and the connection is closed: a transfer that breaks mid-body.
        self.truncate_at = truncate_at
        self.headers = list((headers or {}).items()) if isinstance(headers, dict) else list(headers or [])
        if raw is not None:
            self.body = raw if isinstance(raw, bytes) else raw.encode("utf-8")
            self.content_type = content_type
        elif body is None:
            self.body = b""
            self.content_type = None
        else:
            self.body = json.dumps(body, ensure_ascii=False).encode("utf-8")
            self.content_type = "application/json"

    def add_header(self, name, value):
        self.headers.append((name, value))
        return self


class Request:
    """One parsed request, handed to App.route."""

    def __init__(self, handler, method, body):
        parsed = urllib.parse.urlsplit(handler.path)
        self.handler = handler
        self.method = method
        self.raw_path = parsed.path                      # still percent-encoded, as sent
        self.path = urllib.parse.unquote(parsed.path)    # decoded once
        self.query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        self.headers = handler.headers
        self.body = body
        self.connection_id = handler.connection_id

    def arg(self, name, default=None):
        values = self.query.get(name)
        return values[0] if values else default

    def json(self):
        if not self.body:
            return None
        try:
            return json.loads(self.body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return None

    def cookies(self):
        jar = {}
        for header in self.headers.get_all("Cookie") or []:
            for part in header.split(";"):
                if "=" in part:
                    name, value = part.strip().split("=", 1)
                    jar[name] = value
        return jar

    def bearer(self):
        auth = self.headers.get("Authorization", "")
        return auth[7:] if auth.startswith("Bearer ") else None


# A held request is answered after this long even without a release: a failed test never
# leaves a client (or the emulator's thread) waiting for ever.
HOLD_LIMIT_SECONDS = 60


class Fault:
    def __init__(self, spec):
        self.path = spec["path"]
        self.method = spec.get("method")
        self.status = spec.get("status")
        self.count = spec.get("count", 1)
        self.delay_ms = spec.get("delay_ms", 0)
        self.drop = spec.get("drop", False)
        self.drop_after_handler = spec.get("drop_after_handler", False)
        self.body = spec.get("body")
        self.content_type = spec.get("content_type", "application/json")
        self.headers = spec.get("headers", {})
        # Let this many matching requests through untouched first: "hold the 11th upload" is
        # how a test stops a client mid-operation without guessing with a sleep.
        self.after = spec.get("after", 0)
        self.hold = spec.get("hold", False)

    def matches(self, method, path):
        if self.method and self.method.upper() != method:
            return False
        if self.path.endswith("*"):
            return path.startswith(self.path[:-1])
        return path == self.path


class App:
    """Base class: fault registry, request log, stats. Emulators subclass it."""

    name = "emulator"

    def __init__(self, options):
        self.options = options
        self.lock = threading.RLock()
        # Bumped by every POST /__admin/reset: a request that arrived before a reset and is still
        # waiting (held, delayed) is answered 503 instead of running in the new state.
        self.generation = 0
        # Set by POST /__admin/release; a fresh one after each release (and each reset).
        self.release = threading.Event()
        # Set by a reset: wakes requests sleeping in a fault's delay_ms or the latency.
        self.wakeup = threading.Event()
        self.reset_base()
        self.reset()

    def reset_base(self):
        """emulator_base's own state back to a fresh process's (called with the lock held)."""
        self.faults = []
        self.latency_ms = 0
        self.clock_offset = float(getattr(self.options, "clock_offset", 0) or 0)
        self.hostile = None
        self.held = 0
        self.log = []
        self.stats = {"requests": 0, "connections": 0, "http_versions": {}}

    def reset_all(self):
        """POST /__admin/reset: wake every waiting request (they answer 503, see Handler), then
        the base state and the emulator's own state back to a fresh start."""
        with self.lock:
            self.generation += 1
            self.release.set()
            self.release = threading.Event()
            self.wakeup.set()
            self.wakeup = threading.Event()
            self.reset_base()
            self.reset()

    def change_options(self, arguments):
        """For POST /__admin/reset {"arguments": [...]}: takes the options of a process started
        with `arguments`, when they differ from this one's only in `resettable_options`; else
        says why not (and changes nothing)."""
        parser = getattr(self, "parser", None)
        if parser is None:
            return "this emulator was not started by serve(): its arguments cannot change"
        try:
            options = parser.parse_args([str(a) for a in arguments])
        except SystemExit:
            return "arguments not understood: %s" % " ".join(map(str, arguments))
        # How the process runs, not what it serves: kept as started.
        for key in ("exit_with_parent", "verbose"):
            setattr(options, key, getattr(self.options, key, None))
        fixed = sorted(key for key in set(vars(options)) | set(vars(self.options))
                       if key not in self.resettable_options
                       and getattr(options, key, None) != getattr(self.options, key, None))
        if fixed:
            return ("a reset can change only %s; these differ: %s"
                    % (", ".join("--" + k.replace("_", "-") for k in self.resettable_options) or "nothing",
                       ", ".join("--" + k.replace("_", "-") for k in fixed)))
        with self.lock:
            previous, self.options = self.options, options
            self.options_changed(previous)
        return None

    def settings(self):
        return {"latency_ms": self.latency_ms, "clock_offset": self.clock_offset,
                "hostile": self.hostile.mode if self.hostile is not None else None,
                "faults": sum(1 for f in self.faults if f.count != 0), "held": self.held}

    # --- to override -------------------------------------------------------------------
    # Options (argparse dest names) a POST /__admin/reset {"arguments": [...]} may change: the
    # reset then leaves the process as a fresh one started with those arguments would be.
    resettable_options = ()

    def options_changed(self, previous):
        """Called (lock held) when a reset took other options, before reset() runs: drop what
        was cached from the previous ones."""
        pass

    def reset(self):
        pass

    def state(self):
        return {}

    def route(self, req):
        return Response(404, {"error": "not found"})

    @staticmethod
    def add_arguments(parser):
        pass

    # --- plumbing ----------------------------------------------------------------------
    def take_fault(self, method, path):
        with self.lock:
            for fault in self.faults:
                if fault.count != 0 and fault.matches(method, path):
                    if fault.after > 0:
                        fault.after -= 1
                        continue
                    if fault.count > 0:
                        fault.count -= 1
                    return fault
        return None

    def admin(self, req):
        path = req.path[len("/__admin"):]
        if path == "/faults" and req.method == "POST":
            spec = req.json() or {}
            specs = spec if isinstance(spec, list) else [spec]
            with self.lock:
                self.faults.extend(Fault(s) for s in specs)
            return Response(200, {"ok": True})
        if path == "/faults" and req.method == "DELETE":
            with self.lock:
                self.faults = []
            return Response(200, {"ok": True})
        if path == "/release" and req.method == "POST":
            with self.lock:
                self.release.set()
                self.release = threading.Event()
            return Response(200, {"ok": True})
        if path == "/held":
            with self.lock:
                return Response(200, {"held": self.held})
        if path == "/latency" and req.method == "POST":
            self.latency_ms = (req.json() or {}).get("delay_ms", 0)
            return Response(200, {"ok": True})
        if path == "/hostile" and req.method == "POST":
            try:
                self.hostile = Hostile(req.json() or {})
            except (KeyError, ValueError) as error:
                return Response(400, {"error": str(error)})
            return Response(200, {"ok": True})
        if path == "/hostile" and req.method == "DELETE":
            self.hostile = None
            return Response(200, {"ok": True})
        if path == "/clock" and req.method == "POST":
            self.clock_offset = float((req.json() or {}).get("offset_seconds", 0))
            return Response(200, {"ok": True})
        if path == "/state":
            with self.lock:
                return Response(200, self.state())
        if path == "/requests":
            with self.lock:
                return Response(200, list(self.log))
        if path == "/stats":
            with self.lock:
                return Response(200, self.stats)
        if path == "/settings" and req.method == "GET":
            with self.lock:
                return Response(200, self.settings())
        if path == "/reset" and req.method == "POST":
            arguments = (req.json() or {}).get("arguments")
            if arguments is not None:
                refusal = self.change_options(arguments)
                if refusal:
                    return Response(400, {"error": refusal})
            self.reset_all()
            return Response(200, {"ok": True})
        return Response(404, {"error": "unknown admin endpoint"})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fieldops-emulator"
    app = None  # set by serve()

    def setup(self):
        super().setup()
        # Headers and body leave in two writes; without TCP_NODELAY, Nagle holds the body until
        # the client's delayed ACK (~40 ms) arrives, capping a keep-alive client at ~25 req/s.
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        app = self.app
        with app.lock:
            self._number_connection(app)

    def _number_connection(self, app):
        """Counts this connection in the stats and gives it the next id (lock held). A reset
        starts both from zero, so a kept-alive connection that carries a request after a reset
        is counted and numbered again: ids stay distinct among the connections of one reset."""
        app.stats["connections"] += 1
        self.connection_id = app.stats["connections"]
        self.connection_generation = app.generation

    def date_time_string(self, timestamp=None):
        # The Date header, shifted when the test fakes a server whose clock is off.
        if timestamp is None:
            timestamp = time.time() + self.app.clock_offset
        return super().date_time_string(timestamp)

    def log_message(self, fmt, *args):
        if getattr(self.app.options, "verbose", False):
            sys.stderr.write("%s: %s\n" % (self.app.name, fmt % args))

    def _read_body(self):
        length = self.headers.get("Content-Length")
        if length is not None:
            return self.rfile.read(int(length)) if int(length) > 0 else b""
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size_line = self.rfile.readline().strip()
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        return b""

    def _handle(self, method):
        app = self.app
        if self.headers.get("Expect", "").lower() == "100-continue":
            pass  # BaseHTTPRequestHandler already answered 100 Continue
        body = self._read_body()
        with app.lock:
            if self.connection_generation != app.generation:
                self._number_connection(app)
        req = Request(self, method, body)
        is_admin = req.path.startswith("/__admin/")
        if is_admin:
            return self._send(app.admin(req))
        with app.lock:
            generation = app.generation
            wakeup = app.wakeup
            app.stats["requests"] += 1
            versions = app.stats["http_versions"]
            versions[self.request_version] = versions.get(self.request_version, 0) + 1
            app.log.append({
                "method": method,
                "path": req.path,
                "raw_path": req.raw_path,
                "query": {k: v[0] if len(v) == 1 else v for k, v in req.query.items()},
                "headers": {k: v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace") if len(body) < 65536 else "<%d bytes>" % len(body),
                "connection": self.connection_id,
                "http_version": self.request_version,
                "at": time.monotonic(),
            })
        hostile = app.hostile
        if hostile is not None and hostile.matches(req.path):
            real = None
            if hostile.needs_real_answer():
                with app.lock:
                    resp = app.route(req)
                headers = ([("Content-Type", resp.content_type)] if resp.content_type else []) + list(resp.headers)
                real = (resp.status, headers, resp.body)
            return hostile.answer(self, real)
        # A reset since arrival: take none of the faults armed for after it.
        fault = app.take_fault(method, req.path) if app.generation == generation else None
        delay = app.latency_ms + (fault.delay_ms if fault else 0)
        if delay and app.generation == generation:
            # An Event, not time.sleep: a reset wakes the sleeper at once.
            wakeup.wait(delay / 1000.0)
        if fault and fault.hold:
            with app.lock:
                current = app.generation == generation
                if current:
                    app.held += 1
                release = app.release
            if current:
                # A release or a reset sets this very event; HOLD_LIMIT_SECONDS caps the wait.
                release.wait(HOLD_LIMIT_SECONDS)
                with app.lock:
                    if app.generation == generation:
                        app.held -= 1
        if app.generation != generation:
            return self._send_stale()
        if fault and fault.drop:
            return self._drop()
        if fault and fault.status is not None and not fault.drop_after_handler:
            if fault.body is not None:
                resp = Response(fault.status, raw=fault.body, content_type=fault.content_type, headers=fault.headers)
            else:
                resp = Response(fault.status, {"error": "injected fault"}, headers=fault.headers)
            return self._send(resp)
        with app.lock:
            if app.generation != generation:
                resp = None
            else:
                resp = app.route(req)
        if resp is None:
            return self._send_stale()
        if fault and fault.drop_after_handler:
            return self._drop()
        return self._send(resp)

    def _send_stale(self):
        """The answer to a request that was waiting (held, delayed) when the emulator was reset:
        it never reaches its handler, so nothing from before the reset lands in the new state."""
        self.close_connection = True
        try:
            self._send(Response(503, {"error": "the emulator was reset while this request waited"},
                                headers={"Connection": "close"}))
        except OSError:
            pass  # the client gave up on it already

    def _drop(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _send(self, resp):
        self.send_response(resp.status)
        if resp.content_type:
            self.send_header("Content-Type", resp.content_type)
        for name, value in resp.headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(resp.body)))
        self.end_headers()
        if self.command != "HEAD":
            body = resp.body if resp.truncate_at is None else resp.body[:resp.truncate_at]
            self.wfile.write(body)
        if resp.truncate_at is not None:
            self.wfile.flush()
            self._drop()

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")

    def do_PUT(self):
        self._handle("PUT")

    def do_PATCH(self):
        self._handle("PATCH")

    def do_DELETE(self):
        self._handle("DELETE")

    def do_HEAD(self):
        self._handle("HEAD")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def _exit_with_parent():
    """A test process that crashes cannot stop its emulators; they notice and leave."""
    parent = os.getppid()
    if parent == 1:
        os._exit(0)  # orphaned before we even looked

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def serve(app_class, argv=None):
    # A parent that spawns us from a thread with signals blocked (Swift's Dispatch worker
    # threads do) passes that mask on, and SIGTERM would then never stop the emulator.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    parser = argparse.ArgumentParser(description=app_class.name + " emulator (loopback only)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--clock-offset", type=float, default=0,
                        help="seconds the Date header runs ahead of the real clock (negative: behind)")
    parser.add_argument("--exit-with-parent", action="store_true",
                        help="exit when the process that started us goes away (test harnesses)")
    app_class.add_arguments(parser)
    options = parser.parse_args(argv)
    if options.exit_with_parent:
        _exit_with_parent()
    app = app_class(options)
    app.parser = parser
    handler = type("BoundHandler", (Handler,), {"app": app})
    server = Server(("127.0.0.1", options.port), handler)
    scheme = "http"
    if options.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.tls_cert, options.tls_key)
        context.set_alpn_protocols(["http/1.1"])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        scheme = "https"
    port = server.server_address[1]
    sys.stdout.write("listening on %s://127.0.0.1:%d\n" % (scheme, port))
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.05)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    serve(App)
