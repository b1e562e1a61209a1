#!/usr/bin/env python3
"""Self-test for Tests/Servers/fault_server.py (Python standard library only).

Usage:
    python3 Tests/Servers/fault_server_selftest.py [-v]

Starts the fault server on a free port (both 127.0.0.1 and 127.0.0.2), checks every route
with raw sockets (and http.client where the framing is ordinary): the exact bytes before a
FIN, the RST, the duplicated header lines, the chunked framing (correct and broken), the gzip
bomb's inflated size, the counters, the auth rotation. Stops the server with SIGTERM, which must end it promptly, and fails if
the server wrote anything unexpected to stderr. Exits 1 and lists the failures, if any.
"""

import concurrent.futures
import email.utils
import gzip
import hashlib
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request
import uuid
import zlib
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "fault_server.py")
HOST, ALT = "127.0.0.1", "127.0.0.2"
MIB = 1024 * 1024
PORT = None
SERVER_PROCESS = None
VERBOSE = "-v" in sys.argv[1:]


def pattern(count, offset=0):
    return bytes((offset + i) % 251 for i in range(count))


# ---- helpers -----------------------------------------------------------------------------


def request_bytes(method, target, headers=(), body=b"", host=HOST, length=True):
    lines = ["%s %s HTTP/1.1" % (method, target), "Host: %s:%d" % (host, PORT)]
    lines.extend("%s: %s" % pair for pair in headers)
    if length and (body or method in ("POST", "PUT")):
        lines.append("Content-Length: %d" % len(body))
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def connect(host=HOST, timeout=10):
    return socket.create_connection((host, PORT), timeout=timeout)


def read_all(sock):
    """Everything until the connection ends: (bytes, "eof" | "reset" | "timeout")."""
    chunks = []
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return b"".join(chunks), "eof"
            chunks.append(data)
    except ConnectionResetError:
        return b"".join(chunks), "reset"
    except socket.timeout:
        return b"".join(chunks), "timeout"


def raw(method, target, headers=(), body=b"", host=HOST, timeout=10):
    """Sends one request on a fresh connection and reads until it ends."""
    with connect(host, timeout) as sock:
        sock.sendall(request_bytes(method, target, headers, body, host))
        return read_all(sock)


def split_response(data):
    """(status, [(name, value)], body) of raw response bytes."""
    head, sep, body = data.partition(b"\r\n\r\n")
    assert sep, "no end of header section in %r" % data[:200]
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = []
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.append((name, value.strip()))
    return status, headers, body


def header_values(headers, name):
    return [value for key, value in headers if key.lower() == name.lower()]


def read_response(sock):
    """One Content-Length-framed response from a keep-alive socket: (status, headers, body)."""
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        data = sock.recv(65536)
        assert data, "connection ended before the header section did (got %r)" % buffer[:200]
        buffer += data
    status, headers, body = split_response(buffer)
    length = int(header_values(headers, "Content-Length")[0])
    while len(body) < length:
        data = sock.recv(65536)
        assert data, "connection ended after %d of %d body bytes" % (len(body), length)
        body += data
    assert len(body) == length, "more bytes than Content-Length: %d > %d" % (len(body), length)
    return status, headers, body


def read_exactly(sock, count):
    """count bytes from a keep-alive socket (fails if the connection ends first)."""
    data = b""
    while len(data) < count:
        piece = sock.recv(min(65536, count - len(data)))
        assert piece, "connection ended after %d of %d bytes: %s" % (len(data), count, short(data))
        data += piece
    return data


def chunked_head(*fields):
    """The head the server sends before a chunked body: status line and headers, CRLF."""
    lines = ["HTTP/1.1 200 OK", "Content-Type: application/octet-stream", "Transfer-Encoding: chunked"]
    lines.extend(fields)
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

