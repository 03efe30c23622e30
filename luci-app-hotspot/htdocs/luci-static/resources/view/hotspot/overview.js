'use strict';
'require view';
'require rpc';
'require ui';
'require poll';

// Services → Hotspot: hotspotd's uplink for the owner's phone, through the rpcd plugin's ubus object
// `hotspot` (each answer is the JSON of `hotspotd VERB --json`, or {"error": "..."}).
//
// Every string the daemon reports (SSIDs above all: any 32 bytes a stranger's access point sends, and the
// portal's own words) goes into the page as a text node: LuCI's E() and dom.append() parse a bare string
// child as HTML, and only strings inside an array become text. Hence `[ value ]` throughout.

var callStatus = rpc.declare({ object: 'hotspot', method: 'status' });
var callScan = rpc.declare({ object: 'hotspot', method: 'scan' });
// A fresh scan of every radio; the daemon answers once it is in (refused during a join or a login).
var callScanNow = rpc.declare({ object: 'hotspot', method: 'scan', params: [ 'now' ] });
var callHelpers = rpc.declare({ object: 'hotspot', method: 'helpers' });
var callNetworks = rpc.declare({ object: 'hotspot', method: 'networks' });
var callUI = rpc.declare({ object: 'hotspot', method: 'ui' });
// The read ACL's `ui` has no earlier answers (a PIN a portal marks as text would show); `ui_answers`, in the
// write ACL, has them, to fill the form in again.
var callUIAnswers = rpc.declare({ object: 'hotspot', method: 'ui_answers' });
var callUISubmit = rpc.declare({ object: 'hotspot', method: 'ui_submit', params: [ 'fields' ] });
var callUICancel = rpc.declare({ object: 'hotspot', method: 'ui_cancel' });
var callUIForget = rpc.declare({ object: 'hotspot', method: 'ui_forget', params: [ 'ssid_hex' ] });
// By ssid_hex: the JSON's `ssid` replaces bytes that are not UTF-8, so only the hex names any network.
var callJoin = rpc.declare({ object: 'hotspot', method: 'join', params: [ 'ssid_hex', 'passphrase', 'once' ] });
var callForget = rpc.declare({ object: 'hotspot', method: 'forget', params: [ 'ssid_hex' ] });
var callEnable = rpc.declare({ object: 'hotspot', method: 'enable', params: [ 'ssid_hex' ] });
var callLogoff = rpc.declare({ object: 'hotspot', method: 'logoff' });
// hotspotd re-reads /etc/config/hotspot: {"ok", "message"}, or {"error"} naming the line of a refused file.
var callReload = rpc.declare({ object: 'hotspot', method: 'reload' });
// The settings, through rpcd's own `uci` object (its ACL: uci read and write of `hotspot` only): get answers
// {"values": {…}} for a section; set and delete are staged in the session until commit writes the file.
var callUCIGet = rpc.declare({ object: 'uci', method: 'get', params: [ 'config', 'section' ] });
var callUCISet = rpc.declare({ object: 'uci', method: 'set', params: [ 'config', 'section', 'values' ] });
var callUCIDelete = rpc.declare({ object: 'uci', method: 'delete', params: [ 'config', 'section', 'option' ] });
var callUCICommit = rpc.declare({ object: 'uci', method: 'commit', params: [ 'config' ] });

// README.md's "Troubleshooting" table, row for row (a test keeps the two in step): symptom, what
// `hotspotd status` (or the command) says, what to do.
var troubleshooting = [
	[ _('Nothing happens at all'), _('interface  waiting for a Wi-Fi client interface: phy0-sta0 is none, and no other interface is in station mode'),
	  _('make a Wi-Fi client interface (Network → Wireless: a client on the hotel\'s radio), or name yours under Settings') ],
	[ _('It took another interface than you meant'), _('interface  wlan1, found: phy0-sta0 is no wireless interface'),
	  _('name yours under Settings (Wi-Fi client interface), then /etc/init.d/hotspotd restart') ],
	[ _('Every command fails'), _('hotspotd: cannot reach hotspotd at /var/run/hotspotd/control: … (exit 2)'),
	  _('/etc/init.d/hotspotd start; logread -e hotspotd says why it stopped') ],
	[ _('The hotel is in range but never joined'), _('uplink  none; the scan shows it without a reason'),
	  _('it is not yours yet: Join it under Networks in range') ],
	[ _('A network is left alone'), _('the scan: disabled (…) until enabled, or logged off'),
	  _('Allow again (hotspotd enable "Hotel Guest")') ],
	[ _('A passphrase network is not joined'), _('backed off  Cafe: wrong password? (WRONG_KEY) join it again with the right one'),
	  _('Join it again with the right passphrase') ],
	[ _('Devices behind the router see only the hotel\'s login page'), _('state  behind the portal, the login needs you; portal  http://…'),
	  _('answer the form above (Login needs you), or log in from a browser behind the router (noticed by itself)') ],
	[ _('The login is refused'), _('refused  1 of 3 times; check and type again'),
	  _('check the answers; after 3 refusals the network is backed off') ],
	[ _('Joined, but no internet'), _('internet  no internet for 40 s, checked 3 times'),
	  _('the venue\'s own problem: hotspotd moves to another usable network and tries again later') ],
	[ _('Devices behind the router cannot get out'), _('subnet clash  the uplink\'s 192.168.1.0/24 overlaps the router\'s 192.168.1.0/24'),
	  _('LAN clash policy "renumber" under Settings, or move your LAN') ],
	[ _('An https login fails'), _('the log: … (is the router\'s clock right?)'),
	  _('the router\'s clock is behind: set it (System → System → Sync with browser) or log in from a browser') ],
	[ _('An open network with your network\'s name is not joined'), _('passed over  Cafe …: open look-alike of a network you gave a key'),
	  _('nothing to do: a look-alike (an "evil twin") is refused on purpose') ],
	[ _('Settings are lost at reboot'), _('state file  cannot save /etc/hotspotd.state: …'),
	  _('free space on the overlay (System → Software shows it; df /overlay)') ],
	[ _('A new /etc/config/hotspot is not taken'), _('hotspotd reload exits 1 with the file, line and option (Save under Settings says it too)'),
	  _('fix that line; hotspotd config check checks the file') ]
];

