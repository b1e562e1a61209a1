#!/usr/bin/env python3
"""Courier's loopback HTTP/1.1 test server (Python standard library only).

Usage:
    python3 Scripts/loopback_server.py --host 127.0.0.1 --port 0 --port-file PATH

Port 0 picks a free port; the actual port is written to --port-file once the
server is listening. Every method (including custom tokens such as PURGE) is
accepted on every route:

    /echo...                 200 JSON description of the request (raw target, headers, body)
    /redirect?status=&to=    <status> with Location: <to>, empty body
    /error/<code>            <code> with JSON {"message": "error <code>", "code": <code>}
    /html-error/<code>       <code> with a small text/html body
    /bytes/<n>               200 with n bytes of application/octet-stream (max 64 MiB)
    /stall?seconds=<s>       waits s seconds (max 30) before answering {"stalled": s}
    /drip?bytes=&interval=   200 at once, then one byte every interval seconds (max 1000, 5 s)
    /empty/<code>            <code> with no body
    /text                    200 text/plain; charset=utf-8 "héllo wörld"
    /json                    200 {"id": 42, "name": "Ada"}
    /count/<key>             {"key", "received", "complete"} for requests with X-Count-Key: <key>
    anything else            404 {"message": "not found"}

The request body is always read (Content-Length or chunked) before answering,
so keep-alive connections stay in sync. Nothing is logged per request; errors
go to stderr. SIGTERM stops the server cleanly.
"""

import argparse
import base64
import json
import os
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote

MAX_BYTES = 64 * 1024 * 1024
CHUNK = 64 * 1024
MAX_STALL = 30.0
HTML_ERROR_BODY = b"<html><body>Bad gateway</body></html>"
TEXT_BODY = "héllo wörld".encode("utf-8")
JSON_BODY = b'{"id": 42, "name": "Ada"}'
COUNT_HEADER = "X-Count-Key"


class BodyError(Exception):
    """The request body could not be read completely."""


class Counters:
    def __init__(self):
        self._lock = threading.Lock()
        self._received = {}
        self._complete = {}

    def received(self, key):
        with self._lock:
            self._received[key] = self._received.get(key, 0) + 1

    def complete(self, key):
        with self._lock:
            self._complete[key] = self._complete.get(key, 0) + 1

    def snapshot(self, key):
        with self._lock:
            return self._received.get(key, 0), self._complete.get(key, 0)


COUNTERS = Counters()


def parse_query(query):
    return dict(parse_qsl(query, keep_blank_values=True))


