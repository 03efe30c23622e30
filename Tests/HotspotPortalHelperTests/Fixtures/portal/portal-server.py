#!/usr/bin/env python3
"""A captive portal and a DNS server on 127.0.0.1 for PortalHelperComponentTests.

Prints one JSON line {"http": PORT, "https": PORT, "dns": PORT} once it listens, then serves until killed.
Every request is appended to --log as a JSON line (method, path, host, cookie, referer, user-agent, body), every
DNS question as {"dns": NAME}.

Modes (--mode):
  click   /generate_204 redirects to http://portal.test/terms until a POST to /accept sends the cookie the
          terms page set, its hidden token and the ticked terms box; then 204.
  room    the same, but the form also wants a room number and a last name (412 / Smith); wrong ones get
          the form again (403) with the hotel's error above it.
  room-elsewhere  the room form, its action on another host (https://localhost:HTTPS/accept).
  pin     the room form as a GET, with a password field "pin" (s3cr3t-pin) instead of the last name.
  pin-next  the pin form, whose right answers get a 200 page (at the URL that holds them) with a Continue form
          and no action: its POST (step=2) to that URL logs in.
  pin-elsewhere  the same, the Continue form's action on another host (https://localhost:HTTPS/activate).
  pin-redirect  the same, but the answers get a 302 to /next with their query: /next has the Continue form.
  pin-link  the same, but the answers' page has only a link on to https://localhost:HTTPS/continue?step=2.
  open    /generate_204 is always 204.
  walled  a walled garden: /generate_204 (one operator's probe) is let through, 204, at once; /check (another
          operator's) is redirected to the click portal's /terms, 300 ms later, until the click login.
  broken  /generate_204 is always 500 (no internet, no portal).
  refresh /generate_204 is a 200 page with a meta refresh to /terms (a portal without redirects).
  wispr   /generate_204 redirects to the terms page, which also carries WISPr XML whose LoginURL is
          https://portal.test:HTTPS/wispr-login; that login takes user/secret, and its reply names the
          LogoffURL https://localhost:HTTPS/wispr-logoff, which ends the session.
  wispr-elsewhere, wispr-http  the same with the LoginURL https://localhost:HTTPS/wispr-login (another
          host) or http://portal.test:HTTP/wispr-login.
  wispr-307-other, wispr-307-http  the LoginURL of wispr answers 307 to https://localhost:HTTPS/wispr-login
          or http://portal.test:HTTP/wispr-login, which log in.
  steps   a venue of three steps: /generate_204 redirects to /start, an interstitial whose only control is
          a Continue button (a form of hidden fields) posting to /terms, which answers the click terms form;
          its POST /accept answers a "please wait" page that refreshes to /activate?t=TOKEN, which logs in.
  steps-link  the same, but /start is a page whose only way on is the link <a href="/terms?accept=1">.
  steps-self  /start is a form posting to /start: the step points back to itself, forever.
  refresh-loop  /start?n=N refreshes to /start?n=N+1, forever.
  ping-pong  /start is a terms form posting to /accept, which always refuses (403) with a form posting back
          to /start, which redirects to /start: two forms that lead to each other (radio's broken-html).
  captcha, payment, script  /generate_204 redirects to /start: a form with a reCAPTCHA, a card-number form,
          or no form but a script that posts the login itself.
  nodogsplash  /generate_204 redirects to the splash page /splash.html?redir=…: a GET form to its authaction
          /nodogsplash_auth/ with the hidden tok and redir and a Continue button; a GET with the right tok
          logs in and redirects to redir.
  opennds openNDS's click-to-continue: /generate_204 redirects to /opennds_preauth/?fas=B64; its page is a
          GET form back to /opennds_preauth/ (fas, landing=yes, Continue); then the terms form (fas,
          tos=accepted, Continue); then the authaction form /opennds_auth/ (tok, redir); the right tok logs in.
  capport the click portal with an RFC 8908 API at /capport: captive with user-portal-url /terms before
          the login, not captive with 120 s left after it. /generate_204 is always 204: only the API
          tells the portal. /capport?here names a user-portal-url on the API's own host.
  chilli*, mikrotik*, unifi*, omada*  the portal products' own login protocols: see products.py.
In every mode /hang answers only after 30 s. With a certificate (for localhost, portal.test and
evil.example), the portal's pages are https://portal.test:HTTPS/...
Names: probe.test, portal.test, evil.example and localhost are 127.0.0.1; other.test is 127.0.0.2; the
rest NXDOMAIN.
"""
import argparse, json, socket, ssl, struct, sys, threading, time, urllib.parse
sys.dont_write_bytecode = True  # no __pycache__ beside the fixture
import products
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

