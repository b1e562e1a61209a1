# Starts and stops Courier's test servers on loopback, each on a free port. Sourced, not run:
#
#   source Tests/Servers/servers.sh
#   trap stop_servers EXIT
#   start_test_servers              # every server the tests use, exported as COURIER_*_URL (below)
#   start_fault_server              # or one server: fault_server.py alone, in SERVER_URL
#   start_loopback_server NAME HOST # loopback_server.py alone on HOST, in SERVER_URL
#
# start_test_servers sets up the venv first (.build/test-venv, from requirements.txt beside this
# file, rebuilt when that file changes) and exports:
#   httpbin (PyPI)                   -> COURIER_HTTPBIN_URL       http://127.0.0.1:PORT
#   loopback_server.py               -> COURIER_LOOPBACK_URL      http://127.0.0.1:PORT
#   loopback_server.py (2nd host)    -> COURIER_LOOPBACK_ALT_URL  http://127.0.0.2:PORT
#   fault_server.py                  -> COURIER_FAULT_URL         http://127.0.0.1:PORT
#   fault_server.py (same port)      -> COURIER_FAULT_ALT_URL     http://127.0.0.2:PORT
#   sse_server.py (Starlette, sse-starlette, uvicorn; PyPI)
#                                    -> COURIER_SSE_URL           http://127.0.0.1:PORT
#   tls_server.py (standard library ssl), over a CA that make_tls_material.sh makes with openssl
#   at every start (never committed), in COURIER_TLS_DIR (ca.pem, client.pem, client-key.pem,
#   trusted.pin, … : see that script)
#                                    -> COURIER_TLS_TRUSTED_URL   https://127.0.0.1:PORT (and
#                                       COURIER_TLS_EXPIRED_URL, _NOTYETVALID_URL, _CHAINED_URL,
#                                       _UNCHAINED_URL, _STALECHAIN_URL, _WRONGHOST_URL,
#                                       _UNTRUSTED_URL, _MTLS_URL, _TLS12_URL: see tls_server.py)
#   h2_server.py (Hypercorn; PyPI), the trusted leaf, h2 and http/1.1 by ALPN
#                                    -> COURIER_TLS_H2_URL        https://127.0.0.1:PORT
#   proxy_server.py (standard library), an HTTP CONNECT proxy that requires Basic credentials,
#   and a SOCKS5 proxy without authentication on the same port
#                                    -> COURIER_PROXY_URL         http://127.0.0.1:PORT
#                                       (GET /records: every CONNECT it saw), and the
#                                       credentials in COURIER_PROXY_USER, COURIER_PROXY_PASSWORD
# plus COURIER_INTEGRATION=1 and COURIER_TEST_PYTHON, the venv's python, which has
# openapi-spec-validator (`"$COURIER_TEST_PYTHON" -m openapi_spec_validator FILE`).
#
# The fault and loopback servers need the standard library only: started alone, they run on
# the executable of PYTHON (python3 by default; the interpreter itself, not a launcher shim that
# forks, whose killing would orphan the server). A server that exits or does not answer within
# SERVERS_STARTUP_TIMEOUT seconds (30) ends the caller with status 1, its log shown. Logs go to
# SERVERS_LOG_DIR/NAME.log (default: a temporary folder that stop_servers removes).

SERVERS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SERVERS_ROOT="$(cd "$SERVERS_DIR/../.." && pwd)"
SERVERS_STARTUP_TIMEOUT="${SERVERS_STARTUP_TIMEOUT:-30}"
SERVERS_RUN_DIR=""
SERVER_PIDS=()

# servers_python: sets SERVERS_PYTHON, the interpreter the servers and the start-up probe run on,
# unless it is set.
servers_python() {
    if [[ -z "${SERVERS_PYTHON:-}" ]]; then
        SERVERS_PYTHON="$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')"
    fi
}

# servers_venv: creates .build/test-venv (with PYTHON, default python3) with requirements.txt's
# pins unless it has them already; sets SERVERS_PYTHON to its python.
servers_venv() {
    local venv="$SERVERS_ROOT/.build/test-venv"
    local requirements="$SERVERS_DIR/requirements.txt" stamp="$venv/.courier-requirements"
    if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import sys' 2>/dev/null \
        || ! cmp -s "$requirements" "$stamp"; then
        echo "servers: setting up $venv (the pins of ${requirements#"$SERVERS_ROOT"/})"
        rm -rf "$venv"
        "${PYTHON:-python3}" -m venv "$venv"
        PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 \
            "$venv/bin/python" -m pip install --quiet -r "$requirements"
        cp "$requirements" "$stamp"
    fi
    SERVERS_PYTHON="$venv/bin/python"
}

