#!/usr/bin/env python3
"""Courier's loopback HTTP/1.1 test server (Python standard library; /multipart and /parsed need Werkzeug).

Usage:
    python3 Tests/Servers/loopback_server.py --host 127.0.0.1 --port 0 --port-file PATH

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
    /sink                    200 {"size", "sha256", "content_length", "transfer_encoding",
                             "content_type"} of the body, hashed as it streams in
    /multipart               200 {"fields": [[name, value], ...], "files": [{"name", "filename",
                             "content_type", "size", "sha256"}, ...], "content_length",
                             "transfer_encoding", "boundary"} of a multipart/form-data body,
                             parsed by Werkzeug (imported on first use; large files spool to
                             temporary files); 400 {"message"} if it cannot be parsed
    /parsed                  200 {"target", "args": [[name, value], ...], "form": [[name, value], ...],
                             "content_type", "content_length", "body"}: the query and an
                             urlencoded form body as Werkzeug parses them (imported on first
                             use), every pair in order, repeats included; body is the body
                             as UTF-8 text, or null
    anything else            404 {"message": "not found"}

The *_length, transfer_encoding and content_type members are the request's header
values as sent (strings), or null when absent.

The request body is always read completely (Content-Length or chunked) before
answering, so keep-alive connections stay in sync. /sink and /multipart read it
in 64 KiB pieces without holding it in memory (bodies of several GiB are fine);
every other route reads it into memory first. Nothing is logged per request;
errors go to stderr. SIGTERM stops the server cleanly.
"""

import argparse
import base64
import hashlib
import io
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
MAX_MULTIPART = 2 * 1024 * 1024 * 1024
HTML_ERROR_BODY = b"<html><body>Bad gateway</body></html>"
TEXT_BODY = "héllo wörld".encode("utf-8")
JSON_BODY = b'{"id": 42, "name": "Ada"}'
COUNT_HEADER = "X-Count-Key"


class BodyError(Exception):
    """The request body could not be read completely."""


class BodyStream(io.RawIOBase):
    """A read-only file object over an iterator of body pieces (for Werkzeug's parser)."""

    def __init__(self, pieces):
        super().__init__()
        self._pieces = pieces
        self._pending = memoryview(b"")

    def readable(self):
        return True

    def readinto(self, buffer):
        while not self._pending:
            piece = next(self._pieces, None)
            if piece is None:
                return 0
            self._pending = memoryview(piece)
        count = min(len(buffer), len(self._pending))
        buffer[:count] = self._pending[:count]
        self._pending = self._pending[count:]
        return count

    def drain(self):
        """Reads and discards whatever the parser left unread (such as an epilogue)."""
        self._pending = memoryview(b"")
        for _ in self._pieces:
            pass


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


# Held while importing Werkzeug: two threads importing it for the first time at once can fail
# with importlib's _DeadlockError (or a partially initialized module), as concurrent first
# requests to /multipart and /parsed did.
WERKZEUG_IMPORT_LOCK = threading.Lock()

_ORDERED_REQUEST = []


def ordered_werkzeug_request():
    """Werkzeug's Request whose args and form also keep every pair in parsed order.

    A MultiDict's items(multi=True) groups the values of a name together, so a=1&b=2&a=3
    would read a=1, a=3, b=2. Werkzeug builds args and form by calling
    parameter_storage_class with the parsed list of pairs (its documented hook "if the
    order of the form data is important"); this one keeps that list as .pairs.
    Imports Werkzeug on first use; raises ImportError without it.
    """
    with WERKZEUG_IMPORT_LOCK:
        if not _ORDERED_REQUEST:
            _ORDERED_REQUEST.append(_make_ordered_werkzeug_request())
    return _ORDERED_REQUEST[0]