p = argparse.ArgumentParser()
p.add_argument("--mode", default="click")
p.add_argument("--log", required=True)
p.add_argument("--cert")
p.add_argument("--key")
args = p.parse_args()

state = {"logged_in": False}
lock = threading.Lock()
TOKEN = "t0k3n-42"
ports = {}

def log(entry):
    with lock:
        with open(args.log, "a") as f:
            f.write(json.dumps(entry) + "\n")

def is_pin(mode):
    """pin and the pin-* modes (not ping-pong)."""
    return mode == "pin" or mode.startswith("pin-")

TERMS = """<!DOCTYPE html><html><head><title>Guest Wi-Fi</title></head><body>
<!-- WISPR --><!-- ERROR -->
<form method="%s" action="%s">
<input type="hidden" name="token" value="%s">
%s
<label><input type="checkbox" name="terms" value="yes" required> I accept the terms</label>
<label><input type="checkbox" name="newsletter"> Send me offers</label>
<input type="submit" name="go" value="Connect">
</form></body></html>"""

ROOM_FIELDS = """<label for="r">Room number</label><input id="r" type="text" name="room">
<input type="text" name="last-name" placeholder="Last name">"""
PIN_FIELDS = """<label for="r">Room number</label><input id="r" type="text" name="room">
<label for="p">PIN</label><input id="p" type="password" name="pin">"""

WISPR = """<!--
<?xml version="1.0" encoding="UTF-8"?>
<WISPAccessGatewayParam xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<Redirect><MessageType>100</MessageType><ResponseCode>0</ResponseCode>
<AccessProcedure>1.0</AccessProcedure><LocationName>Test</LocationName>
<LoginURL>%s</LoginURL>
</Redirect></WISPAccessGatewayParam>
-->"""

