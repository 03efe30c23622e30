#!/usr/bin/python3
"""The LuCI app in a real browser at phone width, against a real daemon (Tests/luci/run starts both).

One process: a small web server (the view, LuCI's stand-in from standin/, and /ubus: ubus JSON-RPC `call`
answered by the hotspotd package's rpcd plugin as rpcd runs it, `call METHOD` with the JSON on stdin, inside
the radio VM over its second serial port), and a driver for headless chromium over the DevTools protocol that clicks every
action, checks through /ubus that the daemon did what the click asked, and saves screenshots.
Prints PASS/FAIL lines and `N passed, N failed`.
"""
import base64, http.server, json, os, shlex, socket, socketserver, subprocess, sys, threading, time
import urllib.request

import websocket  # Debian's python3-websocket

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
APP = None  # the unpacked luci-app-hotspot package: its files as they land on the router
PLUGIN = '/usr/libexec/rpcd/hotspot'
WIDTH, HEIGHT = 390, 844

HOTEL, CAFE, ODD = 'Harbour Hotel Guest', 'Corner Cafe', '<img src=x onerror=pwned=1>'
CAFE_PASS = 'espresso-2024'
hexof = lambda s: s.encode().hex()


class Bridge:
    """The guest's /dev/ttyS1: one command a line, one answer a line (see scenarios/luci-owner.sh)."""

    def __init__(self, path, timeout):
        deadline = time.time() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError('no serial socket at ' + path)
                time.sleep(0.3)
        self.buf = b''
        self.lock = threading.Lock()
        self.next = 1
        self.sock.settimeout(timeout)
        while self.line() != b'@@BRIDGE READY':
            pass

    def line(self):
        while b'\n' not in self.buf:
            data = self.sock.recv(65536)
            if not data:
                raise RuntimeError('the VM closed the serial port')
            self.buf += data
        line, self.buf = self.buf.split(b'\n', 1)
        return line.strip(b'\r')

    def run(self, command, stdin=b''):
        """(status, stdout, stderr) of `sh -c COMMAND` in the guest."""
        with self.lock:
            n, self.next = self.next, self.next + 1
            enc = lambda b: base64.b64encode(b).decode() or '-'
            self.sock.sendall(('%d %s %s\n' % (n, enc(command.encode()), enc(stdin))).encode())
            self.sock.settimeout(60)
            while True:
                parts = self.line().split(b' ')
                if len(parts) >= 4 and parts[0] == b'@@BRIDGE' and parts[1] == str(n).encode():
                    parts += [b''] * (6 - len(parts))
                    return int(parts[2]), base64.b64decode(parts[3]), base64.b64decode(parts[4])

    def quit(self):
        with self.lock:
            self.sock.sendall(b'quit\n')


class Ubus:
    """`call` on object hotspot as rpcd does it: the session's ACL (acl.d/luci-app-hotspot.json, what LuCI
    grants the page), then the rpcd plugin from the hotspotd package, installed in the guest as opkg would."""

    def __init__(self, bridge, plugin):
        self.bridge = bridge
        acl = json.load(open(os.path.join(APP, 'usr/share/rpcd/acl.d/luci-app-hotspot.json')))
        grants = acl['luci-app-hotspot']
        self.allowed = set(grants['read']['ubus']['hotspot']) | set(grants['write']['ubus']['hotspot'])
        status, out, err = bridge.run('mkdir -p /usr/libexec/rpcd /usr/sbin && cat > %s && chmod 755 %s && '
                                      '{ [ -x /usr/sbin/hotspotd ] || ln -s "$(command -v hotspotd)" /usr/sbin/hotspotd; } && %s list'
                                      % (PLUGIN, PLUGIN, PLUGIN), open(plugin, 'rb').read())
        self.methods = json.loads(out) if status == 0 else {}
        self.log = []

    def call(self, obj, method, args):
        if obj != 'hotspot' or method not in self.allowed:
            return [6]  # UBUS_STATUS_PERMISSION_DENIED, as rpcd's session ACL answers
        status, out, err = self.bridge.run(PLUGIN + ' call ' + shlex.quote(method), json.dumps(args).encode())
        try:
            reply = json.loads(out)
        except ValueError:
            reply = None
        self.log.append({'method': method, 'args': args, 'reply': reply, 'stderr': err.decode(errors='replace')})
        # rpcd passes on a JSON object, and answers UBUS_STATUS_NO_DATA to anything else.
        return [0, reply] if isinstance(reply, dict) else [5]


