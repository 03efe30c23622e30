#!/usr/bin/python3
"""The LuCI app in a real browser at phone width, against a real daemon (Tests/luci/run starts both).

One process: a small web server (the view, LuCI's stand-in from standin/, and /ubus: ubus JSON-RPC `call`
answered by the hotspotd package's rpcd plugin as rpcd runs it, `call METHOD` with the JSON on stdin, inside
the radio VM over its second serial port), and a driver for headless chromium over the DevTools protocol that clicks every
action, checks through /ubus that the daemon did what the click asked, and saves screenshots.
Prints PASS/FAIL lines and `N passed, N failed`.
"""
import base64, http.server, itertools, json, os, shlex, socket, socketserver, subprocess, sys, threading, time
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
        self.lock_uci = threading.Lock()  # one uci call at a time: each reads the file, a commit rewrites it
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


UCI_FILE = '/etc/config/hotspot'  # luci-owner links it to the daemon's --config file


def uci_quote(value):
    """A value as uci writes it: in single quotes, a quote inside as '\\''."""
    return "'" + value.replace("'", "'\\''") + "'"


def uci_parse(text):
    """/etc/config/hotspot's sections, in order: [{'type', 'name', 'first', 'last', 'options': {name: value or
    [values]}}], with the lines (0-based) each spans from its `config` line to its last option or list line."""
    sections = []
    for i, line in enumerate(text.split('\n')):
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        if not words:
            continue
        if words[0] == 'config':
            sections.append({'type': words[1] if len(words) > 1 else '', 'name': words[2] if len(words) > 2 else None,
                             'first': i, 'last': i, 'options': {}})
        elif sections and words[0] in ('option', 'list') and len(words) >= 3:
            sec = sections[-1]
            sec['last'] = i
            if words[0] == 'option':
                sec['options'][words[1]] = words[2]
            else:
                sec['options'].setdefault(words[1], [])
                if isinstance(sec['options'][words[1]], list):
                    sec['options'][words[1]].append(words[2])
    return sections


class UCI:
    """Stands in for rpcd's `uci` ubus object (the guest has no uci binary, nor rpcd): get, set, delete and
    commit on the guest's /etc/config/hotspot, read and rewritten here through the bridge. As in rpcd, set and
    delete are staged (per session: here, one) and get sees them; commit writes the file, each option as uci
    writes it (`option NAME 'VALUE'`, single-quoted), in place of the old line or after the section's last one,
    leaving every other line (comments, lists, other sections) as it was. rpcd's commit also sends procd the
    config.change event whose reload trigger signals hotspotd; the page asks `hotspot reload` itself, for the
    daemon's answer, so that is not played here."""

    def __init__(self, bridge):
        self.bridge = bridge
        self.staged = []  # ('set', section, {option: value}) or ('delete', section, option)

    def read(self):
        status, out, err = self.bridge.run('cat ' + UCI_FILE)
        if status != 0:
            raise RuntimeError('cannot read %s: %s' % (UCI_FILE, err.decode(errors='replace')))
        return out.decode()

    @staticmethod
    def apply(text, changes):
        lines = text.split('\n')
        for change in changes:
            sec = next((x for x in uci_parse('\n'.join(lines)) if x['name'] == change[1]), None)
            if sec is None:
                continue
            names = change[2].keys() if change[0] == 'set' else [change[2]]
            for name in names:
                at = [i for i in range(sec['first'], sec['last'] + 1)
                      if (lambda w: len(w) >= 2 and w[0] in ('option', 'list') and w[1] == name)(shlex.split(lines[i], comments=True) if lines[i].strip() else [])]
                new = []
                if change[0] == 'set':
                    value = change[2][name]
                    new = ['\t%s %s %s' % ('list' if isinstance(value, list) else 'option', name, uci_quote(str(v)))
                           for v in (value if isinstance(value, list) else [value])]
                where = at[0] if at else sec['last'] + 1
                for i in reversed(at):
                    del lines[i]
                lines[where:where] = new
                sec = next(x for x in uci_parse('\n'.join(lines)) if x['name'] == change[1])
        return '\n'.join(lines)

    def call(self, method, args, may):
        """[status] or [0, data], as rpcd answers; `may(group)`: the session's ACL allows uci GROUP on hotspot."""
        if args.get('config') != 'hotspot' or not may('read' if method == 'get' else 'write'):
            return [6]  # UBUS_STATUS_PERMISSION_DENIED: rpcd checks the session's uci grant of the config
        if method == 'get':
            sections = uci_parse(self.apply(self.read(), self.staged))
            sec = next((x for x in sections if x['name'] == args.get('section')), None)
            if sec is None:
                return [4]  # UBUS_STATUS_NOT_FOUND
            values = {'.anonymous': False, '.type': sec['type'], '.name': sec['name']}
            values.update(sec['options'])
            return [0, {'values': values}]
        if method in ('set', 'delete'):
            sections = uci_parse(self.apply(self.read(), self.staged))
            if not any(x['name'] == args.get('section') for x in sections):
                return [4]
            if method == 'set':
                values = args.get('values')
                if not isinstance(values, dict):
                    return [2]  # UBUS_STATUS_INVALID_ARGUMENT
                self.staged.append(('set', args['section'], values))
            else:
                self.staged.append(('delete', args['section'], args.get('option')))
            return [0]
        if method == 'commit':
            text = self.apply(self.read(), self.staged)
            status, out, err = self.bridge.run('cat > ' + UCI_FILE, text.encode())
            if status != 0:
                return [7]  # UBUS_STATUS_UNKNOWN_ERROR
            self.staged = []
            return [0]
        return [3]  # UBUS_STATUS_METHOD_NOT_FOUND