WISPR_REPLY = """<html><!--
<WISPAccessGatewayParam><AuthenticationReply><MessageType>120</MessageType>
<ResponseCode>%d</ResponseCode><ReplyMessage>%s</ReplyMessage>%s</AuthenticationReply></WISPAccessGatewayParam>
--></html>"""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = args.mode

    def log_message(self, *a):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        if status != 204:
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if status != 204:
            self.wfile.write(body)

    def record(self, body=b""):
        log({"method": self.command, "path": self.path, "host": self.headers.get("Host"),
             "accept": self.headers.get("Accept"),
             "cookie": self.headers.get("Cookie"), "referer": self.headers.get("Referer"), "agent": self.headers.get("User-Agent"),
             "tls": isinstance(self.connection, ssl.SSLSocket), "body": body.decode("latin-1")})

    def portal_url(self, path):
        if args.cert:
            return "https://portal.test:%d%s" % (ports["https"], path)
        return "http://portal.test:%d%s" % (ports["http"], path)

    def login_url(self):
        return {"wispr-elsewhere": "https://localhost:%d/wispr-login" % ports["https"],
                "wispr-http": "http://portal.test:%d/wispr-login" % ports["http"]}.get(
                    args.mode, "https://portal.test:%d/wispr-login" % ports["https"])

    def accept(self, form):
        """A login with the terms form's fields: 302 to /welcome, else 403."""
        ok = (self.headers.get("Cookie") == "session=abc123" and form.get("token") == [TOKEN]
              and form.get("terms") == ["yes"] and "newsletter" not in form)
        if args.mode.startswith("room"):
            ok = ok and form.get("room") == ["412"] and form.get("last-name") == ["Smith"]
        if is_pin(args.mode):
            ok = ok and form.get("room") == ["412"] and form.get("pin") == ["s3cr3t-pin"]
        if not ok and args.mode.startswith("room"):
            page = self.terms_page().replace("<!-- ERROR -->", '<div class="alert alert-danger" role="alert">\n'
                                             '  The last name and room number do not match our records.\n</div>')
            return self.send(403, page.encode(), [("Content-Type", "text/html")])
        if not ok:
            return self.send(403, b"refused")
        if args.mode == "pin-redirect":
            return self.send(302, b"", [("Location", "/next?" + urllib.parse.urlsplit(self.path).query)])
        if args.mode.startswith("pin-"):
            return self.send(200, self.next_page().encode(), [("Content-Type", "text/html")])
        if args.mode.startswith("steps"):
            page = '<html><head><meta http-equiv="refresh" content="1; url=/activate?t=%s"></head>Please wait...</html>' % TOKEN
            return self.send(200, page.encode(), [("Content-Type", "text/html")])
        state["logged_in"] = True
        return self.send(302, b"", [("Location", "/welcome")])

    def terms_page(self):
        mode = args.mode
        extra = PIN_FIELDS if is_pin(mode) else ROOM_FIELDS if mode.startswith("room") else ""
        action = "https://localhost:%d/accept" % ports["https"] if mode == "room-elsewhere" else "/accept"
        page = TERMS % ("get" if is_pin(mode) else "post", action, TOKEN, extra)
        return page.replace("<!-- WISPR -->", WISPR % self.login_url() if mode.startswith("wispr") else "")

    def next_page(self):
        """The pin-* modes' page after the answers: a Continue form, to the page itself or another host."""
        if args.mode == "pin-link":
            return '<html><title>Almost there</title><a href="https://localhost:%d/continue?step=2">Continue</a></html>' % ports["https"]
        action = ' action="https://localhost:%d/activate"' % ports["https"] if args.mode == "pin-elsewhere" else ""
        return ('<html><title>Almost there</title><form method="post"%s><input type="hidden" name="step" value="2">'
                '<input type="submit" value="Continue"></form></html>' % action)

    STEP_PAGES = {
        "steps": '<html><title>Welcome</title><form method="post" action="/terms"><input type="hidden" name="step" value="1">'
                 '<button type="submit">Continue</button></form></html>',
        "steps-link": '<html><title>Welcome</title><p>Free Wi-Fi</p><a href="/logout">Log out</a>'
                      '<a href="/terms?accept=1">Accept and continue</a></html>',
        "steps-self": '<html><title>Welcome</title><form method="post" action="/start"><input type="hidden" name="step" value="1">'
                      '<button type="submit">Continue</button></form></html>',
        "ping-pong": '<html><form method="post" action="/accept"><input type="checkbox" name="terms" value="yes">'
                     '<input type="submit" value="Connect"></form></html>',
        "captcha": '<html><title>Guest</title><script src="https://www.google.com/recaptcha/api.js"></script>'
                   '<form method="post" action="/accept"><input type="checkbox" name="terms" value="yes">'
                   '<div class="g-recaptcha" data-sitekey="x"></div><input type="submit" value="Connect"></form></html>',
        "payment": '<html><title>Buy Wi-Fi</title><form method="post" action="/accept"><label for="c">Card number</label>'
                   '<input id="c" name="cardnumber"><input name="cvc"><input type="submit" value="Pay 5 EUR"></form></html>',
        "script": '<html><title>Guest</title><button onclick="go()">Connect</button>'
                  '<script>function go() { fetch("/accept", {method: "POST"}); }</script></html>',
    }

    def nds(self, path, query):
        """Answers nodogsplash's and openNDS's pages (True), or nothing for another path (False)."""
        q = urllib.parse.parse_qs(query, keep_blank_values=True)
        form = '<html><title>%s</title><form method="get" action="%s">%s<input type="submit" value="Continue"></form></html>'
        hidden = lambda n, v: '<input type="hidden" name="%s" value="%s">' % (n, v)
        page = None
        if path == "/splash.html" and args.mode == "nodogsplash":
            page = form % ("Guest", "http://portal.test:%d/nodogsplash_auth/" % ports["http"],
                           hidden("tok", TOKEN) + hidden("redir", q.get("redir", [""])[0]))
        elif path == "/opennds_preauth/" and args.mode == "opennds":
            fas = hidden("fas", q.get("fas", [""])[0])
            if q.get("tos") == ["accepted"]:
                page = form % ("Connected", "/opennds_auth/", hidden("tok", TOKEN) + hidden("redir", "http://example.com/"))
            elif q.get("landing") == ["yes"]:
                page = form % ("Terms", "/opennds_preauth/", fas + '<p>Terms of service</p>' + hidden("tos", "accepted"))
            else:
                page = form % ("Welcome", "/opennds_preauth/", fas + hidden("landing", "yes"))
        elif path in ("/nodogsplash_auth/", "/opennds_auth/") and args.mode in ("nodogsplash", "opennds"):
            if q.get("tok") != [TOKEN]:
                self.send(403, b"bad token")
                return True
            state["logged_in"] = True
            self.send(302, b"", [("Location", "http://probe.test:%d/generate_204" % ports["http"])])
            return True
        if page is None:
            return False
        self.send(200, page.encode(), [("Content-Type", "text/html")])
        return True

    def do_GET(self):
        self.record()
        path = urllib.parse.urlsplit(self.path).path
        mode = args.mode
        if products.handle(self, ports, state, "GET", path, urllib.parse.urlsplit(self.path).query, b""):
            return
        if path == "/hang":
            threading.Event().wait(30)
            return self.send(204)
        if path == "/capport":
            if state["logged_in"]:
                api = {"captive": False, "seconds-remaining": 120}
            elif urllib.parse.urlsplit(self.path).query == "here":
                api = {"captive": True, "user-portal-url": "https://%s/terms" % self.headers.get("Host")}
            else:
                api = {"captive": True, "user-portal-url": self.portal_url("/terms")}
            return self.send(200, json.dumps(api).encode(), [("Content-Type", "application/captive+json")])
        if path == "/wispr-logoff":
            state["logged_in"] = False
            page = "<html><!--<WISPAccessGatewayParam><LogoffReply><MessageType>130</MessageType>" \
                   "<ResponseCode>150</ResponseCode></LogoffReply></WISPAccessGatewayParam>--></html>"
            return self.send(200, page.encode(), [("Content-Type", "text/html")])
        if path == "/check" and mode == "walled":
            if state["logged_in"]:
                return self.send(204)
            time.sleep(0.3)
            return self.send(302, b"", [("Location", self.portal_url("/terms"))])
        if path == "/generate_204":
            if mode in ("open", "capport", "walled") or state["logged_in"]:
                return self.send(204)
            if mode == "broken":
                return self.send(500, b"oops")
            if mode == "refresh":
                page = b'<html><head><meta http-equiv="refresh" content="0; url=http://portal.test:%d/terms"></head></html>' % ports["http"]
                return self.send(200, page, [("Content-Type", "text/html")])
            start = {"refresh-loop": "/start", "nodogsplash": "/splash.html?redir=http%3A%2F%2Fprobe.test%2F",
                     "opennds": "/opennds_preauth/?fas=aGlkPTc2YjJk"}.get(mode, "/start" if mode in self.STEP_PAGES else "/terms")
            return self.send(302, b"", [("Location", self.portal_url(start))])
        if mode in ("nodogsplash", "opennds") and self.nds(path, urllib.parse.urlsplit(self.path).query):
            return
        if path == "/start" and mode == "refresh-loop":
            n = int(urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("n", ["0"])[0])
            page = '<html><meta http-equiv="refresh" content="0; url=/start?n=%d">Wait</html>' % (n + 1)
            return self.send(200, page.encode(), [("Content-Type", "text/html")])
        if path == "/start" and mode in self.STEP_PAGES:
            return self.send(200, self.STEP_PAGES[mode].encode(), [("Content-Type", "text/html")])
        if path == "/activate" and mode.startswith("steps"):
            if urllib.parse.urlsplit(self.path).query != "t=" + TOKEN:
                return self.send(403, b"refused")
            state["logged_in"] = True
            return self.send(200, b"<html><title>Online</title>You are online.</html>", [("Content-Type", "text/html")])
        if path == "/terms":
            if mode.startswith("steps") and mode != "steps-link":
                return self.send(405, b"the terms come after the welcome page")
            return self.send(200, self.terms_page().encode(), [("Content-Type", "text/html"),
                                                   ("Set-Cookie", "session=abc123; Path=/; HttpOnly")])
        if path == "/continue" and mode == "pin-link":
            state["logged_in"] = True
            return self.send(302, b"", [("Location", "/welcome")])
        if path == "/next" and mode == "pin-redirect":
            return self.send(200, self.next_page().encode(), [("Content-Type", "text/html")])
        if path == "/accept" and is_pin(mode):
            return self.accept(urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query, keep_blank_values=True))
        if path == "/welcome":
            return self.send(200, b"<html><title>Welcome</title>You are online.</html>", [("Content-Type", "text/html")])
        return self.send(404, b"not found")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        self.record(body)
        form = urllib.parse.parse_qs(body.decode(), keep_blank_values=True)
        path = urllib.parse.urlsplit(self.path).path
        if products.handle(self, ports, state, "POST", path, urllib.parse.urlsplit(self.path).query, body):
            return
        if path in ("/accept", "/next", "/activate") and args.mode.startswith("pin-") and form.get("step") == ["2"]:
            state["logged_in"] = True
            return self.send(302, b"", [("Location", "/welcome")])
        if path == "/accept" and args.mode == "ping-pong":
            page = '<html><form method="post" action="/start"><input type="hidden" name="back" value="1"><input type="submit"></form></html>'
            return self.send(403, page.encode(), [("Content-Type", "text/html")])
        if path == "/start" and args.mode == "ping-pong":
            return self.send(302, b"", [("Location", "/start")])
        if path == "/accept":
            return self.accept(form)
        if path == "/terms" and args.mode == "steps" and form.get("step") == ["1"]:
            return self.send(200, self.terms_page().encode(), [("Content-Type", "text/html"),
                                                   ("Set-Cookie", "session=abc123; Path=/; HttpOnly")])
        if path == "/start" and args.mode == "steps-self":
            return self.send(200, self.STEP_PAGES["steps-self"].encode(), [("Content-Type", "text/html")])
        if path == "/wispr-login":
            bounce = {"wispr-307-other": "https://localhost:%d/wispr-login" % ports["https"],
                      "wispr-307-http": "http://portal.test:%d/wispr-login" % ports["http"]}.get(args.mode)
            if bounce and self.headers.get("Host", "").startswith("portal.test") and isinstance(self.connection, ssl.SSLSocket):
                return self.send(307, b"", [("Location", bounce)])
            ok = form.get("UserName") == ["user"] and form.get("Password") == ["secret"]
            if ok:
                state["logged_in"] = True
            logoff = "<LogoffURL>https://localhost:%d/wispr-logoff</LogoffURL>" % ports["https"]
            page = WISPR_REPLY % ((50, "Welcome", logoff) if ok else (100, "Wrong password", ""))
            return self.send(200, page.encode(), [("Content-Type", "text/html")])
        return self.send(404, b"not found")


