#!/usr/bin/env python3
"""An Onramp API server that is not the sandbox: a few endpoints of docs/provider-api.yaml,
written from the document alone (Python's http.server; AWS Signature Version 4 verified here with
hashlib/hmac, not with the client's signer). tests/models/provider/tst_foreignapi runs the
client's typed operations against it.

    foreign_api_server.py [--port N]

Prints one JSON line on stdout, {url, accessKeyId, secretAccessKey, region}, then serves until
stdin closes or it is terminated. Requests it refuses are said on stderr.

What it serves (the test's fixture): workspace ws1 with a quota pool in cn-north-1a (members zhang,
developer, and zhao, observer); job job-1 of zhang's, succeeded, whose log is LOG below; instance
creates with idempotency.
"""
import argparse
import datetime
import hashlib
import hmac
import json
import re
import secrets
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

REGION = "cn-north"
SERVICE = "onramp"
ACCESS_KEY = "AKIDFOREIGN" + secrets.token_hex(4).upper()
SECRET = secrets.token_urlsafe(30)

# The log of job-1: 4,000 lines, some with Chinese text (the text is UTF-8, offsets are bytes).
LOG = "".join(f"step {i:05d} tokens {i * 4096} 训练中\n" if i % 10 == 0 else
              f"step {i:05d} tokens {i * 4096}\n" for i in range(4000)).encode()

REGIONS = [
    {"region": "cn-north", "zones": [{"zone": "cn-north-1a", "stock": {"a100-80g": 16, "h100": 0}},
                                     {"zone": "cn-north-1b", "stock": {"a100-80g": 4}}]},
    {"region": "cn-east", "zones": [{"zone": "cn-east-2a", "stock": {"l40s": 8}}]},
]
WORKSPACES = {"ws1": {"zone": "cn-north-1a", "card": "a100-80g",
                      "members": {"zhang": "developer", "zhao": "observer"}}}
JOBS = {"job-1": {"id": "job-1", "workspace": "ws1", "member": "zhang", "state": "succeeded",
                  "exitCode": 0, "cardHours": 0.25,
                  "submittedAt": "2026-01-05T08:00:00Z", "startedAt": "2026-01-05T08:00:02Z",
                  "finishedAt": "2026-01-05T08:15:02Z",
                  "paths": {"data": "/data", "output": "/output", "scratch": "/scratch"}}}
INSTANCE_TYPES = {"gpu.a100-80g.1": ("a100-80g", 1), "gpu.a100-80g.8": ("a100-80g", 8)}
# Remembered creates: (access key, member, method, path, key) → (body, status, answer).
CREATES = {}
LOCK = threading.Lock()


class Refused(Exception):
    def __init__(self, status, code, message, **extra):
        super().__init__(message)
        self.status, self.body = status, dict({"code": code, "message": message}, **extra)


def uri_encode(text, keep_slash):
    """RFC 3986 encoding of all but the unreserved characters, as SigV4 asks."""
    return urllib.parse.quote(text, safe="/~" if keep_slash else "~")


