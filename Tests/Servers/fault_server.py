#!/usr/bin/env python3
"""Courier's fault-injecting HTTP/1.1 test server (Python standard library only).

Usage:
    python3 Tests/Servers/fault_server.py --port 0 --port-file PATH

Listens on the SAME port on both 127.0.0.1 and 127.0.0.2 (and nowhere else), so a
redirect can cross hosts without changing port. Port 0 picks a port that is free on
both; the port is written to --port-file (atomically) once both listen.

It speaks HTTP/1.1 over raw sockets with a parser of its own, so it can break the
protocol on purpose: truncated and reset bodies, conflicting framing, broken chunked bodies,
answers that are not HTTP, connections that die before or instead of an answer, stalls,
drips, gzip bombs and rotating credentials.
Every method (including custom tokens such as PURGE) is accepted on every route. Query
values are percent-decoded; "+" stays "+" (send %20 for a space).

Every body the server generates of N bytes is the pattern byte i = i % 251
(00 01 02 ... fa 00 01 ...), so clients can verify it byte for byte. Sizes clamp to
64 MiB (4 GiB for /download and /gzip-bomb); seconds clamp to 0...30.

    /ok?size=N                  200 application/octet-stream, N pattern bytes (default 16)
    /json                       200 {"id": 42, "name": "Ada"}
    /status/<code>?retry_after=V&body=F
                                <code> (200...599) with {"code": <code>}; Retry-After: V verbatim
                                when given; body=empty sends no body (Content-Length: 0),
                                body=chunked sends the JSON chunked
    /truncate?size=N&send=M     Content-Length: N, then only M < N pattern bytes, then FIN
                                (defaults 1000 and 100)
    /reset?size=N&send=M        Content-Length: N, M <= N pattern bytes (waits up to 5 s until
                                the client acknowledged them), then RST (SO_LINGER 0)
                                (defaults 1000 and 100)
    /reset-before-headers       reads the request, then RST; no byte of a response
    /close-before-headers       reads the request, then FIN; no byte of a response
    /drop-on-reuse              first request on a connection: 200 {"first": true}, keep-alive;
                                any later request on it: read completely, then FIN unanswered;
                                with keep_alive=force the connection stays open even when the
                                request asked for Connection: close; with keep_alive=folded too,
                                and the answer says "Connection:" folded onto a second line
                                " close", which a client that joins folded lines reads as close
    /drop                       reads the request completely, then FIN unanswered
    /keep-alive-timeout?seconds=S&linger=W&keep_alive=force&crossing=count
                                200 {"ok": true}, keep-alive, then waits at most S seconds
                                (default 1) for the next request on the connection; when none
                                began, it reads and ignores whatever arrives for W more seconds
                                (default 0) and closes (FIN): a server whose keep-alive timeout
                                is S, and whose close crosses a request on the wire for W seconds
                                (that request is never answered, and counted as received only
                                with crossing=count, once its head arrived); with
                                keep_alive=force the connection stays open even when the request
                                asked for Connection: close; with announce=1 the answer says
                                "Keep-Alive: timeout=S" (S rounded up to whole seconds, as the
                                field counts them; pass whole seconds to announce the truth)
    /stall-headers?seconds=S    reads the request, waits S seconds (default 5), then
                                200 {"stalled": S}
    /stall-body?size=N&send=M&seconds=S
                                Content-Length: N, M pattern bytes, waits S seconds, the rest
                                (defaults 1000, 100, 5)
    /drip?size=N&interval=T     Content-Length: N, then one pattern byte every T seconds
                                (defaults 10 and 0.5)
    /ranged?key=K&size=N&drop_first=M&stall_first=M&change_after=A&ranges=ignore
                                a resource of N bytes (default 1000) with a strong ETag and
                                Accept-Ranges: bytes, numbered per key: version 1 ("v1", the
                                pattern) until request A of the key (default never), then
                                version 2 ("v2", the pattern shifted by one byte). A request
                                with "Range: bytes=S-" (and no If-Range, or one naming the
                                current ETag) gets 206 with bytes S... and Content-Range, or
                                416 with "Content-Range: bytes */N" when S >= N; anything else
                                (or ranges=ignore) gets 200 and the whole body. The key's first
                                request sends only M body bytes, then FIN (drop_first) or
                                nothing more until the client closes, at most 60 s
                                (stall_first); default: all
    /ranged-log?key=K           {"requests": [{"range", "if_range", "accept_encoding",
                                "status"}, ...]}: what /ranged got for the key, in order
    /content-length/conflicting two lines "Content-Length: 5" and "Content-Length: 10",
                                10 pattern bytes, Connection: close, FIN
    /content-length/duplicate-same
                                two lines "Content-Length: 10", 10 pattern bytes (keep-alive)
    /content-length/list        one line "Content-Length: 5, 10", 10 pattern bytes,
                                Connection: close, FIN
    /content-length/too-short   "Content-Length: 5" but 10 pattern bytes, Connection: close, FIN
    /invalid-json               200 application/json {"id": 4   (cut short; correct length)
    /invalid-utf8               200 text/plain; charset=utf-8, body b"caf\\xc3 \\xff\\xfe"
    /invalid-utf8-json          200 application/json b'{"name": "\\xff\\xfe"}'
    /redirect/chain?n=N&to=PATH 302 Location: /redirect/chain?n=<N-1>&to=PATH while N > 0;
                                N = 0 is 302 Location: PATH. So n=N takes N+1 redirects to
                                reach PATH (default n=3, to=/ok)
    /redirect/loop              302 Location: /redirect/loop-b
    /redirect/loop-b            302 Location: /redirect/loop
    /redirect/cross-host?status=S&to=PATH
                                S (3xx, default 307) with Location: http://<other host>:<port>PATH
                                where the other host is 127.0.0.2 for a request that arrived on
                                127.0.0.1 and 127.0.0.1 otherwise (default to=/ok)
    /redirect/file              302 Location: file:///etc/passwd
    /retry-after?key=K&fail=F&status=S&after=V
                                the first F (default 1) requests for K answer S (default 503)
                                with {"attempt": i} and, when after= is given, Retry-After: V:
                                "date+S" is an IMF-fixdate at least S seconds in the future
                                (rounded up to a whole second), "date-S" one S seconds in the
                                past, anything else verbatim; later requests 200
                                {"attempt": i, "ok": true}. i counts from 1.
    /flaky-connection?key=K&fail=F
                                the first F (default 1) requests for K are read completely and
                                the connection FIN-closed unanswered; then 200 {"ok": true}
    /gzip-bomb?size=N           200 Content-Encoding: gzip, application/octet-stream: one gzip
                                member (with Content-Length) that inflates to N zero bytes
                                (default 1 GiB; about 1 KB per MiB on the wire). Built once per
                                size and kept in memory.
    /gzip?size=N&damage=D       200 Content-Encoding: gzip of N pattern bytes (default 1000),
                                framed by Content-Length; with D: cut (the first half of the
                                stream), crc (a wrong CRC32 in its trailer), plain (the bytes
                                uncompressed) or members (two members, of the first and the
                                second half of the bytes)
    /encoded?codings=C&size=N   200 Content-Encoding: C (verbatim, one field): N pattern bytes
                                (default 1000) with each coding of the comma-separated list C
                                applied in order: gzip, deflate (zlib format), identity (none),
                                or any other name (x-unknown), which XORs every byte with 0x5A.
                                At most 16 codings.
    /header-flood?count=C&size=S
                                200 with C headers "X-Flood-<i>: <S times a>" (defaults 10000
                                and 100; at most 64 MiB of headers), body {}
    /big-header?size=N          200 application/json {} with one header "X-Big: <N times a>"
                                (default 200000), Connection: close, FIN
    /obs-text-header            200 application/json {} with "X-Latin1: caf\\xe9 cr\\xe8me" (raw
                                Latin-1 obs-text bytes, legal in a field value); keep-alive
    /status-line?form=F         a status line of form F, then "Content-Length: 10", Connection:
                                close, 10 pattern bytes and FIN: no-reason ("HTTP/1.1 200", no
                                reason phrase and no space after the code), empty-reason
                                ("HTTP/1.1 200 "), lowercase-version ("Http/1.1 200 OK": not
                                HTTP/1.1, whose name is case-sensitive) or code-999
                                ("HTTP/1.1 999 Whatever": outside 100-599)
    /bodiless-length?status=S   S (204 or 304, default 204) with "Content-Length: 1000" and no
                                body, as those statuses have none (RFC 9112 §6.3); keep-alive
    /repeated-header            200 application/json {} with two fields "X-Test: one" and
                                "X-Test: two"; keep-alive
    /not-http                   no HTTP at all: "SSH-2.0-OpenSSH_9.2p1 Debian-2\\r\\n" and 22
                                bytes of binary junk (see NOT_HTTP), then FIN
    /close-delimited?size=N&end=fin|reset
                                200 application/octet-stream with neither Content-Length nor
                                Transfer-Encoding: N pattern bytes (default 10000), whose end
                                only the connection's end shows (RFC 9112 §6.3, rule 8): FIN
                                (end=fin, the default) or, after them, RST (end=reset)
    /chunked/ok?size=N          200 Transfer-Encoding: chunked, N pattern bytes (default 1000)
                                in chunks of at most 4096 bytes, then 0\\r\\n\\r\\n; keep-alive
    /chunked/trailer?size=N     200 Transfer-Encoding: chunked and "Trailer: X-Checksum", N
                                pattern bytes (default 1000) in chunks of at most 4096 bytes,
                                then the last chunk with the trailer field "X-Checksum: <sha256 of
                                the body>" (RFC 9112 §7.1.2); keep-alive
    /chunked/lf-only?size=N     200 Transfer-Encoding: chunked (status line and headers end in
                                CRLF), Connection: close; N pattern bytes (default 1000) in two
                                chunks (ceil(N/2) and the rest) whose size lines and data end in
                                a bare LF, then 0\\n\\n, then FIN
    /chunked/truncated?size=N&send=M
                                200 Transfer-Encoding: chunked; N pattern bytes (default 1000)
                                laid out as chunks of ceil(N/4), of which only the first M data
                                bytes go out (default: the first two chunks, each with its
                                CRLF; an M inside a chunk cuts it after its size line promised
                                more), then FIN without the last chunk (0\\r\\n\\r\\n)
    /chunked/bad-size           200 Transfer-Encoding: chunked; the chunk-size line "zz\\r\\n",
                                10 pattern bytes, \\r\\n0\\r\\n\\r\\n, then FIN
    /sse/events?count=N&interval=T&retry=MS
                                200 text/event-stream, chunked, Connection: close: a comment
                                line, "retry: MS" when given, then N events (default 3), one
                                every T seconds (default 0): "id: i", "event: tick", and
                                data {"n": i, "last_event_id": L} split over two data lines,
                                where L is the request's Last-Event-ID ("" without one) and i
                                counts on from L when it is a number (else from 1); then FIN
    /sse/stall?count=N&seconds=S
                                like /sse/events (N default 1), then nothing for S seconds
                                (default 10), then the last chunk and FIN
    /sse/open?count=N           like /sse/events (N default 1), then the connection left open:
                                no last chunk and no FIN until the client goes away (or
                                IDLE_TIMEOUT seconds pass)
    /sse/reset-mid-event?count=N
                                like /sse/events (N default 1), then half an event ('data:
                                {"n": ' without its line end), then RST
    /sse/cr?count=N             like /sse/events (N default 3), every line ended by a bare CR
    /sse/endless?interval=T     like /sse/events, without end: an event every T seconds
                                (default 0.01) until the client goes away
    /sse/content-type?type=T&count=N
                                like /sse/events (N default 3), with "Content-Type: T" verbatim
                                instead of text/event-stream; no Content-Type without T (or
                                with an empty one)
    /sse/request                200 text/event-stream, one event whose data is the request's
                                {"accept": A, "cache_control": C} (null for a field not sent),
                                then FIN
    /sse/reconnect?key=K        per K, by connection: 1st "retry: 50", events 1 and 2, FIN;
                                2nd event 3, then half an event (with "id: 99") and RST; 3rd 503 {"code": 503};
                                4th event 4, FIN; 5th and later 204. Events as /sse/events
                                (their data shows the Last-Event-ID each connection sent)
    /delay?seconds=S            waits S seconds (default 1), then 200 {"token": "<uuid4 hex>"},
                                a fresh token for every response
    /download?size=N&rate=R     200 application/octet-stream, N pattern bytes (default 1 MiB,
                                at most 4 GiB), written in 64 KiB pieces; with R, at most R
                                bytes a second (default 0: as fast as the client reads)
    /upload-sink                reads the body (Content-Length or chunked) in 64 KiB pieces;
                                200 {"size": n, "sha256": hex}
    /echo-stream?first=N        200 Transfer-Encoding: chunked right after the request head, then
                                each piece of the body as it arrives, written back at once as a
                                chunk, so request and response interleave; keep-alive; with N
                                (at most 65536), a chunk of N pattern bytes goes out first, before
                                any of the body is read
    /early-answer?status=S      answers S (default 200) {"early": true} (keep-alive framing) right
                                after the request head, before reading any of the body; then
                                reads the body (counted as complete if it all arrives) and closes (FIN)
    /auth/token?key=K&delay=S   waits S seconds (default 0), then starts generation g+1 of K's
                                token: 200 {"access_token": "tok-K-g", "token_type": "Bearer",
                                "expires_in": 3600}
    /auth/resource?key=K        200 {"ok": true, "token": T} when "Authorization: Bearer T"
                                carries K's current token; else 401 with
                                WWW-Authenticate: Bearer error="invalid_token" and
                                {"error": "invalid_token"}
    /auth/rotate?key=K          no token of K is valid until the next /auth/token; 200 {}
    /auth/stats?key=K           200 {"refreshes", "accepted", "rejected", "generation"}
    /echo                       200 {"method", "target", "host", "headers": [[name, value], ...],
                                "body_length"}
    /cookies/set                200 {"cookies": [Cookie values received]}, with four Set-Cookie
                                fields: "session=abc123; Path=/; HttpOnly", "theme=dark;
                                Path=/cookies; Expires=Wed, 21 Oct 2037 07:28:00 GMT" (a comma
                                inside), "secure=no; Path=/; Secure" (which no client may keep
                                from plain HTTP) and "foreign=1; Path=/; Domain=example.com"
                                (another domain's, which no client may keep)
    /cookies/echo               200 {"cookies": [every Cookie field value received, in order]}
    /cookies/clear              200 {"cookies": [...]}, with "Set-Cookie: session=; Path=/;
                                Max-Age=0", which deletes the session cookie
    /cookies/login              302 Location: /cookies/home, with "Set-Cookie: login=ok42;
                                Path=/cookies/home; HttpOnly" (a cookie for the redirect's
                                target only, not for /cookies/login itself)
    /cookies/home               200 {"cookies": [every Cookie field value received, in order]}
    /cache?cc=V&etag=T&last_modified=D&vary=NAME
                                an origin for HTTP caches: 200 {"token": <fresh random hex>,
                                "varied": <the request's NAME field or null>} with Date (now),
                                Cache-Control: V, ETag: "T", Last-Modified: D and Vary: NAME,
                                each only when given; 304 with Date, Cache-Control and ETag (no
                                body) when If-None-Match lists "T" (or W/"T", or *), or, without
                                If-None-Match, when If-Modified-Since equals D; unquoted_etag=T
                                instead of etag sends ETag: T without quotes, as some servers do,
                                and answers 304 when If-None-Match is exactly T; etag_every=N
                                instead of etag sends ETag: "rK", where K is how many requests
                                to /cache with this X-Count-Key came before, divided by N (a
                                representation that changes every N requests); any method other
                                than GET and HEAD gets 200 {"method": M} (an unsafe request that
                                succeeds, for invalidation)
    /counts/<key>               200 {"received", "complete", "requests": [{"method", "target",
                                "host", "headers", "body_length", "connection"}, ...]} for the
                                requests that carried X-Count-Key: <key> (never counting /counts
                                itself); "connection" numbers the connection it came on (1, 2, ...
                                in the order the server accepted them)
    anything else               404 {"message": "not found"}

Counting: a request with X-Count-Key: K counts as received once its headers are parsed
and as complete once its body was read completely (body_length is null until then).
Every route but /early-answer and /echo-stream reads the request body completely before it
answers or breaks anything, streaming it (never held in memory); "Expect: 100-continue" gets
a 100 Continue first. Those two answer first, and send no 100 Continue after their answer.

Connections are persistent (HTTP/1.1 keep-alive) unless the request says
"Connection: close" (or is HTTP/1.0 without keep-alive); then the answer carries
Connection: close and the server closes. A FIN close shuts down writing and drains what
the client still sends (up to 1 s), so it never turns into a RST by accident. Waits
(stalls, drips, delays) poll the socket every 50 ms and give up when the client has
gone. HEAD gets the headers of the ordinary routes without the body.

Nothing is logged per request; unexpected errors go to stderr. SIGTERM stops the server.
"""