// The MAC policy's words (mac_policy in /etc/config/hotspot); an address is the other choice, empty unsets it.
var macWords = [ 'hardware', 'per-network', 'per-join' ];

// An address a station may use: six hex pairs, not multicast (the first byte's low bit), not all zero.
function unicastMAC(s) {
	return /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/.test(s) && !(parseInt(s.substr(0, 2), 16) & 1) && !/^(00:){5}00$/.test(s);
}

// The section's options from uci get's {"values": {…}}, or null (no such section, no access).
function sectionValues(reply) {
	return (reply && typeof(reply) == 'object' && reply.values && typeof(reply.values) == 'object') ? reply.values : null;
}

var stateWords = {
	inactive: _('Not connected'),
	evaluating: _('Checking the network'),
	authenticating: _('Logging in'),
	presentingUI: _('The login needs you'),
	authenticated: _('Online'),
	maintaining: _('Checking the login'),
	loggingOff: _('Logging off'),
	failure: _('Failed')
};

// The link's stage: an address is not "online" (a portal may hold it); `hotspotd status` says the same.
var stageWords = {
	joining: _('joining'),
	associated: _('associated, no address yet'),
	online: _('connected')
};

// A waiting login with the answers typed before when this user may have them (the write ACL): asked only
// while a login waits; a refusal (read-only access) leaves the form empty.
function withEarlierAnswers(request) {
	if (!request || !Array.isArray(request.fields))
		return request;
	return L.resolveDefault(callUIAnswers(), null).then(function(full) {
		if (full && Array.isArray(full.earlier_answers))
			request.earlier_answers = full.earlier_answers;
		return request;
	});
}

// A list answer: the array itself, or the one array an rpcd plugin wraps it in (ubus replies are objects).
function listOf(reply, key) {
	if (Array.isArray(reply))
		return reply;
	if (reply && typeof(reply) == 'object') {
		if (Array.isArray(reply[key]))
			return reply[key];
		for (var k in reply)
			if (Array.isArray(reply[k]))
				return reply[k];
	}
	return [];
}

// The pending login, or null (the daemon answers null, a plugin may wrap it or answer {}).
function pendingUI(reply) {
	if (reply && Array.isArray(reply.fields))
		return reply;
	if (reply && reply.ui && Array.isArray(reply.ui.fields))
		return reply.ui;
	return null;
}

// An SSID as readable text: control bytes (escape sequences, newlines) shown as \xNN, never acted on.
function ssidText(o) {
	var s = (o && o.ssid != null) ? String(o.ssid) : '';
	if (s === '')
		return (o && o.ssid_hex) ? _('(hidden)') : '?';
	return s.replace(/[\x00-\x1f\x7f]/g, function(c) {
		return '\\x' + ('0' + c.charCodeAt(0).toString(16)).slice(-2);
	});
}

function duration(seconds) {
	if (seconds == null || isNaN(seconds))
		return '–';
	seconds = Math.max(0, Math.floor(seconds));
	if (seconds < 120)
		return _('%d s').format(seconds);
	if (seconds < 7200)
		return _('%d min').format(Math.floor(seconds / 60));
	return _('%d h %d min').format(Math.floor(seconds / 3600), Math.floor(seconds % 3600 / 60));
}