def verify_signature(method, raw_path, raw_query, headers, body):
    """AWS SigV4 (header form) as docs/provider-api.yaml describes it: service onramp, this
    server's region, SignedHeaders naming host (and X-Onramp-Member and Idempotency-Key when
    sent). Raises Refused(401) on any disagreement."""
    auth = headers.get("authorization", "")
    m = re.fullmatch(r"AWS4-HMAC-SHA256 Credential=([^/,\s]+)/(\d{8})/([^/,\s]+)/([^/,\s]+)/"
                     r"aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})",
                     auth)
    if not m:
        raise Refused(401, "unauthenticated", "no AWS4-HMAC-SHA256 Authorization header")
    key_id, day, region, service, signed, signature = m.groups()
    if key_id != ACCESS_KEY:
        raise Refused(401, "unauthenticated", "unknown access key")
    if region != REGION or service != SERVICE:
        raise Refused(401, "unauthenticated", f"scope must be {REGION}/{SERVICE}")
    stamp = headers.get("x-amz-date", "")
    try:
        when = datetime.datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(
            tzinfo=datetime.timezone.utc)
    except ValueError:
        raise Refused(401, "unauthenticated", "X-Amz-Date missing or malformed")
    if stamp[:8] != day:
        raise Refused(401, "unauthenticated", "the scope's date is not X-Amz-Date's")
    if abs((datetime.datetime.now(datetime.timezone.utc) - when).total_seconds()) > 900:
        raise Refused(401, "unauthenticated", "X-Amz-Date is more than 15 minutes off")
    names = signed.split(";")
    if names != sorted(names):
        raise Refused(401, "unauthenticated", "SignedHeaders not sorted")
    for must in ["host", "x-amz-date"] + [h for h in ("x-onramp-member", "idempotency-key")
                                          if h in headers]:
        if must not in names:
            raise Refused(401, "unauthenticated", f"SignedHeaders must name {must}")
    for name in names:
        if name not in headers:
            raise Refused(401, "unauthenticated", f"signed header {name} not sent")
    payload_hash = hashlib.sha256(body).hexdigest()
    if "x-amz-content-sha256" in headers and headers["x-amz-content-sha256"] != payload_hash:
        raise Refused(401, "unauthenticated", "x-amz-content-sha256 is not the body's")
    pairs = urllib.parse.parse_qsl(raw_query, keep_blank_values=True)
    query = "&".join(f"{uri_encode(k, False)}={uri_encode(v, False)}" for k, v in sorted(pairs))
    canonical_headers = "".join(f"{n}:{' '.join(headers[n].split())}\n" for n in names)
    canonical = "\n".join([method, uri_encode(raw_path, True), query, canonical_headers, signed,
                           payload_hash])
    scope = f"{day}/{region}/{service}/aws4_request"
    to_sign = "\n".join(["AWS4-HMAC-SHA256", stamp, scope,
                         hashlib.sha256(canonical.encode()).hexdigest()])
    k = ("AWS4" + SECRET).encode()
    for part in (day, region, service, "aws4_request"):
        k = hmac.new(k, part.encode(), hashlib.sha256).digest()
    expected = hmac.new(k, to_sign.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, signature):
        raise Refused(401, "unauthenticated", "signature does not match")


def whole_number(query, name, low, high, absent):
    """A query parameter that must be a whole number in [low, high] (400, field "?name")."""
    if name not in query:
        return absent
    value = query[name][-1]
    if not re.fullmatch(r"\d+", value) or not low <= int(value) <= high:
        raise Refused(400, "validation_failed", f"expected a whole number from {low} to {high}",
                      field="?" + name)
    return int(value)


def workspace(name):
    if name not in WORKSPACES:
        raise Refused(404, "not_found", "no such workspace")
    return WORKSPACES[name]


def job_for(job_id, member, own_action, others_action):
    job = JOBS.get(job_id)
    if job is None:
        raise Refused(404, "not_found", "no such job")
    if member and member != job["member"]:
        role = WORKSPACES[job["workspace"]]["members"].get(member)
        if role != "admin":
            raise Refused(403, "forbidden", f"role {role} may not {others_action}",
                          role=role or "none", action=others_action)
    return job