def _make_ordered_werkzeug_request():
    from werkzeug.datastructures import ImmutableMultiDict
    from werkzeug.wrappers import Request

    class OrderedPairs(ImmutableMultiDict):
        def __init__(self, mapping=None):
            if mapping is None:
                pairs = []
            elif isinstance(mapping, (list, tuple)):
                pairs = list(mapping)
            else:
                pairs = list(ImmutableMultiDict(mapping).items(multi=True))
            super().__init__(pairs)
            self.pairs = pairs

    class OrderedRequest(Request):
        parameter_storage_class = OrderedPairs

    return OrderedRequest


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

    def is_chunked(self):
        return "chunked" in (self.headers.get("Transfer-Encoding") or "").lower()

    def content_length(self):
        """The declared body length (0 when absent); ignored for chunked bodies."""
        lengths = self.headers.get_all("Content-Length") or []
        if not lengths:
            return 0
        values = {v.strip() for v in lengths}
        if len(values) != 1:
            raise BodyError("conflicting Content-Length headers")
        try:
            length = int(values.pop())
        except ValueError:
            raise BodyError("invalid Content-Length")
        if length < 0:
            raise BodyError("negative Content-Length")
        return length

    def iter_body(self):
        """The body in pieces of at most CHUNK bytes; framing errors raise BodyError."""
        if self.is_chunked():
            return self.iter_chunked()
        return self.iter_exactly(self.content_length())

    def read_body(self):
        return b"".join(self.iter_body())

    def iter_exactly(self, length):
        remaining = length
        while remaining > 0:
            data = self.rfile.read(min(remaining, CHUNK))
            if not data:
                raise BodyError("body truncated: expected %d more bytes" % remaining)
            remaining -= len(data)
            yield data

    def iter_chunked(self):
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
                return
            yield from self.iter_exactly(size)
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

        target = self.raw_target()
        path, _, query = target.partition("?")
        # Absolute-form targets (proxies) are not expected; strip a scheme/authority if present.
        if "://" in path:
            path = "/" + path.split("://", 1)[1].partition("/")[2]

        streaming_route = {"/sink": self.route_sink, "/multipart": self.route_multipart}.get(path)
        if streaming_route is not None:
            # These routes read the body themselves, piece by piece, and call body_received().
            try:
                streaming_route(count_key)
            except BodyError as error:
                self.reject_body(error)
            return

        try:
            body = self.read_body()
        except BodyError as error:
            self.reject_body(error)
            return
        self.body_received(count_key)

        if path.startswith("/echo"):
            self.route_echo(target, path, query, body)
        elif path == "/parsed":
            self.route_parsed(target, path, query, body)
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

    def body_received(self, count_key):
        if count_key is not None:
            COUNTERS.complete(count_key)

    def reject_body(self, error):
        self.log_error("%s", error)
        self.close_connection = True
        try:
            self.send_json(400, {"message": "bad request body: %s" % error})
        except OSError:
            pass

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

    def route_parsed(self, target, path, query, body):
        """What Werkzeug (the parser behind httpbin and Flask) reads from the query and body."""
        try:
            Request = ordered_werkzeug_request()
        except ImportError as error:
            self.send_json(500, {"message": "/parsed needs Werkzeug (pip install Werkzeug): %s" % error})
            return
        host, port = self.server.server_address[:2]
        environ = {
            "REQUEST_METHOD": self.command,
            "SCRIPT_NAME": "",
            # As a WSGI server passes it: percent-decoded, as latin-1 text.
            "PATH_INFO": unquote(path, encoding="latin-1"),
            # As a WSGI server passes it: still percent-encoded.
            "QUERY_STRING": query,
            "SERVER_NAME": str(host),
            "SERVER_PORT": str(port),
            "SERVER_PROTOCOL": self.request_version,
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
            # The body is already read (chunked or not); Werkzeug sees exactly its bytes.
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.input_terminated": True,
        }
        content_type = self.headers.get("Content-Type")
        if content_type is not None:
            environ["CONTENT_TYPE"] = content_type
        for name, value in self.headers.items():
            key = "HTTP_" + name.upper().replace("-", "_")
            if key not in ("HTTP_CONTENT_TYPE", "HTTP_CONTENT_LENGTH"):
                environ[key] = value
        request = Request(environ)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        self.send_json(
            200,
            {
                "target": target,
                "args": [[name, value] for name, value in request.args.pairs],
                "form": [[name, value] for name, value in request.form.pairs],
                "content_type": content_type,
                "content_length": self.headers.get("Content-Length"),
                "body": text,
            },
        )

    def route_sink(self, count_key):
        digest = hashlib.sha256()
        size = 0
        for piece in self.iter_body():
            digest.update(piece)
            size += len(piece)
        self.body_received(count_key)
        self.send_json(
            200,
            {
                "size": size,
                "sha256": digest.hexdigest(),
                "content_length": self.headers.get("Content-Length"),
                "transfer_encoding": self.headers.get("Transfer-Encoding"),
                "content_type": self.headers.get("Content-Type"),
            },
        )

    def route_multipart(self, count_key):
        content_type = self.headers.get("Content-Type")
        chunked = self.is_chunked()
        length = None if chunked else self.content_length()
        stream = BodyStream(self.iter_body())
        try:
            with WERKZEUG_IMPORT_LOCK:
                from werkzeug.exceptions import HTTPException
                from werkzeug.formparser import parse_form_data
                from werkzeug.http import parse_options_header
        except ImportError:
            stream.drain()
            self.body_received(count_key)
            self.send_json(500, {"message": "/multipart needs Werkzeug (pip install Werkzeug)"})
            return

        mimetype, options = parse_options_header(content_type)
        if mimetype != "multipart/form-data":
            stream.drain()
            self.body_received(count_key)
            self.send_json(400, {"message": "expected multipart/form-data, got %r" % content_type})
            return

        environ = {
            "wsgi.input": stream,
            "REQUEST_METHOD": self.command,
            "CONTENT_TYPE": content_type,
        }
        if chunked:
            # The stream ends where the chunked body ends; Werkzeug may read it to the end.
            environ["wsgi.input_terminated"] = True
        else:
            environ["CONTENT_LENGTH"] = str(length)

        files = []
        try:
            try:
                _, fields, files = parse_form_data(
                    environ,
                    max_form_memory_size=MAX_MULTIPART,
                    max_content_length=MAX_MULTIPART,
                    cls=list,  # lists of (name, value) pairs keep the parts in body order
                    silent=False,
                )
            except (ValueError, HTTPException) as error:
                stream.drain()
                self.body_received(count_key)
                self.send_json(400, {"message": "cannot parse multipart/form-data: %s" % error})
                return
            stream.drain()
            self.body_received(count_key)
            described = [self.describe_file(name, storage) for name, storage in files]
        finally:
            for _, storage in files:
                storage.close()
        self.send_json(
            200,
            {
                "fields": [[name, value] for name, value in fields],
                "files": described,
                "content_length": self.headers.get("Content-Length"),
                "transfer_encoding": self.headers.get("Transfer-Encoding"),
                "boundary": options.get("boundary"),
            },
        )

    @staticmethod
    def describe_file(name, storage):
        digest = hashlib.sha256()
        size = 0
        storage.stream.seek(0)
        while True:
            piece = storage.stream.read(CHUNK)
            if not piece:
                break
            digest.update(piece)
            size += len(piece)
        return {
            "name": name,
            "filename": storage.filename,
            "content_type": storage.content_type,
            "size": size,
            "sha256": digest.hexdigest(),
        }

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
