#!/usr/bin/env bash
# Makes the throwaway TLS material of the HTTPS test server in DIR, with openssl, at test time:
# nothing here is ever committed, and a new CA is made on every run.
#
#   Tests/Servers/make_tls_material.sh DIR
#
# DIR/ca.pem                 the test CA (a root the tests trust through TLSOptions)
# DIR/trusted.pem, -key.pem  leaf for 127.0.0.1 and localhost, signed by the CA
# DIR/expired.pem, -key.pem  leaf for 127.0.0.1 and localhost, signed by the CA, valid in 2020 only
# DIR/wrong-host.pem, -key   leaf for wrong-host.invalid only, signed by the CA
# DIR/untrusted.pem, -key    self-signed leaf for 127.0.0.1 and localhost
# DIR/client.pem, -key.pem   client certificate (CN courier-test-client), signed by the CA
# DIR/other-client.pem, -key a client certificate from a CA the server does not trust
# DIR/not-yet-valid.pem, -key  leaf for 127.0.0.1 and localhost, signed by the CA, valid from 2099
# DIR/chained.pem, -key.pem  leaf for 127.0.0.1 and localhost signed by an intermediate CA the test
#                            CA signed, followed by that intermediate (the chain a server sends)
# DIR/unchained.pem, -key    the same leaf without its intermediate (a server that sends too little)
# DIR/stale-chain.pem, -key  a leaf for 127.0.0.1 and localhost valid now, followed by the
#                            intermediate that signed it, which the test CA signed and which
#                            expired in 2020
# DIR/intermediate-ca.pem, stale-intermediate-ca.pem (and -key.pem)  those two intermediates
# DIR/trusted.pin, ca.pin    base64 SHA-256 of the leaf's and the CA's SubjectPublicKeyInfo
# DIR/spare.pin              the same of a key no server uses (a backup pin that matches nothing)
set -euo pipefail

dir="$1"
mkdir -p "$dir"
cd "$dir"

key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
pin() {
    openssl x509 -in "$1" -pubkey -noout | openssl pkey -pubin -outform der \
        | openssl dgst -sha256 -binary | base64
}

# A minimal `openssl ca` setup, the one openssl command that sets arbitrary validity dates.
mkdir -p ca-db
: >ca-db/index.txt
echo 1000 >ca-db/serial
cat >ca.cnf <<'CNF'
[ca]
default_ca = test_ca
[test_ca]
database = ca-db/index.txt
serial = ca-db/serial
new_certs_dir = ca-db
default_md = sha256
policy = any
unique_subject = no
copy_extensions = copy
[any]
commonName = supplied
[intermediate]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth, clientAuth
CNF

key ca-key.pem
openssl req -x509 -new -key ca-key.pem -subj "/CN=Courier Test CA" -days 2 -out ca.pem \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null

# leaf NAME CN SAN [STARTDATE ENDDATE]: NAME.pem and NAME-key.pem, signed by $ISSUER (the CA
# unless set).
ISSUER=ca
leaf() {
    local name="$1" cn="$2" san="$3"
    key "$name-key.pem"
    openssl req -new -key "$name-key.pem" -subj "/CN=$cn" -addext "subjectAltName=$san" \
        -out "$name.csr" 2>/dev/null
    local dates=(-days 2)
    if (($# > 3)); then dates=(-startdate "$4" -enddate "$5"); fi
    openssl ca -batch -config ca.cnf -cert "$ISSUER.pem" -keyfile "$ISSUER-key.pem" -extensions leaf \
        "${dates[@]}" -in "$name.csr" -out "$name.pem" -notext 2>/dev/null
}
# intermediate NAME [STARTDATE ENDDATE]: an intermediate CA NAME.pem and NAME-key.pem, signed by
# the CA.
intermediate() {
    local name="$1"
    key "$name-key.pem"
    openssl req -new -key "$name-key.pem" -subj "/CN=Courier Test Intermediate $name" -out "$name.csr" \
        2>/dev/null
    local dates=(-days 2)
    if (($# > 1)); then dates=(-startdate "$2" -enddate "$3"); fi
    openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca-key.pem -extensions intermediate \
        "${dates[@]}" -in "$name.csr" -out "$name.pem" -notext 2>/dev/null
}

leaf trusted 127.0.0.1 "IP:127.0.0.1,DNS:localhost"
leaf expired 127.0.0.1 "IP:127.0.0.1,DNS:localhost" 20200101000000Z 20200201000000Z
leaf not-yet-valid 127.0.0.1 "IP:127.0.0.1,DNS:localhost" 20990101000000Z 20990201000000Z
intermediate intermediate-ca
intermediate stale-intermediate-ca 20200101000000Z 20200201000000Z
ISSUER=intermediate-ca leaf unchained 127.0.0.1 "IP:127.0.0.1,DNS:localhost"
cat unchained.pem intermediate-ca.pem >chained.pem
cp unchained-key.pem chained-key.pem
ISSUER=stale-intermediate-ca leaf stale-leaf 127.0.0.1 "IP:127.0.0.1,DNS:localhost"
cat stale-leaf.pem stale-intermediate-ca.pem >stale-chain.pem
mv stale-leaf-key.pem stale-chain-key.pem
rm stale-leaf.pem
leaf wrong-host wrong-host.invalid "DNS:wrong-host.invalid"
leaf client courier-test-client "DNS:courier-test-client"

key untrusted-key.pem
openssl req -x509 -new -key untrusted-key.pem -subj "/CN=127.0.0.1" -days 2 -out untrusted.pem \
    -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" 2>/dev/null

# A client identity from a CA the server does not know.
key other-ca-key.pem
openssl req -x509 -new -key other-ca-key.pem -subj "/CN=Other CA" -days 2 -out other-ca.pem \
    -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null
key other-client-key.pem
openssl req -new -key other-client-key.pem -subj "/CN=other-client" -out other-client.csr 2>/dev/null
openssl x509 -req -in other-client.csr -CA other-ca.pem -CAkey other-ca-key.pem -CAcreateserial \
    -days 2 -out other-client.pem 2>/dev/null

key spare-key.pem
openssl req -x509 -new -key spare-key.pem -subj "/CN=spare" -days 2 -out spare.pem 2>/dev/null

pin trusted.pem >trusted.pin
pin ca.pem >ca.pin
pin spare.pem >spare.pin
rm -f ./*.csr