def route(method, path, query, member, idempotency_key, body, caller):
    """(status, JSON answer) for one verified request."""
    parts = path.split("/")[1:]
    if parts[:1] != ["v1"]:
        raise Refused(404, "not_found", "no such resource")
    parts = parts[1:]
    if method == "GET" and parts == ["catalog", "regions"]:
        # docs/provider-api.yaml: {regions: [{region, zones: [{zone, stock}]}]}.
        return 200, {"regions": REGIONS}
    if method == "GET" and len(parts) == 3 and parts[0] == "workspaces" and parts[2] == "quota":
        workspace(parts[1])
        return 200, {"grantedCardHours": 120.0, "usedCardHours": 20.5,
                     "remainingCardHours": 99.5, "perMember": {"zhang": 20.5},
                     "perTopic": {"first-run": 20.5}}
    if method == "POST" and len(parts) == 3 and parts[0] == "workspaces" and parts[2] == "instances":
        ws = workspace(parts[1])
        if not idempotency_key or len(idempotency_key) > 128:
            raise Refused(400, "validation_failed", "a create needs an Idempotency-Key of 1 to "
                          "128 characters", field="Idempotency-Key")
        remembered = (caller, member, method, path, idempotency_key)
        with LOCK:
            if remembered in CREATES and CREATES[remembered][0] == body:
                return CREATES[remembered][1:]
        try:
            request = json.loads(body or b"{}")
        except ValueError:
            raise Refused(400, "validation_failed", "the body is not JSON", field="")
        for field in ("instanceType", "zone"):
            if not isinstance(request.get(field), str) or not request[field]:
                raise Refused(400, "validation_failed", f"{field} is required", field=field)
        if request["instanceType"] not in INSTANCE_TYPES:
            raise Refused(400, "validation_failed", "no such instance type",
                          field="instanceType")
        if request["zone"] != ws["zone"]:
            raise Refused(409, "zone_mismatch", f"the quota is in {ws['zone']}")
        card, cards = INSTANCE_TYPES[request["instanceType"]]
        answer = {"id": "i-" + secrets.token_hex(6), "state": "running", "workspace": parts[1],
                  "zone": request["zone"], "instanceType": request["instanceType"],
                  "card": card, "cards": cards,
                  "createdAt": datetime.datetime.now(datetime.timezone.utc).strftime(
                      "%Y-%m-%dT%H:%M:%SZ"),
                  "paths": {"data": "/data", "output": "/output", "scratch": "/scratch"}}
        with LOCK:
            CREATES[remembered] = (body, 201, answer)
        return 201, answer
    if method == "GET" and len(parts) == 2 and parts[0] == "jobs":
        return 200, job_for(parts[1], member, "view_job_status", "view_job_status")
    if method == "GET" and len(parts) == 3 and parts[0] == "jobs" and parts[2] == "logs":
        job = job_for(parts[1], member, "view_own_logs", "view_all_logs")
        offset = whole_number(query, "offset", 0, 2**63 - 1, 0)
        limit = whole_number(query, "limit", 1, 1048576, 65536)
        piece = LOG[offset:offset + limit]
        # Whole UTF-8 characters only: a piece ends before a character cut in two.
        while piece:
            try:
                text = piece.decode()
                break
            except UnicodeDecodeError:
                piece = piece[:-1]
        else:
            text = ""
        end = min(len(LOG), offset + len(piece)) if offset < len(LOG) else len(LOG)
        return 200, {"offset": min(offset, len(LOG)), "nextOffset": end, "size": len(LOG),
                     "text": text, "eof": job["state"] in ("succeeded", "failed", "interrupted",
                                                           "cancelled") and end >= len(LOG)}
    raise Refused(404, "not_found", "no such resource")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        raw_path, _, raw_query = self.path.partition("?")
        try:
            segments = raw_path.split("/")[1:]
            if any(urllib.parse.unquote(s) in ("", ".", "..") or "%2f" in s.lower()
                   for s in segments):
                raise Refused(400, "validation_failed", "empty, . or .. path segment",
                              field="path")
            verify_signature(self.command, raw_path, raw_query, headers, body)
            query = urllib.parse.parse_qs(raw_query, keep_blank_values=True)
            status, answer = route(self.command, urllib.parse.unquote(raw_path), query,
                                   headers.get("x-onramp-member", ""),
                                   headers.get("idempotency-key", ""), body, ACCESS_KEY)
        except Refused as r:
            print(f"foreign_api_server: {self.command} {self.path} → {r.status} {r.body}",
                  file=sys.stderr, flush=True)
            status, answer = r.status, r.body
        self.answer(status, answer)

    do_GET = do_POST = do_PUT = do_DELETE = handle_any


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"url": f"http://127.0.0.1:{server.server_address[1]}",
                      "accessKeyId": ACCESS_KEY, "secretAccessKey": SECRET, "region": REGION}),
          flush=True)
    sys.stdin.read()  # until the test closes our stdin (or ends)
    server.shutdown()


if __name__ == "__main__":
    main()
