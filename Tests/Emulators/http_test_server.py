"""Loopback test server for the fieldops HTTP core (python3 standard library only).

Built on emulator_base: same --port/--tls-cert/--tls-key options, same admin endpoints (faults,
latency, request log with connection ids, stats). Routes:

  GET  /small                       {"ok": true}: the tiny answer benchmarks repeat
  ANY  /echo[/...]                  what arrived: method, decoded and raw path, query, headers,
                                    body (text when small) and body length
  GET  /bytes?n=N[&gzip=1]          N bytes of application/octet-stream (gzip-encoded on request)
  GET  /set-cookie?c=<Set-Cookie>   answers with one Set-Cookie header per `c`
  GET  /cookies                     the cookies the request carried
  GET  /redirect?to=URL&status=302  redirects to URL
  GET  /truncated?declared=N&sent=M announces N bytes, sends M, then closes the connection
  POST /upload                      multipart/form-data or raw body: each part's name,
                                    filename, content type, size and sha256
"""

import gzip
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from emulator_base import App, Response, serve  # noqa: E402


class HTTPTestApp(App):
    name = "http-test"

    def route(self, req):
        path = req.path
        if path == "/small":
            return Response(200, {"ok": True})
        if path == "/echo" or path.startswith("/echo/"):
            return Response(200, self.echo(req))
        if path == "/bytes":
            size = int(req.arg("n", "0"))
            if req.arg("gzip"):
                # Small on the wire, large once decoded: Content-Length cannot warn the client.
                return Response(200, raw=gzip.compress(b"x" * size), content_type="application/octet-stream",
                                headers={"Content-Encoding": "gzip"})
            return Response(200, raw=b"x" * size, content_type="application/octet-stream")
        if path == "/set-cookie":
            resp = Response(200, {"ok": True})
            for value in req.query.get("c", []):
                resp.add_header("Set-Cookie", value)
            return resp
        if path == "/cookies":
            return Response(200, {"cookies": req.cookies(), "header": req.headers.get("Cookie")})
        if path == "/redirect":
            status = int(req.arg("status", "302"))
            return Response(status, {"redirect": req.arg("to")}, headers={"Location": req.arg("to", "/")})
        if path == "/truncated":
            declared = int(req.arg("declared", "1000"))
            sent = int(req.arg("sent", "10"))
            return Response(200, raw=b"y" * declared, content_type="application/octet-stream", truncate_at=sent)
        if path == "/upload" and req.method in ("POST", "PUT"):
            return Response(200, self.upload(req))
        return Response(404, {"error": "no route for %s" % path})

    @staticmethod
    def echo(req):
        body = req.body or b""
        return {
            "method": req.method,
            "path": req.path,
            "raw_path": req.raw_path,
            "query": {k: v[0] if len(v) == 1 else v for k, v in req.query.items()},
            "headers": [[k, v] for k, v in req.headers.items()],
            "body": body.decode("utf-8", "replace") if len(body) <= 65536 else None,
            "body_length": len(body),
            "http_version": req.handler.request_version,
            "connection": req.connection_id,
        }

    @staticmethod
    def upload(req):
        body = req.body or b""
        content_type = req.headers.get("Content-Type", "")
        if not content_type.startswith("multipart/form-data"):
            return {"parts": [], "size": len(body), "sha256": hashlib.sha256(body).hexdigest()}
        boundary = None
        for item in content_type.split(";")[1:]:
            key, _, value = item.strip().partition("=")
            if key == "boundary":
                boundary = value.strip('"').encode("latin-1")
        if not boundary:
            return {"error": "multipart without boundary"}
        parts = []
        delimiter = b"--" + boundary
        for chunk in body.split(delimiter)[1:]:
            if chunk.startswith(b"--"):
                break
            chunk = chunk[2:] if chunk.startswith(b"\r\n") else chunk
            head, _, content = chunk.partition(b"\r\n\r\n")
            if content.endswith(b"\r\n"):
                content = content[:-2]
            part = {"name": None, "filename": None, "content_type": None}
            for line in head.decode("utf-8", "replace").split("\r\n"):
                name, _, value = line.partition(":")
                if name.lower() == "content-disposition":
                    for attribute in value.split(";")[1:]:
                        key, _, raw = attribute.strip().partition("=")
                        part[key] = raw.strip('"')
                elif name.lower() == "content-type":
                    part["content_type"] = value.strip()
            part["size"] = len(content)
            part["sha256"] = hashlib.sha256(content).hexdigest()
            if part["filename"] is None and len(content) <= 4096:
                part["value"] = content.decode("utf-8", "replace")
            parts.append(part)
        return {"parts": parts, "size": len(body)}


if __name__ == "__main__":
    serve(HTTPTestApp)