import argparse
import email.utils
import errno
import fcntl
import hashlib
import itertools
import json
import math
import os
import select
import selectors
import signal
import socket
import struct
import sys
import termios
import threading
import time
import traceback
import uuid
import zlib
from email.utils import formatdate
from http import HTTPStatus
from urllib.parse import quote, unquote

HOSTS = ("127.0.0.1", "127.0.0.2")
CHUNK = 64 * 1024
MIB = 1024 * 1024
MAX_BYTES = 64 * MIB
MAX_DOWNLOAD = 4 * 1024 * MIB
MAX_SECONDS = 30.0
MAX_LINE = 64 * 1024
MAX_HEADER_BYTES = 1024 * 1024
IDLE_TIMEOUT = 300
POLL_INTERVAL = 0.05
COUNT_HEADER = "x-count-key"
JSON_BODY = b'{"id": 42, "name": "Ada"}'
# What an SSH server says first: a version line, then the start of a binary KEXINIT packet.
NOT_HTTP = (b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n"
            b"\x00\x00\x05\xdc\x07\x14\x9e\x1b\xf3\x00\xc2"
            b"\x7f\x80\xff\x01\xfe\x00\x00\x01\x0d\x63\x75")
PATTERN_PERIOD = 251
# PATTERN[j] == j % 251; a slice starting at offset % 251 continues the pattern at offset.
PATTERN = bytes(i % PATTERN_PERIOD for i in range(CHUNK + PATTERN_PERIOD))


