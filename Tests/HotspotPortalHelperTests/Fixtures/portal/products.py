"""The portal products' own login protocols for portal-server.py (issue 19), as their public documentation
describes them. The account is user / pw-4711; 127.0.0.1 is the helper's gateway (HOTSPOT_GATEWAY).

  chilli  CoovaChilli: /generate_204 redirects to the UAM server /uam/?res=notyet&uamip=127.0.0.1&uamport=HTTP
          &challenge=HEX&called&mac&ip&nasid&sessionid&userurl; /uam/ is a login form (UserName, Password).
          GET /logon?username=U&response=HEX(MD5(0 + password + challenge)) (CHAP), or &password=HEX(password
          XOR challenge) (PAP), logs in and redirects to /uam/?res=success, else to /uam/?res=failed&reply=...
  chilli-free  the UAM page is a free access: hidden UserName/Password and a button; its POST logs in.
  chilli-elsewhere  uamip=127.0.0.2, which is not the gateway.
  chilli-wispr  Chilli's redirect also carries its WISPr XML (LoginURL: the UAM server's res=smartclient over
          https), which takes UserName/Password, logs in and answers AuthenticationReply 50.
  mikrotik  MikroTik Hotspot: /generate_204 redirects to http://127.0.0.1:HTTP/login?dst=...; login.html's
          script is hexMD5('\\ooo' + password + '\\ooo...') (chap-id, chap-challenge, octal, new on every
          page), its sendin form posts username and that hex to /login: alogin.html, or login.html again
          with the error.
  mikrotik-pap  login.html without CHAP: username and password sent as typed to http://127.0.0.1:HTTP/login.
  mikrotik-elsewhere  the CHAP page's forms post to http://other.test:HTTP/login (not the gateway).
  unifi   UniFi guest portal: /generate_204 redirects to /guest/s/default/?id=MAC&ap=MAC&t=T&url=URL&ssid=S,
          a script app that sets a cookie; POST /guest/s/default/login of the JSON {} with that cookie logs in:
          {"meta":{"rc":"ok"},"data":[...]}.
  unifi-voucher  hotspotconfig says voucher_enabled: the login wants {"by":"voucher","code":"12345-67890"},
          else {"meta":{"rc":"error","msg":"api.err.InvalidVoucher"}}.
  unifi-password  hotspotconfig says password_enabled: {"by":"password","password":"pw-4711"}.
  cisco   Cisco WLC external web-auth: /generate_204 redirects to /fs/customwebauth/login.html?switch_url=
          http://127.0.0.1:HTTP/login.html&ap_mac&client_mac&wlan&redirect=probe.test/; the page's form has no
          action, buttonClicked 0 and a type=button Submit (its script sets both). POST /login.html with
          buttonClicked=4 and redirect_url=probe.test/ logs in ("Login Successful").
  meraki  Meraki click-through: /generate_204 redirects to /splash/?...&base_grant_url=http://127.0.0.1:HTTP/
          splash/grant&continue_url=http://probe.test/; the page has no form, its Continue link a script's.
          GET /splash/grant?continue_url=http%3A%2F%2Fprobe.test%2F logs in.
  omada   TP-Link Omada: /generate_204 redirects to /portal?clientMac=…&apMac=…&ssidName=Guest&radioId=1&originUrl=…,
          a script app; POST /portal/getPortalPageSetting of the identity answers {"errorCode":0,"result":
          {"authType":0}}; POST /portal/auth of {"authType":0, then the identity} logs in ({"errorCode":0}).
  omada-voucher  authType 11 (the hotspot) with enabledTypes [3]: the login wants "voucherCode":"12345-67890",
          else {"errorCode":-41502,"msg":"Voucher code is incorrect."}.
  omada-password  authType 1: "simplePassword":"pw-4711".
  omada-user  authType 5: "localuser":"user","localuserPsw":"pw-4711".
  omada-sms  authType 6 (a code sent by SMS), which only the page can do.
  omada-broken  the page setting's answer is cut off in mid-value.
"""
import hashlib, json, os, urllib.parse

USER, PASSWORD = b"user", b"pw-4711"