def serve(ubus, port):
    files = {
        '/': (os.path.join(HERE, 'standin/index.html'), 'text/html'),
        '/luci-static/resources/luci.js': (os.path.join(HERE, 'standin/luci.js'), 'text/javascript'),
        '/luci-static/resources/view/hotspot/overview.js':
            (os.path.join(APP, 'www/luci-static/resources/view/hotspot/overview.js'), 'text/javascript'),
    }

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def send(self, code, body, kind):
            self.send_response(code)
            self.send_header('Content-Type', kind)
            self.send_header('Content-Length', str(len(body)))
            self.send_header('Cache-Control', 'no-store')
            self.end_headers()
            try:
                self.wfile.write(body)
            except BrokenPipeError:
                pass  # the browser gave up on a poll (the page reloaded or closed)

        def do_GET(self):
            f = files.get(self.path)
            if not f:
                return self.send(404, b'not found', 'text/plain')
            self.send(200, open(f[0], 'rb').read(), f[1])

        def do_POST(self):
            if self.path != '/ubus':
                return self.send(404, b'not found', 'text/plain')
            req = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
            one = lambda r: {'jsonrpc': '2.0', 'id': r.get('id'),
                             'result': ubus.call(*r['params'][1:4]) if r.get('method') == 'call' else [2]}
            reply = [one(r) for r in req] if isinstance(req, list) else one(req)
            self.send(200, json.dumps(reply).encode(), 'application/json')

    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(('127.0.0.1', port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    def __init__(self, port, out):
        self.out = out
        self.proc = subprocess.Popen(
            ['chromium', '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
             '--remote-debugging-port=%d' % port, '--remote-allow-origins=*', '--window-size=%d,%d' % (WIDTH, HEIGHT),
             '--user-data-dir=' + os.path.join(out, 'chromium-profile'), 'about:blank'],
            stdout=open(os.path.join(out, 'chromium.log'), 'w'), stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while True:
            try:
                pages = json.load(urllib.request.urlopen('http://127.0.0.1:%d/json' % port))
                page = next(p for p in pages if p['type'] == 'page')
                break
            except Exception:
                if time.time() > deadline:
                    raise RuntimeError('chromium did not start (see chromium.log)')
                time.sleep(0.3)
        self.ws = websocket.create_connection(page['webSocketDebuggerUrl'], timeout=60)
        self.n = 0
        self.cdp('Emulation.setDeviceMetricsOverride', width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=True)
        self.cdp('Runtime.enable')

    def cdp(self, method, **params):
        self.n += 1
        self.ws.send(json.dumps({'id': self.n, 'method': method, 'params': params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get('id') == self.n:
                if 'error' in msg:
                    raise RuntimeError('%s: %s' % (method, msg['error']))
                return msg['result']

    def js(self, expression):
        r = self.cdp('Runtime.evaluate', expression=expression, awaitPromise=True, returnByValue=True)
        if 'exceptionDetails' in r:
            raise RuntimeError('js: %s: %s' % (expression[:80], r['exceptionDetails'].get('exception', {}).get('description')))
        return r['result'].get('value')

    def wait(self, expression, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.js(expression):
                return True
            time.sleep(0.5)
        return False

    def click(self, selector):
        """A real click (mouse events at the element's centre), as a finger's tap would land."""
        box = self.js('(() => { const e = document.querySelector(%s); if (!e) return null; e.scrollIntoView({block: "center"});'
                      ' const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()' % json.dumps(selector))
        if not box:
            raise RuntimeError('nothing to click at ' + selector)
        for kind in ('mousePressed', 'mouseReleased'):
            self.cdp('Input.dispatchMouseEvent', type=kind, x=box[0], y=box[1], button='left', clickCount=1)

    def type(self, selector, text):
        self.click(selector)
        self.js('document.querySelector(%s).value = ""' % json.dumps(selector))
        self.cdp('Input.insertText', text=text)

    def screenshot(self, name):
        h = self.js('Math.ceil(document.documentElement.scrollHeight)')
        self.cdp('Emulation.setDeviceMetricsOverride', width=WIDTH, height=max(HEIGHT, h), deviceScaleFactor=1, mobile=True)
        data = self.cdp('Page.captureScreenshot', format='png')['data']
        self.cdp('Emulation.setDeviceMetricsOverride', width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=True)
        with open(os.path.join(self.out, name), 'wb') as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


def main():
    global APP
    serial, out, port, APP, plugin = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(('PASS ' if ok else 'FAIL ') + what, flush=True)
        if ok:
            passed += 1
        else:
            failed += 1
        return ok

    menu = json.load(open(os.path.join(APP, 'usr/share/luci/menu.d/luci-app-hotspot.json')))['admin/services/hotspot']
    check(menu['action']['type'] == 'view' and os.path.isfile(os.path.join(APP, 'www/luci-static/resources/view', menu['action']['path'] + '.js'))
          and menu['depends']['acl'] == ['luci-app-hotspot'], "the package's menu entry (Services → %s) names its view and ACL" % menu['title'])
    t0 = time.time()
    try:
        bridge = Bridge(serial, 200)
    except Exception as e:
        check(False, 'the radio VM reached the login that needs the owner: %s' % e)
        print('%d passed, %d failed' % (passed, failed))
        return 1
    print('   the daemon waits for the owner after %.0f s (VM boot included)' % (time.time() - t0), flush=True)
    try:
        ubus = Ubus(bridge, plugin)
    except Exception as e:
        check(False, 'the rpcd plugin installed in the VM: %s' % e)
        bridge.quit()  # the scenario stops waiting and reports
        print('%d passed, %d failed' % (passed, failed))
        return 1
    check(ubus.allowed <= set(ubus.methods), "the page's ACL grants only methods the rpcd plugin lists (%s)"
          % ' '.join(sorted(ubus.methods)) if ubus.methods else 'the packaged rpcd plugin answers `list` in the VM')
    server = browser = None
    call = lambda method, args=None: ubus.call('hotspot', method, args or {})[1]
    hexes = lambda l: [n.get('ssid_hex') for n in (l if isinstance(l, list) else next((v for v in l.values() if isinstance(v, list)), []))]
    ui_fields = lambda: (lambda u: u.get('fields') if isinstance(u.get('fields'), list) else (u.get('ui') or {}).get('fields'))(call('ui')) or []
    page = lambda sel, text: 'Array.from(document.querySelectorAll(%s)).some(e => e.textContent.includes(%s))' % (json.dumps(sel), json.dumps(text))
    item = lambda card, ssid, button: '#%s .hs-item[data-ssid-hex="%s"] %s' % (card, hexof(ssid), button)
    has = lambda selector: '!!document.querySelector(%s)' % json.dumps(selector)
    try:
        server = serve(ubus, port)
        browser = Browser(port + 1, out)
        browser.cdp('Page.navigate', url='http://127.0.0.1:%d/' % port)
        check(browser.wait('window.viewReady === true || !!window.viewError', 30) and browser.js('!window.viewError'),
              'the view loads through the LuCI stand-in (%s)' % (browser.js('window.viewError') or 'no error'))
        check(browser.wait(page('#hs-ui label', 'Room number') + ' && ' + page('#hs-ui label', 'Last name'), 10),
              "the login card shows the portal's fields: Room number, Last name")
        check(browser.js(page('#hs-ui-unencrypted', 'not encrypted') + ' && ' + page('#hs-ui-unencrypted', 'http://portal.radio.test')),
              'before the owner types: the page is not encrypted, and the answers go to http://portal.radio.test')
        check(browser.js('document.documentElement.scrollWidth') <= WIDTH, 'no sideways scrolling at %d px' % WIDTH)
        browser.screenshot('01-login-needed.png')
        check(browser.wait(page('#hs-scan .hs-ssid', ODD), 30), 'the scan list shows the SSID %r as text' % ODD)
        check(browser.js('document.querySelectorAll("img").length === 0 && typeof window.pwned === "undefined"'),
              'the SSID made no element and ran no script')

        browser.click('#hs-ui-cancel')
        check(browser.wait(has(item('hs-blocked', HOTEL, '.hs-enable')), 20) and hexof(HOTEL) in hexes(call('helpers').get('disabled', [])),
              'ui_cancel: the daemon disabled %s; the page offers "Allow again"' % HOTEL)
        check(not ui_fields(), 'ui_cancel: no login waits any more')
        browser.screenshot('02-cancelled.png')

        browser.click(item('hs-blocked', HOTEL, '.hs-enable'))
        check(browser.wait('!document.querySelector(%s)' % json.dumps(item('hs-blocked', HOTEL, '.hs-enable')), 20)
              and hexof(HOTEL) not in hexes(call('helpers').get('disabled', [])), 'enable: %s allowed again' % HOTEL)
        check(browser.wait(page('#hs-ui label', 'Room number'), 60), 'enable: rejoined, and the login asks again')

        browser.type('#hs-ui input[data-field="room"]', '412')
        browser.type('#hs-ui input[data-field="name"]', 'Smith')
        browser.screenshot('03-login-filled.png')
        browser.click('#hs-ui-submit')
        online = browser.wait('!!document.querySelector("#hs-logoff")', 40)
        s = call('status')
        check(online and s.get('state') == 'authenticated' and s.get('usable') is True,
              'ui_submit: room 412, surname Smith → authenticated (state %s)' % s.get('state'))
        check(browser.wait(page('#hs-status', 'with the answers you gave') + ' && ' + has('#hs-ui-forget'), 20)
              and (call('status').get('logged_in_with_answers') or {}).get('origin') == 'http://portal.radio.test',
              'online: the uplink card says the answers given at http://portal.radio.test log in again by themselves')
        browser.screenshot('04-online.png')
        browser.click('#hs-ui-forget')
        check(browser.wait('!document.querySelector("#hs-ui-forget")', 20) and call('status').get('logged_in_with_answers') is None,
              'ui_forget: the remembered answers dropped; the card no longer offers to forget them')

        browser.click('#hs-logoff')
        check(browser.wait(has(item('hs-blocked', HOTEL, '.hs-enable')), 30) and hexof(HOTEL) in hexes(call('helpers').get('logged_off', []))
              and call('status').get('state') == 'inactive', 'logoff: left %s, logged off, not joined again by itself' % HOTEL)
        check(not browser.js(page('#hs-status', 'the owner cancelled')),
              'logoff: the uplink card gives no resolved failure (the cancel before the enable) as the reason')
        browser.screenshot('05-logged-off.png')

        browser.click(item('hs-scan', CAFE, '.hs-join'))
        check(browser.wait('document.body.classList.contains("modal-overlay-active") && !!document.querySelector("#hs-passphrase")', 5),
              'join: the passphrase prompt opens for the WPA2 network')
        browser.type('#hs-passphrase', CAFE_PASS)
        browser.screenshot('06-join-prompt.png')
        browser.click('#hs-join-go')
        check(browser.wait(has(item('hs-networks', CAFE, '.hs-forget')), 20) and hexof(CAFE) in hexes(call('networks')),
              'join: %s is one of my networks' % CAFE)
        joined = browser.wait(page('#hs-status .hs-value', CAFE) + ' && !!document.querySelector("#hs-logoff")', 60)
        s = call('status')
        check(joined and (s.get('uplink') or {}).get('ssid_hex') == hexof(CAFE) and s.get('usable') is True,
              'join: the uplink is %s, with the passphrase typed (state %s)' % (CAFE, s.get('state')))
        browser.screenshot('07-joined.png')

        browser.click(item('hs-networks', CAFE, '.hs-forget'))
        check(browser.wait('!document.querySelector(%s)' % json.dumps(item('hs-networks', CAFE, '.hs-forget')), 20)
              and hexof(CAFE) not in hexes(call('networks')), 'forget: %s is no longer one of my networks' % CAFE)
        browser.screenshot('08-forgotten.png')

        browser.click(item('hs-scan', CAFE, '.hs-join'))
        browser.wait(has('#hs-passphrase'), 5)
        browser.type('#hs-passphrase', CAFE_PASS)
        browser.click('#hs-once')
        browser.click('#hs-join-go')
        joined = browser.wait(page('#hs-status .hs-value', CAFE) + ' && ' + has('#hs-logoff'), 60)
        s = call('status')
        check(joined and (s.get('uplink') or {}).get('ssid_hex') == hexof(CAFE) and s.get('usable') is True
              and hexof(CAFE) not in hexes(call('networks')) and not browser.js(has(item('hs-networks', CAFE, '.hs-forget'))),
              'join once: the uplink is %s again, and it is not kept among my networks' % CAFE)
    except Exception as e:
        check(False, 'the browser test ran to its end: %s' % e)
        if browser:
            try:
                browser.screenshot('failure.png')
            except Exception:
                pass
    finally:
        with open(os.path.join(out, 'ubus-calls.json'), 'w') as f:
            json.dump(ubus.log, f, indent=1)
        if browser:
            browser.close()
        if server:
            server.shutdown()
        bridge.quit()
    print('   browser test %.0f s' % (time.time() - t0))
    print('%d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