# start_server NAME HOST PROBE_PATH COMMAND...: runs COMMAND HOST PORT_FILE in the background
# (the server writes its port to PORT_FILE once listening) and waits until GET PROBE_PATH answers;
# sets SERVER_URL.
start_server() {
    local name="$1" host="$2" probe="$3"
    shift 3
    if [[ -z "$SERVERS_RUN_DIR" ]]; then
        SERVERS_RUN_DIR="$(mktemp -d "${TMPDIR:-/tmp}/courier-servers.XXXXXX")"
    fi
    local log_dir="${SERVERS_LOG_DIR:-$SERVERS_RUN_DIR}"
    mkdir -p "$log_dir"
    local port_file="$SERVERS_RUN_DIR/$name.port" log="$log_dir/$name.log"
    servers_python
    : >"$log"
    "$@" "$host" "$port_file" >>"$log" 2>&1 &
    local pid=$!
    SERVER_PIDS+=("$pid")
    local deadline=$((SECONDS + SERVERS_STARTUP_TIMEOUT))
    while ((SECONDS < deadline)); do
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "servers: $name exited during startup; its log ($log):" >&2
            cat "$log" >&2
            exit 1
        fi
        if [[ -s "$port_file" ]]; then
            local port
            port="$(tr -d '[:space:]' <"$port_file")"
            if "$SERVERS_PYTHON" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2).read()' \
                "http://$host:$port$probe" >/dev/null 2>&1; then
                SERVER_URL="http://$host:$port"
                return 0
            fi
        fi
        sleep 0.2
    done
    echo "servers: $name did not answer within ${SERVERS_STARTUP_TIMEOUT}s; its log ($log):" >&2
    cat "$log" >&2
    exit 1
}

# The servers' own flags, from start_server's HOST PORT_FILE.
run_loopback_server() {
    exec "$SERVERS_PYTHON" "$SERVERS_DIR/loopback_server.py" --port 0 --host "$1" --port-file "$2"
}
run_fault_server() {
    # Binds one port on both 127.0.0.1 and 127.0.0.2 itself, so only the port file is passed on.
    exec "$SERVERS_PYTHON" "$SERVERS_DIR/fault_server.py" --port 0 --port-file "$2"
}
run_proxy_server() {
    exec "$SERVERS_PYTHON" "$SERVERS_DIR/proxy_server.py" --host "$1" --port 0 --port-file "$2" \
        --credentials "$COURIER_PROXY_USER:$COURIER_PROXY_PASSWORD"
}
run_sse_server() {
    exec "$SERVERS_PYTHON" "$SERVERS_DIR/sse_server.py" "$1" "$2"
}
# httpbin on Werkzeug's threaded server, port 0, the port written to a file once listening.
run_httpbin() {
    exec "$SERVERS_PYTHON" -c '
import logging, os, signal, sys
from werkzeug.serving import make_server
import httpbin
host, port_file = sys.argv[1], sys.argv[2]
logging.getLogger("werkzeug").setLevel(logging.ERROR)
server = make_server(host, 0, httpbin.app, threaded=True)
def stop(signum, frame):
    raise SystemExit(0)
signal.signal(signal.SIGTERM, stop)
with open(port_file + ".tmp", "w") as f:
    f.write("%d\n" % server.server_port)
os.replace(port_file + ".tmp", port_file)
sys.stderr.write("httpbin listening on %s:%d\n" % (host, server.server_port))
sys.stderr.flush()
try:
    server.serve_forever()
except SystemExit:
    pass
finally:
    server.server_close()
' "$1" "$2"
}

