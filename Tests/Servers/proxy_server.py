#!/usr/bin/env python3
"""Courier's HTTP CONNECT proxy for tests (Python standard library, asyncio), on loopback.

Usage:
    python3 Tests/Servers/proxy_server.py --host 127.0.0.1 --port 0 --port-file PATH \
        [--credentials USER:PASSWORD]

CONNECT host:port opens a TCP connection to host:port and answers 200, then copies bytes both
ways until either side closes; it answers 407 (with Proxy-Authenticate: Basic) when
--credentials is given and the request's Proxy-Authorization is not Basic of exactly them, and
502 when the target does not accept a connection. Every CONNECT is recorded, answered or not:
its target, the Proxy-Authorization it carried (or null) and the status it got.

A connection whose first byte is 5 speaks SOCKS5 instead: no authentication, a CONNECT command
(IPv4, IPv6 or a domain name), recorded the same way with "authorization": "socks5" and status 0
for success (the SOCKS reply code otherwise).

GET /records answers 200 application/json [{"target": ..., "authorization": ..., "status": N}, ...],
every CONNECT so far in order (the start-up probe asks this too). Any other request answers 400.
The port is written to PATH (atomically) once listening. SIGTERM stops the server.
"""

import argparse
import asyncio
import base64
import json
import os
import signal
import socket
import sys

RECORDS = []


async def read_head(reader, first):
    """The request line and header fields (the head starting with the byte `first`), or None
    when the client closed first."""
    try:
        head = first + await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        return None
    lines = head.decode("latin-1").split("\r\n")
    fields = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if sep:
            fields[name.strip().lower()] = value.strip()
    return lines[0], fields


async def answer(writer, status, reason, body=b"", extra=()):
    head = "HTTP/1.1 %d %s\r\nContent-Length: %d\r\n" % (status, reason, len(body))
    for name, value in extra:
        head += "%s: %s\r\n" % (name, value)
    writer.write(head.encode("latin-1") + b"\r\n" + body)
    await writer.drain()


def close(writer):
    """Closes a stream writer whose connection may already be gone."""
    try:
        writer.close()
    except Exception:
        pass


async def pipe(reader, writer):
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        close(writer)


async def socks5(reader, writer):
    """One SOCKS5 CONNECT without authentication, then the tunnel."""
    count = (await reader.readexactly(1))[0]
    methods = await reader.readexactly(count)
    if 0 not in methods:
        writer.write(b"\x05\xff")
        await writer.drain()
        return
    writer.write(b"\x05\x00")
    await writer.drain()
    version, command, _, kind = await reader.readexactly(4)
    if kind == 1:
        host = socket.inet_ntop(socket.AF_INET, await reader.readexactly(4))
    elif kind == 4:
        host = socket.inet_ntop(socket.AF_INET6, await reader.readexactly(16))
    else:
        host = (await reader.readexactly((await reader.readexactly(1))[0])).decode()
    port = int.from_bytes(await reader.readexactly(2), "big")
    record = {"target": "%s:%d" % (host, port), "authorization": "socks5", "status": 0}
    RECORDS.append(record)
    try:
        upstream_reader, upstream_writer = await asyncio.wait_for(
            asyncio.open_connection(host, port), timeout=5)
    except (OSError, asyncio.TimeoutError):
        record["status"] = 5  # connection refused
        writer.write(b"\x05\x05\x00\x01\x00\x00\x00\x00\x00\x00")
        await writer.drain()
        return
    writer.write(b"\x05\x00\x00\x01\x00\x00\x00\x00\x00\x00")
    await writer.drain()
    await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))


def make_handler(expected):
    async def handle(reader, writer):
        try:
            try:
                first = await reader.readexactly(1)
            except asyncio.IncompleteReadError:
                return
            if first == b"\x05":
                await socks5(reader, writer)
                return
            head = await read_head(reader, first)
            if head is None:
                return
            request_line, fields = head
            parts = request_line.split(" ")
            if len(parts) != 3:
                await answer(writer, 400, "Bad Request")
                return
            method, target, _ = parts
            if method == "GET" and target == "/records":
                body = json.dumps(RECORDS).encode()
                await answer(writer, 200, "OK", body, [("Content-Type", "application/json")])
                return
            if method != "CONNECT":
                await answer(writer, 400, "Bad Request")
                return
            authorization = fields.get("proxy-authorization")
            record = {"target": target, "authorization": authorization, "status": 0}
            RECORDS.append(record)
            if expected is not None and authorization != expected:
                record["status"] = 407
                await answer(writer, 407, "Proxy Authentication Required", b"",
                             [("Proxy-Authenticate", 'Basic realm="courier"')])
                return
            host, _, port = target.rpartition(":")
            try:
                upstream_reader, upstream_writer = await asyncio.wait_for(
                    asyncio.open_connection(host.strip("[]"), int(port)), timeout=5)
            except (OSError, ValueError, asyncio.TimeoutError):
                record["status"] = 502
                await answer(writer, 502, "Bad Gateway")
                return
            record["status"] = 200
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            await writer.drain()
            await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            close(writer)

    return handle


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--credentials")
    arguments = parser.parse_args()
    expected = None
    if arguments.credentials:
        expected = "Basic " + base64.b64encode(arguments.credentials.encode()).decode()
    server = await asyncio.start_server(make_handler(expected), arguments.host, arguments.port)
    port = server.sockets[0].getsockname()[1]
    with open(arguments.port_file + ".tmp", "w") as f:
        f.write("%d\n" % port)
    os.replace(arguments.port_file + ".tmp", arguments.port_file)
    sys.stderr.write("proxy listening on %s:%d\n" % (arguments.host, port))
    sys.stderr.flush()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    async with server:
        await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
