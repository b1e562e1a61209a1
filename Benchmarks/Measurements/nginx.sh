# nginx on 127.0.0.1 for the loopback and peak-memory measurements, sourced after measure.sh:
#
#   start_nginx          # sets NGINX_URL; measure.sh's cleanup stops it
#   start_nginx --tls    # also NGINX_TLS_URL (HTTPS, HTTP/1.1 only), NGINX_H2_URL (HTTPS with
#                        # HTTP/2) and NGINX_CA (the PEM of the throwaway CA that signed their
#                        # certificate, made at start by Tests/Servers/make_tls_material.sh)
#
# One worker, keep-alive connections kept for the whole run, every file in $WORK. It answers
#   GET /json    1,037 bytes of JSON
#   POST /post   {"ok":true}
#   GET /big     $WORK/www/big (create it before starting: the peak-memory download)
#   POST /sink   reads the whole body (spooled to $WORK/body, then dropped) and answers with its
#                length (the echo module of Debian's nginx-light)
# Installs nginx-light with apt-get when nginx or its echo module is missing (as root).

readonly NGINX_ECHO_MODULE=/usr/lib/nginx/modules/ngx_http_echo_module.so
NGINX_PID=""

# 1,037 bytes of JSON (no single quote, backslash or dollar sign: it sits in an nginx string).
readonly NGINX_JSON='{"id":4242,"login":"ada-lovelace","name":"Ada Lovelace","email":"ada@analytical-engine.example.org","company":"Analytical Engine Works","location":"London, United Kingdom","bio":"Mathematician and writer, chiefly known for her work on Charles Babbage and his proposed mechanical general-purpose computer, the Analytical Engine. She was the first to recognise that the machine had applications beyond pure calculation, and published the first algorithm intended to be carried out by such a machine. Her notes on the Engine include a method for calculating a sequence of Bernoulli numbers, written in 1843 beside her translation of an Italian article.","website":"https://www.analytical-engine.example.org/people/ada-lovelace/notes","avatarURL":"https://avatars.example.org/u/4242?size=256&version=3","followers":18230,"following":42,"publicRepositories":17,"score":98.625,"isVerified":true,"createdAt":"2015-12-10T09:30:00Z","languages":["Swift","Haskell","Ada","Rust","Python","C","Go","Kotlin","Elixir","Zig","OCaml","Scheme","Erlang"]}'

require_nginx() {
    if ! command -v nginx >/dev/null 2>&1 || [[ ! -f "$NGINX_ECHO_MODULE" ]]; then
        echo "$MEASUREMENT: nginx or its echo module is missing; installing nginx-light with apt-get" >&2
        if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >&2; then
            fail "apt-get could not install nginx-light (it needs root and a package index:" \
                "apt-get update); install nginx-light and rerun"
        fi
    fi
}

# nginx_routes: the locations every server of nginx_config answers.
nginx_routes() {
    cat <<CONF
        location = /json { default_type application/json; return 200 '$NGINX_JSON'; }
        location = /post { default_type application/json; return 200 '{"ok":true}'; }
        location = /big { default_type application/octet-stream; alias $WORK/www/big; }
        location = /sink {
            client_max_body_size 0;
            client_body_buffer_size 1m;
            default_type text/plain;
            echo_read_request_body;
            echo "\$request_length";
        }
        location / { return 404; }
CONF
}

# nginx_tls_server PORT [http2]: an HTTPS server on 127.0.0.1:PORT with the throwaway leaf.
nginx_tls_server() {
    cat <<CONF
    server {
        listen 127.0.0.1:$1 ssl ${2:-} backlog=4096;
        ssl_certificate $WORK/tls/trusted.pem;
        ssl_certificate_key $WORK/tls/trusted-key.pem;
        ssl_session_cache shared:TLS:1m;
$(nginx_routes)
    }
CONF
}

# nginx_config PORT [TLS_PORT H2_PORT]: the configuration, on 127.0.0.1:PORT (and the HTTPS
# servers on the other two), in the foreground.
nginx_config() {
    cat <<CONF
load_module $NGINX_ECHO_MODULE;
daemon off;
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    client_body_temp_path $WORK/body;
    proxy_temp_path $WORK/proxy;
    fastcgi_temp_path $WORK/fastcgi;
    uwsgi_temp_path $WORK/uwsgi;
    scgi_temp_path $WORK/scgi;
    keepalive_requests 1000000;
    keepalive_timeout 300s;
    server {
        listen 127.0.0.1:$1 backlog=4096;
$(nginx_routes)
    }
$(if (($# == 3)); then nginx_tls_server "$2" && nginx_tls_server "$3" http2; fi)
}
CONF
}

# nginx_answers PORT: whether nginx answers GET /json on PORT with 200.
nginx_answers() {
    local status
    status="$(
        { exec 3<>"/dev/tcp/127.0.0.1/$1"; } 2>/dev/null || exit 1
        printf 'GET /json HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
        head -n 1 <&3
    )" || return 1
    [[ "$status" == "HTTP/1.1 200"* ]]
}

# start_nginx [--tls]: on a random free port (other ones when it cannot listen there); sets
# NGINX_URL, and with --tls NGINX_TLS_URL, NGINX_H2_URL and NGINX_CA.
start_nginx() {
    require_nginx
    local nginx candidate tls_ports=()
    if [[ "${1:-}" == --tls ]]; then
        "$ROOT/Tests/Servers/make_tls_material.sh" "$WORK/tls" >/dev/null
    fi
    nginx="$(command -v nginx || echo /usr/sbin/nginx)"
    # nginx's workers drop root for an unprivileged user: they read www/ and write body/.
    chmod 755 "$WORK"
    mkdir -p "$WORK/www" && mkdir -p -m 1777 "$WORK/body"
    for _ in 1 2 3 4 5; do
        candidate=$((20000 + RANDOM % 40000))
        [[ "${1:-}" != --tls ]] || tls_ports=($((candidate + 1)) $((candidate + 2)))
        nginx_config "$candidate" "${tls_ports[@]}" >"$WORK/nginx.conf"
        "$nginx" -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/error.log" &
        NGINX_PID=$!
        for _ in $(seq 1 50); do
            if nginx_answers "$candidate"; then
                NGINX_URL="http://127.0.0.1:$candidate"
                if ((${#tls_ports[@]} > 0)); then
                    NGINX_TLS_URL="https://127.0.0.1:${tls_ports[0]}"
                    NGINX_H2_URL="https://127.0.0.1:${tls_ports[1]}"
                    NGINX_CA="$WORK/tls/ca.pem"
                fi
                echo "$MEASUREMENT: nginx $("$nginx" -v 2>&1 | sed 's/.*nginx\///') on 127.0.0.1:$candidate" >&2
                return 0
            fi
            kill -0 "$NGINX_PID" 2>/dev/null || break
            sleep 0.1
        done
        stop_nginx
    done
    echo "$MEASUREMENT: nginx did not start; its log:" >&2
    cat "$WORK/error.log" >&2 2>/dev/null || true
    exit 1
}

stop_nginx() {
    if [[ -n "$NGINX_PID" ]]; then
        kill -TERM "$NGINX_PID" 2>/dev/null || true
        wait "$NGINX_PID" 2>/dev/null || true
        NGINX_PID=""
    fi
}