# start_tls_server: makes the throwaway TLS material and starts tls_server.py and h2_server.py
# (the venv's python: Hypercorn) on it; waits until they have written their ports, then exports
# COURIER_TLS_DIR, COURIER_TLS_<NAME>_URL and COURIER_TLS_H2_URL.
start_tls_server() {
    if [[ -z "$SERVERS_RUN_DIR" ]]; then
        SERVERS_RUN_DIR="$(mktemp -d "${TMPDIR:-/tmp}/courier-servers.XXXXXX")"
    fi
    local material="$SERVERS_RUN_DIR/tls" ports="$SERVERS_RUN_DIR/tls.ports"
    local log="${SERVERS_LOG_DIR:-$SERVERS_RUN_DIR}/tls.log"
    mkdir -p "$(dirname "$log")"
    "$SERVERS_DIR/make_tls_material.sh" "$material"
    servers_python
    : >"$log"
    "$SERVERS_PYTHON" "$SERVERS_DIR/tls_server.py" --material "$material" --ports-file "$ports" >>"$log" 2>&1 &
    local pid=$!
    SERVER_PIDS+=("$pid")
    local deadline=$((SECONDS + SERVERS_STARTUP_TIMEOUT))
    until [[ -s "$ports" ]]; do
        if ! kill -0 "$pid" 2>/dev/null || ((SECONDS >= deadline)); then
            echo "servers: tls did not start; its log ($log):" >&2
            cat "$log" >&2
            exit 1
        fi
        sleep 0.1
    done
    local name port
    while IFS='=' read -r name port; do
        # tr, not ${name^^}: macOS's bash 3.2 has no case conversion.
        export "COURIER_TLS_$(tr '[:lower:]' '[:upper:]' <<<"$name")_URL=https://127.0.0.1:$port"
    done <"$ports"
    export COURIER_TLS_DIR="$material"
    local h2_ports="$SERVERS_RUN_DIR/h2.port" h2_log="${SERVERS_LOG_DIR:-$SERVERS_RUN_DIR}/h2.log"
    : >"$h2_log"
    "$SERVERS_PYTHON" "$SERVERS_DIR/h2_server.py" "$material" "$h2_ports" >>"$h2_log" 2>&1 &
    pid=$!
    SERVER_PIDS+=("$pid")
    deadline=$((SECONDS + SERVERS_STARTUP_TIMEOUT))
    until [[ -s "$h2_ports" ]]; do
        if ! kill -0 "$pid" 2>/dev/null || ((SECONDS >= deadline)); then
            echo "servers: h2 did not start; its log ($h2_log):" >&2
            cat "$h2_log" >&2
            exit 1
        fi
        sleep 0.1
    done
    export COURIER_TLS_H2_URL="https://127.0.0.1:$(tr -d '[:space:]' <"$h2_ports")"
}

# start_loopback_server NAME HOST: sets SERVER_URL.
start_loopback_server() {
    start_server "$1" "$2" /json run_loopback_server
}

# start_fault_server: on 127.0.0.1 and 127.0.0.2, one port; sets SERVER_URL (127.0.0.1).
start_fault_server() {
    start_server fault 127.0.0.1 "/ok?size=1" run_fault_server
}

# start_test_servers: the venv, every server, and the variables the tests read (above).
start_test_servers() {
    servers_venv
    start_server httpbin 127.0.0.1 /get run_httpbin
    COURIER_HTTPBIN_URL="$SERVER_URL"
    start_loopback_server loopback 127.0.0.1
    COURIER_LOOPBACK_URL="$SERVER_URL"
    start_loopback_server loopback-alt 127.0.0.2
    COURIER_LOOPBACK_ALT_URL="$SERVER_URL"
    start_fault_server
    COURIER_FAULT_URL="$SERVER_URL"
    COURIER_FAULT_ALT_URL="http://127.0.0.2:${SERVER_URL##*:}"
    start_server sse 127.0.0.1 /health run_sse_server
    COURIER_SSE_URL="$SERVER_URL"
    start_tls_server
    COURIER_PROXY_USER=courier-proxy
    COURIER_PROXY_PASSWORD=pr0xy-s3cr3t
    start_server proxy 127.0.0.1 /records run_proxy_server
    COURIER_PROXY_URL="$SERVER_URL"
    export COURIER_PROXY_URL COURIER_PROXY_USER COURIER_PROXY_PASSWORD
    export COURIER_HTTPBIN_URL COURIER_LOOPBACK_URL COURIER_LOOPBACK_ALT_URL
    export COURIER_FAULT_URL COURIER_FAULT_ALT_URL COURIER_SSE_URL
    export COURIER_INTEGRATION=1
    export COURIER_TEST_PYTHON="$SERVERS_PYTHON"
}

# stop_servers: asks every server started here to stop (SIGTERM), forces any still running after
# about 5 s, and removes the temporary folder.
stop_servers() {
    local pid i
    for pid in "${SERVER_PIDS[@]:+${SERVER_PIDS[@]}}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    for pid in "${SERVER_PIDS[@]:+${SERVER_PIDS[@]}}"; do
        for i in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then
            kill -KILL "$pid" 2>/dev/null || true
        fi
        wait "$pid" 2>/dev/null || true
    done
    SERVER_PIDS=()
    if [[ -n "$SERVERS_RUN_DIR" ]]; then
        rm -rf "$SERVERS_RUN_DIR"
        SERVERS_RUN_DIR=""
    fi
}