def parse_code(text, default=None):
    try:
        code = int(text)
    except (TypeError, ValueError):
        return default
    if 200 <= code <= 599:
        return code
    return default


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "CourierLoopback/1.0"
    # Idle keep-alive connections (and stuck body reads) give up after this.
    timeout = 300

    # ---- dispatch: any method token goes to handle_any -------------------

    def __getattr__(self, name):
        if name.startswith("do_"):
            return self.handle_any
        raise AttributeError(name)

    def version_string(self):
        return self.server_version

    # ---- logging -----------------------------------------------------------

    def log_message(self, format, *args):  # noqa: A002 - signature from base class
        pass

    def log_error(self, format, *args):  # noqa: A002
        sys.stderr.write("loopback_server: %s - %s\n" % (self.address_string(), format % args))
        sys.stderr.flush()

    # ---- request parsing ---------------------------------------------------

    def raw_target(self):
        # requestline is the request line exactly as received (decoded as latin-1).
        parts = self.requestline.split()
        if len(parts) >= 2:
            return parts[1]
        return self.path

    def read_body(self):
        transfer_encoding = (self.headers.get("Transfer-Encoding") or "").lower()
        if "chunked" in transfer_encoding:
            return self.read_chunked()
        lengths = self.headers.get_all("Content-Length") or []
        if not lengths:
            return b""
        values = {v.strip() for v in lengths}
        if len(values) != 1:
            raise BodyError("conflicting Content-Length headers")
        try:
            length = int(values.pop())
        except ValueError:
            raise BodyError("invalid Content-Length")
        if length < 0:
            raise BodyError("negative Content-Length")
        return self.read_exactly(length)

    def read_exactly(self, length):
        chunks = []
        remaining = length
        while remaining > 0:
            data = self.rfile.read(min(remaining, CHUNK))
            if not data:
                raise BodyError("body truncated: expected %d more bytes" % remaining)
            chunks.append(data)
            remaining -= len(data)
        return b"".join(chunks)

    def read_chunked(self):
        chunks = []
        while True:
            line = self.rfile.readline(65537)
            if not line:
                raise BodyError("chunked body truncated")
            size_text = line.split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise BodyError("invalid chunk size %r" % size_text)
            if size == 0:
                # Trailer section, ends with an empty line.
                while True:
                    trailer = self.rfile.readline(65537)
                    if not trailer:
                        raise BodyError("chunked trailer truncated")
                    if trailer in (b"\r\n", b"\n"):
                        break
                return b"".join(chunks)
            chunks.append(self.read_exactly(size))
            crlf = self.rfile.readline(65537)
            if crlf not in (b"\r\n", b"\n"):
                raise BodyError("missing CRLF after chunk")

    # ---- responses ---------------------------------------------------------

    def send(self, status, body=b"", content_type=None, extra_headers=()):
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        for name, value in extra_headers:
            self.send_header(name, value)
        if status not in (204, 304):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and self.command != "HEAD" and status not in (204, 304):
            self.wfile.write(body)
        self.wfile.flush()

    def send_json(self, status, obj):
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        self.send(status, body, "application/json")

    # ---- main handler ------------------------------------------------------

    def handle_any(self):
        count_key = self.headers.get(COUNT_HEADER)
        if count_key is not None:
            COUNTERS.received(count_key)
        try:
            body = self.read_body()
        except BodyError as error:
            self.log_error("%s", error)
            self.close_connection = True
            try:
                self.send_json(400, {"message": "bad request body: %s" % error})
            except OSError:
                pass
            return
        if count_key is not None:
            COUNTERS.complete(count_key)

        target = self.raw_target()
        path, _, query = target.partition("?")
        # Absolute-form targets (proxies) are not expected; strip a scheme/authority if present.
        if "://" in path:
            path = "/" + path.split("://", 1)[1].partition("/")[2]

        if path.startswith("/echo"):
            self.route_echo(target, path, query, body)
        elif path == "/redirect":
            self.route_redirect(query)
        elif path.startswith("/error/"):
            code = parse_code(path[len("/error/"):])
            if code is None:
                self.send_json(400, {"message": "invalid status code"})
            else:
                self.send_json(code, {"message": "error %d" % code, "code": code})
        elif path.startswith("/html-error/"):
            code = parse_code(path[len("/html-error/"):])
            if code is None:
                self.send_json(400, {"message": "invalid status code"})
            else:
                self.send(code, HTML_ERROR_BODY, "text/html")
        elif path.startswith("/bytes/"):
            self.route_bytes(path[len("/bytes/"):])
        elif path == "/stall":
            self.route_stall(query)
        elif path == "/drip":
            self.route_drip(query)
        elif path.startswith("/empty/"):
            code = parse_code(path[len("/empty/"):])
            if code is None:
                self.send_json(400, {"message": "invalid status code"})
            else:
                self.send(code)
        elif path == "/text":
            self.send(200, TEXT_BODY, "text/plain; charset=utf-8")
        elif path == "/json":
            self.send(200, JSON_BODY, "application/json")
        elif path.startswith("/count/"):
            key = unquote(path[len("/count/"):])
            received, complete = COUNTERS.snapshot(key)
            self.send_json(200, {"key": key, "received": received, "complete": complete})
        else:
            self.send_json(404, {"message": "not found"})

    def route_echo(self, target, path, query, body):
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        self.send_json(
            200,
            {
                "method": self.command,
                "target": target,
                "path": path,
                "query": query,
                "headers": [[name, value] for name, value in self.headers.items()],
                "body": text,
                "body_base64": base64.b64encode(body).decode("ascii"),
                "body_length": len(body),
                "host": self.headers.get("Host"),
            },
        )

    def route_redirect(self, query):
        # Parse by hand: "to" is percent-decoded without turning "+" into a space,
        # since a URL's literal "+" is far more likely than a space.
        params = {}
        for pair in query.split("&"):
            if not pair:
                continue
            name, _, value = pair.partition("=")
            params[unquote(name)] = unquote(value)
        status = parse_code(params.get("status", "302"))
        if status is None or not (300 <= status <= 399):
            self.send_json(400, {"message": "status must be 3xx"})
            return
        location = params.get("to")
        if location is None:
            self.send_json(400, {"message": "missing to="})
            return
        self.send(status, extra_headers=[("Location", location)])

    def route_bytes(self, text):
        try:
            count = int(text)
        except ValueError:
            self.send_json(400, {"message": "invalid byte count"})
            return
        count = max(0, min(count, MAX_BYTES))
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(count))
        self.end_headers()
        if self.command != "HEAD":
            block = b"\x5a" * CHUNK
            remaining = count
            while remaining > 0:
                n = min(remaining, CHUNK)
                self.wfile.write(block if n == CHUNK else block[:n])
                remaining -= n
        self.wfile.flush()

    def route_stall(self, query):
        raw = parse_query(query).get("seconds", "1")
        try:
            seconds = float(raw)
        except ValueError:
            self.send_json(400, {"message": "invalid seconds"})
            return
        if seconds != seconds:  # NaN
            seconds = 0.0
        seconds = max(0.0, min(seconds, MAX_STALL))
        time.sleep(seconds)
        value = int(seconds) if seconds == int(seconds) else seconds
        self.send_json(200, {"stalled": value})


    def route_drip(self, query):
        """Headers at once, then `bytes` bytes one at a time, `interval` seconds apart (bounded)."""
        params = parse_query(query)
        try:
            count = max(0, min(int(params.get("bytes", "10")), 1000))
            interval = max(0.0, min(float(params.get("interval", "0.5")), 5.0))
        except ValueError:
            self.send_json(400, {"message": "invalid bytes or interval"})
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(count))
        self.end_headers()
        self.wfile.flush()
        for _ in range(count):
            time.sleep(interval)
            self.wfile.write(b"x")
            self.wfile.flush()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, socket.timeout, TimeoutError)):
            return  # clients hanging up mid-response is part of the tests
        super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser(description="Courier loopback HTTP/1.1 test server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", help="write the listening port number to this file")
    args = parser.parse_args()

    if ":" in args.host:
        Server.address_family = socket.AF_INET6
    server = Server((args.host, args.port), Handler)
    port = server.server_address[1]

    def stop(signum, frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    if args.port_file:
        tmp = args.port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % port)
        os.replace(tmp, args.port_file)

    sys.stderr.write("loopback_server: listening on %s:%d\n" % (args.host, port))
    sys.stderr.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    except SystemExit:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