def redirect(h, ports, state):
    """Where the probe goes on a product's portal (None: not a product mode)."""
    mode, http = h.mode, ports["http"]
    if mode.startswith("chilli"):
        state["challenge"] = os.urandom(16)
        uamip = "127.0.0.2" if mode == "chilli-elsewhere" else "127.0.0.1"
        query = ("res=notyet&uamip=%s&uamport=%d&challenge=%s&called=00-11-22-33-44-55&mac=AA-BB-CC-DD-EE-FF"
                 "&ip=10.1.0.7&nasid=venue&sessionid=5e6792ce00000006&userurl=http%%3a%%2f%%2fprobe.test%%2f"
                 % (uamip, http, state["challenge"].hex()))
        return "http://portal.test:%d/uam/?%s" % (http, query)
    if mode.startswith("mikrotik"):
        return "http://127.0.0.1:%d/login?dst=http%%3A%%2F%%2Fprobe.test%%2F" % http
    if mode == "cisco":
        return ("http://portal.test:%d/fs/customwebauth/login.html?switch_url=http://127.0.0.1:%d/login.html"
                "&ap_mac=00:11:22:33:44:55&client_mac=aa:bb:cc:dd:ee:ff&wlan=Lobby&redirect=probe.test/" % (http, http))
    if mode == "meraki":
        return ("http://portal.test:%d/splash/?mac=00:18:0a:00:00:01&client_mac=aa:bb:cc:dd:ee:ff"
                "&base_grant_url=http%%3A%%2F%%2F127.0.0.1%%3A%d%%2Fsplash%%2Fgrant"
                "&user_continue_url=http%%3A%%2F%%2Fprobe.test%%2F&continue_url=http%%3A%%2F%%2Fprobe.test%%2F" % (http, http))
    if mode.startswith("omada"):
        return ("http://portal.test:%d/portal?clientMac=AA-BB-CC-DD-EE-FF&apMac=00-11-22-33-44-55&ssidName=Guest"
                "&radioId=1&originUrl=http%%3A%%2F%%2Fprobe.test%%2F" % http)
    if mode.startswith("unifi"):
        return ("http://portal.test:%d/guest/s/default/?id=aa:bb:cc:dd:ee:ff&ap=00:11:22:33:44:55&t=1700000000"
                "&url=http://probe.test%%2F&ssid=Guest" % http)
    return None


def wispr_body(h, ports, state, location):
    """Chilli's redirect carries its WISPr XML in chilli-wispr mode."""
    if h.mode != "chilli-wispr":
        return b""
    login = "https://portal.test:%d/uam/?res=smartclient&uamip=127.0.0.1&uamport=%d&challenge=%s" % (
        ports["https"], ports["http"], state["challenge"].hex())
    return ("<html><body><!--\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<WISPAccessGatewayParam>\n<Redirect>"
            "<AccessProcedure>1.0</AccessProcedure><AccessLocation>venue</AccessLocation><LocationName>venue</LocationName>"
            "<LoginURL>%s</LoginURL><AbortLoginURL>http://127.0.0.1:%d/abort</AbortLoginURL><MessageType>100</MessageType>"
            "<ResponseCode>0</ResponseCode></Redirect>\n</WISPAccessGatewayParam>\n--></body></html>"
            % (login.replace("&", "&amp;"), ports["http"])).encode()


def chap_ok(user, answer, chap_id, challenge):
    return user == USER and answer == hashlib.md5(chap_id + PASSWORD + challenge).hexdigest().encode()


def login_page(h, ports, state, error=""):
    chap = h.mode != "mikrotik-pap"
    state["chap"] = (os.urandom(1), os.urandom(16))
    octal = lambda b: "".join("\\%03o" % c for c in b)
    action = "http://%s:%d/login" % ("other.test" if h.mode == "mikrotik-elsewhere" else "127.0.0.1", ports["http"])
    page = '<html><head><title>internet hotspot &gt; login</title></head><body>'
    if chap:
        page += ('<form name="sendin" action="%s" method="post"><input type="hidden" name="username" />'
                 '<input type="hidden" name="password" /><input type="hidden" name="dst" value="http://probe.test/" />'
                 '<input type="hidden" name="popup" value="true" /></form>'
                 '<script type="text/javascript" src="/md5.js"></script><script type="text/javascript">\n<!--\n'
                 'function doLogin() {\n document.sendin.username.value = document.login.username.value;\n'
                 " document.sendin.password.value = hexMD5('%s' + document.login.password.value + '%s');\n"
                 ' document.sendin.submit();\n return false;\n}\n//-->\n</script>' % ((action,) + tuple(octal(x) for x in state["chap"])))
    page += ('<form name="login" action="%s" method="post"%s><input type="hidden" name="dst" value="http://probe.test/" />'
             '<input type="hidden" name="popup" value="true" /><input name="username" type="text" value="" />'
             '<input name="password" type="password" /><input type="submit" value="OK" /></form>'
             % (action, ' onSubmit="return doLogin()"' if chap else ""))
    if error:  # as the default template shows $(error)
        page += '<br /><div style="color: #FF8080; font-size: 9px">%s</div>' % error
    page += '</body></html>'

    return page.encode()