class Ubus:
    """`call` on object hotspot as rpcd does it: the session's ACL (acl.d/luci-app-hotspot.json, what LuCI
    grants the page), then the rpcd plugin from the hotspotd package, installed in the guest as opkg would;
    and on rpcd's own object uci (UCI above), as the ACL's uci grant allows."""

    def __init__(self, bridge, plugin):
        self.bridge = bridge
        acl = json.load(open(os.path.join(APP, 'usr/share/rpcd/acl.d/luci-app-hotspot.json')))
        grants = acl['luci-app-hotspot']
        self.allowed = set(grants['read']['ubus']['hotspot']) | set(grants['write']['ubus']['hotspot'])
        self.uci_grants = {g for g in ('read', 'write') if 'hotspot' in grants.get(g, {}).get('uci', [])}
        self.uci = UCI(bridge)
        status, out, err = bridge.run('mkdir -p /usr/libexec/rpcd /usr/sbin && cat > %s && chmod 755 %s && '
                                      '{ [ -x /usr/sbin/hotspotd ] || ln -s "$(command -v hotspotd)" /usr/sbin/hotspotd; } && %s list'
                                      % (PLUGIN, PLUGIN, PLUGIN), open(plugin, 'rb').read())
        self.methods = json.loads(out) if status == 0 else {}
        self.log = []

    def call(self, obj, method, args):
        if obj == 'uci':
            with self.bridge.lock_uci:
                result = self.uci.call(method, args, lambda group: group in self.uci_grants)
            self.log.append({'object': 'uci', 'method': method, 'args': args, 'reply': result})
            return result
        if obj != 'hotspot' or method not in self.allowed:
            return [6]  # UBUS_STATUS_PERMISSION_DENIED, as rpcd's session ACL answers
        status, out, err = self.bridge.run(PLUGIN + ' call ' + shlex.quote(method), json.dumps(args).encode())
        try:
            reply = json.loads(out)
        except ValueError:
            reply = None
        self.log.append({'object': 'hotspot', 'method': method, 'args': args, 'reply': reply, 'stderr': err.decode(errors='replace')})
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

        # Troubleshooting: README.md's table, row for row, collapsed until opened.
        readme = open(os.path.join(TOP, 'README.md')).read().split('### Troubleshooting\n', 1)[1]
        rows = list(itertools.takewhile(lambda l: l.startswith('|'), readme.lstrip('\n').split('\n')))[2:]
        check(browser.js('!document.querySelector("#hs-help").open && document.querySelectorAll("#hs-help td:first-child").length') == len(rows),
              "troubleshooting: a collapsed table of README.md's %d rows" % len(rows))
        browser.click('#hs-help summary')
        check(browser.wait('document.querySelector("#hs-help").open', 5) and browser.js(page('#hs-help td', 'hotspotd config check'))
              and browser.js('document.documentElement.scrollWidth') <= WIDTH,
              'troubleshooting: opened, without sideways scrolling at %d px' % WIDTH)
        browser.screenshot('09-troubleshooting.png')
        browser.click('#hs-help summary')

        # Settings: the file's values in the card; wrong values refused in the page; Save through uci, then
        # hotspotd's reload, whose answer the card shows (a refused file: its line).
        conf = lambda: {x['name']: x['options'] for x in uci_parse(bridge.run('cat ' + UCI_FILE)[1].decode())}
        shown = lambda sel: browser.js('(e => e && (e.type == "checkbox" ? e.checked : e.value))(document.querySelector(%s))' % json.dumps(sel))
        writes = lambda: [c for c in ubus.log if (c.get('object') == 'uci' and c['method'] != 'get') or c['method'] == 'reload']
        file0 = conf()
        main0 = file0['main']
        check(browser.wait(has('#hs-settings-form'), 10) and shown('#hs-set-interface') == main0.get('interface')
              and shown('#hs-set-lan-clash') == main0.get('lan_clash', 'report') and shown('#hs-set-remember-days') == main0.get('remember_days', '7')
              and shown('#hs-set-mac') == main0.get('mac_policy', '') and shown('#hs-set-portal') is (file0['portal'].get('enabled', '1') != '0'),
              "settings: the card shows the file's values (interface %s, lan_clash %s, remember_days %s, mac_policy %s, portal helper %s)"
              % (main0.get('interface'), main0.get('lan_clash', 'unset: report'), main0.get('remember_days', 'unset: 7'),
                 main0.get('mac_policy', 'unset'), 'off' if file0['portal'].get('enabled') == '0' else 'on'))
        n = len(writes())
        browser.type('#hs-set-remember-days', '400')
        browser.click('#hs-settings-save')
        check(browser.wait(page('#hs-settings-result.hs-error', 'from 0 to 365'), 5) and len(writes()) == n and conf() == file0,
              'settings: remember_days 400 is refused in the page, before any call')
        browser.type('#hs-set-mac', 'per-week')
        browser.type('#hs-set-remember-days', '3')
        browser.click('#hs-settings-save')
        check(browser.wait(page('#hs-settings-result.hs-error', 'per-join'), 5) and len(writes()) == n and conf() == file0,
              'settings: MAC policy "per-week" is refused in the page, before any call')
        browser.type('#hs-set-mac', main0.get('mac_policy', ''))
        browser.js('(s => { s.value = "renumber"; s.dispatchEvent(new Event("change")); })(document.querySelector("#hs-set-lan-clash"))')
        # The daemon's own log (its -v stderr, beside the configuration file in the VM) says when it re-read the file.
        daemon_log = lambda: bridge.run('cat "$(dirname "$(readlink -f %s)")/daemon.log"' % UCI_FILE)[1].decode(errors='replace')
        reloaded = daemon_log().count('notice: configuration reloaded')
        browser.click('#hs-settings-save')
        saved = browser.wait(page('#hs-settings-result', 'configuration reloaded'), 30)
        file1 = conf()
        main1 = dict(file1['main'])
        changed = {k: main1.pop(k, None) for k in ('lan_clash', 'remember_days')}
        check(saved and changed == {'lan_clash': 'renumber', 'remember_days': '3'}
              and main1 == {k: v for k, v in main0.items() if k not in changed} and file1['portal'] == dict(file0['portal'], enabled='1'),
              "settings: Save wrote lan_clash 'renumber' and remember_days '3' to the guest's %s through uci, the rest as it was" % UCI_FILE)
        reloads = [c for c in ubus.log if c['method'] == 'reload']
        reply = (reloads[-1]['reply'] or {}) if reloads else {}
        check(reply.get('ok') is True and browser.js(page('#hs-settings-result', str(reply.get('message')))),
              'settings: hotspot reload answered ok, and the card says so: %s' % (reply or 'no reload call'))
        check(daemon_log().count('notice: configuration reloaded') == reloaded + 1,
              'settings: the daemon logged "configuration reloaded" once for the Save')
        status, said, err = bridge.run('hotspotd config check --config %s' % UCI_FILE)
        check(status == 0, 'settings: `hotspotd config check` finds the saved file valid (%s)' % (said + err).decode(errors='replace').strip())
        browser.screenshot('10-settings-saved.png')
        # The daemon reads the file the page wrote: a line it cannot take (written here, as by hand) is refused
        # by the reload with its number, which the card shows; the running configuration stays.
        lines = bridge.run('cat ' + UCI_FILE)[1].decode().split('\n')
        at = next(i for i, l in enumerate(lines) if l.startswith('config hotspot')) + 1
        bridge.run('cat > ' + UCI_FILE, '\n'.join(lines[:at] + ["\toption min_signal 'loud'"] + lines[at:]).encode())
        browser.click('#hs-settings-save')
        refused = browser.wait(page('#hs-settings-result.hs-error', ':%d: option min_signal' % (at + 1)), 30)
        check(refused and call('status').get('usable') is True
              and 'reload refused, keeping the running configuration: ' in daemon_log().split('notice: configuration reloaded')[-1],
              'settings: a file hotspotd cannot take (min_signal loud, line %d) is refused by the reload; the card names the line; the uplink stays' % (at + 1))
        browser.screenshot('11-settings-refused.png')
        bridge.run('cat > ' + UCI_FILE, '\n'.join(lines).encode())
        browser.click('#hs-settings-save')
        check(browser.wait(page('#hs-settings-result', 'configuration reloaded'), 30) and conf() == file1,
              'settings: the line taken out again, Save reloads')
    except Exception as e:
        check(False, 'the browser test ran to its end: %s' % e)
        if browser:
            try:
                browser.screenshot('failure.png')
            except Exception:
                pass
    finally:
        def dump():
            with open(os.path.join(out, 'ubus-calls.json'), 'w') as f:
                json.dump(ubus.log, f, indent=1)
        # Each step whatever the one before did: the VM waits for `quit`, and chromium must not outlive the test.
        for step in (dump, browser and browser.close, server and server.shutdown, bridge.quit):
            try:
                if step:
                    step()
            except Exception as e:
                check(False, 'the test cleaned up: %s' % e)
    print('   browser test %.0f s' % (time.time() - t0))
    print('%d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