def pattern(offset, count):
    """count pattern bytes (count <= CHUNK) of the stream, starting at offset."""
    start = offset % PATTERN_PERIOD
    return PATTERN[start:start + count]


def iter_pattern(count, offset=0):
    """The pattern bytes offset..<offset+count, in pieces of at most CHUNK bytes."""
    end = offset + count
    while offset < end:
        n = min(CHUNK, end - offset)
        yield pattern(offset, n)
        offset += n


class BadRequest(Exception):
    """The request cannot be parsed; answered with 400 (or 431) and the connection closed."""

    def __init__(self, message, status=400):
        super().__init__(message)
        self.status = status


class ClientGone(Exception):
    """The client disconnected (EOF or reset) while the server was reading or waiting."""


# ---- shared state ------------------------------------------------------------------------


class Counters:
    """Per X-Count-Key records of received and completed requests."""

    def __init__(self):
        self._lock = threading.Lock()
        self._keys = {}

    def received(self, key, request, connection):
        record = {
            "method": request.method,
            "target": request.target,
            "host": request.header("host"),
            "headers": [[name, value] for name, value in request.headers],
            "body_length": None,
            "connection": connection,
        }
        with self._lock:
            entry = self._keys.setdefault(key, {"received": 0, "complete": 0, "requests": []})
            entry["received"] += 1
            entry["requests"].append(record)
        return record

    def complete(self, key, record, body_length):
        with self._lock:
            self._keys[key]["complete"] += 1
            record["body_length"] = body_length

    def snapshot(self, key):
        with self._lock:
            entry = self._keys.get(key, {"received": 0, "complete": 0, "requests": []})
            return json.loads(json.dumps(entry))


class Attempts:
    """Per (route, key) attempt numbers for /retry-after, /flaky-connection, /ranged,
    /sse/reconnect and /cache?etag_every."""

    def __init__(self):
        self._lock = threading.Lock()
        self._counts = {}

    def next(self, route, key):
        with self._lock:
            n = self._counts.get((route, key), 0) + 1
            self._counts[(route, key)] = n
            return n


class AuthState:
    """Rotating bearer tokens per key."""

    def __init__(self):
        self._lock = threading.Lock()
        self._keys = {}

    def _entry(self, key):
        return self._keys.setdefault(
            key, {"generation": 0, "valid": False, "refreshes": 0, "accepted": 0, "rejected": 0}
        )

    def refresh(self, key):
        with self._lock:
            entry = self._entry(key)
            entry["generation"] += 1
            entry["valid"] = True
            entry["refreshes"] += 1
            return "tok-%s-%d" % (key, entry["generation"])

    def check(self, key, token):
        with self._lock:
            entry = self._entry(key)
            ok = (
                entry["valid"]
                and entry["generation"] >= 1
                and token == "tok-%s-%d" % (key, entry["generation"])
            )
            entry["accepted" if ok else "rejected"] += 1
            return ok

    def rotate(self, key):
        with self._lock:
            self._entry(key)["valid"] = False

    def stats(self, key):
        with self._lock:
            entry = self._entry(key)
            return {
                "refreshes": entry["refreshes"],
                "accepted": entry["accepted"],
                "rejected": entry["rejected"],
                "generation": entry["generation"],
            }


class GzipBombs:
    """Gzip members that inflate to N zero bytes, built once per size."""

    def __init__(self):
        self._lock = threading.Lock()
        self._cache = {}
        self._steady = None

    def get(self, size):
        with self._lock:
            bomb = self._cache.get(size)
            if bomb is None:
                bomb = self._build(size)
                self._cache[size] = bomb
            return bomb

    def _build(self, size):
        # One honest zlib stream (level 9, gzip wrapper) compresses the first MiB of zeros;
        # each Z_SYNC_FLUSH ends byte-aligned. From the second MiB on, the window holds only
        # zeros, so every further MiB compresses to the same bytes: repeat them instead of
        # compressing 1024 MiB per GiB again (~0.3 s instead of ~5 s per GiB). A separate
        # raw deflate stream (whose last block is final) carries the remainder, then the
        # gzip trailer (CRC-32 and size mod 2**32) follows. One valid gzip member.
        zeros = bytes(MIB)
        if self._steady is None:
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            first = compressor.compress(zeros) + compressor.flush(zlib.Z_SYNC_FLUSH)
            second = compressor.compress(zeros) + compressor.flush(zlib.Z_SYNC_FLUSH)
            third = compressor.compress(zeros) + compressor.flush(zlib.Z_SYNC_FLUSH)
            if second != third:
                raise RuntimeError("zlib output for zeros did not settle")
            self._steady = (first, second)
        first, steady = self._steady
        whole, rest = divmod(size, MIB)
        parts = [first[:10]]  # the 10-byte gzip header written by zlib
        if whole:
            parts = [first]
            parts.append(steady * (whole - 1))
        tail = zlib.compressobj(9, zlib.DEFLATED, -15)
        parts.append(tail.compress(bytes(rest)) + tail.flush())
        crc = 0
        for _ in range(whole):
            crc = zlib.crc32(zeros, crc)
        crc = zlib.crc32(bytes(rest), crc)
        parts.append(struct.pack("<II", crc, size & 0xFFFFFFFF))
        return b"".join(parts)


COUNTERS = Counters()
ATTEMPTS = Attempts()
AUTH = AuthState()
BOMBS = GzipBombs()


# ---- parameters --------------------------------------------------------------------------


def parse_query(query):
    """Query pairs, percent-decoded without turning "+" into a space; the first of a name wins."""
    params = {}
    for pair in query.split("&"):
        if not pair:
            continue
        name, _, value = pair.partition("=")
        params.setdefault(unquote(name), unquote(value))
    return params


def int_param(params, name, default, maximum, minimum=0):
    text = params.get(name)
    if text is None or text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        raise BadRequest("invalid %s: %r" % (name, text))
    return max(minimum, min(value, maximum))


def seconds_param(params, name, default):
    text = params.get(name)
    if text is None or text == "":
        return default
    try:
        value = float(text)
    except ValueError:
        raise BadRequest("invalid %s: %r" % (name, text))
    if value != value:  # NaN
        return 0.0
    return max(0.0, min(value, MAX_SECONDS))


def number(value):
    """A float that is a whole number as an int, for JSON."""
    return int(value) if value == int(value) else value


def retry_after_value(text):
    """date+S / date-S as an IMF-fixdate, anything else verbatim."""
    for prefix, sign in (("date+", 1), ("date-", -1)):
        if text.startswith(prefix):
            try:
                seconds = float(text[len(prefix):])
            except ValueError:
                break
            if sign > 0:
                when = math.ceil(time.time() + seconds)
            else:
                when = math.floor(time.time() - seconds)
            return formatdate(when, usegmt=True)
    return text


# ---- requests ----------------------------------------------------------------------------


class Request:
    def __init__(self, method, target, version, headers):
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers  # [(name, value)] exactly as received (values trimmed)
        path, _, query = target.partition("?")
        if "://" in path:  # absolute-form: keep only the path
            path = "/" + path.split("://", 1)[1].partition("/")[2]
        self.path = path
        self.params = parse_query(query)
        self.body_length = None
        self.count_record = None
        self.count_key = None

    def header(self, name):
        name = name.lower()
        for key, value in self.headers:
            if key.lower() == name:
                return value
        return None

    def header_all(self, name):
        name = name.lower()
        return [value for key, value in self.headers if key.lower() == name]

    def wants_close(self):
        tokens = set()
        for value in self.header_all("connection"):
            tokens.update(t.strip().lower() for t in value.split(","))
        if "close" in tokens:
            return True
        return self.version == "HTTP/1.0" and "keep-alive" not in tokens

    def is_chunked(self):
        encodings = ",".join(self.header_all("transfer-encoding")).lower()
        return "chunked" in encodings

    def content_length(self):
        values = self.header_all("content-length")
        if not values:
            return 0
        parts = {part.strip() for value in values for part in value.split(",")}
        if len(parts) != 1:
            raise BadRequest("conflicting Content-Length: %r" % values)
        text = parts.pop()
        if not text.isdigit():
            raise BadRequest("invalid Content-Length: %r" % text)
        return int(text)