function signalText(o) {
	if (o.signal == null)
		return '–';
	return '%d%%'.format(Math.round(o.signal * 100)) + (o.rssi != null ? ' (%d dBm)'.format(o.rssi) : '');
}

// An answer that went wrong: the plugin's {"error"}, or ubus's own status code (a number).
function failure(reply) {
	if (typeof(reply) == 'number' && reply != 0)
		return _('ubus error %d').format(reply);
	if (reply && typeof(reply.error) == 'string')
		return reply.error;
	return null;
}

function row(label, value) {
	return E('div', { 'class': 'hs-row' }, [
		E('span', { 'class': 'hs-label' }, [ label ]),
		E('span', { 'class': 'hs-value' }, Array.isArray(value) ? value : [ value == null ? '–' : String(value) ])
	]);
}

function card(id, title, children) {
	return E('div', { 'class': 'cbi-section hs-card', 'id': id }, [ E('h3', {}, [ title ]) ].concat(children));
}

return view.extend({
	handleSave: null,
	handleSaveApply: null,
	handleReset: null,

	load: function() {
		return Promise.all([ callStatus(), callUI().then(withEarlierAnswers), callScan(), callNetworks(), callHelpers() ]);
	},

	// The settings as the file has them (read once, at render and after a save: the poll leaves the form alone).
	loadSettings: function() {
		return Promise.all([ L.resolveDefault(callUCIGet('hotspot', 'main'), null), L.resolveDefault(callUCIGet('hotspot', 'portal'), null) ]);
	},

	// The result of an owner's action: a notification with the daemon's words (replacing the last one, so
	// they do not pile up above the page on a phone), then fresh data.
	act: function(what, promise) {
		var notify = L.bind(function(text, error) {
			if (this.note && this.note.parentNode)
				this.note.parentNode.removeChild(this.note);
			this.note = ui.addNotification(null, E('p', error ? { 'class': 'hs-error' } : {}, [ what + ': ' + text ]), error ? 'danger' : 'info');
		}, this);
		return promise.then(L.bind(function(reply) {
			var why = failure(reply);
			notify(why || (reply && typeof(reply.message) == 'string' && reply.message) || _('done'), !!why);
			return this.refresh();
		}, this), L.bind(function(err) {
			notify(String(err && err.message || err), true);
			return this.refresh();
		}, this));
	},

	refresh: function() {
		return this.load().then(L.bind(this.update, this));
	},

	handleSubmitUI: function(request, form) {
		var fields = {};
		var inputs = form.querySelectorAll('input[data-field]');
		for (var i = 0; i < inputs.length; i++)
			fields[inputs[i].getAttribute('data-field')] = inputs[i].value;
		this.uiKey = null;
		return this.act(_('Log in'), callUISubmit(fields));
	},

	handleCancelUI: function() {
		this.uiKey = null;
		return this.act(_('Cancel login'), callUICancel());
	},

	handleLogoff: function() {
		return this.act(_('Log off'), callLogoff());
	},

	handleForgetAnswers: function(net) {
		return this.act(_('Forget the answers for %s').format(ssidText(net)), callUIForget(net.ssid_hex));
	},

	handleEnable: function(net) {
		return this.act(_('Allow %s again').format(ssidText(net)), callEnable(net.ssid_hex));
	},

	handleForget: function(net) {
		return this.act(_('Forget %s').format(ssidText(net)), callForget(net.ssid_hex));
	},

	handleJoin: function(net) {
		var secured = net.security && net.security != 'open';
		var pass = E('input', { 'type': 'password', 'class': 'cbi-input-password', 'id': 'hs-passphrase',
			'autocomplete': 'off', 'placeholder': _('Passphrase') });
		var once = E('input', { 'type': 'checkbox', 'id': 'hs-once' });
		ui.showModal(_('Join network'), [
			E('p', { 'class': 'hs-ssid' }, [ ssidText(net) ]),
			secured ? E('div', { 'class': 'hs-field' }, [ E('label', { 'for': 'hs-passphrase' }, [ _('Passphrase') ]), pass ])
			        : E('p', {}, [ _('An open network: no passphrase.') ]),
			E('div', { 'class': 'hs-field hs-check' }, [ once, ' ', E('label', { 'for': 'hs-once' }, [ _('Only this time (do not keep it)') ]) ]),
			E('div', { 'class': 'right' }, [
				E('button', { 'class': 'btn', 'id': 'hs-join-cancel', 'click': ui.hideModal }, [ _('Cancel') ]), ' ',
				E('button', { 'class': 'btn cbi-button-action', 'id': 'hs-join-go', 'click': L.bind(function() {
					ui.hideModal();
					return this.act(_('Join %s').format(ssidText(net)),
						callJoin(net.ssid_hex, secured && pass.value !== '' ? pass.value : undefined, once.checked ? true : undefined));
				}, this) }, [ _('Join') ])
			])
		]);
	},

	// The form's values, checked here before anything is sent: an error's words, or the changes to make.
	readSettings: function(form) {
		var get = function(id) { return form.querySelector('#' + id); };
		var iface = get('hs-set-interface').value.trim(), days = get('hs-set-remember-days').value.trim(),
		    mac = get('hs-set-mac').value.trim(), clash = get('hs-set-lan-clash').value;
		var names = iface.split(/\s+/);
		if (iface === '' || !names.every(function(n) { return /^[A-Za-z0-9_.-]{1,15}$/.test(n); }))
			return { error: _('Wi-Fi client interface: a name like phy0-sta0 or wlan0 (letters, digits, . _ -, at most 15)') };
		if (!/^[0-9]{1,3}$/.test(days) || +days > 365)
			return { error: _('Remembered answers: a whole number of days from 0 to 365') };
		if (mac !== '' && macWords.indexOf(mac) < 0 && !unicastMAC(mac))
			return { error: _('MAC address policy: empty, hardware, per-network, per-join or a unicast address like 02:11:22:33:44:55') };
		if (clash != 'report' && clash != 'renumber')
			return { error: _('LAN clash: report or renumber') };
		return { main: { interface: names.length > 1 ? names : names[0], lan_clash: clash, remember_days: String(+days) },
			mac: mac, portal: get('hs-set-portal').checked ? '1' : '0' };
	},

	// Save: uci set (and delete for an unset MAC policy), commit, then hotspotd's reload, whose answer the
	// card shows (a refused file names its line; the running configuration then stays).
	handleSaveSettings: function(form) {
		var result = form.querySelector('#hs-settings-result');
		var say = function(text, error) {
			result.className = error ? 'hs-error' : '';
			result.textContent = text;
		};
		var s = this.readSettings(form);
		if (s.error) {
			say(s.error, true);
			return Promise.resolve();
		}
		var hadMAC = this.settingsMAC, hasPortal = this.settingsPortal;
		if (s.mac !== '')
			s.main.mac_policy = s.mac;
		// Each step in turn; the first that fails stops the rest and says which it was.
		var steps = [ [ 'uci set hotspot.main', function() { return callUCISet('hotspot', 'main', s.main); } ] ];
		if (s.mac === '' && hadMAC)
			steps.push([ 'uci delete hotspot.main.mac_policy', function() { return callUCIDelete('hotspot', 'main', 'mac_policy'); } ]);
		if (hasPortal)
			steps.push([ 'uci set hotspot.portal', function() { return callUCISet('hotspot', 'portal', { enabled: s.portal }); } ]);
		steps.push([ 'uci commit hotspot', function() { return callUCICommit('hotspot'); } ]);
		say(_('Saving…'), false);
		var run = function(i) {
			if (i == steps.length)
				return callReload();
			return Promise.resolve(steps[i][1]()).then(function(reply) {
				var why = failure(reply);
				if (why)
					throw new Error(steps[i][0] + ': ' + why);
				return run(i + 1);
			});
		};
		return run(0).then(L.bind(function(reply) {
			var why = failure(reply);
			if (why)
				return say(_('Saved, but hotspotd refused the file: %s').format(why), true);
			this.settingsMAC = s.mac !== '';
			say(_('Saved. hotspotd: %s').format(reply && reply.message || _('done')), false);
		}, this), function(err) {
			say(String(err && err.message || err), true);
		});
	},

	renderSettings: function(main, portal) {
		var m = sectionValues(main), p = sectionValues(portal);
		if (!m)
			return card('hs-settings', _('Settings'), [ E('p', { 'class': 'hs-error' }, [
				failure(main) || _('/etc/config/hotspot has no \'main\' section (or this login may not read it)') ]) ]);
		// The built-in portal helper: the section `config helper 'portal'` with `option builtin 'portal'`.
		var builtin = p && p['.type'] == 'helper' && p.builtin == 'portal';
		this.settingsMAC = m.mac_policy != null && m.mac_policy !== '';
		this.settingsPortal = builtin;
		var text = function(v) { return Array.isArray(v) ? v.join(' ') : (v == null ? '' : String(v)); };
		var field = function(id, label, input, hint) {
			return E('div', { 'class': 'hs-field' }, [ E('label', { 'for': id }, [ label ]), input, hint ? E('div', { 'class': 'hs-note' }, [ hint ]) : '' ]);
		};
		var clash = E('select', { 'id': 'hs-set-lan-clash', 'class': 'cbi-input-select' }, [
			E('option', { 'value': 'report' }, [ _('report') ]),
			E('option', { 'value': 'renumber' }, [ _('renumber') ])
		]);
		clash.value = m.lan_clash == 'renumber' ? 'renumber' : 'report';
		var portalBox = E('input', { 'type': 'checkbox', 'id': 'hs-set-portal' });
		portalBox.checked = builtin && p.enabled != '0';
		portalBox.disabled = !builtin;
		var form = E('form', { 'class': 'hs-form', 'id': 'hs-settings-form', 'submit': function(ev) { ev.preventDefault(); } }, [
			field('hs-set-interface', _('Wi-Fi client interface'),
				E('input', { 'type': 'text', 'id': 'hs-set-interface', 'autocomplete': 'off', 'value': text(m.interface) }),
				_('The station interface wpa_supplicant runs on (phy0-sta0, older releases wlan0). When no interface has this name, hotspotd finds the station interface by itself. A new name takes effect at restart.')),
			E('div', { 'class': 'hs-field hs-check' }, [ portalBox, ' ', E('label', { 'for': 'hs-set-portal' }, [ _('Built-in portal helper') ]),
				E('div', { 'class': 'hs-note' }, [ builtin ? _('Logs in to the login pages of networks you joined; off: such a network waits for a browser login.')
					: _('/etc/config/hotspot has no helper \'portal\' with option builtin \'portal\'.') ]) ]),
			field('hs-set-lan-clash', _('LAN clash'), clash,
				_('A venue whose addresses overlap the router\'s own network (192.168.1.x) breaks routing for every device behind the router: report says so in the status and the log; renumber also moves the LAN to a free 192.168.N.0/24 (your devices get new addresses when they reconnect).')),
			field('hs-set-mac', _('MAC address policy'),
				E('input', { 'type': 'text', 'id': 'hs-set-mac', 'autocomplete': 'off', 'placeholder': _('unset'), 'value': text(m.mac_policy) }),
				_('Empty: the radio\'s address is left alone. hardware, per-network (a stable random address per network), per-join (a new one each join), or an address to clone.')),
			field('hs-set-remember-days', _('Remembered answers (days)'),
				E('input', { 'type': 'text', 'inputmode': 'numeric', 'id': 'hs-set-remember-days', 'autocomplete': 'off',
					'value': m.remember_days != null ? text(m.remember_days) : '7' }),
				_('How long the answers a portal accepted fill its page again by themselves; 0 keeps none.')),
			E('div', { 'class': 'hs-buttons' }, [ E('button', { 'class': 'btn cbi-button-action', 'id': 'hs-settings-save' }, [ _('Save') ]) ]),
			E('p', { 'id': 'hs-settings-result' })
		]);
		form.querySelector('#hs-settings-save').addEventListener('click', ui.createHandlerFn(this, 'handleSaveSettings', form));
		return card('hs-settings', _('Settings'), [ form ]);
	},

	renderHelp: function() {
		return E('details', { 'class': 'cbi-section hs-card', 'id': 'hs-help' }, [
			E('summary', {}, [ _('Troubleshooting') ]),
			E('table', { 'class': 'hs-help' }, [
				E('tr', {}, [ E('th', {}, [ _('Symptom') ]), E('th', {}, [ _('What the status says') ]), E('th', {}, [ _('What to do') ]) ])
			].concat(troubleshooting.map(function(r) {
				return E('tr', {}, [ E('td', {}, [ r[0] ]), E('td', { 'class': 'hs-says', 'data-label': _('Status says') }, [ r[1] ]),
					E('td', { 'data-label': _('Do') }, [ r[2] ]) ]);
			})))
		]);
	},

	renderUI: function(request) {
		if (!request)
			return E('div', { 'id': 'hs-ui', 'class': 'hs-hidden' });
		var earlier = {};
		(request.earlier_answers || []).forEach(function(a) { earlier[a.name] = a.value; });
		var form = E('form', { 'class': 'hs-form', 'id': 'hs-ui-form', 'submit': function(ev) { ev.preventDefault(); } });
		(request.fields || []).forEach(function(f) {
			var id = 'hs-ui-field-' + String(f.name).replace(/[^A-Za-z0-9_-]/g, '_');
			form.appendChild(E('div', { 'class': 'hs-field' }, [
				E('label', { 'for': id }, [ f.prompt || f.name ]),
				E('input', { 'type': f.secret ? 'password' : 'text', 'id': id, 'data-field': f.name,
					'autocomplete': 'off', 'value': (!f.secret && earlier[f.name] != null) ? earlier[f.name] : '' })
			]));
		});
		var intro = [ E('p', { 'class': 'hs-lead' }, [ ((request.fields || []).length ? _('The login to %s asks for:')
			: _('The login to %s needs you.')).format(ssidText(request)) ]) ];
		if (request.message)
			intro.push(E('p', { 'class': 'hs-message' }, [ request.message ]));
		// Said before the owner types: where the answers go, and that anyone on the venue's network can read them.
		if (request.origin && request.encrypted === false)
			intro.push(E('p', { 'class': 'hs-error', 'id': 'hs-ui-unencrypted' }, [
				(request.transport == 'https-unverified'
					? _('This page\'s certificate does not verify: it is no better than an unencrypted page.')
					: _('This page is not encrypted.')) + ' ' +
				_('Your answers go to %s as your browser would send them, readable by others on the venue\'s network.').format(request.origin) ]));
		if (request.refusals > 0)
			intro.push(E('p', { 'class': 'hs-error' }, [ _('The portal refused the answers %d time(s): check them and try again.').format(request.refusals) ]));
		if (request.answers_sent)
			intro.push(E('p', {}, [ _('Answers sent, waiting for the portal…') ]));
		// Nothing hotspotd can fill in: the login is done in a browser, and the router sees it by itself.
		var fields = request.fields || [];
		if (!fields.length)
			intro.push(E('p', { 'id': 'hs-ui-browser' }, [ _('Log in from a phone or laptop behind this router (any page opens the portal): the router notices within 15 seconds by itself.') ]));
		return card('hs-ui', _('Login needs you'), intro.concat([
			fields.length ? form : '',
			request.portal_url ? row(_('Portal'), request.portal_url) : '',
			row(_('Helper'), request.helper),
			E('div', { 'class': 'hs-buttons' }, [
				fields.length ? E('button', { 'class': 'btn cbi-button-action', 'id': 'hs-ui-submit',
					'click': ui.createHandlerFn(this, 'handleSubmitUI', request, form) }, [ _('Log in') ]) : '', ' ',
				E('button', { 'class': 'btn cbi-button-negative', 'id': 'hs-ui-cancel',
					'click': ui.createHandlerFn(this, 'handleCancelUI') }, [ _('Cancel login') ])
			])
		]));
	},

	renderStatus: function(s, helpers) {
		if (failure(s) || !s || typeof(s) != 'object')
			return card('hs-status', _('Uplink'), [ E('p', { 'class': 'hs-error' }, [ failure(s) || _('hotspotd does not answer') ]) ]);
		var u = s.uplink;
		var rows = [
			// hotspotd's own plain words (`summary`), the same as `hotspotd status` says.
			row(_('State'), (s.summary || stateWords[s.state] || s.state) + ' · ' + duration(s.state_seconds)),
			row(_('Uplink'), u ? ssidText(u) + (u.stage ? ' (' + (stageWords[u.stage] || u.stage) + ')' : '') : _('none')),
		];
		if (u) {
			rows.push(row(_('Signal'), signalText(u) + (u.frequency ? ' · %d MHz'.format(u.frequency) : '')));
			rows.push(row(_('Security'), u.security));
			rows.push(row(_('Connected for'), duration(u.seconds)));
		}
		if (s.session_seconds_left != null)
			rows.push(row(_('Session left'), duration(s.session_seconds_left)));
		if (s.address)
			rows.push(row(_('Address'), s.address + (s.gateway ? ' via ' + s.gateway : '')));
		if (s.helper)
			rows.push(row(_('Helper'), s.helper_name && s.helper_name != s.helper ? '%s (%s)'.format(s.helper_name, s.helper) : s.helper));
		var given = s.logged_in_with_answers;
		if (given)
			rows.push(row(_('Login'), (given.given ? _('with the answers you gave on %s at %s').format(given.given, given.origin)
				: _('with the answers you gave at %s').format(given.origin)) + ' · ' + _('the router logs in with them again by itself')));
		var c = s.last_helper_command;
		if (c)
			rows.push(row(_('Last helper run'), '%s %s: %s (%d ms, %s ago)'.format(c.helper, c.command, c.result, c.ms, duration(c.seconds_ago))));
		// The last failure stays in the report once resolved (enabled again, another network): only an
		// unresolved one (`current`) explains the state.
		var f = s.last_failure;
		if (f && f.current)
			rows.push(row(_('Why'), ssidText(f) + ': ' + f.reason +
				(f.retry_seconds != null ? ' · ' + _('retry in %s').format(duration(f.retry_seconds)) : '')));
		if (s.subnet_clash_uplink)
			rows.push(row(_('Subnet clash'), _('the uplink\'s %s overlaps the router\'s %s').format(s.subnet_clash_uplink, s.subnet_clash_router)));
		if (s.lan_renumber)
			rows.push(row(_('LAN'), s.lan_renumber));
		(s.passed_over || []).forEach(function(p) { rows.push(row(_('Passed over'), ssidText(p) + ': ' + p.reason)); });
		if (s.state_save_error)
			rows.push(row(_('Cannot save'), s.state_save_error));
		var buttons = [];
		if (s.state == 'authenticated' || s.state == 'maintaining')
			buttons.push(E('button', { 'class': 'btn cbi-button-negative', 'id': 'hs-logoff',
				'click': ui.createHandlerFn(this, 'handleLogoff') }, [ _('Log off') ]));
		if (given && u)
			buttons.push(' ', E('button', { 'class': 'btn cbi-button-negative', 'id': 'hs-ui-forget',
				'click': ui.createHandlerFn(this, 'handleForgetAnswers', u) }, [ _('Forget my answers') ]));
		var history = (s.transitions || []).slice().reverse().map(function(t) {
			return E('li', {}, [ '%s ago: %s, %s'.format(duration(t.seconds_ago), stateWords[t.state] || t.state, t.link) + (t.ssid_hex ? ' · ' + ssidText(t) : '') ]);
		});
		return card('hs-status', _('Uplink'), rows.concat([
			E('div', { 'class': 'hs-buttons' }, buttons),
			history.length ? E('details', {}, [ E('summary', {}, [ _('History') ]), E('ul', { 'class': 'hs-history' }, history) ]) : ''
		]));
	},

	// Networks the daemon will not join by itself (disabled after a failure or a cancelled login, backed
	// off, logged off), from `helpers`: each with "Allow again" (enable). Not from status's last_failure,
	// which records the failure as it was (auto_join_disabled stays true after an enable).
	renderBlocked: function(h) {
		var list = [];
		var seen = {};
		var add = function(o, why) {
			if (!o || !o.ssid_hex || seen[o.ssid_hex]) return;
			seen[o.ssid_hex] = true;
			list.push({ net: o, why: why });
		};
		(h && h.disabled || []).forEach(function(b) { add(b, b.reason); });
		(h && h.backed_off || []).forEach(function(b) { add(b, b.reason + (b.seconds_left != null ? ', ' + _('%s left').format(duration(b.seconds_left)) : '')); });
		(h && h.logged_off || []).forEach(function(b) { add(b, _('logged off')); });
		if (!list.length)
			return E('div', { 'id': 'hs-blocked', 'class': 'hs-hidden' });
		return card('hs-blocked', _('Not joined by itself'), list.map(L.bind(function(b) {
			return E('div', { 'class': 'hs-item', 'data-ssid-hex': b.net.ssid_hex }, [
				E('div', { 'class': 'hs-ssid' }, [ ssidText(b.net) ]),
				E('div', { 'class': 'hs-note' }, [ b.why ]),
				E('button', { 'class': 'btn cbi-button-action hs-enable', 'click': ui.createHandlerFn(this, 'handleEnable', b.net) }, [ _('Allow again') ])
			]);
		}, this)));
	},

	handleScanNow: function() {
		return this.act(_('Scan'), callScanNow(true));
	},

	// `age`: seconds since the table's scan (status's scanned_seconds_ago), or null before the first.
	renderScan: function(rows, age) {
		rows = rows.slice().sort(function(a, b) { return (b.signal || 0) - (a.signal || 0); });
		var items = rows.map(L.bind(function(r) {
			var notes = [ signalText(r), r.security ];
			if (r.current) notes.push(_('current'));
			if (r.claimed_by) notes.push(_('helper %s').format(r.claimed_by_name || r.claimed_by));
			if (r.not_candidate) notes.push(r.not_candidate);
			return E('div', { 'class': 'hs-item', 'data-ssid-hex': r.ssid_hex }, [
				E('div', { 'class': 'hs-ssid' }, [ ssidText(r) ]),
				E('div', { 'class': 'hs-note' }, [ notes.join(' · ') ]),
				r.current ? '' : E('button', { 'class': 'btn cbi-button-action hs-join', 'click': ui.createHandlerFn(this, 'handleJoin', r) }, [ _('Join') ])
			]);
		}, this));
		var head = E('div', { 'class': 'hs-row' }, [
			E('span', { 'class': 'hs-note', 'id': 'hs-scan-age' }, [ age == null ? _('Not scanned yet.') : _('Scanned %s ago.').format(duration(age)) ]), ' ',
			E('button', { 'class': 'btn cbi-button-action', 'id': 'hs-scan-now', 'click': ui.createHandlerFn(this, 'handleScanNow') }, [ _('Scan now') ])
		]);
		return card('hs-scan', _('Networks in range'), [ head ].concat(items.length ? items : [ E('p', {}, [ _('No scan results yet.') ]) ]));
	},

	renderNetworks: function(nets) {
		var items = nets.map(L.bind(function(n) {
			return E('div', { 'class': 'hs-item', 'data-ssid-hex': n.ssid_hex }, [
				E('div', { 'class': 'hs-ssid' }, [ ssidText(n) ]),
				E('button', { 'class': 'btn cbi-button-negative hs-forget', 'click': ui.createHandlerFn(this, 'handleForget', n) }, [ _('Forget') ])
			]);
		}, this));
		return card('hs-networks', _('My networks'), items.length ? items : [ E('p', {}, [ _('None: join one above to keep it.') ]) ]);
	},

	renderHelpers: function(h) {
		var items = (h && Array.isArray(h.helpers) ? h.helpers : []).map(function(x) {
			var notes = [ x.kind + ', ' + _('priority %d').format(x.priority), (x.commands || []).join(' ') ];
			if (x.running) notes.push(_('running %s').format(x.running));
			if (x.last_command) notes.push(_('last: %s → %s').format(x.last_command, x.last_outcome || '?'));
			return E('div', { 'class': 'hs-item' }, [
				E('div', { 'class': 'hs-ssid' }, [ x.name ]),
				E('div', { 'class': 'hs-note' }, [ notes.join(' · ') ])
			]);
		});
		return card('hs-helpers', _('Helpers'), items.length ? items : [ E('p', {}, [ failure(h) || _('No helpers configured.') ]) ]);
	},

	// Fresh data into the page; the login form only when the request changed, so typing is not lost.
	update: function(data) {
		var status = data[0], request = pendingUI(data[1]), scan = listOf(data[2], 'scan'),
		    nets = listOf(data[3], 'networks'), helpers = data[4];
		var key = request ? JSON.stringify([ request.ssid_hex, request.fields, request.refusals, request.answers_sent, request.message ]) : '';
		var swap = function(id, node) {
			var old = document.getElementById(id);
			if (old) old.parentNode.replaceChild(node, old);
		};
		if (key !== this.uiKey) {
			this.uiKey = key;
			swap('hs-ui', this.renderUI(request));
		}
		swap('hs-status', this.renderStatus(status, helpers));
		swap('hs-blocked', this.renderBlocked(helpers));
		swap('hs-scan', this.renderScan(scan, status && status.scanned_seconds_ago));
		swap('hs-networks', this.renderNetworks(nets));
		swap('hs-helpers', this.renderHelpers(helpers));
	},

	render: function(data) {
		var request = pendingUI(data[1]);
		this.uiKey = request ? JSON.stringify([ request.ssid_hex, request.fields, request.refusals, request.answers_sent, request.message ]) : '';
		poll.add(L.bind(this.refresh, this), 5);
		return this.loadSettings().then(L.bind(function(settings) { return E('div', { 'class': 'hs-page' }, [
			E('style', {}, [ '.hs-page{max-width:40em}.hs-card{padding:.5em .8em;margin-bottom:1em}' +
				'.hs-row{display:flex;flex-wrap:wrap;gap:.2em 1em;padding:.2em 0}.hs-label{flex:0 0 9em;color:#666}' +
				'.hs-value{flex:1 1 12em;overflow-wrap:anywhere}.hs-item{padding:.5em 0;border-bottom:1px solid #ddd}' +
				'.hs-ssid{font-weight:bold;overflow-wrap:anywhere;white-space:pre-wrap}.hs-note{color:#555;font-size:90%;overflow-wrap:anywhere}' +
				'.hs-item .btn{margin-top:.3em}.hs-field{margin:.5em 0}.hs-field label{display:block}' +
				'.hs-check label{display:inline}.hs-field input[type=text],.hs-field input[type=password]{width:100%;box-sizing:border-box;font-size:16px;padding:.4em}' +
				'.hs-buttons{margin-top:.5em}.hs-buttons .btn{min-height:2.5em;margin:.2em 0}.hs-error{color:#b00}' +
				'.hs-message{font-style:italic;overflow-wrap:anywhere}.hs-hidden{display:none}#hs-ui{border:2px solid #e90}' +
				'.hs-field select{width:100%;font-size:16px;padding:.3em}#hs-help summary{cursor:pointer;font-weight:bold}' +
				'.hs-help{width:100%;table-layout:fixed;border-collapse:collapse;font-size:90%}.hs-help th,.hs-help td{text-align:left;' +
				'vertical-align:top;padding:.3em .2em;border-bottom:1px solid #ddd;overflow-wrap:anywhere}.hs-says{font-family:monospace}' +
				// A phone's width: each row a block, symptom first, the other two labelled.
				'@media (max-width:40em){.hs-help tr{display:block;padding:.4em 0;border-bottom:1px solid #ddd}.hs-help tr:first-child{display:none}' +
				'.hs-help td{display:block;border:0;padding:.1em 0}.hs-help td:first-child{font-weight:bold}' +
				'.hs-help td[data-label]:before{content:attr(data-label) ": ";font-family:sans-serif;color:#666}}' ]),
			E('h2', {}, [ _('Hotspot') ]),
			this.renderUI(request),
			this.renderStatus(data[0], data[4]),
			this.renderBlocked(data[4]),
			this.renderScan(listOf(data[2], 'scan'), data[0] && data[0].scanned_seconds_ago),
			this.renderNetworks(listOf(data[3], 'networks')),
			this.renderHelpers(data[4]),
			this.renderHelp(),
			this.renderSettings(settings[0], settings[1])
		]); }, this));
	}
});
