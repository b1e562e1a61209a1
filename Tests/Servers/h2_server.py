#!/usr/bin/env python3
"""Courier's HTTP/2 test server: Hypercorn (PyPI, pinned in requirements.txt) over TLS with the
trusted leaf of Tests/Servers/make_tls_material.sh, offering h2 and http/1.1 by ALPN.

Usage:
    python Tests/Servers/h2_server.py MATERIAL_DIR PORT_FILE

Binds 127.0.0.1 on a free port, writes the port to PORT_FILE (atomically) once listening, and
answers every path 200 application/json {"version": V, "connection": "HOST:PORT"}, where V is the
HTTP version the request came over ("2" or "1.1") and HOST:PORT the client's end of the TCP
connection, so that requests multiplexed on one connection report the same. SIGTERM stops it.
"""

import asyncio
import json
import os
import signal
import socket
import sys

from hypercorn.asyncio import serve
from hypercorn.config import Config


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    client = scope.get("client") or ("?", 0)
    body = json.dumps(
        {"version": scope.get("http_version"), "connection": "%s:%d" % (client[0], client[1])}).encode()
    while True:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body"):
            break
    await send({
        "type": "http.response.start", "status": 200,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
    })
    await send({"type": "http.response.body", "body": body})


def main():
    material, port_file = sys.argv[1], sys.argv[2]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    config = Config()
    # Hypercorn serves the socket bound here, so the port is never free for another process.
    config.bind = ["fd://%d" % listener.fileno()]
    config.certfile = os.path.join(material, "trusted.pem")
    config.keyfile = os.path.join(material, "trusted-key.pem")
    config.alpn_protocols = ["h2", "http/1.1"]
    config.accesslog = None
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)

    async def run():
        server = asyncio.ensure_future(serve(app, config, shutdown_trigger=stop.wait))
        # Written once Hypercorn listens: a connection is accepted.
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                await asyncio.sleep(0.05)
        with open(port_file + ".tmp", "w") as f:
            f.write("%d\n" % port)
        os.replace(port_file + ".tmp", port_file)
        sys.stderr.write("h2_server listening on 127.0.0.1:%d\n" % port)
        sys.stderr.flush()
        await server

    loop.run_until_complete(run())


if __name__ == "__main__":
    main()
