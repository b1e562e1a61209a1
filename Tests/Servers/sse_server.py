#!/usr/bin/env python3
"""A Server-Sent Events server that Courier did not write: Starlette with sse-starlette under
uvicorn (all pinned in Tests/Servers/requirements.txt), for Courier's event-stream tests.

Usage:
    python Tests/Servers/sse_server.py HOST PORT_FILE

Binds HOST on a free port, writes the port to PORT_FILE (atomically) and serves:

    /health                 200 {"ok": true}
    /events?count=N         N events (default 3), sse-starlette's encoding (CR LF line ends):
                            a comment ": delta stream", then per event i = 1...N: "id: i",
                            "event: delta", "retry: 1500" on the first, and data
                            {"n": i, "text": "token i"} as JSON indented over several data lines
    /resume                 honours Last-Event-ID (a number L, else 0): 204 when L >= 6, else the
                            events L+1...L+3 (as /events, without retry), each with
                            "last_event_id": the header as received ("" without one), then the end
    /problem                422 application/json {"message": "no prompt"}

SIGTERM stops the server.
"""

import json
import os
import socket
import sys

import uvicorn
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


def event(n, last_event_id=None, retry=None):
    payload = {"n": n, "text": "token %d" % n}
    if last_event_id is not None:
        payload["last_event_id"] = last_event_id
    return ServerSentEvent(data=json.dumps(payload, indent=2), id=str(n), event="delta", retry=retry)


async def health(request):
    return JSONResponse({"ok": True})


async def events(request):
    count = int(request.query_params.get("count", "3"))

    async def stream():
        yield ServerSentEvent(comment="delta stream")
        for n in range(1, count + 1):
            yield event(n, retry=1500 if n == 1 else None)

    return EventSourceResponse(stream())


async def resume(request):
    header = request.headers.get("last-event-id", "")
    last = int(header) if header.isdigit() else 0
    if last >= 6:
        return Response(status_code=204)

    async def stream():
        for n in range(last + 1, last + 4):
            yield event(n, last_event_id=header)

    return EventSourceResponse(stream())


async def problem(request):
    return JSONResponse({"message": "no prompt"}, status_code=422)


app = Starlette(routes=[
    Route("/health", health),
    Route("/events", events),
    Route("/resume", resume),
    Route("/problem", problem),
])


def main():
    host, port_file = sys.argv[1], sys.argv[2]
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    with open(port_file + ".tmp", "w") as f:
        f.write("%d\n" % sock.getsockname()[1])
    os.replace(port_file + ".tmp", port_file)
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