def fetch(method, target, headers=None, body=None, host=HOST, timeout=15):
    """An ordinary request through http.client: (status, headers, body)."""
    conn = http.client.HTTPConnection(host, PORT, timeout=timeout)
    try:
        conn.request(method, target, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.getheaders(), response.read()
    finally:
        conn.close()


def fetch_json(method, target, headers=None, body=None, host=HOST):
    status, headers, data = fetch(method, target, headers, body, host)
    return status, headers, json.loads(data)


def counts(key):
    status, _, data = fetch_json("GET", "/counts/%s" % key)
    assert status == 200
    return data


def thread_count():
    return len(os.listdir("/proc/%d/task" % SERVER_PROCESS.pid))


def wait_for_threads(limit, seconds=3.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if thread_count() <= limit:
            return
        time.sleep(0.05)
    raise AssertionError("server still has %d threads (wanted <= %d)" % (thread_count(), limit))


def short(value, limit=300):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "... (%d characters)" % len(text)


def eq(actual, expected, what=""):
    assert actual == expected, "%s: expected %s, got %s" % (what or "value", short(expected), short(actual))


# ---- checks ------------------------------------------------------------------------------

CHECKS = []


def check(function):
    CHECKS.append(function)
    return function


@check
def both_hosts_same_port():
    for host in (HOST, ALT):
        status, _, body = fetch("GET", "/json", host=host)
        eq((status, body), (200, b'{"id": 42, "name": "Ada"}'), host)


@check
def ok_route():
    status, headers, body = fetch("GET", "/ok?size=1000")
    eq(status, 200)
    eq(body, pattern(1000), "pattern body")
    eq(dict(headers)["Content-Type"], "application/octet-stream")
    status, headers, body = fetch("PURGE", "/ok")
    eq((status, body), (200, pattern(16)), "default size, custom method")
    status, headers, body = fetch("HEAD", "/ok?size=70000")
    eq((status, dict(headers)["Content-Length"], body), (200, "70000", b""), "HEAD")
    status, headers, _ = fetch("HEAD", "/ok?size=999999999999")
    eq(dict(headers)["Content-Length"], str(64 * MIB), "clamped size")


@check
def status_route():
    status, headers, data = fetch_json("GET", "/status/418?retry_after=120")
    eq((status, data, dict(headers).get("Retry-After")), (418, {"code": 418}, "120"))
    status, headers, data = fetch_json("DELETE", "/status/503?retry_after=Wed,%2021%20Oct%202015%2007:28:00%20GMT")
    eq(dict(headers).get("Retry-After"), "Wed, 21 Oct 2015 07:28:00 GMT", "verbatim")
    status, headers, _ = fetch("GET", "/status/500")
    assert "Retry-After" not in dict(headers), "no Retry-After unless asked"
    status, _, body = fetch("GET", "/status/204")
    eq((status, body), (204, b""))
    status, headers, body = fetch("GET", "/status/301?body=empty")
    eq((status, body, dict(headers).get("Content-Length")), (301, b"", "0"), "empty body")
    status, headers, data = fetch_json("GET", "/status/302?body=chunked")
    eq((status, data, dict(headers).get("Transfer-Encoding")), (302, {"code": 302}, "chunked"), "chunked body")


@check
def truncate_route():
    data, outcome = raw("GET", "/truncate?size=1000&send=300")
    status, headers, body = split_response(data)
    eq((status, header_values(headers, "Content-Length")), (200, ["1000"]))
    eq(len(body), 300, "bytes before FIN")
    eq(body, pattern(300))
    eq(outcome, "eof")
    data, outcome = raw("GET", "/truncate?size=10&send=50")
    eq((len(split_response(data)[2]), outcome), (9, "eof"), "send clamps below size")


@check
def reset_route():
    data, outcome = raw("GET", "/reset?size=3000000&send=2000000")
    status, headers, body = split_response(data)
    eq(header_values(headers, "Content-Length"), ["3000000"])
    eq(len(body), 2000000, "bytes before RST")
    eq(body, pattern(2000000))
    eq(outcome, "reset")
    conn = http.client.HTTPConnection(HOST, PORT, timeout=5)
    conn.request("GET", "/reset?size=10&send=5")
    response = conn.getresponse()
    try:
        response.read()
    except (ConnectionResetError, http.client.IncompleteRead):
        pass
    else:
        raise AssertionError("http.client read a reset body without error")
    finally:
        conn.close()


@check
def close_delimited_route():
    data, outcome = raw("GET", "/close-delimited")
    status, headers, body = split_response(data)
    eq((status, header_values(headers, "Content-Length"), header_values(headers, "Transfer-Encoding")),
       (200, [], []))
    eq((body, outcome), (pattern(10000), "eof"))
    data, outcome = raw("GET", "/close-delimited?size=3000&end=reset")
    eq((split_response(data)[2], outcome), (pattern(3000), "reset"))
    eq(fetch("GET", "/close-delimited?size=5")[2], pattern(5), "http.client reads it to the close")


@check
def echo_stream_route():
    with connect() as sock:
        sock.sendall(b"POST /echo-stream HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += read_exactly(sock, 1)
        assert head.startswith(b"HTTP/1.1 200 ") and b"Transfer-Encoding: chunked" in head, head
        for turn in (b"ping", b"pong!"):
            sock.sendall(b"%x\r\n" % len(turn) + turn + b"\r\n")
            expected = b"%x\r\n" % len(turn) + turn + b"\r\n"
            eq(read_exactly(sock, len(expected)), expected, "echoed before the body ends")
        sock.sendall(b"0\r\n\r\n")
        eq(read_exactly(sock, 5), b"0\r\n\r\n")
    with connect() as sock:
        sock.sendall(b"POST /echo-stream HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                     b"Content-Length: 4\r\n\r\n")
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += read_exactly(sock, 1)
        assert head.startswith(b"HTTP/1.1 200 "), "the final head answers the expectation: %r" % head
        sock.sendall(b"ping")
        eq(read_exactly(sock, 14), b"4\r\nping\r\n0\r\n\r\n", "no 100 Continue inside the body")
    with connect() as sock:
        sock.sendall(b"POST /echo-stream?first=3 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += read_exactly(sock, 1)
        eq(read_exactly(sock, 8), b"3\r\n" + pattern(3) + b"\r\n", "the first chunk before any of the body")
        sock.sendall(b"2\r\nok\r\n0\r\n\r\n")
        eq(read_exactly(sock, 12), b"2\r\nok\r\n0\r\n\r\n")


@check
def reset_before_headers_route():
    data, outcome = raw("POST", "/reset-before-headers", body=b"12345")
    eq((data, outcome), (b"", "reset"))
    try:
        fetch("GET", "/reset-before-headers")
    except ConnectionResetError:
        pass
    else:
        raise AssertionError("http.client did not see ConnectionResetError")


@check
def close_before_headers_route():
    data, outcome = raw("POST", "/close-before-headers", body=b"12345")
    eq((data, outcome), (b"", "eof"))
    try:
        fetch("GET", "/close-before-headers")
    except http.client.RemoteDisconnected:
        pass
    else:
        raise AssertionError("http.client did not see RemoteDisconnected")


@check
def drop_on_reuse_route():
    key = "reuse-" + uuid.uuid4().hex
    with connect() as sock:
        sock.sendall(request_bytes("POST", "/drop-on-reuse", [("X-Count-Key", key)], b"first"))
        status, headers, body = read_response(sock)
        eq((status, json.loads(body)), (200, {"first": True}))
        assert not header_values(headers, "Connection"), "first answer must stay keep-alive"
        sock.sendall(request_bytes("POST", "/drop-on-reuse", [("X-Count-Key", key)], b"second!"))
        data, outcome = read_all(sock)
        eq((data, outcome), (b"", "eof"), "second request on the connection")
    result = counts(key)
    eq((result["received"], result["complete"]), (2, 2), "counts")
    eq([r["body_length"] for r in result["requests"]], [5, 7])
    # Both came on one connection; a fresh connection is answered again, under a new number.
    first_connection = result["requests"][0]["connection"]
    eq(result["requests"][1]["connection"], first_connection, "one connection")
    eq(fetch_json("GET", "/drop-on-reuse", headers={"X-Count-Key": key})[2], {"first": True})
    assert counts(key)["requests"][2]["connection"] > first_connection, "a new connection's number"


@check
def drop_on_reuse_folded_close():
    with connect() as sock:
        sock.sendall(request_bytes("POST", "/drop-on-reuse?keep_alive=folded", [("Connection", "close")],
                                   b"first"))
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            assert chunk, "the answer's head ended early"
            data += chunk
        assert b"\r\nConnection:\r\n close\r\n\r\n" in data, data
        # The connection stays open: the next request on it is read and dropped unanswered.
        sock.sendall(request_bytes("POST", "/drop-on-reuse?keep_alive=folded", [], b"second"))
        rest, outcome = read_all(sock)
        eq(outcome, "eof", "second request on the folded-close connection")
        assert b"HTTP/1.1" not in rest, rest


@check
def keep_alive_timeout_route():
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/keep-alive-timeout?seconds=0.3"))
        status, headers, body = read_response(sock)
        eq((status, json.loads(body)), (200, {"ok": True}))
        # A request within the keep-alive timeout is answered on the same connection.
        time.sleep(0.1)
        sock.sendall(request_bytes("GET", "/keep-alive-timeout?seconds=0.3"))
        eq(read_response(sock)[0], 200, "second request within the timeout")
        started = time.monotonic()
        data, outcome = read_all(sock)
        eq((data, outcome), (b"", "eof"), "after the keep-alive timeout")
        elapsed = time.monotonic() - started
        assert 0.2 <= elapsed < 5, "closed after %.2f s, not about 0.3 s" % elapsed
    # A request that crosses the close (within the linger) is read, never answered or counted.
    key = "keepalive-" + uuid.uuid4().hex
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/keep-alive-timeout?seconds=0.2&linger=0.5"))
        eq(read_response(sock)[0], 200)
        time.sleep(0.35)
        sock.sendall(request_bytes("POST", "/keep-alive-timeout", [("X-Count-Key", key)], b"late"))
        data, outcome = read_all(sock)
        eq((data, outcome), (b"", "eof"), "a request crossing the close")
    eq(counts(key)["received"], 0, "the crossing request is not counted")
    # With crossing=count it is counted as received, and still never answered.
    key = "keepalive-crossing-" + uuid.uuid4().hex
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/keep-alive-timeout?seconds=0.2&linger=0.5&crossing=count"))
        eq(read_response(sock)[0], 200)
        time.sleep(0.35)
        sock.sendall(request_bytes("POST", "/keep-alive-timeout", [("X-Count-Key", key)], b"late"))
        data, outcome = read_all(sock)
        eq((data, outcome), (b"", "eof"), "a counted request crossing the close")
    eq((counts(key)["received"], counts(key)["complete"]), (1, 0), "the crossing request is counted")
    # With keep_alive=force a request's Connection: close is ignored: the answer does not say
    # close, and the next request on the connection is answered.
    with connect() as sock:
        sock.sendall(request_bytes("POST", "/keep-alive-timeout?seconds=0.5&keep_alive=force",
                                   [("Connection", "close")], b"first"))
        status, headers, body = read_response(sock)
        eq((status, json.loads(body)), (200, {"ok": True}))
        assert "connection" not in {name.lower() for name, _ in headers}, headers
        sock.sendall(request_bytes("POST", "/keep-alive-timeout?seconds=0.2&keep_alive=force",
                                   [("Connection", "close")], b"second"))
        eq(read_response(sock)[0], 200, "second request on a connection kept despite close")


@check
def drop_route():
    key = "drop-" + uuid.uuid4().hex
    data, outcome = raw("PUT", "/drop", [("X-Count-Key", key)], b"x" * 100000)
    eq((data, outcome), (b"", "eof"))
    eq((counts(key)["received"], counts(key)["complete"]), (1, 1))


@check
def stall_headers_route():
    started = time.monotonic()
    status, _, data = fetch_json("GET", "/stall-headers?seconds=0.5")
    elapsed = time.monotonic() - started
    eq((status, data), (200, {"stalled": 0.5}))
    assert 0.5 <= elapsed < 2.0, "stalled %.2f s" % elapsed
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/stall-headers?seconds=999"))
        sock.settimeout(0.3)
        data, outcome = read_all(sock)
        eq((data, outcome), (b"", "timeout"), "nothing before the stall ends")


@check
def stalled_threads_end_when_clients_leave():
    wait_for_threads(1)  # earlier checks' connections have all ended: only the accept loop
    baseline = thread_count()
    sockets = []
    for target in ("/stall-headers?seconds=30", "/stall-body?seconds=30", "/drip?size=100&interval=30",
                   "/delay?seconds=30", "/auth/token?key=gone&delay=30"):
        for _ in range(3):
            sock = connect()
            sock.sendall(request_bytes("GET", target))
            sockets.append(sock)
    time.sleep(0.3)
    assert thread_count() >= baseline + 15, "expected 15 waiting threads, have %d" % (thread_count() - baseline)
    for sock in sockets:
        sock.close()
    wait_for_threads(baseline, 2.0)
    eq(fetch_json("GET", "/auth/stats?key=gone")[2]["refreshes"], 0, "abandoned token requests")


@check
def stall_body_route():
    with connect() as sock:
        started = time.monotonic()
        sock.sendall(request_bytes("GET", "/stall-body?size=1000&send=100&seconds=0.6"))
        buffer = b""
        while b"\r\n\r\n" not in buffer or len(buffer.partition(b"\r\n\r\n")[2]) < 100:
            buffer += sock.recv(65536)
        first = time.monotonic() - started
        status, headers, body = split_response(buffer)
        eq((header_values(headers, "Content-Length"), len(body)), (["1000"], 100), "first part")
        assert first < 0.4, "first part took %.2f s" % first
        while len(body) < 1000:
            data = sock.recv(65536)
            assert data, "ended early"
            body += data
        total = time.monotonic() - started
        eq(body, pattern(1000))
        assert total >= 0.6, "rest came after %.2f s" % total


@check
def drip_route():
    with connect() as sock:
        started = time.monotonic()
        sock.sendall(request_bytes("GET", "/drip?size=5&interval=0.1"))
        buffer, reads = b"", 0
        while True:
            data = sock.recv(65536)
            assert data
            buffer += data
            reads += 1
            head, sep, body = buffer.partition(b"\r\n\r\n")
            if sep and len(body) >= 5:
                break
        elapsed = time.monotonic() - started
        eq(body, pattern(5))
        assert b"Content-Length: 5" in head
        assert reads >= 4, "bytes should arrive one by one (%d reads)" % reads
        assert elapsed >= 0.45, "dripped in %.2f s" % elapsed


@check
def content_length_routes():
    data, outcome = raw("GET", "/content-length/conflicting")
    status, headers, body = split_response(data)
    eq(header_values(headers, "Content-Length"), ["5", "10"], "conflicting lines")
    eq((body, outcome), (pattern(10), "eof"))
    eq(header_values(headers, "Connection"), ["close"])
    eq(data.count(b"\r\nContent-Length: "), 2)

    data, outcome = raw("GET", "/content-length/list")
    _, headers, body = split_response(data)
    eq(header_values(headers, "Content-Length"), ["5, 10"], "list")
    eq((body, outcome), (pattern(10), "eof"))

    data, outcome = raw("GET", "/content-length/too-short")
    _, headers, body = split_response(data)
    eq(header_values(headers, "Content-Length"), ["5"], "too short")
    eq((body, outcome), (pattern(10), "eof"))

    with connect() as sock:
        sock.sendall(request_bytes("GET", "/content-length/duplicate-same"))
        buffer = b""
        while len(buffer.partition(b"\r\n\r\n")[2]) < 10:
            buffer += sock.recv(65536)
        _, headers, body = split_response(buffer)
        eq(header_values(headers, "Content-Length"), ["10", "10"], "duplicate-same")
        eq(body, pattern(10))
        sock.sendall(request_bytes("GET", "/json"))
        eq(read_response(sock)[2], b'{"id": 42, "name": "Ada"}', "keep-alive after duplicate-same")


@check
def invalid_body_routes():
    status, headers, body = fetch("GET", "/invalid-json")
    eq((status, body, dict(headers)["Content-Type"]), (200, b'{"id": 4', "application/json"))
    try:
        json.loads(body)
    except ValueError:
        pass
    else:
        raise AssertionError("invalid JSON parsed")
    status, headers, body = fetch("GET", "/invalid-utf8")
    eq((body, dict(headers)["Content-Type"]), (b"caf\xc3 \xff\xfe", "text/plain; charset=utf-8"))
    status, headers, body = fetch("GET", "/invalid-utf8-json")
    eq((body, dict(headers)["Content-Type"]), (b'{"name": "\xff\xfe"}', "application/json"))
    for data in (body, b"caf\xc3 \xff\xfe"):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            raise AssertionError("valid UTF-8: %r" % data)


@check
def redirect_routes():
    status, headers, _ = fetch("GET", "/redirect/chain?n=2&to=/ok%3Fsize%3D3")
    eq((status, dict(headers)["Location"]), (302, "/redirect/chain?n=1&to=/ok%3Fsize%3D3"))
    status, headers, _ = fetch("GET", "/redirect/chain?n=1&to=/ok%3Fsize%3D3")
    eq(dict(headers)["Location"], "/redirect/chain?n=0&to=/ok%3Fsize%3D3")
    status, headers, _ = fetch("GET", "/redirect/chain?n=0&to=/ok%3Fsize%3D3")
    eq(dict(headers)["Location"], "/ok?size=3")
    status, headers, _ = fetch("GET", "/redirect/chain?n=0")
    eq(dict(headers)["Location"], "/ok", "default to")
    with urllib.request.urlopen("http://%s:%d/redirect/chain?n=3&to=/json" % (HOST, PORT), timeout=5) as r:
        eq(r.read(), b'{"id": 42, "name": "Ada"}', "urllib follows the chain")

    eq(dict(fetch("GET", "/redirect/loop")[1])["Location"], "/redirect/loop-b")
    eq(dict(fetch("POST", "/redirect/loop-b", body=b"x")[1])["Location"], "/redirect/loop")

    status, headers, _ = fetch("POST", "/redirect/cross-host", body=b"body")
    eq((status, dict(headers)["Location"]), (307, "http://127.0.0.2:%d/ok" % PORT))
    status, headers, _ = fetch("GET", "/redirect/cross-host?status=308&to=/echo", host=ALT)
    eq((status, dict(headers)["Location"]), (308, "http://127.0.0.1:%d/echo" % PORT))
    status, _, _ = fetch("GET", "/redirect/cross-host?status=200")
    eq(status, 400, "non-3xx status")

    status, headers, _ = fetch("GET", "/redirect/file")
    eq((status, dict(headers)["Location"]), (302, "file:///etc/passwd"))


@check
def retry_after_route():
    key = "retry-" + uuid.uuid4().hex
    for attempt in (1, 2):
        before = datetime.now(timezone.utc)
        status, headers, data = fetch_json(
            "GET", "/retry-after?key=%s&fail=2&after=date+3" % key, {"X-Count-Key": key})
        eq((status, data), (503, {"attempt": attempt}))
        value = dict(headers)["Retry-After"]
        assert re.fullmatch(r"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT", value), value
        when = email.utils.parsedate_to_datetime(value)
        ahead = (when - before).total_seconds()
        assert 3 <= ahead <= 5, "Retry-After %s is %.1f s ahead" % (value, ahead)
    status, headers, data = fetch_json("GET", "/retry-after?key=%s&fail=2&after=date+3" % key)
    eq((status, data), (200, {"attempt": 3, "ok": True}))
    assert "Retry-After" not in dict(headers)
    eq(counts(key)["received"], 2, "X-Count-Key on the same key")

    key = "retry-" + uuid.uuid4().hex
    status, headers, data = fetch_json("GET", "/retry-after?key=%s&status=429&after=date-10" % key)
    when = email.utils.parsedate_to_datetime(dict(headers)["Retry-After"])
    ago = (datetime.now(timezone.utc) - when).total_seconds()
    eq((status, data), (429, {"attempt": 1}))
    assert 10 <= ago <= 12, "date-10 is %.1f s ago" % ago
    eq(fetch_json("GET", "/retry-after?key=%s&status=429" % key)[2], {"attempt": 2, "ok": True})

    key = "retry-" + uuid.uuid4().hex
    status, headers, _ = fetch_json("GET", "/retry-after?key=%s&after=2.5" % key)
    eq((status, dict(headers)["Retry-After"]), (503, "2.5"), "verbatim")
    status, headers, _ = fetch_json("GET", "/retry-after?key=%s&fail=0&after=1" % key)
    eq(status, 200)
    key = "retry-" + uuid.uuid4().hex
    status, headers, _ = fetch_json("GET", "/retry-after?key=%s" % key)
    assert "Retry-After" not in dict(headers), "no after=, no header"


@check
def flaky_connection_route():
    key = "flaky-" + uuid.uuid4().hex
    for _ in range(2):
        data, outcome = raw("POST", "/flaky-connection?key=%s&fail=2" % key,
                            [("X-Count-Key", key)], b"abc")
        eq((data, outcome), (b"", "eof"))
    eq(fetch_json("POST", "/flaky-connection?key=%s&fail=2" % key, body=b"abc")[:3:2],
       (200, {"ok": True}))
    eq((counts(key)["received"], counts(key)["complete"]), (2, 2))


def inflate_zeros(compressed, piece=64 * 1024):
    """Streams a gzip member through zlib in pieces; returns the inflated size (all zeros)."""
    decoder = zlib.decompressobj(31)
    zeros = memoryview(bytes(MIB))
    total = 0
    for start in range(0, len(compressed), piece):
        data = compressed[start:start + piece]
        while data:
            out = decoder.decompress(data, MIB)
            data = decoder.unconsumed_tail
            assert out == zeros[:len(out)], "non-zero byte near offset %d" % total
            total += len(out)
    out = decoder.flush()
    assert not out.strip(b"\0")
    total += len(out)
    assert decoder.eof, "gzip stream not finished"
    eq(decoder.unused_data, b"", "bytes after the gzip member")
    return total


@check
def gzip_bomb_route():
    started = time.monotonic()
    with connect(timeout=30) as sock:
        sock.sendall(request_bytes("GET", "/gzip-bomb"))
        status, headers, body = read_response(sock)
    eq(status, 200)
    eq(header_values(headers, "Content-Encoding"), ["gzip"])
    eq(header_values(headers, "Content-Type"), ["application/octet-stream"])
    assert 900_000 < len(body) < 1_200_000, "1 GiB bomb is %d bytes on the wire" % len(body)
    eq(inflate_zeros(body), 1 << 30, "inflated size")
    if VERBOSE:
        print("    gzip bomb: %d bytes, fetched and inflated in %.1f s" % (len(body), time.monotonic() - started))
    for size in (0, 1, 100, MIB, 3 * MIB + 12345):
        _, headers, body = fetch("GET", "/gzip-bomb?size=%d" % size)
        eq(int(dict(headers)["Content-Length"]), len(body))
        eq(inflate_zeros(body), size, "size=%d" % size)
        eq(gzip.decompress(body), bytes(size), "gzip module, size=%d" % size)


@check
def gzip_route():
    status, headers, body = fetch("GET", "/gzip?size=5000")
    eq((status, dict(headers)["Content-Encoding"]), (200, "gzip"))
    eq(gzip.decompress(body), pattern(5000))
    # Each damage is framed whole by its Content-Length and fails to decode as one gzip body in
    # its own way; two members are one gzip body (RFC 1952 §2.2).
    _, headers, cut = fetch("GET", "/gzip?size=5000&damage=cut")
    eq(int(dict(headers)["Content-Length"]), len(cut))
    decoder = zlib.decompressobj(31)
    assert pattern(5000).startswith(decoder.decompress(cut)) and not decoder.eof, "cut is a prefix"
    crc = fetch("GET", "/gzip?size=5000&damage=crc")[2]
    try:
        gzip.decompress(crc)
        raise AssertionError("a wrong CRC decoded")
    except gzip.BadGzipFile:
        pass
    eq(fetch("GET", "/gzip?size=5000&damage=plain")[2], pattern(5000))
    members = fetch("GET", "/gzip?size=5000&damage=members")[2]
    eq(gzip.decompress(members), pattern(5000))
    first = zlib.decompressobj(31)
    eq(first.decompress(members), pattern(2500), "the first member")
    assert first.unused_data, "a second member follows"
    eq(fetch("GET", "/gzip?damage=typo")[0], 400)


@check
def encoded_route():
    status, headers, body = fetch("GET", "/encoded?codings=gzip,%20deflate,%20x-unknown&size=5000")
    eq((status, dict(headers)["Content-Encoding"]), (200, "gzip, deflate, x-unknown"))
    # Undone in reverse order: x-unknown (XOR 0x5A), deflate (zlib format), gzip.
    eq(gzip.decompress(zlib.decompress(bytes(b ^ 0x5A for b in body))), pattern(5000))
    _, _, body = fetch("GET", "/encoded?codings=identity,gzip&size=100")
    eq(gzip.decompress(body), pattern(100))


@check
def header_flood_route():
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/header-flood"))
        status, headers, body = read_response(sock)
    flood = [(n, v) for n, v in headers if n.startswith("X-Flood-")]
    eq((status, body, len(flood)), (200, b"{}", 10000))
    eq(flood[0], ("X-Flood-0", "a" * 100))
    eq(flood[-1], ("X-Flood-9999", "a" * 100))
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/header-flood?count=3&size=5"))
        _, headers, _ = read_response(sock)
    eq([v for n, v in headers if n.startswith("X-Flood-")], ["aaaaa"] * 3)


@check
def big_header_route():
    data, outcome = raw("GET", "/big-header")
    eq(outcome, "eof")
    eq(data, b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Big: " + b"a" * 200000
       + b"\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}", "default size")
    data, outcome = raw("POST", "/big-header?size=3", body=b"body")
    eq((data, outcome), (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Big: aaa\r\n"
                         b"Content-Length: 2\r\nConnection: close\r\n\r\n{}", "eof"), "size=3")


@check
def chunked_trailer_route():
    checksum = hashlib.sha256(pattern(1000)).hexdigest().encode()
    expected = (chunked_head("Trailer: X-Checksum") + b"3e8\r\n" + pattern(1000)
                + b"\r\n0\r\nX-Checksum: " + checksum + b"\r\n\r\n")
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/chunked/trailer"))
        eq(read_exactly(sock, len(expected)), expected, "the last chunk carries the trailer field")
        sock.sendall(request_bytes("GET", "/json"))
        eq(read_response(sock)[2], b'{"id": 42, "name": "Ada"}', "keep-alive after the trailer")


@check
def obs_text_header_route():
    expected = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Latin1: caf\xe9 cr\xe8me\r\n"
                b"Content-Length: 2\r\n\r\n{}")
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/obs-text-header"))
        eq(read_exactly(sock, len(expected)), expected, "raw Latin-1 bytes in the field value")
        sock.sendall(request_bytes("GET", "/json"))
        eq(read_response(sock)[2], b'{"id": 42, "name": "Ada"}', "keep-alive after obs-text")
    data, outcome = raw("GET", "/obs-text-header", [("Connection", "close")])
    eq((data, outcome), (expected.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"), "eof"))


@check
def padded_fields_and_redirect_routes():
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/padded-fields"))
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += read_exactly(sock, 1)
        for line in (b"Content-Type: application/json \t\r\n", b"X-Trail: trail \t \r\n",
                     b"X-Lead:  \t lead\r\n", b'ETag: "abc"  \r\n'):
            assert line in head, (line, head)
        eq(read_exactly(sock, 2), b"{}")
    data, outcome = raw("GET", "/tight-fields", [("Connection", "close")])
    eq((data, outcome), (b"HTTP/1.1 200 OK\r\nContent-Type:application/json\r\nX-Spaces:   \r\n"
                         b"Content-Length:2\r\nConnection: close\r\n\r\n{}", "eof"))
    data, outcome = raw("GET", "/redirect/padded", [("Connection", "close")])
    assert data.startswith(b"HTTP/1.1 302 Found\r\n"), data[:80]
    assert b"\r\nLocation: /ok?size=10 \t\r\n" in data, data
    eq(outcome, "eof")


@check
def interim_route():
    data, outcome = raw("GET", "/interim?kind=hints", [("Connection", "close")])
    eq(data.count(b"HTTP/1.1 103 Early Hints\r\n"), 2)
    assert data.startswith(b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 "), data[:80]
    assert b"HTTP/1.1 200 OK\r\n" in data and data.endswith(pattern(10)), data[-80:]
    eq(outcome, "eof")
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/interim?kind=switch"))
        expected = (b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                    b"Connection: Upgrade\r\n\r\n\x81\x05hello")
        eq(read_exactly(sock, len(expected)), expected, "the switch and a frame, then silence")
    eq(fetch("GET", "/interim?kind=other")[0], 400)


@check
def status_line_route():
    tail = b"\r\nContent-Length: 10\r\nConnection: close\r\n\r\n" + pattern(10)
    for form, line in [("no-reason", b"HTTP/1.1 200"), ("empty-reason", b"HTTP/1.1 200 "),
                       ("lowercase-version", b"Http/1.1 200 OK"),
                       ("code-999", b"HTTP/1.1 999 Whatever")]:
        eq(raw("GET", "/status-line?form=" + form), (line + tail, "eof"), form)
    eq(fetch("GET", "/status-line?form=other")[0], 400)


@check
def bodiless_length_and_repeated_header_routes():
    with connect() as sock:
        for status in (204, 304):
            sock.sendall(request_bytes("GET", "/bodiless-length?status=%d" % status))
            eq(read_exactly(sock, len(b"HTTP/1.1 %d" % status)), b"HTTP/1.1 %d" % status)
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                head += read_exactly(sock, 1)
            assert b"\r\nContent-Length: 1000\r\n" in head, head
        # Nothing followed either head: the next response on the connection starts at once.
        sock.sendall(request_bytes("GET", "/repeated-header"))
        status, headers, body = read_response(sock)
        eq((status, header_values(headers, "X-Test"), body), (200, ["one", "two"], b"{}"))
    eq(fetch("GET", "/bodiless-length?status=200")[0], 400)


@check
def not_http_route():
    key = "not-http-" + uuid.uuid4().hex
    data, outcome = raw("POST", "/not-http", [("X-Count-Key", key)], b"hello")
    eq((data, outcome), (b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n"
                         b"\x00\x00\x05\xdc\x07\x14\x9e\x1b\xf3\x00\xc2"
                         b"\x7f\x80\xff\x01\xfe\x00\x00\x01\x0d\x63\x75", "eof"))
    result = counts(key)
    eq((result["received"], result["complete"], result["requests"][0]["body_length"]), (1, 1, 5))
    try:
        fetch("GET", "/not-http")
    except http.client.BadStatusLine:
        pass
    else:
        raise AssertionError("http.client accepted an SSH banner")


@check
def chunked_ok_route():
    data, outcome = raw("GET", "/chunked/ok", [("Connection", "close")])
    eq((data, outcome), (chunked_head("Connection: close") + b"3e8\r\n" + pattern(1000)
                         + b"\r\n0\r\n\r\n", "eof"), "default size, Connection: close")
    key = "chunked-" + uuid.uuid4().hex
    expected = (chunked_head() + b"1000\r\n" + pattern(4096) + b"\r\n1000\r\n" + pattern(4096, 4096)
                + b"\r\n710\r\n" + pattern(1808, 8192) + b"\r\n0\r\n\r\n")
    with connect() as sock:
        sock.sendall(request_bytes("POST", "/chunked/ok?size=10000", [("X-Count-Key", key)], b"abc"))
        eq(read_exactly(sock, len(expected)), expected, "chunks of at most 4096 bytes")
        sock.sendall(request_bytes("GET", "/chunked/ok?size=0", [("X-Count-Key", key)]))
        eq(read_exactly(sock, len(chunked_head()) + 5), chunked_head() + b"0\r\n\r\n", "size=0")
        sock.sendall(request_bytes("HEAD", "/chunked/ok"))
        eq(read_exactly(sock, len(chunked_head())), chunked_head(), "HEAD")
        sock.sendall(request_bytes("GET", "/json"))
        eq(read_response(sock)[2], b'{"id": 42, "name": "Ada"}', "keep-alive after chunked")
    eq((counts(key)["received"], counts(key)["complete"]), (2, 2))
    status, headers, body = fetch("GET", "/chunked/ok?size=300000")
    eq((status, dict(headers)["Transfer-Encoding"], body), (200, "chunked", pattern(300000)), "http.client")


@check
def chunked_lf_only_route():
    head = chunked_head("Connection: close")
    data, outcome = raw("GET", "/chunked/lf-only")
    eq((data, outcome), (head + b"1f4\n" + pattern(500) + b"\n1f4\n" + pattern(500, 500) + b"\n0\n\n",
                         "eof"), "default size")
    data, outcome = raw("GET", "/chunked/lf-only?size=7")
    eq((data, outcome), (head + b"4\n" + pattern(4) + b"\n3\n" + pattern(3, 4) + b"\n0\n\n", "eof"))
    eq(raw("GET", "/chunked/lf-only?size=0"), (head + b"0\n\n", "eof"), "size=0")


@check
def chunked_truncated_route():
    def chunk(count, offset):
        return b"%x\r\n" % count + pattern(count, offset) + b"\r\n"

    head = chunked_head()
    data, outcome = raw("GET", "/chunked/truncated")
    eq((data, outcome), (head + chunk(250, 0) + chunk(250, 250), "eof"), "default: two of four chunks")
    data, outcome = raw("GET", "/chunked/truncated?send=600")
    eq((data, outcome), (head + chunk(250, 0) + chunk(250, 250) + b"fa\r\n" + pattern(100, 500), "eof"),
       "cut inside the third chunk")
    data, outcome = raw("GET", "/chunked/truncated?send=5000")
    eq((data, outcome), (head + b"".join(chunk(250, o) for o in (0, 250, 500, 750)), "eof"),
       "every data byte, no last chunk")
    data, outcome = raw("GET", "/chunked/truncated?size=10")
    eq((data, outcome), (head + chunk(3, 0) + chunk(3, 3), "eof"), "size=10: chunks 3, 3, 3, 1")
    eq(raw("GET", "/chunked/truncated?send=0"), (head, "eof"), "send=0")
    conn = http.client.HTTPConnection(HOST, PORT, timeout=5)
    try:
        conn.request("GET", "/chunked/truncated")
        response = conn.getresponse()
        try:
            response.read()
        except http.client.IncompleteRead:
            pass
        else:
            raise AssertionError("http.client read a truncated chunked body without error")
    finally:
        conn.close()


@check
def chunked_bad_size_route():
    data, outcome = raw("GET", "/chunked/bad-size")
    eq((data, outcome), (chunked_head() + b"zz\r\n" + pattern(10) + b"\r\n0\r\n\r\n", "eof"))

def sse_event(n, last="", eol="\n"):
    return eol.join(["id: %d" % n, "event: tick", 'data: {"n": %d,' % n,
                     'data:  "last_event_id": "%s"}' % last, ""]) + eol


@check
def sse_events_route():
    status, headers, body = fetch("GET", "/sse/events?count=2&retry=1500")
    fields = dict(headers)
    eq((status, fields["Content-Type"], fields["Transfer-Encoding"]), (200, "text/event-stream", "chunked"))
    eq(body.decode(), ": courier fault server\nretry: 1500\n" + sse_event(1) + sse_event(2), "events")
    _, _, body = fetch("GET", "/sse/events?count=1", headers={"Last-Event-ID": "41"})
    eq(body.decode(), ": courier fault server\n" + sse_event(42, "41"), "after Last-Event-ID 41")


@check
def sse_request_route():
    _, _, body = fetch("GET", "/sse/request", headers={"Accept": "text/event-stream"})
    eq(body.decode(), 'data: {"accept": "text/event-stream", "cache_control": null}\n\n')


@check
def sse_cr_route():
    _, _, body = fetch("GET", "/sse/cr?count=2")
    eq(body.decode(), ": courier fault server\r" + sse_event(1, eol="\r") + sse_event(2, eol="\r"))


@check
def sse_stall_route():
    started = time.monotonic()
    _, _, body = fetch("GET", "/sse/stall?count=1&seconds=1")
    eq(body.decode(), ": courier fault server\n" + sse_event(1), "one event, then the end")
    assert time.monotonic() - started >= 1.0, "the stall did not last 1 s"


@check
def sse_open_route():
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/sse/open?count=2"))
        received = b""
        while received.count(b"event: tick") < 2 or not received.endswith(b"\n\n\r\n"):
            piece = sock.recv(4096)
            assert piece, "the connection ended after %s" % short(received)
            received += piece
        # The events are there; then nothing, not even the last chunk, while the client stays.
        sock.settimeout(1.0)
        try:
            late = sock.recv(4096)
        except socket.timeout:
            late = None
        eq(late, None, "nothing after the last event")
    assert b"id: 2\n" in received, "two events arrive"
    # The client went: its connection's thread ends, leaving only the accept loop.
    wait_for_threads(1, 5.0)


@check
def sse_reset_mid_event_route():
    data, outcome = raw("GET", "/sse/reset-mid-event?count=1")
    eq(outcome, "reset", "ends in a RST")
    assert data.endswith(b'c\r\ndata: {"n": \r\n'), "ends with half an event: %s" % short(data)


@check
def sse_endless_route():
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/sse/endless?interval=0.01"))
        received = b""
        while received.count(b"event: tick") < 5:
            received += sock.recv(4096)
    assert b"id: 5\n" in received, "five events arrive"


@check
def sse_content_type_route():
    status, headers, body = fetch("GET", "/sse/content-type?count=1&type=text%2Fplain%3B%20charset%3Dutf-8")
    eq((status, header_values(headers, "Content-Type")), (200, ["text/plain; charset=utf-8"]))
    eq(body.decode(), ": courier fault server\n" + sse_event(1), "events as /sse/events")
    for target in ["/sse/content-type?count=1", "/sse/content-type?count=1&type="]:
        status, headers, body = fetch("GET", target)
        eq((status, header_values(headers, "Content-Type")), (200, []), target)
        eq(body.decode(), ": courier fault server\n" + sse_event(1), target)


@check
def sse_reconnect_route():
    key = "sse-" + uuid.uuid4().hex
    target = "/sse/reconnect?key=" + key
    _, _, body = fetch("GET", target)
    eq(body.decode(), "retry: 50\n" + sse_event(1) + sse_event(2), "1st: retry, events 1 and 2")
    data, outcome = raw("GET", target, [("Last-Event-ID", "2")])
    eq(outcome, "reset", "2nd: reset")
    assert sse_event(3, "2").encode() in data, "2nd: event 3 first"
    assert b'id: 99\ndata: {"n": ' in data, "2nd: half an event with an ID"
    eq(fetch("GET", target)[0], 503, "3rd: 503")
    _, _, body = fetch("GET", target, headers={"Last-Event-ID": "3"})
    eq(body.decode(), sse_event(4, "3"), "4th: event 4")
    eq(fetch("GET", target)[0], 204, "5th: 204")


@check
def delay_route():
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(5) as pool:
        results = list(pool.map(lambda _: fetch_json("GET", "/delay?seconds=0.3"), range(5)))
    elapsed = time.monotonic() - started
    tokens = [data["token"] for status, _, data in results]
    assert all(status == 200 for status, _, _ in results)
    assert all(re.fullmatch(r"[0-9a-f]{32}", t) for t in tokens), tokens
    eq(len(set(tokens)), 5, "fresh tokens")
    assert 0.3 <= elapsed < 2.0, "delayed %.2f s" % elapsed


@check
def ranged_route():
    key = "selftest-ranged"
    base = "/ranged?key=%s&size=1000&drop_first=300&change_after=5" % key
    # 1: the whole version 1, cut after 300 bytes.
    with connect() as sock:
        sock.sendall(request_bytes("GET", base))
        data, ending = read_all(sock)
    eq(ending, "eof", "the first request ends with FIN")
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), short(head)
    assert b'ETag: "v1"' in head and b"Content-Length: 1000" in head, short(head)
    eq(body, pattern(300), "first request cut after 300 bytes")
    # 2: the rest from 300.
    status, headers, body = fetch("GET", base, {"Range": "bytes=300-", "If-Range": '"v1"'})
    eq((status, dict(headers)["Content-Range"], body), (206, "bytes 300-999/1000", pattern(700, 300)))
    # 3: another validator gets the whole body.
    status, _, body = fetch("GET", base, {"Range": "bytes=300-", "If-Range": '"v0"'})
    eq((status, body), (200, pattern(1000)), "a stale If-Range")
    # 4: past the end.
    status, headers, _ = fetch("GET", base, {"Range": "bytes=1000-"})
    eq((status, dict(headers)["Content-Range"]), (416, "bytes */1000"))
    # 5: version 2 from here on.
    status, headers, body = fetch("GET", base, {"Range": "bytes=10-", "If-Range": '"v1"'})
    eq((status, dict(headers)["ETag"], body), (200, '"v2"', pattern(1000, 1)), "changed version")
    status, _, body = fetch("GET", base + "&ranges=ignore", {"Range": "bytes=10-"})
    eq((status, len(body)), (200, 1000), "ranges=ignore")
    _, _, log = fetch_json("GET", "/ranged-log?key=%s" % key)
    eq([entry["status"] for entry in log["requests"]], [200, 206, 200, 416, 200, 200])
    eq(log["requests"][1]["if_range"], '"v1"')
    # stall_first: the first request sends 300 bytes and then nothing, on a connection left open.
    stalled = "/ranged?key=selftest-ranged-stall&size=1000&stall_first=300"
    with connect() as sock:
        sock.sendall(request_bytes("GET", stalled))
        buffer = b""
        while b"\r\n\r\n" not in buffer or len(buffer.partition(b"\r\n\r\n")[2]) < 300:
            data = sock.recv(65536)
            assert data, "ended early"
            buffer += data
        sock.settimeout(0.3)
        rest, ending = read_all(sock)
    eq((ending, rest), ("timeout", b""), "nothing more, on a connection left open")
    eq(buffer.partition(b"\r\n\r\n")[2], pattern(300), "stalled after 300 bytes")
    status, _, body = fetch("GET", stalled)
    eq((status, body), (200, pattern(1000)), "the second request gets it all")


@check
def download_route():
    size = 10 * MIB + 7
    conn = http.client.HTTPConnection(HOST, PORT, timeout=15)
    conn.request("GET", "/download?size=%d" % size)
    response = conn.getresponse()
    eq(response.getheader("Content-Length"), str(size))
    digest, total = hashlib.sha256(), 0
    while True:
        piece = response.read(65536)
        if not piece:
            break
        digest.update(piece)
        total += len(piece)
    conn.close()
    expected = hashlib.sha256()
    block = pattern(251 * 1024)
    for start in range(0, size, len(block)):
        expected.update(block[:min(len(block), size - start)])
    eq((total, digest.hexdigest()), (size, expected.hexdigest()), "download bytes")
    eq(dict(fetch("HEAD", "/download?size=4294967296")[1])["Content-Length"], "4294967296")
    eq(dict(fetch("HEAD", "/download?size=99999999999")[1])["Content-Length"], "4294967296", "clamp")
    started = time.monotonic()
    _, _, body = fetch("GET", "/download?size=%d&rate=%d" % (2 * MIB, 4 * MIB))
    elapsed = time.monotonic() - started
    eq(len(body), 2 * MIB, "paced download bytes")
    assert 0.4 <= elapsed < 10, "2 MiB at 4 MiB/s took %.2f s" % elapsed


@check
def upload_sink_route():
    body = os.urandom(MIB + 3)
    status, _, data = fetch_json("POST", "/upload-sink", body=body)
    eq((status, data), (200, {"size": len(body), "sha256": hashlib.sha256(body).hexdigest()}))
    # chunked, with an extension and a trailer, after 100 Continue
    with connect() as sock:
        head = request_bytes("PUT", "/upload-sink",
                             [("Transfer-Encoding", "chunked"), ("Expect", "100-continue")], length=False)
        sock.sendall(head)
        interim = sock.recv(1024)
        eq(interim, b"HTTP/1.1 100 Continue\r\n\r\n", "interim response")
        parts = [b"hello ", b"x" * 70000, b"world"]
        chunked = b"".join(b"%x;ext=1\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\nX-Trailer: 1\r\n\r\n"
        sock.sendall(chunked)
        status, _, data = read_response(sock)
        whole = b"".join(parts)
        eq(json.loads(data), {"size": len(whole), "sha256": hashlib.sha256(whole).hexdigest()})


@check
def early_answer_route():
    key = "early-" + uuid.uuid4().hex[:8]
    with connect() as sock:
        # Only the head and 3 of the 10 declared bytes: the answer comes anyway.
        sock.sendall(request_bytes("PUT", "/early-answer",
                                   [("Content-Length", "10"), ("X-Count-Key", key)], length=False))
        sock.sendall(b"abc")
        status, headers, data = read_response(sock)
        eq((status, json.loads(data)), (200, {"early": True}))
        eq(header_values(headers, "Connection"), [], "keep-alive framing")
        sock.sendall(b"defghij")
        eq(sock.recv(1024), b"", "closed after the body")
    _, _, counts = fetch_json("GET", "/counts/" + key)
    eq((counts["received"], counts["complete"]), (1, 1))
    with connect() as sock:
        sock.sendall(request_bytes("PUT", "/early-answer?status=413", [("Content-Length", "10")],
                                   length=False))
        status, _, data = read_response(sock)
        eq((status, json.loads(data)), (413, {"early": True}))
    with connect() as sock:
        # A client that waits for 100 Continue takes the early answer as its answer instead.
        sock.sendall(request_bytes("PUT", "/early-answer", [("Content-Length", "3"),
                                                            ("Expect", "100-continue")], length=False))
        status, _, data = read_response(sock)
        eq((status, json.loads(data)), (200, {"early": True}))
        sock.sendall(b"abc")
        eq(sock.recv(1024), b"", "no 100 Continue after the answer, then closed")


@check
def auth_routes():
    key = "auth-" + uuid.uuid4().hex[:8]

    def resource(token):
        headers = {"Authorization": "Bearer " + token} if token else {}
        return fetch_json("GET", "/auth/resource?key=" + key, headers)

    status, headers, data = resource(None)
    eq((status, data), (401, {"error": "invalid_token"}))
    eq(dict(headers)["WWW-Authenticate"], 'Bearer error="invalid_token"')
    status, _, data = fetch_json("POST", "/auth/token?key=" + key)
    eq((status, data), (200, {"access_token": "tok-%s-1" % key, "token_type": "Bearer", "expires_in": 3600}))
    eq(resource("tok-%s-1" % key)[::2], (200, {"ok": True, "token": "tok-%s-1" % key}))
    eq(fetch_json("POST", "/auth/rotate?key=" + key)[::2], (200, {}))
    eq(resource("tok-%s-1" % key)[0], 401, "rotated token")
    started = time.monotonic()
    status, _, data = fetch_json("POST", "/auth/token?key=%s&delay=0.3" % key)
    assert time.monotonic() - started >= 0.3, "token delay"
    eq(data["access_token"], "tok-%s-2" % key)
    eq(resource("tok-%s-1" % key)[0], 401, "old generation")
    status, _, data = fetch_json("POST", "/auth/resource?key=" + key,
                                 {"Authorization": "Bearer tok-%s-2" % key}, b"{}")
    eq((status, data["token"]), (200, "tok-%s-2" % key))
    eq(fetch_json("GET", "/auth/stats?key=" + key)[2],
       {"refreshes": 2, "accepted": 2, "rejected": 3, "generation": 2})


@check
def echo_route():
    with connect() as sock:
        sock.sendall(request_bytes("PURGE", "/echo?a=1&b=%2B",
                                   [("x-lower", "v"), ("X-Dup", "1"), ("X-Dup", "2 ")], b"1234567"))
        status, _, body = read_response(sock)
    data = json.loads(body)
    eq(status, 200)
    eq((data["method"], data["target"], data["host"], data["body_length"]),
       ("PURGE", "/echo?a=1&b=%2B", "%s:%d" % (HOST, PORT), 7))
    eq(data["headers"], [["Host", "%s:%d" % (HOST, PORT)], ["x-lower", "v"], ["X-Dup", "1"],
                         ["X-Dup", "2"], ["Content-Length", "7"]])


@check
def cookie_routes():
    status, headers, data = fetch_json("GET", "/cookies/set", {"Cookie": "a=1"})
    eq((status, data), (200, {"cookies": ["a=1"]}))
    eq([value for name, value in headers if name == "Set-Cookie"], [
        "session=abc123; Path=/; HttpOnly",
        "theme=dark; Path=/cookies; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
        "secure=no; Path=/; Secure",
        "foreign=1; Path=/; Domain=example.com",
    ])
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/cookies/echo", [("Cookie", "a=1"), ("Cookie", "b=2")]))
        status, fields, body = read_response(sock)
    eq((status, json.loads(body)), (200, {"cookies": ["a=1", "b=2"]}))
    status, headers, data = fetch_json("GET", "/cookies/clear")
    eq((status, data), (200, {"cookies": []}))
    eq([value for name, value in headers if name == "Set-Cookie"], ["session=; Path=/; Max-Age=0"])
    status, headers, body = fetch("POST", "/cookies/login", body=b"user=a")
    eq((status, body), (302, b""))
    eq([(name, value) for name, value in headers if name in ("Location", "Set-Cookie")], [
        ("Location", "/cookies/home"),
        ("Set-Cookie", "login=ok42; Path=/cookies/home; HttpOnly"),
    ])
    status, headers, data = fetch_json("GET", "/cookies/home", {"Cookie": "login=ok42"})
    eq((status, data), (200, {"cookies": ["login=ok42"]}))


@check
def cache_route():
    key = "cache-" + uuid.uuid4().hex
    lm = "Tue,%2015%20Nov%201994%2012:45:26%20GMT"
    target = "/cache?cc=max-age=60&etag=v1&last_modified=%s&vary=Accept-Language" % lm
    status, headers, data = fetch_json("GET", target, {"Accept-Language": "fr", "X-Count-Key": key})
    fields = dict(headers)
    eq((status, fields["Cache-Control"], fields["ETag"], fields["Vary"]),
       (200, "max-age=60", '"v1"', "Accept-Language"))
    eq((fields["Last-Modified"], data["varied"], len(data["token"])),
       ("Tue, 15 Nov 1994 12:45:26 GMT", "fr", 32))
    assert fields["Date"].endswith(" GMT"), fields["Date"]
    _, _, again = fetch_json("GET", target, {"X-Count-Key": key})
    assert again["token"] != data["token"] and again["varied"] is None, again
    for condition in ({"If-None-Match": 'W/"v0", "v1"'}, {"If-None-Match": "*"},
                      {"If-Modified-Since": "Tue, 15 Nov 1994 12:45:26 GMT"}):
        status, headers, body = fetch("GET", target, condition)
        eq((status, body, dict(headers).get("ETag")), (304, b"", '"v1"'), condition)
    status, _, _ = fetch("GET", target, {"If-None-Match": '"v2"',
                                         "If-Modified-Since": "Tue, 15 Nov 1994 12:45:26 GMT"})
    eq(status, 200, "If-None-Match decides over If-Modified-Since")
    eq(fetch_json("POST", "/cache?cc=max-age=60", {"X-Count-Key": key}, b"{}")[:3:2],
       (200, {"method": "POST"}))
    status, headers, _ = fetch("GET", "/cache")
    eq((status, "Cache-Control" in dict(headers), "ETag" in dict(headers)), (200, False, False))
    unquoted = "/cache?cc=no-cache&unquoted_etag=v1"
    status, headers, _ = fetch("GET", unquoted)
    eq((status, dict(headers)["ETag"]), (200, "v1"))
    eq(fetch("GET", unquoted, {"If-None-Match": "v1"})[0], 304)
    eq(fetch("GET", unquoted, {"If-None-Match": '"v1"'})[0], 200, "compared as sent")
    eq(counts(key)["received"], 3)
    every = "every-" + uuid.uuid4().hex
    seen = []
    for condition in (None, '"r0"', '"r0"', '"r1"', '"r0"'):
        headers = {"X-Count-Key": every}
        if condition:
            headers["If-None-Match"] = condition
        status, fields, _ = fetch("GET", "/cache?etag_every=2", headers)
        seen.append((status, dict(fields)["ETag"]))
    eq(seen, [(200, '"r0"'), (304, '"r0"'), (200, '"r1"'), (304, '"r1"'), (200, '"r2"')],
       "etag_every=2 changes the ETag every second request of the key")


@check
def counts_route():
    key = "count-" + uuid.uuid4().hex
    fetch("POST", "/echo?x=1", {"X-Count-Key": key}, b"abc")
    fetch("GET", "/json", {"X-Count-Key": key}, host=ALT)
    fetch("GET", "/counts/" + key, {"X-Count-Key": key})  # never counted
    data = counts(key)
    eq((data["received"], data["complete"]), (2, 2))
    first, second = data["requests"]
    eq((first["method"], first["target"], first["body_length"]), ("POST", "/echo?x=1", 3))
    eq(first["host"], "%s:%d" % (HOST, PORT))
    assert ["X-Count-Key", key] in first["headers"], first["headers"]
    eq((second["method"], second["host"], second["body_length"]), ("GET", "%s:%d" % (ALT, PORT), 0))
    eq(counts("never-used-" + key), {"received": 0, "complete": 0, "requests": []})
    # received as soon as the headers are in, complete only once the body is
    key = "count-" + uuid.uuid4().hex
    with connect() as sock:
        sock.sendall(request_bytes("POST", "/echo", [("X-Count-Key", key)], b"x" * 10)[:-5])
        time.sleep(0.2)
        data = counts(key)
        eq((data["received"], data["complete"], data["requests"][0]["body_length"]), (1, 0, None), "mid-body")
        sock.sendall(b"x" * 5)
        read_response(sock)
    eq((counts(key)["received"], counts(key)["complete"]), (1, 1), "after the body")


@check
def not_found_and_bad_requests():
    eq(fetch_json("GET", "/nope")[::2], (404, {"message": "not found"}))
    eq(fetch_json("GET", "/status/abc")[0], 400)
    for garbage in (b"garbage\r\n\r\n", b"GET / HTTP/1.1\r\nno colon here\r\n\r\n",
                    b"POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"):
        with connect() as sock:
            sock.sendall(garbage)
            data, outcome = read_all(sock)
        eq((split_response(data)[0], outcome), (400, "eof"), repr(garbage))
    with connect() as sock:  # client vanishes mid-headers
        sock.sendall(b"GET /ok HTTP/1.1\r\nHost: x")
    eq(fetch("GET", "/json")[0], 200, "still serving")


@check
def keep_alive_and_connection_close():
    conn = http.client.HTTPConnection(HOST, PORT, timeout=5)
    for i in range(20):
        conn.request("GET", "/ok?size=%d" % i)
        eq(conn.getresponse().read(), pattern(i))
    conn.close()
    with connect() as sock:
        sock.sendall(request_bytes("GET", "/json", [("Connection", "close")]))
        data, outcome = read_all(sock)
    _, headers, body = split_response(data)
    eq((header_values(headers, "Connection"), body, outcome), (["close"], b'{"id": 42, "name": "Ada"}', "eof"))


@check
def fifty_concurrent_requests():
    def one(i):
        status, _, body = fetch("GET", "/ok?size=%d" % (100000 + i), host=(HOST, ALT)[i % 2])
        return status == 200 and body == pattern(100000 + i)

    with concurrent.futures.ThreadPoolExecutor(50) as pool:
        results = list(pool.map(one, range(50)))
    eq(results.count(True), 50, "successful concurrent requests")


# ---- main --------------------------------------------------------------------------------


def start_server(workdir):
    global PORT, SERVER_PROCESS
    port_file = os.path.join(workdir, "port")
    stderr = open(os.path.join(workdir, "stderr"), "w+")
    SERVER_PROCESS = subprocess.Popen(
        [sys.executable, SERVER, "--port", "0", "--port-file", port_file], stderr=stderr)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if SERVER_PROCESS.poll() is not None:
            raise SystemExit("fault server exited during startup with %s" % SERVER_PROCESS.returncode)
        if os.path.exists(port_file):
            with open(port_file) as f:
                PORT = int(f.read())
            return stderr
        time.sleep(0.05)
    raise SystemExit("fault server wrote no port file within 10 s")


def main():
    started = time.monotonic()
    failures = []
    with tempfile.TemporaryDirectory(prefix="fault-server-selftest.") as workdir:
        stderr = start_server(workdir)
        try:
            for function in CHECKS:
                t = time.monotonic()
                try:
                    function()
                except Exception as error:  # noqa: BLE001 - report every failing check
                    failures.append(function.__name__)
                    print("FAIL %s: %s" % (function.__name__, error))
                    if VERBOSE or not isinstance(error, AssertionError):
                        traceback.print_exc()
                else:
                    if VERBOSE:
                        print("ok   %s (%.2f s)" % (function.__name__, time.monotonic() - t))
        finally:
            # Busy connection threads while SIGTERM arrives: the kernel may hand the signal to
            # any of them, and the server must still stop promptly.
            busy = []
            for target in ("/stall-headers?seconds=30", "/drip?size=100&interval=0.01",
                           "/download?size=4294967296"):
                try:
                    busy.append(connect(timeout=5))
                    busy[-1].sendall(request_bytes("GET", target))
                except OSError:
                    pass
            time.sleep(0.2)
            SERVER_PROCESS.send_signal(signal.SIGTERM)
            try:
                code = SERVER_PROCESS.wait(3)
            except subprocess.TimeoutExpired:
                SERVER_PROCESS.kill()
                SERVER_PROCESS.wait()
                code = None
            for sock in busy:
                sock.close()
        if code != 0:
            failures.append("sigterm")
            print("FAIL sigterm: exit status %r (wanted 0 within 3 s, with busy connections)" % code)
        stderr.seek(0)
        lines = [line for line in stderr.read().splitlines()
                 if not line.startswith("fault_server: listening on ")]
        if lines:
            failures.append("stderr")
            print("FAIL stderr: the server reported:\n  " + "\n  ".join(lines))
    elapsed = time.monotonic() - started
    if failures:
        print("fault_server_selftest: %d of %d checks failed (%.1f s): %s"
              % (len(failures), len(CHECKS) + 2, elapsed, ", ".join(failures)))
        return 1
    print("fault_server_selftest: all %d checks passed (%.1f s)" % (len(CHECKS) + 2, elapsed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