def uam_page(h, query):
    res = query.get("res", [""])[0]
    if res == "success":
        return b"<html><title>Logged in</title><body>You are online.</body></html>"
    error = '<div class="error">%s</div>' % query.get("reply", [""])[0] if res == "failed" else ""
    if h.mode == "chilli-free":
        fields = '<input type="hidden" name="UserName" value="user"><input type="hidden" name="Password" value="pw-4711">'
    else:
        fields = '<input type="text" name="UserName"><input type="password" name="Password">'
    return ('<html><title>Venue login</title><body>%s<form method="post" action="/uam/">%s'
            '<input type="submit" value="Login"></form></body></html>' % (error, fields)).encode()


def handle(h, ports, state, method, path, query, body):
    """Answers a product mode's request (True), or leaves it to portal-server.py (False)."""
    mode = h.mode
    q = urllib.parse.parse_qs(query, keep_blank_values=True)
    html = [("Content-Type", "text/html")]
    if method == "GET" and path == "/generate_204":
        location = redirect(h, ports, state)
        if location is None:
            return False
        if state["logged_in"]:
            h.send(204)
        else:
            h.send(302, wispr_body(h, ports, state, location), [("Location", location)] + html)
        return True
    if mode.startswith("chilli"):
        if method == "GET" and path == "/logon":
            user, challenge = q.get("username", [""])[0].encode(), state.get("challenge", b"")
            if "response" in q:
                ok = chap_ok(user, q["response"][0].encode(), b"\0", challenge)
            else:
                pap = bytes.fromhex(q.get("password", ["00"])[0])
                ok = user == USER and bytes(a ^ b for a, b in zip(pap, challenge * 8)).rstrip(b"\0") == PASSWORD
            uam = "http://portal.test:%d/uam/?uamip=127.0.0.1&uamport=%d&" % (ports["http"], ports["http"])
            if ok:
                state["logged_in"] = True
                h.send(302, b"", [("Location", uam + "res=success")])
            else:
                h.send(302, b"", [("Location", uam + "res=failed&reply=Your+user+name+or+password+is+wrong")])
            return True
        if path == "/uam/" and method == "GET":
            h.send(200, uam_page(h, q), html)
            return True
        if path == "/uam/" and method == "POST":
            form = urllib.parse.parse_qs(body.decode(), keep_blank_values=True)
            ok = form.get("UserName") == ["user"] and form.get("Password") == ["pw-4711"]
            if q.get("res") == ["smartclient"]:
                state["logged_in"] = state["logged_in"] or ok
                reply = "<html><!--\n<WISPAccessGatewayParam><AuthenticationReply><MessageType>120</MessageType>" \
                        "<ResponseCode>%d</ResponseCode></AuthenticationReply></WISPAccessGatewayParam>\n--></html>"
                h.send(200, (reply % (50 if ok else 100)).encode(), html)
                return True
            # hotspotlogin: the UAM server logs in at Chilli itself (its own CHAP), then shows the result.
            state["logged_in"] = state["logged_in"] or ok
            h.send(302, b"", [("Location", "/uam/?res=" + ("success" if ok else "failed&reply=Wrong+password"))])
            return True
    if mode.startswith("mikrotik"):
        if path == "/login" and method == "GET":
            h.send(200, login_page(h, ports, state), html)
            return True
        if path == "/login" and method == "POST":
            form = urllib.parse.parse_qs(body.decode(), keep_blank_values=True)
            user, answer = form.get("username", [""])[0].encode(), form.get("password", [""])[0].encode()
            if mode == "mikrotik-pap":
                ok = user == USER and answer == PASSWORD
            else:
                ok = chap_ok(user, answer, *state.get("chap", (b"", b"")))
            if ok:
                state["logged_in"] = True
                h.send(200, b'<html><head><title>mikrotik hotspot &gt; redirect</title><meta http-equiv="refresh" '
                            b'content="2; url=http://probe.test/"></head><body>You are logged in</body></html>', html)
            else:
                h.send(200, login_page(h, ports, state, "invalid username or password"), html)
            return True
    if mode == "cisco":
        if path == "/fs/customwebauth/login.html" and method == "GET":
            h.send(200, b'<html><head><title>Web Authentication</title><script>function submitAction(){}</script></head>'
                        b'<body><form method="post" name="frmLogin"><input type="hidden" name="buttonClicked" value="0">'
                        b'<input type="hidden" name="err_flag" value="0"><input type="hidden" name="redirect_url" value="">'
                        b'<p>I accept the terms of use</p><input type="button" name="Submit" value="Accept" '
                        b'onclick="submitAction();"></form></body></html>', html)
            return True
        if path == "/login.html" and method == "POST":
            form = urllib.parse.parse_qs(body.decode(), keep_blank_values=True)
            if form.get("buttonClicked") == ["4"] and form.get("redirect_url") == ["probe.test/"]:
                state["logged_in"] = True
                h.send(200, b"<html><body><h1>Login Successful</h1></body></html>", html)
            else:
                h.send(200, b"<html><body>Web Authentication</body></html>", html)
            return True
    if mode == "meraki":
        if path == "/splash/" and method == "GET":
            h.send(200, b'<html><head><title>Guest Wi-Fi</title></head><body><a id="continue" href="#">Continue to the '
                        b'Internet</a><script>document.getElementById("continue").onclick = grant;</script></body></html>', html)
            return True
        if path == "/splash/grant" and method == "GET":
            if query == "continue_url=http%3A%2F%2Fprobe.test%2F":
                state["logged_in"] = True
                h.send(302, b"", [("Location", "http://probe.test/")])
            else:
                h.send(400, b"<html><body>bad grant</body></html>", html)
            return True
    if mode.startswith("unifi"):
        if path == "/guest/s/default/hotspotconfig" and method == "GET":
            config = {"auth": "none", "voucher_enabled": mode == "unifi-voucher",
                      "password_enabled": mode == "unifi-password", "payment_enabled": False}
            h.send(200, json.dumps({"meta": {"rc": "ok"}, "data": [config]}).encode(), [("Content-Type", "application/json")])
            return True
        if path == "/guest/s/default/" and method == "GET":
            h.send(200, b'<!DOCTYPE html><html ng-app="app-unifi-hotspot-portal"><head><title>Guest Portal</title>'
                        b'<script src="js/app.js"></script></head><body><div ui-view></div></body></html>',
                   html + [("Set-Cookie", "unifises=guest42; Path=/")])
            return True
        if path == "/guest/s/default/login" and method == "POST":
            try:
                request = json.loads(body)
            except ValueError:
                request = None
            wanted = {"unifi": {}, "unifi-voucher": {"by": "voucher", "code": "12345-67890"},
                      "unifi-password": {"by": "password", "password": "pw-4711"}}[mode]
            ok = (request == wanted and h.headers.get("Content-Type") == "application/json"
                  and h.headers.get("Cookie") == "unifises=guest42")
            answer = {"meta": {"rc": "ok"}, "data": [{"redirect_url": "http://probe.test/"}]} if ok else \
                {"meta": {"rc": "error", "msg": "api.err.InvalidVoucher"}, "data": []}
            state["logged_in"] = state["logged_in"] or ok
            h.send(200 if ok else 400, json.dumps(answer).encode(), [("Content-Type", "application/json")])
            return True
    if mode.startswith("omada"):
        identity = {"clientMac": "AA-BB-CC-DD-EE-FF", "apMac": "00-11-22-33-44-55", "ssidName": "Guest", "radioId": "1",
                    "originUrl": "http://probe.test/"}
        try:
            request = json.loads(body) if method == "POST" else None
        except ValueError:
            request = None
        as_json = [("Content-Type", "application/json")]
        if path == "/portal" and method == "GET":
            h.send(200, b'<!DOCTYPE html><html><head><title>Portal</title><script src="/portal/js/portal.js"></script>'
                        b'</head><body><div id="oper-hint"></div></body></html>', html)
            return True
        if path == "/portal/getPortalPageSetting" and method == "POST":
            if mode == "omada-broken":
                h.send(200, b'{"errorCode":0,"result":{"authType":', as_json)
                return True
            types = {"omada": 0, "omada-voucher": 11, "omada-password": 1, "omada-user": 5, "omada-sms": 6}
            result = {"authType": types[mode], "landingUrl": "http://probe.test/"}
            if mode == "omada-voucher":
                result["hotspot"] = {"enabledTypes": [3]}
            ok = request == identity
            h.send(200, json.dumps({"errorCode": 0 if ok else -1, "result": result if ok else None}).encode(), as_json)
            return True
        if path == "/portal/auth" and method == "POST":
            wanted = {"omada": {"authType": 0}, "omada-voucher": {"authType": 3, "voucherCode": "12345-67890"},
                      "omada-password": {"authType": 1, "simplePassword": "pw-4711"},
                      "omada-user": {"authType": 5, "localuser": "user", "localuserPsw": "pw-4711"}}[mode]
            ok = request == dict(wanted, **identity) and h.headers.get("Content-Type") == "application/json"
            state["logged_in"] = state["logged_in"] or ok
            answer = {"errorCode": 0} if ok else {"errorCode": -41502, "msg": "Voucher code is incorrect."}
            h.send(200, json.dumps(answer).encode(), as_json)
            return True
    return False
