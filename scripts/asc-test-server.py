#!/usr/bin/env python3
"""A local stand-in for App Store Connect, for `make run` (scripts/run-example.sh).

It answers GET /v1/apps and GET /v1/builds with JSON:API bodies shaped as Apple documents them, for one app
(com.example.MyApp), and checks every request's bearer token first: the ES256 signature with `openssl dgst
-verify` against the key's public half, then kid, iss (or sub "user"), aud, iat and exp. A bad token gets
Apple's 401 error document. It knows nothing of Slipway.

usage: asc-test-server.py --public-key public.pem --key-id ID [--issuer ISSUER] --port-file FILE
"""
import argparse
import base64
import json
import os
import subprocess
import tempfile
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, HTTPServer

APP = {"type": "apps", "id": "1500000001", "attributes": {"bundleId": "com.example.MyApp", "name": "MyApp"}}
# Apple sorts `version` as text; the highest number (57) failed processing, and still counts.
BUILDS = [("b55", "55", "1.4.1", "VALID"), ("b56", "56", "1.4.2", "VALID"), ("b57", "57", "1.4.2", "FAILED")]


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def der_from_raw(raw):
    """r||s (64 bytes) as a DER ECDSA-Sig-Value, for openssl."""
    def integer(value):
        value = value.lstrip(b"\0") or b"\0"
        if value[0] & 0x80:
            value = b"\0" + value
        return b"\x02" + bytes([len(value)]) + value
    body = integer(raw[:32]) + integer(raw[32:])
    return b"\x30" + bytes([len(body)]) + body


def token_problem(header, options):
    if not header or not header.startswith("Bearer "):
        return "no bearer token"
    parts = header[len("Bearer "):].split(".")
    if len(parts) != 3:
        return "not a compact JWS"
    try:
        head, claims, raw = json.loads(b64url(parts[0])), json.loads(b64url(parts[1])), b64url(parts[2])
    except ValueError:
        return "not base64url JSON"
    if len(raw) != 64:
        return "the signature is not 64 bytes of r||s"
    with tempfile.TemporaryDirectory() as folder:
        signed, signature = os.path.join(folder, "signed"), os.path.join(folder, "signature")
        with open(signed, "wb") as file:
            file.write((parts[0] + "." + parts[1]).encode())
        with open(signature, "wb") as file:
            file.write(der_from_raw(raw))
        check = subprocess.run(
            ["openssl", "dgst", "-sha256", "-verify", options.public_key, "-signature", signature, signed],
            capture_output=True, check=False)
        if check.returncode != 0:
            return "bad signature"
    now = time.time()
    if head.get("alg") != "ES256" or head.get("kid") != options.key_id:
        return "wrong alg or kid"
    if options.issuer and claims.get("iss") != options.issuer:
        return "wrong iss"
    if not options.issuer and claims.get("sub") != "user":
        return "an individual key needs sub: user"
    if claims.get("aud") != "appstoreconnect-v1":
        return "wrong aud"
    if not claims.get("iat", now + 1) <= now < claims.get("exp", 0) or claims["exp"] - claims["iat"] > 1200:
        return "iat/exp out of range"
    return None


class Handler(BaseHTTPRequestHandler):
    options = None

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body, sort_keys=True).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        problem = token_problem(self.headers.get("Authorization"), self.options)
        if problem:
            detail = "Provide a properly configured and signed bearer token (%s)." % problem
            self.answer(401, {"errors": [{"status": "401", "code": "NOT_AUTHORIZED",
                                          "title": "Authentication credentials are missing or invalid.",
                                          "detail": detail}]})
            return
        url = urllib.parse.urlparse(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/v1/apps":
            found = [APP] if query.get("filter[bundleId]") == APP["attributes"]["bundleId"] else []
            self.answer(200, {"data": found, "links": {"self": self.path}})
        elif url.path == "/v1/builds" and query.get("filter[app]") == APP["id"]:
            states = query.get("filter[processingState]", "VALID").split(",")
            version = query.get("filter[preReleaseVersion.version]")
            builds = [b for b in BUILDS if b[3] in states and (version is None or b[2] == version)]
            builds.sort(key=lambda b: b[1], reverse=query.get("sort") == "-version")
            data = [{"type": "builds", "id": b[0], "attributes": {"version": b[1], "processingState": b[3]}}
                    for b in builds]
            self.answer(200, {"data": data, "links": {"self": self.path}})
        else:
            self.answer(404, {"errors": [{"status": "404", "code": "NOT_FOUND",
                                          "title": "The specified resource does not exist",
                                          "detail": "The path provided does not match a defined resource type."}]})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--public-key", required=True)
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--issuer")
    parser.add_argument("--port-file", required=True)
    Handler.options = parser.parse_args()
    server = HTTPServer(("127.0.0.1", 0), Handler)
    with open(Handler.options.port_file + ".tmp", "w") as file:
        file.write(str(server.server_address[1]))
    os.replace(Handler.options.port_file + ".tmp", Handler.options.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
