#!/usr/bin/env python3
"""Courier's HTTPS loopback test server (Python standard library `ssl`), over the throwaway
material Tests/Servers/make_tls_material.sh makes.

Usage:
    python3 Tests/Servers/tls_server.py --material DIR --ports-file PATH

Serves HTTP/1.1 over TLS on 127.0.0.1, one free port per certificate, and once every port
listens writes PATH (atomically) as lines NAME=PORT:

    trusted     leaf for 127.0.0.1 and localhost, signed by the test CA
    expired     the same names, signed by the test CA, expired in 2020
    notyetvalid the same names, signed by the test CA, valid from 2099
    chained     the same names, signed by an intermediate CA the test CA signed, sent with it
    unchained   that leaf sent without its intermediate
    stalechain  the same names, valid now, sent with the intermediate that signed it, which the
                test CA signed and which expired in 2020
    wronghost   leaf for wrong-host.invalid only, signed by the test CA
    untrusted   self-signed leaf for 127.0.0.1 and localhost
    mtls        the trusted leaf, and a client certificate signed by the test CA required
    tls12       the trusted leaf, TLS 1.2 at most

/redirect?to=URL answers 307 with Location: URL (the query value percent-decoded) and no body.
/seen?path=PATH answers 200 application/json {"seen": true or false}: whether any server of the
process has received a request for PATH, so that a test can tell a request never arrived.
Every other path answers 200 application/json {"connection": N, "client": CN or null}, where N is the
serial number of the TLS connection (handshake) the request came on, counted across the
process from 1, and CN the client certificate's common name; the same N is in the header
X-TLS-Connection. Connections are kept alive; ALPN offers http/1.1 only. A failed handshake is
logged and the connection closed. SIGTERM stops the server.
"""

import argparse
import json
import os
import signal
import socket
import ssl
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HANDSHAKES = 0
HANDSHAKES_LOCK = threading.Lock()
SEEN_PATHS = set()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # The head and the body go out in separate writes: without TCP_NODELAY, Nagle's algorithm
    # holds the body until the client's delayed ACK, about 40 ms per request.
    disable_nagle_algorithm = True

    def setup(self):
        super().setup()
        self.serial = self.server.serial_of(self.request)

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        path, _, query = self.path.partition("?")
        with HANDSHAKES_LOCK:
            SEEN_PATHS.add(path)
        if path == "/seen":
            asked = urllib.parse.parse_qs(query).get("path", [""])[0]
            with HANDSHAKES_LOCK:
                seen = asked in SEEN_PATHS
            body = json.dumps({"seen": seen}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if path == "/redirect":
            target = urllib.parse.parse_qs(query).get("to", ["/"])[0]
            self.send_response(307)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        peer = self.request.getpeercert()
        client = None
        if peer:
            for field in peer.get("subject", ()):
                for key, value in field:
                    if key == "commonName":
                        client = value
        body = json.dumps({"connection": self.serial, "client": client}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-TLS-Connection", str(self.serial))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = answer

    def log_message(self, format, *args):
        pass


class TLSServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, context, name):
        self.context = context
        self.name = name
        self.serials = {}
        super().__init__(("127.0.0.1", 0), Handler)

    def process_request_thread(self, request, client_address):
        # The handshake runs in the connection's own thread, so a slow or failing client never
        # holds up accepting others.
        try:
            wrapped = self.context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError) as error:
            sys.stderr.write("%s: handshake failed: %s\n" % (self.name, error))
            request.close()
            return
        global HANDSHAKES
        with HANDSHAKES_LOCK:
            HANDSHAKES += 1
            self.serials[id(wrapped)] = HANDSHAKES
        try:
            super().process_request_thread(wrapped, client_address)
        finally:
            self.serials.pop(id(wrapped), None)

    def serial_of(self, request):
        return self.serials.get(id(request), 0)


def context(material, certificate, require_client=False, maximum=None):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if maximum:
        context.maximum_version = maximum
    context.load_cert_chain(
        os.path.join(material, certificate + ".pem"), os.path.join(material, certificate + "-key.pem"))
    context.set_alpn_protocols(["http/1.1"])
    if require_client:
        context.verify_mode = ssl.CERT_REQUIRED
        context.load_verify_locations(os.path.join(material, "ca.pem"))
    return context


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--material", required=True)
    parser.add_argument("--ports-file", required=True)
    arguments = parser.parse_args()
    m = arguments.material
    servers = {
        "trusted": TLSServer(context(m, "trusted"), "trusted"),
        "expired": TLSServer(context(m, "expired"), "expired"),
        "notyetvalid": TLSServer(context(m, "not-yet-valid"), "notyetvalid"),
        "chained": TLSServer(context(m, "chained"), "chained"),
        "unchained": TLSServer(context(m, "unchained"), "unchained"),
        "stalechain": TLSServer(context(m, "stale-chain"), "stalechain"),
        "wronghost": TLSServer(context(m, "wrong-host"), "wronghost"),
        "untrusted": TLSServer(context(m, "untrusted"), "untrusted"),
        "mtls": TLSServer(context(m, "trusted", require_client=True), "mtls"),
        "tls12": TLSServer(context(m, "trusted", maximum=ssl.TLSVersion.TLSv1_2), "tls12"),
    }
    for server in servers.values():
        threading.Thread(target=server.serve_forever, daemon=True).start()
    with open(arguments.ports_file + ".tmp", "w") as f:
        for name, server in servers.items():
            f.write("%s=%d\n" % (name, server.server_address[1]))
    os.replace(arguments.ports_file + ".tmp", arguments.ports_file)
    sys.stderr.write("tls_server listening: %s\n" % ", ".join(
        "%s on %d" % (name, server.server_address[1]) for name, server in servers.items()))
    sys.stderr.flush()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
    stop.wait()
    for server in servers.values():
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