def head_bytes(status, fields):
    """The status line and header section of a response."""
    try:
        reason = HTTPStatus(status).phrase
    except ValueError:
        reason = "Status %d" % status
    lines = ["HTTP/1.1 %d %s" % (status, reason)]
    lines.extend("%s: %s" % (name, value) for name, value in fields)
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class Connection:
    """One client connection: a buffered reader, response writers and the ways to end it."""

    _numbers = itertools.count(1)
    _numbers_lock = threading.Lock()

    def __init__(self, sock, local_host, port):
        with Connection._numbers_lock:
            self.number = next(Connection._numbers)
        self.sock = sock
        self.local_host = local_host
        self.port = port
        self.buffer = bytearray()
        self.served = 0
        self.closed = False

    # ---- reading ----

    def fill(self):
        """Reads more bytes into the buffer; False at EOF."""
        data = self.sock.recv(CHUNK)
        if not data:
            return False
        self.buffer += data
        return True

    def read_line(self, limit=MAX_LINE):
        """One line including its LF, or None at EOF before any byte of it."""
        while True:
            index = self.buffer.find(b"\n")
            if index >= 0:
                line = bytes(self.buffer[:index + 1])
                del self.buffer[:index + 1]
                return line
            if len(self.buffer) > limit:
                raise BadRequest("line too long", 431)
            if not self.fill():
                if self.buffer:
                    raise ClientGone()
                return None

    def read_some(self, limit):
        if not self.buffer and not self.fill():
            raise ClientGone()
        data = bytes(self.buffer[:limit])
        del self.buffer[:limit]
        return data

    def read_request(self):
        """The next request's line and headers; None when the client closed between requests."""
        line = self.read_line()
        while line in (b"\r\n", b"\n"):  # tolerate empty lines before a request
            line = self.read_line()
        if line is None:
            return None
        parts = line.decode("latin-1").strip().split()
        if len(parts) != 3 or not parts[2].startswith("HTTP/"):
            raise BadRequest("malformed request line: %r" % line[:200])
        method, target, version = parts
        headers = []
        total = 0
        while True:
            line = self.read_line()
            if line is None:
                raise ClientGone()
            total += len(line)
            if total > MAX_HEADER_BYTES:
                raise BadRequest("header section too large", 431)
            if line in (b"\r\n", b"\n"):
                break
            text = line.decode("latin-1").rstrip("\r\n")
            name, colon, value = text.partition(":")
            if not colon or not name or name != name.strip():
                raise BadRequest("malformed header line: %r" % line[:200])
            headers.append((name, value.strip(" \t")))
        return Request(method, target, version, headers)

    def iter_body(self, request, answered=False):
        """The request body in pieces of at most CHUNK bytes; answered: the final head is already
        sent, so no 100 Continue may go out any more."""
        chunked = request.is_chunked()
        length = None if chunked else request.content_length()
        expects = "100-continue" in (request.header("expect") or "").lower()
        if (chunked or length) and expects and not answered:
            self.sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        if not chunked:
            yield from self.iter_exactly(length)
            return
        while True:
            line = self.read_line()
            if line is None:
                raise ClientGone()
            size_text = line.split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise BadRequest("invalid chunk size %r" % size_text[:40])
            if size == 0:
                while True:  # trailer section
                    trailer = self.read_line()
                    if trailer is None:
                        raise ClientGone()
                    if trailer in (b"\r\n", b"\n"):
                        return
            yield from self.iter_exactly(size)
            if self.read_line() not in (b"\r\n", b"\n"):
                raise BadRequest("missing CRLF after chunk")

    def iter_exactly(self, length):
        remaining = length
        while remaining > 0:
            data = self.read_some(min(remaining, CHUNK))
            remaining -= len(data)
            yield data

    def read_body(self, request, digest=None, answered=False):
        """Reads (and discards) the whole body, records it as complete, returns its length;
        answered as iter_body takes it."""
        size = 0
        for piece in self.iter_body(request, answered):
            size += len(piece)
            if digest is not None:
                digest.update(piece)
        request.body_length = size
        if request.count_record is not None:
            COUNTERS.complete(request.count_key, request.count_record, size)
        return size

    # ---- waiting ----

    def client_gone(self):
        try:
            data = self.sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return False
        except OSError:
            return True
        return not data

    def wait(self, seconds):
        """Sleeps up to seconds; False (early) when the client disconnected."""
        deadline = time.monotonic() + seconds
        poller = select.poll()
        poller.register(self.sock.fileno(), select.POLLIN | select.POLLERR | select.POLLHUP)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return True
            step = min(remaining, POLL_INTERVAL)
            if poller.poll(step * 1000):
                if self.client_gone():
                    return False
                time.sleep(step)  # readable but not EOF: a pipelined request waits its turn

    def wait_or_raise(self, seconds):
        if not self.wait(seconds):
            raise ClientGone()

    # ---- writing ----

    def send_head(self, status, headers=()):
        self.sock.sendall(head_bytes(status, headers))

    def send(self, request, status, body=b"", content_type=None, headers=(), close=False):
        """A complete response with Content-Length; returns whether to keep the connection."""
        close = close or request.wants_close()
        fields = []
        if content_type is not None:
            fields.append(("Content-Type", content_type))
        fields.extend(headers)
        bodiless = status in (204, 304) or 100 <= status < 200
        if not bodiless:
            fields.append(("Content-Length", str(len(body))))
        if close:
            fields.append(("Connection", "close"))
        if request.method == "HEAD" or bodiless:
            self.send_head(status, fields)
        else:
            self.sock.sendall(head_bytes(status, fields) + body)
        return not close

    def send_json(self, request, status, obj, headers=(), close=False):
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        return self.send(request, status, body, "application/json", headers, close)

    def send_stream(self, request, status, length, pieces, content_type="application/octet-stream",
                    headers=()):
        """A response of length bytes written piece by piece (never held in memory)."""
        close = request.wants_close()
        fields = [("Content-Type", content_type), ("Content-Length", str(length))]
        fields.extend(headers)
        if close:
            fields.append(("Connection", "close"))
        self.send_head(status, fields)
        if request.method != "HEAD":
            for piece in pieces:
                self.sock.sendall(piece)
        return not close

    # ---- ending ----

    def close_fin(self):
        """Orderly close: FIN after everything sent, then drain so close() sends no RST."""
        if self.closed:
            return
        self.closed = True
        try:
            self.sock.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + 1.0
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self.sock.settimeout(remaining)
                if not self.sock.recv(CHUNK):
                    break
        except OSError:
            pass
        finally:
            self.sock.close()

    def close_rst(self):
        """Abortive close: RST once the client has acknowledged what was sent (up to 5 s)."""
        if self.closed:
            return
        self.closed = True
        try:
            deadline = time.monotonic() + 5.0
            while time.monotonic() < deadline:
                unsent = fcntl.ioctl(self.sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0")
                if struct.unpack("i", unsent)[0] == 0:
                    break
                time.sleep(0.005)
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        finally:
            self.sock.close()

    def close_quietly(self):
        if not self.closed:
            self.closed = True
            self.sock.close()


# ---- routes ------------------------------------------------------------------------------
# Each route gets (conn, request) after the request line and headers; it reads the body
# itself (conn.read_body) and returns KEEP, FIN or RST: how the connection goes on.

KEEP, FIN, RST = "keep", "fin", "rst"


def keep_or_fin(keep):
    return KEEP if keep else FIN


def route_ok(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 16, MAX_BYTES)
    return keep_or_fin(conn.send_stream(req, 200, size, iter_pattern(size)))


def route_json(conn, req):
    conn.read_body(req)
    return keep_or_fin(conn.send(req, 200, JSON_BODY, "application/json"))


def route_status(conn, req):
    conn.read_body(req)
    try:
        code = int(req.path[len("/status/"):])
    except ValueError:
        code = 0
    if not 200 <= code <= 599:
        return keep_or_fin(conn.send_json(req, 400, {"message": "status must be 200...599"}))
    headers = []
    if "retry_after" in req.params:
        headers.append(("Retry-After", req.params["retry_after"]))
    framing = req.params.get("body", "")
    if framing == "empty":
        return keep_or_fin(conn.send(req, code, b"", None, headers))
    if framing == "chunked":
        body = json.dumps({"code": code}).encode("utf-8")
        close = req.wants_close()
        fields = [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")] + headers
        if close:
            fields.append(("Connection", "close"))
        chunks = b"" if req.method == "HEAD" else b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
        conn.sock.sendall(head_bytes(code, fields) + chunks)
        return keep_or_fin(not close)
    return keep_or_fin(conn.send_json(req, code, {"code": code}, headers))


def sized_fault(req, default_send, allow_full):
    size = int_param(req.params, "size", 1000, MAX_BYTES)
    limit = size if allow_full else max(size - 1, 0)
    send = int_param(req.params, "send", min(default_send, limit), limit)
    return size, send


def send_partial(conn, size, send):
    conn.send_head(200, [("Content-Type", "application/octet-stream"),
                         ("Content-Length", str(size))])
    for piece in iter_pattern(send):
        conn.sock.sendall(piece)


def route_close_delimited(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 10000, MAX_BYTES)
    end = req.params.get("end", "fin")
    if end not in ("fin", "reset"):
        return keep_or_fin(conn.send_json(req, 400, {"message": "end must be fin or reset"}))
    conn.send_head(200, [("Content-Type", "application/octet-stream"), ("Connection", "close")])
    for piece in iter_pattern(size):
        conn.sock.sendall(piece)
    return RST if end == "reset" else FIN


def route_truncate(conn, req):
    conn.read_body(req)
    size, send = sized_fault(req, 100, allow_full=False)
    send_partial(conn, size, send)
    return FIN


def route_reset(conn, req):
    conn.read_body(req)
    size, send = sized_fault(req, 100, allow_full=True)
    send_partial(conn, size, send)
    return RST


def route_reset_before_headers(conn, req):
    conn.read_body(req)
    return RST


def route_drop(conn, req):
    conn.read_body(req)
    return FIN


def route_drop_on_reuse(conn, req):
    conn.read_body(req)
    if conn.served > 0:
        return FIN
    keep_alive = req.params.get("keep_alive")
    if keep_alive in ("force", "folded"):
        # Like a server (or proxy) that ignores the request's Connection: close; "folded" also
        # answers with an obsolete line folding of "Connection: close" (RFC 9112 5.2), which
        # libcurl does not join (so it keeps the connection) and FoundationNetworking does.
        body = json.dumps({"first": True}).encode("utf-8")
        head = head_bytes(200, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        if keep_alive == "folded":
            head = head[:-2] + b"Connection:\r\n close\r\n\r\n"
        conn.sock.sendall(head + body)
        return KEEP
    return keep_or_fin(conn.send_json(req, 200, {"first": True}))


def route_keep_alive_timeout(conn, req):
    conn.read_body(req)
    seconds = seconds_param(req.params, "seconds", 1.0)
    linger = seconds_param(req.params, "linger", 0.0)
    announced = []
    if req.params.get("announce") == "1":
        announced.append(("Keep-Alive", "timeout=%d" % math.ceil(seconds)))
    if req.params.get("keep_alive") == "force":
        # Like a server that ignores the request's Connection: close.
        body = json.dumps({"ok": True}).encode("utf-8")
        conn.sock.sendall(head_bytes(200, [("Content-Type", "application/json"),
                                           ("Content-Length", str(len(body)))] + announced) + body)
    elif not conn.send_json(req, 200, {"ok": True}, announced):
        return FIN
    if conn.buffer or select.select([conn.sock], [], [], seconds)[0]:
        return KEEP  # the next request began in time (or the client left; the loop sees EOF)
    # The server decided to close; until the FIN goes out, a request may still cross it.
    counts_crossing = req.params.get("crossing") == "count"
    deadline = time.monotonic() + linger
    while (remaining := deadline - time.monotonic()) > 0:
        if not select.select([conn.sock], [], [], remaining)[0]:
            continue
        if not conn.fill():
            return None
        if counts_crossing and b"\r\n\r\n" in conn.buffer:
            count_crossing_request(conn)
            counts_crossing = False
    return FIN


def count_crossing_request(conn):
    """Counts the request whose head crossed the close as received; it is never answered."""
    try:
        crossing = conn.read_request()
    except BadRequest:
        return
    key = crossing.header(COUNT_HEADER) if crossing is not None else None
    if key is not None:
        COUNTERS.received(key, crossing, conn.number)
    conn.buffer.clear()


def route_stall_headers(conn, req):
    conn.read_body(req)
    seconds = seconds_param(req.params, "seconds", 5.0)
    conn.wait_or_raise(seconds)
    return keep_or_fin(conn.send_json(req, 200, {"stalled": number(seconds)}))


def route_stall_body(conn, req):
    conn.read_body(req)
    size, send = sized_fault(req, 100, allow_full=True)
    seconds = seconds_param(req.params, "seconds", 5.0)
    close = req.wants_close()
    fields = [("Content-Type", "application/octet-stream"), ("Content-Length", str(size))]
    if close:
        fields.append(("Connection", "close"))
    conn.send_head(200, fields)
    for piece in iter_pattern(send):
        conn.sock.sendall(piece)
    conn.wait_or_raise(seconds)
    for piece in iter_pattern(size - send, send):
        conn.sock.sendall(piece)
    return keep_or_fin(not close)


def route_drip(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 10, MAX_BYTES)
    interval = seconds_param(req.params, "interval", 0.5)
    close = req.wants_close()
    fields = [("Content-Type", "application/octet-stream"), ("Content-Length", str(size))]
    if close:
        fields.append(("Connection", "close"))
    conn.send_head(200, fields)
    for offset in range(size):
        conn.wait_or_raise(interval)
        conn.sock.sendall(pattern(offset, 1))
    return keep_or_fin(not close)


def framing_fault(lengths, count, close=True):
    def route(conn, req):
        conn.read_body(req)
        fields = [("Content-Type", "application/octet-stream")]
        fields.extend(("Content-Length", value) for value in lengths)
        if close:
            fields.append(("Connection", "close"))
        conn.send_head(200, fields)
        conn.sock.sendall(pattern(0, count))
        return FIN if close else keep_or_fin(not req.wants_close())
    return route


def fixed(status, body, content_type):
    def route(conn, req):
        conn.read_body(req)
        return keep_or_fin(conn.send(req, status, body, content_type))
    return route


def redirect(conn, req, status, location):
    return keep_or_fin(conn.send(req, status, headers=[("Location", location)]))


def route_redirect_chain(conn, req):
    conn.read_body(req)
    n = int_param(req.params, "n", 3, 1000)
    to = req.params.get("to") or "/ok"
    if n > 0:
        return redirect(conn, req, 302, "/redirect/chain?n=%d&to=%s" % (n - 1, quote(to, safe="/")))
    return redirect(conn, req, 302, to)


def route_redirect_loop(conn, req):
    conn.read_body(req)
    return redirect(conn, req, 302, "/redirect/loop-b")


def route_redirect_loop_b(conn, req):
    conn.read_body(req)
    return redirect(conn, req, 302, "/redirect/loop")


def route_redirect_cross_host(conn, req):
    conn.read_body(req)
    status = int_param(req.params, "status", 307, 10**6)
    if not 300 <= status <= 399:
        return keep_or_fin(conn.send_json(req, 400, {"message": "status must be 3xx"}))
    to = req.params.get("to") or "/ok"
    if not to.startswith("/"):
        to = "/" + to
    other = HOSTS[1] if conn.local_host == HOSTS[0] else HOSTS[0]
    return redirect(conn, req, status, "http://%s:%d%s" % (other, conn.port, to))


def route_redirect_file(conn, req):
    conn.read_body(req)
    return redirect(conn, req, 302, "file:///etc/passwd")


def route_retry_after(conn, req):
    conn.read_body(req)
    key = req.params.get("key", "")
    fail = int_param(req.params, "fail", 1, 10**9)
    status = int_param(req.params, "status", 503, 599, minimum=200)
    attempt = ATTEMPTS.next("retry-after", key)
    if attempt <= fail:
        headers = []
        if "after" in req.params:
            headers.append(("Retry-After", retry_after_value(req.params["after"])))
        return keep_or_fin(conn.send_json(req, status, {"attempt": attempt}, headers))
    return keep_or_fin(conn.send_json(req, 200, {"attempt": attempt, "ok": True}))


def route_flaky_connection(conn, req):
    conn.read_body(req)
    key = req.params.get("key", "")
    fail = int_param(req.params, "fail", 1, 10**9)
    if ATTEMPTS.next("flaky-connection", key) <= fail:
        return FIN
    return keep_or_fin(conn.send_json(req, 200, {"ok": True}))


def route_gzip_bomb(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 1024 * MIB, MAX_DOWNLOAD)
    body = BOMBS.get(size)
    return keep_or_fin(conn.send(req, 200, body, "application/octet-stream",
                                 [("Content-Encoding", "gzip")]))


def gzip_member(data):
    compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
    return compressor.compress(data) + compressor.flush()


def route_gzip(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 1000, MAX_BYTES)
    damage = req.params.get("damage", "")
    if damage not in ("", "cut", "crc", "plain", "members"):
        return keep_or_fin(conn.send_json(req, 400, {"message": "unknown damage"}))
    data = b"".join(iter_pattern(size))
    if damage == "plain":
        body = data
    elif damage == "members":
        body = gzip_member(data[:size // 2]) + gzip_member(data[size // 2:])
    else:
        body = gzip_member(data)
        if damage == "cut":
            body = body[:len(body) // 2]
        elif damage == "crc":
            crc = int.from_bytes(body[-8:-4], "little") ^ 0xFFFFFFFF
            body = body[:-8] + crc.to_bytes(4, "little") + body[-4:]
    return keep_or_fin(conn.send(req, 200, body, "application/octet-stream",
                                 [("Content-Encoding", "gzip")]))


def route_encoded(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 1000, MAX_BYTES)
    codings = req.params.get("codings", "gzip")
    body = b"".join(iter_pattern(size))
    for coding in [name.strip().lower() for name in codings.split(",")][:16]:
        if coding in ("gzip", "deflate"):
            compressor = zlib.compressobj(6, zlib.DEFLATED, 31 if coding == "gzip" else 15)
            body = compressor.compress(body) + compressor.flush()
        elif coding not in ("identity", ""):
            body = bytes(byte ^ 0x5A for byte in body)
    return keep_or_fin(conn.send(req, 200, body, "application/octet-stream",
                                 [("Content-Encoding", codings)]))


def route_header_flood(conn, req):
    conn.read_body(req)
    count = int_param(req.params, "count", 10000, 10**6)
    size = int_param(req.params, "size", 100, MAX_BYTES)
    per_line = size + len("X-Flood-1000000: \r\n")
    count = min(count, MAX_BYTES // per_line)
    value = "a" * size
    close = req.wants_close()
    head = bytearray(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n")
    if close:
        head += b"Connection: close\r\n"
    for i in range(count):
        head += ("X-Flood-%d: %s\r\n" % (i, value)).encode("ascii")
        if len(head) >= CHUNK:
            conn.sock.sendall(head)
            head = bytearray()
    head += b"\r\n"
    if req.method != "HEAD":
        head += b"{}"
    conn.sock.sendall(head)
    return keep_or_fin(not close)


def route_big_header(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 200000, MAX_BYTES)
    return keep_or_fin(conn.send(req, 200, b"{}", "application/json", [("X-Big", "a" * size)],
                                 close=True))


def route_obs_text_header(conn, req):
    conn.read_body(req)
    # head_bytes encodes fields as Latin-1: \xe9 and \xe8 go out as the single bytes e9 and e8.
    return keep_or_fin(conn.send(req, 200, b"{}", "application/json",
                                 [("X-Latin1", "caf\xe9 cr\xe8me")]))


def route_padded_fields(conn, req):
    """Field values with spaces and tabs around them (RFC 9110 §5.5: not part of the value)."""
    conn.read_body(req)
    return keep_or_fin(conn.send(req, 200, b"{}", "application/json \t",
                                 [("X-Trail", "trail \t "), ("X-Lead", " \t lead"),
                                  ("ETag", '"abc"  ')]))


def route_tight_fields(conn, req):
    """Field lines with no whitespace after the colon, and a value of spaces only: both legal
    (RFC 9112 §5: OWS may be empty; the value is then empty)."""
    conn.read_body(req)
    close = req.wants_close()
    conn.sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type:application/json\r\nX-Spaces:   \r\n"
                      b"Content-Length:2\r\n" + (b"Connection: close\r\n" if close else b"")
                      + b"\r\n{}")
    return keep_or_fin(not close)


def route_redirect_padded(conn, req):
    """A redirect whose Location has whitespace after the reference."""
    conn.read_body(req)
    return redirect(conn, req, 302, "/ok?size=10 \t")


def route_interim(conn, req):
    """Interim responses before the final one. kind=hints: 100, then two 103 Early Hints with
    fields of their own, then a 200 of 10 bytes; kind=switch: a 101 nobody asked for, a
    WebSocket-like frame, and the connection held open up to 30 s (a client that waits for the
    close is seen waiting)."""
    conn.read_body(req)
    kind = req.params.get("kind", "")
    if kind == "hints":
        conn.send_head(100)
        for hint in ("</a.css>; rel=preload", "</b.js>; rel=preload"):
            conn.send_head(103, [("Link", hint), ("X-Hint", "early"), ("Content-Type", "text/html")])
        return keep_or_fin(conn.send(req, 200, pattern(0, 10), "application/octet-stream"))
    if kind == "switch":
        conn.send_head(101, [("Upgrade", "websocket"), ("Connection", "Upgrade")])
        conn.sock.sendall(b"\x81\x05hello")
        conn.wait(30)
        return FIN
    return keep_or_fin(conn.send_json(req, 400, {"message": "kind must be hints or switch"}))


STATUS_LINES = {
    "no-reason": b"HTTP/1.1 200",
    "empty-reason": b"HTTP/1.1 200 ",
    "lowercase-version": b"Http/1.1 200 OK",
    "code-999": b"HTTP/1.1 999 Whatever",
}


def route_status_line(conn, req):
    conn.read_body(req)
    line = STATUS_LINES.get(req.params.get("form", ""))
    if line is None:
        return keep_or_fin(conn.send_json(req, 400, {"message": "unknown form"}))
    head = line + b"\r\nContent-Length: 10\r\nConnection: close\r\n\r\n"
    conn.sock.sendall(head + pattern(0, 10))
    return FIN


def route_bodiless_length(conn, req):
    conn.read_body(req)
    status = int_param(req.params, "status", 204, 999)
    if status not in (204, 304):
        return keep_or_fin(conn.send_json(req, 400, {"message": "status must be 204 or 304"}))
    close = req.wants_close()
    fields = [("Content-Length", "1000")] + ([("Connection", "close")] if close else [])
    conn.send_head(status, fields)
    return keep_or_fin(not close)


def route_repeated_header(conn, req):
    conn.read_body(req)
    return keep_or_fin(conn.send(req, 200, b"{}", "application/json",
                                 [("X-Test", "one"), ("X-Test", "two")]))


def route_not_http(conn, req):
    conn.read_body(req)
    conn.sock.sendall(NOT_HTTP)
    return FIN


def chunk_lengths(size, most):
    """The lengths of chunks of at most `most` bytes carrying size bytes (none for 0)."""
    most = max(most, 1)
    return [min(most, size - start) for start in range(0, size, most)]


def chunked_body(lengths, eol=b"\r\n", send=None, last_chunk=True):
    """The wire bytes of a chunked body of pattern bytes, one chunk per length, in pieces.

    eol ends every size line and chunk's data; send (when given) cuts the body after that many
    data bytes, possibly inside a chunk; last_chunk adds the terminal 0 chunk (no trailers).
    """
    offset = 0
    for length in lengths:
        if send is not None and offset >= send:
            return
        yield b"%x" % length + eol
        count = length if send is None else min(length, send - offset)
        yield from iter_pattern(count, offset)
        offset += count
        if count < length:
            return
        yield eol
    if last_chunk:
        yield b"0" + eol + eol


def send_chunked(conn, fields, pieces):
    """A 200 head with Transfer-Encoding: chunked, then pieces, in writes of about CHUNK bytes."""
    buffer = bytearray(head_bytes(200, [("Content-Type", "application/octet-stream"),
                                        ("Transfer-Encoding", "chunked")] + fields))
    for piece in pieces:
        buffer += piece
        if len(buffer) >= CHUNK:
            conn.sock.sendall(buffer)
            buffer = bytearray()
    if buffer:
        conn.sock.sendall(buffer)


def route_chunked_ok(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 1000, MAX_BYTES)
    close = req.wants_close()
    pieces = () if req.method == "HEAD" else chunked_body(chunk_lengths(size, 4096))
    send_chunked(conn, [("Connection", "close")] if close else [], pieces)
    return keep_or_fin(not close)


def route_chunked_trailer(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 1000, MAX_BYTES)
    close = req.wants_close()
    checksum = hashlib.sha256(b"".join(iter_pattern(size, 0))).hexdigest().encode()
    pieces = itertools.chain(
        chunked_body(chunk_lengths(size, 4096), last_chunk=False),
        [b"0\r\nX-Checksum: " + checksum + b"\r\n\r\n"])
    send_chunked(conn, [("Trailer", "X-Checksum")] + ([("Connection", "close")] if close else []), pieces)
    return keep_or_fin(not close)


def route_chunked_lf_only(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 1000, MAX_BYTES)
    lengths = chunk_lengths(size, (size + 1) // 2)
    send_chunked(conn, [("Connection", "close")], chunked_body(lengths, eol=b"\n"))
    return FIN


def route_chunked_truncated(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", 1000, MAX_BYTES)
    lengths = chunk_lengths(size, (size + 3) // 4)
    send = int_param(req.params, "send", sum(lengths[:2]), size)
    send_chunked(conn, [], chunked_body(lengths, send=send, last_chunk=False))
    return FIN


def route_chunked_bad_size(conn, req):
    conn.read_body(req)
    send_chunked(conn, [], [b"zz\r\n", pattern(0, 10), b"\r\n0\r\n\r\n"])
    return FIN


def route_delay(conn, req):
    conn.read_body(req)
    conn.wait_or_raise(seconds_param(req.params, "seconds", 1.0))
    return keep_or_fin(conn.send_json(req, 200, {"token": uuid.uuid4().hex}))


def route_download(conn, req):
    conn.read_body(req)
    size = int_param(req.params, "size", MIB, MAX_DOWNLOAD)
    rate = int_param(req.params, "rate", 0, MAX_DOWNLOAD)
    pieces = iter_pattern(size)
    if rate > 0:
        pieces = paced(pieces, rate)
    return keep_or_fin(conn.send_stream(req, 200, size, pieces))


def paced(pieces, rate):
    """The pieces, held back so that at most rate bytes a second go out on average."""
    started, sent = time.monotonic(), 0
    for piece in pieces:
        yield piece
        sent += len(piece)
        ahead = sent / rate - (time.monotonic() - started)
        if ahead > 0.005:
            time.sleep(ahead)


def route_echo_stream(conn, req):
    # The final head goes out before the body is read: a client that waits for 100 Continue
    # takes it as the answer to send the body to (RFC 9110 §10.1.1).
    conn.send_head(200, [("Content-Type", "application/octet-stream"), ("Transfer-Encoding", "chunked")])
    first = int_param(req.params, "first", 0, CHUNK)
    if first:
        conn.sock.sendall(b"%x\r\n" % first + pattern(0, first) + b"\r\n")
    size = 0
    for piece in conn.iter_body(req, answered=True):
        size += len(piece)
        conn.sock.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
    conn.sock.sendall(b"0\r\n\r\n")
    req.body_length = size
    if req.count_record is not None:
        COUNTERS.complete(req.count_key, req.count_record, size)
    return keep_or_fin(not req.wants_close())


def route_upload_sink(conn, req):
    digest = hashlib.sha256()
    size = conn.read_body(req, digest)
    return keep_or_fin(conn.send_json(req, 200, {"size": size, "sha256": digest.hexdigest()}))


def route_early_answer(conn, req):
    status = int_param(req.params, "status", 200, 599, minimum=200)
    conn.send_json(req, status, {"early": True})
    try:
        conn.read_body(req, answered=True)
    except BadRequest:
        pass  # the answer is out already; a broken body only ends the connection
    return FIN


def route_auth_token(conn, req):
    conn.read_body(req)
    key = req.params.get("key", "")
    conn.wait_or_raise(seconds_param(req.params, "delay", 0.0))
    token = AUTH.refresh(key)
    return keep_or_fin(conn.send_json(
        req, 200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600}))


def route_auth_resource(conn, req):
    conn.read_body(req)
    key = req.params.get("key", "")
    scheme, _, token = (req.header("authorization") or "").partition(" ")
    token = token.strip()
    if scheme.lower() == "bearer" and AUTH.check(key, token):
        return keep_or_fin(conn.send_json(req, 200, {"ok": True, "token": token}))
    if scheme.lower() != "bearer":
        AUTH.check(key, None)  # counts the rejection
    return keep_or_fin(conn.send_json(
        req, 401, {"error": "invalid_token"},
        [("WWW-Authenticate", 'Bearer error="invalid_token"')]))


def route_auth_rotate(conn, req):
    conn.read_body(req)
    AUTH.rotate(req.params.get("key", ""))
    return keep_or_fin(conn.send_json(req, 200, {}))


def route_auth_stats(conn, req):
    conn.read_body(req)
    return keep_or_fin(conn.send_json(req, 200, AUTH.stats(req.params.get("key", ""))))


def route_echo(conn, req):
    size = conn.read_body(req)
    return keep_or_fin(conn.send_json(req, 200, {
        "method": req.method,
        "target": req.target,
        "host": req.header("host"),
        "headers": [[name, value] for name, value in req.headers],
        "body_length": size,
    }))


class RangedLog:
    """What /ranged received per key, in order."""

    def __init__(self):
        self._lock = threading.Lock()
        self._requests = {}

    def add(self, key, entry):
        with self._lock:
            self._requests.setdefault(key, []).append(entry)

    def snapshot(self, key):
        with self._lock:
            return list(self._requests.get(key, []))


RANGED = RangedLog()


def route_ranged(conn, req):
    conn.read_body(req)
    key = req.params.get("key", "")
    size = int_param(req.params, "size", 1000, MAX_DOWNLOAD)
    attempt = ATTEMPTS.next("ranged", key)
    version = 2 if attempt >= int_param(req.params, "change_after", 1 << 30, 1 << 30, minimum=1) else 1
    etag = '"v%d"' % version
    requested, if_range = req.header("range"), req.header("if-range")
    start = None
    if (requested is not None and req.params.get("ranges") != "ignore"
            and (if_range is None or if_range.strip() == etag)):
        text = requested.strip()
        if text.startswith("bytes=") and text.endswith("-") and text[6:-1].isdigit():
            start = int(text[6:-1])
    fields = [("ETag", etag), ("Accept-Ranges", "bytes")]
    if start is not None and start >= size:
        status = 416
    else:
        status = 200 if start is None else 206
    RANGED.add(key, {"range": requested, "if_range": if_range,
                     "accept_encoding": req.header("accept-encoding"), "status": status})
    if status == 416:
        return keep_or_fin(conn.send(req, 416, headers=fields + [("Content-Range", "bytes */%d" % size)]))
    offset = start or 0
    length = size - offset
    if status == 206:
        fields.append(("Content-Range", "bytes %d-%d/%d" % (offset, size - 1, size)))
    pieces = iter_pattern(length, offset + version - 1)
    drop = int_param(req.params, "drop_first", length, MAX_DOWNLOAD) if attempt == 1 else length
    stall = int_param(req.params, "stall_first", length, MAX_DOWNLOAD) if attempt == 1 else length
    if min(drop, stall) < length:
        conn.send_head(status, [("Content-Type", "application/octet-stream"),
                                ("Content-Length", str(length))] + fields)
        for piece in iter_pattern(min(drop, stall), offset + version - 1):
            conn.sock.sendall(piece)
        if stall < drop:
            conn.wait_or_raise(60.0)
        return FIN
    return keep_or_fin(conn.send_stream(req, status, length, pieces, headers=fields))


def route_ranged_log(conn, req):
    conn.read_body(req)
    return keep_or_fin(conn.send_json(req, 200, {"requests": RANGED.snapshot(req.params.get("key", ""))}))


COOKIE_FIELDS = [
    "session=abc123; Path=/; HttpOnly",
    "theme=dark; Path=/cookies; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
    "secure=no; Path=/; Secure",
    "foreign=1; Path=/; Domain=example.com",
]


def cookie_route(fields):
    def route(conn, req):
        conn.read_body(req)
        headers = [("Set-Cookie", field) for field in fields]
        return keep_or_fin(conn.send_json(req, 200, {"cookies": req.header_all("cookie")}, headers))
    return route


def route_cookies_login(conn, req):
    conn.read_body(req)
    return keep_or_fin(conn.send(req, 302, headers=[
        ("Location", "/cookies/home"),
        ("Set-Cookie", "login=ok42; Path=/cookies/home; HttpOnly"),
    ]))


def http_date(seconds=None):
    return email.utils.formatdate(seconds, usegmt=True)


def etag_listed(header, tag):
    """Whether an If-None-Match value lists the entity tag "tag" (weak comparison) or is *."""
    for item in header.split(","):
        item = item.strip()
        if item == "*" or item.removeprefix("W/") == '"%s"' % tag:
            return True
    return False


def route_cache(conn, req):
    conn.read_body(req)
    if req.method not in ("GET", "HEAD"):
        return keep_or_fin(conn.send_json(req, 200, {"method": req.method}))
    params = req.params
    fields = [("Date", http_date())]
    if "cc" in params:
        fields.append(("Cache-Control", params["cc"]))
    if "etag_every" in params:
        every = int_param(params, "etag_every", 1, 10**6, minimum=1)
        params = dict(params, etag="r%d" % ((ATTEMPTS.next("cache", req.count_key or "") - 1) // every))
    if "etag" in params:
        fields.append(("ETag", '"%s"' % params["etag"]))
    elif "unquoted_etag" in params:
        fields.append(("ETag", params["unquoted_etag"]))
    if_none_match = req.header("if-none-match")
    if if_none_match is not None:
        if "unquoted_etag" in params:
            not_modified = if_none_match == params["unquoted_etag"]
        else:
            not_modified = "etag" in params and etag_listed(if_none_match, params["etag"])
    else:
        since = req.header("if-modified-since")
        not_modified = since is not None and since == params.get("last_modified")
    if not_modified:
        return keep_or_fin(conn.send(req, 304, headers=fields))
    if "last_modified" in params:
        fields.append(("Last-Modified", params["last_modified"]))
    vary = params.get("vary")
    if vary:
        fields.append(("Vary", vary))
    body = {"token": uuid.uuid4().hex, "varied": req.header(vary.lower()) if vary else None}
    return keep_or_fin(conn.send_json(req, 200, body, fields))


def route_counts(conn, req):
    conn.read_body(req)
    key = unquote(req.path[len("/counts/"):])
    return keep_or_fin(conn.send_json(req, 200, COUNTERS.snapshot(key)))


def route_not_found(conn, req):
    conn.read_body(req)
    return keep_or_fin(conn.send_json(req, 404, {"message": "not found"}))


# ---- Server-Sent Events ----


def sse_head(conn, content_type="text/event-stream"):
    typed = [("Content-Type", content_type)] if content_type else []
    conn.send_head(200, typed + [("Cache-Control", "no-cache"), ("Transfer-Encoding", "chunked"),
                                 ("Connection", "close")])


def sse_chunk(conn, text):
    data = text.encode("utf-8")
    conn.sock.sendall(b"%x\r\n" % len(data) + data + b"\r\n")


def sse_event(n, last_event_id, eol="\n"):
    """One event whose data ({"n": n, "last_event_id": ...}) takes two data lines."""
    payload = json.dumps({"n": n, "last_event_id": last_event_id})
    cut = payload.index(",") + 1
    lines = ["id: %d" % n, "event: tick", "data: " + payload[:cut], "data: " + payload[cut:], ""]
    return eol.join(lines) + eol


def sse_first(req):
    """The request's Last-Event-ID and the number of the first event to send after it."""
    last = req.header("last-event-id") or ""
    return last, (int(last) + 1 if last.isdigit() else 1)


def sse_events(conn, req, count, eol="\n", content_type="text/event-stream"):
    """The head, a comment, the retry field when asked, and count events."""
    last, first = sse_first(req)
    interval = seconds_param(req.params, "interval", 0)
    sse_head(conn, content_type)
    preamble = ": courier fault server" + eol
    if "retry" in req.params:
        preamble += "retry: %d%s" % (int_param(req.params, "retry", 0, 3_600_000), eol)
    sse_chunk(conn, preamble)
    for n in range(first, first + count):
        if interval:
            conn.wait_or_raise(interval)
        sse_chunk(conn, sse_event(n, last, eol))
    return first + count


def route_sse_events(conn, req):
    conn.read_body(req)
    sse_events(conn, req, int_param(req.params, "count", 3, 100_000))
    sse_chunk(conn, "")  # the last chunk: an empty one
    return FIN


def route_sse_stall(conn, req):
    conn.read_body(req)
    sse_events(conn, req, int_param(req.params, "count", 1, 100_000))
    conn.wait_or_raise(seconds_param(req.params, "seconds", 10))
    sse_chunk(conn, "")
    return FIN


def route_sse_open(conn, req):
    conn.read_body(req)
    sse_events(conn, req, int_param(req.params, "count", 1, 100_000))
    # Neither the last chunk nor FIN: the stream has no end the client could see.
    conn.wait_or_raise(IDLE_TIMEOUT)
    return FIN


def route_sse_reset_mid_event(conn, req):
    conn.read_body(req)
    sse_events(conn, req, int_param(req.params, "count", 1, 100_000))
    sse_chunk(conn, 'data: {"n": ')
    return RST


def route_sse_request(conn, req):
    conn.read_body(req)
    sse_head(conn)
    fields = {"accept": req.header("accept"), "cache_control": req.header("cache-control")}
    sse_chunk(conn, "data: %s\n\n" % json.dumps(fields))
    sse_chunk(conn, "")
    return FIN


def route_sse_cr(conn, req):
    conn.read_body(req)
    sse_events(conn, req, int_param(req.params, "count", 3, 100_000), eol="\r")
    sse_chunk(conn, "")
    return FIN


def route_sse_endless(conn, req):
    conn.read_body(req)
    last, n = sse_first(req)
    interval = seconds_param(req.params, "interval", 0.01)
    sse_head(conn)
    while True:
        sse_chunk(conn, sse_event(n, last))
        n += 1
        conn.wait_or_raise(interval)


def route_sse_content_type(conn, req):
    conn.read_body(req)
    count = int_param(req.params, "count", 3, 100_000)
    sse_events(conn, req, count, content_type=req.params.get("type"))
    sse_chunk(conn, "")
    return FIN


def route_sse_reconnect(conn, req):
    conn.read_body(req)
    attempt = ATTEMPTS.next("sse-reconnect", req.params.get("key", ""))
    last, first = sse_first(req)
    if attempt >= 5:
        conn.send(req, 204, close=True)
        return FIN
    if attempt == 3:
        conn.send_json(req, 503, {"code": 503}, close=True)
        return FIN
    sse_head(conn)
    if attempt == 1:
        sse_chunk(conn, "retry: 50\n" + sse_event(1, last) + sse_event(2, last))
    else:
        sse_chunk(conn, sse_event(first, last))
    if attempt == 2:
        sse_chunk(conn, 'id: 99\ndata: {"n": ')
        return RST
    sse_chunk(conn, "")
    return FIN


ROUTES = {
    "/ok": route_ok,
    "/json": route_json,
    "/truncate": route_truncate,
    "/reset": route_reset,
    "/reset-before-headers": route_reset_before_headers,
    "/close-before-headers": route_drop,
    "/drop-on-reuse": route_drop_on_reuse,
    "/drop": route_drop,
    "/keep-alive-timeout": route_keep_alive_timeout,
    "/stall-headers": route_stall_headers,
    "/stall-body": route_stall_body,
    "/drip": route_drip,
    "/content-length/conflicting": framing_fault(["5", "10"], 10),
    "/content-length/duplicate-same": framing_fault(["10", "10"], 10, close=False),
    "/content-length/list": framing_fault(["5, 10"], 10),
    "/content-length/too-short": framing_fault(["5"], 10),
    "/invalid-json": fixed(200, b'{"id": 4', "application/json"),
    "/invalid-utf8": fixed(200, b"caf\xc3 \xff\xfe", "text/plain; charset=utf-8"),
    "/invalid-utf8-json": fixed(200, b'{"name": "\xff\xfe"}', "application/json"),
    "/redirect/chain": route_redirect_chain,
    "/redirect/loop": route_redirect_loop,
    "/redirect/loop-b": route_redirect_loop_b,
    "/redirect/cross-host": route_redirect_cross_host,
    "/redirect/file": route_redirect_file,
    "/retry-after": route_retry_after,
    "/flaky-connection": route_flaky_connection,
    "/gzip-bomb": route_gzip_bomb,
    "/gzip": route_gzip,
    "/encoded": route_encoded,
    "/header-flood": route_header_flood,
    "/big-header": route_big_header,
    "/obs-text-header": route_obs_text_header,
    "/padded-fields": route_padded_fields,
    "/redirect/padded": route_redirect_padded,
    "/tight-fields": route_tight_fields,
    "/interim": route_interim,
    "/status-line": route_status_line,
    "/bodiless-length": route_bodiless_length,
    "/repeated-header": route_repeated_header,
    "/not-http": route_not_http,
    "/close-delimited": route_close_delimited,
    "/chunked/ok": route_chunked_ok,
    "/chunked/trailer": route_chunked_trailer,
    "/chunked/lf-only": route_chunked_lf_only,
    "/chunked/truncated": route_chunked_truncated,
    "/chunked/bad-size": route_chunked_bad_size,
    "/delay": route_delay,
    "/download": route_download,
    "/ranged": route_ranged,
    "/ranged-log": route_ranged_log,
    "/upload-sink": route_upload_sink,
    "/echo-stream": route_echo_stream,
    "/early-answer": route_early_answer,
    "/auth/token": route_auth_token,
    "/auth/resource": route_auth_resource,
    "/auth/rotate": route_auth_rotate,
    "/auth/stats": route_auth_stats,
    "/echo": route_echo,
    "/cookies/set": cookie_route(COOKIE_FIELDS),
    "/cookies/echo": cookie_route([]),
    "/cookies/clear": cookie_route(["session=; Path=/; Max-Age=0"]),
    "/cookies/login": route_cookies_login,
    "/cookies/home": cookie_route([]),
    "/cache": route_cache,
    "/sse/events": route_sse_events,
    "/sse/stall": route_sse_stall,
    "/sse/open": route_sse_open,
    "/sse/reset-mid-event": route_sse_reset_mid_event,
    "/sse/cr": route_sse_cr,
    "/sse/endless": route_sse_endless,
    "/sse/content-type": route_sse_content_type,
    "/sse/reconnect": route_sse_reconnect,
    "/sse/request": route_sse_request,
}


def find_route(path):
    route = ROUTES.get(path)
    if route is not None:
        return route
    if path.startswith("/status/"):
        return route_status
    if path.startswith("/counts/"):
        return route_counts
    return route_not_found


# ---- connections -------------------------------------------------------------------------


def serve_connection(sock, local_host, port):
    conn = Connection(sock, local_host, port)
    sock.settimeout(IDLE_TIMEOUT)
    # Heads and bodies go out in separate writes; without this, Nagle's algorithm and the
    # client's delayed ACK add 40 ms to many responses.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    ending = FIN
    try:
        while True:
            try:
                req = conn.read_request()
            except BadRequest as error:
                ending = answer_bad_request(conn, error)
                return
            if req is None:
                return
            route = find_route(req.path)
            if route is not route_counts:
                key = req.header(COUNT_HEADER)
                if key is not None:
                    req.count_key = key
                    req.count_record = COUNTERS.received(key, req, conn.number)
            try:
                ending = route(conn, req)
            except BadRequest as error:
                ending = answer_bad_request(conn, error)
                return
            conn.served += 1
            if ending != KEEP:
                return
    except ClientGone:
        ending = None
    except (ConnectionError, TimeoutError, socket.timeout):
        ending = None
    except OSError as error:
        if error.errno not in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN, errno.EBADF):
            report(error)
        ending = None
    except Exception as error:  # noqa: BLE001 - one broken connection must not stop the server
        report(error)
        ending = None
    finally:
        try:
            if ending == RST:
                conn.close_rst()
            elif ending == FIN or ending == KEEP:
                conn.close_fin()
            else:
                conn.close_quietly()
        except OSError:
            pass


def answer_bad_request(conn, error):
    try:
        body = json.dumps({"message": str(error)}).encode("utf-8")
        conn.send_head(error.status, [("Content-Type", "application/json"),
                                      ("Content-Length", str(len(body))),
                                      ("Connection", "close")])
        conn.sock.sendall(body)
    except OSError:
        return None
    return FIN


def report(error):
    sys.stderr.write("fault_server: unexpected %s: %s\n%s" % (
        type(error).__name__, error, "".join(traceback.format_exception(error))))
    sys.stderr.flush()


# ---- listening ---------------------------------------------------------------------------


def listener(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(512)
    except OSError:
        sock.close()
        raise
    return sock


def bind_both(port):
    """Listening sockets on HOSTS, on one port (port 0: a port free on both, 20 tries)."""
    attempts = 20 if port == 0 else 1
    last_error = None
    for _ in range(attempts):
        first = listener(HOSTS[0], port)
        chosen = first.getsockname()[1]
        try:
            second = listener(HOSTS[1], chosen)
        except OSError as error:
            first.close()
            last_error = error
            continue
        return [first, second], chosen
    raise SystemExit("fault_server: no port free on both %s and %s: %s" % (HOSTS + (last_error,)))


def main():
    parser = argparse.ArgumentParser(description="Courier fault-injecting HTTP/1.1 test server")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", help="write the listening port number to this file")
    args = parser.parse_args()

    def stop(signum, frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    sockets, port = bind_both(args.port)
    if args.port_file:
        tmp = args.port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % port)
        os.replace(tmp, args.port_file)
    sys.stderr.write("fault_server: listening on %s:%d and %s:%d\n" % (HOSTS[0], port, HOSTS[1], port))
    sys.stderr.flush()

    selector = selectors.DefaultSelector()
    for sock in sockets:
        selector.register(sock, selectors.EVENT_READ, sock.getsockname()[0])
    try:
        while True:
            # With a timeout: a SIGTERM the kernel delivered to a connection thread only sets
            # a flag, which the main thread acts on once select() returns.
            for key, _ in selector.select(0.2):
                try:
                    client, _ = key.fileobj.accept()
                except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                    continue
                except OSError as error:
                    report(error)  # such as EMFILE; keep serving the others
                    time.sleep(0.05)
                    continue
                threading.Thread(target=serve_connection, args=(client, key.data, port),
                                 daemon=True).start()
    except SystemExit:
        pass
    finally:
        selector.close()
        for sock in sockets:
            sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
