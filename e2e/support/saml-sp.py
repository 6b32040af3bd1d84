#!/usr/bin/python3
"""A vendor's SAML service provider, independent of Portico: pysaml2 (Debian's python3-pysaml2) behind Python's own
HTTP server (issue 26 §1). It knows Portico only by its published metadata, signs its HTTP-Redirect AuthnRequests
with a key of its own (RSA-SHA256) and checks each answer as a vendor's SP does: the signatures by xmlsec1, the
audience, the Destination, and InResponseTo against the requests it sent.

    /usr/bin/python3 e2e/support/saml-sp.py IDP_METADATA_URL

It listens on a free loopback port and prints one line of JSON once ready: its base URL, entity id and metadata URL.
  GET  /metadata            the SP's metadata (entity id, ACS, signing certificate), for registering it in Portico
  GET  /login?relay=TEXT    sends the browser to Portico's SSO URL with a signed AuthnRequest and that RelayState
  POST /acs                 checks the SAMLResponse and shows what it verified (or why it refused it)
"""

import html
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.client import Saml2Client
from saml2.config import SPConfig
from saml2.metadata import entity_descriptor
from saml2.saml import NAMEID_FORMAT_UNSPECIFIED
from saml2.xmldsig import SIG_RSA_SHA256

idp_metadata_url = sys.argv[1]
work = tempfile.mkdtemp(prefix="portico-saml-sp-")
key_file, cert_file, idp_file = (os.path.join(work, n) for n in ("sp.key", "sp.crt", "idp.xml"))
subprocess.run(
    ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=pysaml2 test SP",
     "-keyout", key_file, "-out", cert_file],
    check=True, capture_output=True,
)
with urllib.request.urlopen(idp_metadata_url) as answer, open(idp_file, "wb") as out:
    out.write(answer.read())

server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
base = f"http://127.0.0.1:{server.server_address[1]}"
config = SPConfig()
config.load({
    "entityid": f"{base}/metadata",
    "service": {"sp": {
        "name": "pysaml2 test SP",
        "endpoints": {"assertion_consumer_service": [(f"{base}/acs", BINDING_HTTP_POST)]},
        "authn_requests_signed": True,
        "want_response_signed": True,
        "want_assertions_signed": True,
        "allow_unsolicited": False,
        "name_id_format": [NAMEID_FORMAT_UNSPECIFIED],
        # Portico's attribute names (MemberMlsId, ...) are its own, not in pysaml2's attribute maps: keep them.
        "allow_unknown_attributes": True,
    }},
    "key_file": key_file,
    "cert_file": cert_file,
    "metadata": {"local": [idp_file]},
    "xmlsec_binary": "/usr/bin/xmlsec1",
    "accepted_time_diff": 60,
})
client = Saml2Client(config=config)
idp_entity_id = next(iter(client.metadata.identity_providers()))
# The requests this SP sent and has not had an answer to: InResponseTo must name one of them.
outstanding = {}

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main><h1>{title}</h1>{body}</main></body></html>"""


class Handler(BaseHTTPRequestHandler):
    def send_page(self, status, title, body, content_type="text/html; charset=utf-8"):
        data = (PAGE.format(title=html.escape(title), body=body) if content_type.startswith("text/html") else body).encode()
        self.send_response(status)
        self.send_header("content-type", content_type)
        self.send_header("cache-control", "no-store")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/metadata":
            return self.send_page(200, "", str(entity_descriptor(config)), "application/samlmetadata+xml")
        if url.path == "/login":
            relay = urllib.parse.parse_qs(url.query).get("relay", [""])[0]
            request_id, info = client.prepare_for_authenticate(
                entityid=idp_entity_id, relay_state=relay, binding=BINDING_HTTP_REDIRECT, sigalg=SIG_RSA_SHA256,
                nameid_format=NAMEID_FORMAT_UNSPECIFIED,
            )
            outstanding[request_id] = relay
            self.send_response(303)
            self.send_header("location", dict(info["headers"])["Location"])
            self.send_header("x-saml-request-id", request_id)
            self.end_headers()
            return None
        if url.path == "/favicon.ico":
            self.send_response(204)
            self.end_headers()
            return None
        return self.send_page(404, "Not found", "<p>Nothing here.</p>")

    def do_POST(self):
        if urllib.parse.urlsplit(self.path).path != "/acs":
            return self.send_page(404, "Not found", "<p>Nothing here.</p>")
        form = urllib.parse.parse_qs(self.rfile.read(int(self.headers.get("content-length", 0))).decode())
        relay = form.get("RelayState", [None])[0]
        try:
            response = client.parse_authn_request_response(form["SAMLResponse"][0], BINDING_HTTP_POST, outstanding)
            if response is None:
                raise ValueError("no response")
            in_response_to = response.in_response_to
            outstanding.pop(in_response_to, None)
        except Exception as error:  # Any refusal of pysaml2: the page says so and why.
            return self.send_page(400, "Assertion refused", f"<p data-testid='error'>{html.escape(repr(error))}</p>")
        # The verified assertion's attributes as sent (pysaml2's `ava` keeps only names of its attribute maps).
        attributes = [a for s in response.assertion.attribute_statement for a in s.attribute]
        rows = "".join(
            f"<tr><th scope='row'>{html.escape(a.name)}</th>"
            f"<td>{html.escape(', '.join(v.text or '' for v in a.attribute_value))}</td></tr>"
            for a in sorted(attributes, key=lambda a: a.name)
        )
        return self.send_page(
            200,
            "Signed in by pysaml2",
            f"""<p>pysaml2 verified the signed response and its assertion.</p>
<dl><dt>NameID</dt><dd data-testid="name-id">{html.escape(str(response.name_id.text))}</dd>
<dt>InResponseTo</dt><dd data-testid="in-response-to">{html.escape(in_response_to)}</dd>
<dt>RelayState</dt><dd data-testid="relay-state">{html.escape(relay or '')}</dd>
<dt>Issuer</dt><dd data-testid="issuer">{html.escape(response.issuer())}</dd></dl>
<table><caption>Attributes received</caption><tbody>{rows}</tbody></table>""",
        )

    def log_message(self, *args):
        pass


server.RequestHandlerClass = Handler
print(json.dumps({"base": base, "entityId": f"{base}/metadata", "metadata": f"{base}/metadata"}), flush=True)
server.serve_forever()