def dns_server(sock):
    names = {"probe.test": "127.0.0.1", "check.test": "127.0.0.1", "portal.test": "127.0.0.1", "localhost": "127.0.0.1", "evil.example": "127.0.0.1",
             "other.test": "127.0.0.2"}
    while True:
        data, peer = sock.recvfrom(1500)
        qid = data[:2]
        i, labels = 12, []
        while data[i]:
            labels.append(data[i + 1:i + 1 + data[i]].decode())
            i += 1 + data[i]
        question = data[12:i + 5]
        name = ".".join(labels).lower()
        log({"dns": name})
        address = names.get(name)
        flags = b"\x81\x80" if address else b"\x81\x83"
        answer = b""
        if address:
            answer = b"\xc0\x0c\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x04" + socket.inet_aton(address)
        sock.sendto(qid + flags + struct.pack(">HHHH", 1, 1 if address else 0, 0, 0) + question + answer, peer)


http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
ports["http"] = http.server_address[1]
https = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
if args.cert:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)
    https.socket = context.wrap_socket(https.socket, server_side=True)
ports["https"] = https.server_address[1]
dns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
dns.bind(("127.0.0.1", 0))
ports["dns"] = dns.getsockname()[1]
for target in (http.serve_forever, https.serve_forever, lambda: dns_server(dns)):
    threading.Thread(target=target, daemon=True).start()
print(json.dumps(ports), flush=True)
threading.Event().wait()
