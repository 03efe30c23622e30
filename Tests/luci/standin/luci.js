// A stand-in for LuCI's client-side runtime, for Tests/luci/run: LuCI is not packaged in Debian or PyPI.
// It has only the documented API the view (luci-app-hotspot's overview.js) uses, written from LuCI's
// JS API reference (openwrt.github.io/luci/jsapi) and luci.js / rpc.js / ui.js / poll.js / view.js:
//   the loader ('require NAME' directives become the compiled function's arguments, as L.require does),
//   L.bind, E() and dom.create/append/content/attr (a bare string child becomes innerHTML, an array's
//   strings become text nodes: LuCI's exact rule, which is why the view puts daemon strings in arrays),
//   String.prototype.format (%s %d %%), _(), view.extend (load → render → #view, footer buttons hidden
//   when handleSave/handleSaveApply/handleReset are null), rpc.declare (object, method, params; ubus
//   JSON-RPC "call" to /ubus, [0, data] → data, another status → that number), ui.showModal/hideModal/
//   addNotification/createHandlerFn, poll.add.
// Nothing else: a view that needs more fails here loudly instead of passing by accident.
'use strict';
(function() {
	var sessionID = '00000000000000000000000000000000', rpcID = 1;

	String.prototype.format = function() {
		var args = arguments, i = 0;
		return this.replace(/%([%sd])/g, function(m, c) {
			if (c == '%') return '%';
			var v = args[i++];
			if (c == 'd') return String(Math.floor(+v || 0));
			return (v == null) ? '' : String(v);
		});
	};
	window._ = function(s) { return s; };

	var dom = {
		elem: function(e) { return e != null && typeof(e) == 'object' && 'nodeType' in e; },
		append: function(node, children) {
			if (Array.isArray(children)) {
				for (var i = 0; i < children.length; i++)
					if (this.elem(children[i])) node.appendChild(children[i]);
					else if (children[i] !== null && children[i] !== undefined) node.appendChild(document.createTextNode('' + children[i]));
				return node.lastChild;
			}
			if (typeof(children) == 'function') return this.append(node, children(node));
			if (this.elem(children)) return node.appendChild(children);
			if (children !== null && children !== undefined) { node.innerHTML = '' + children; return node.lastChild; }
			return null;
		},
		content: function(node, children) {
			while (node.firstChild) node.removeChild(node.firstChild);
			return this.append(node, children);
		},
		attr: function(node, key, val) {
			var attr = (typeof(key) == 'object' && key !== null) ? key : {};
			if (typeof(key) == 'string') attr[key] = val;
			for (var k in attr) {
				if (!attr.hasOwnProperty(k) || attr[k] === null || attr[k] === undefined) continue;
				var v = attr[k];
				if (typeof(v) == 'function') node.addEventListener(k, v);
				else if (typeof(v) == 'object') node.setAttribute(k, JSON.stringify(v));
				else node.setAttribute(k, v);
			}
		},
		create: function(html, attr, data) {
			if (!(attr instanceof Object) || Array.isArray(attr)) { data = attr; attr = null; }
			var elem = this.elem(html) ? html : document.createElement(html);
			if (attr) this.attr(elem, attr);
			this.append(elem, data);
			return elem;
		}
	};
	window.E = function() { return dom.create.apply(dom, arguments); };

	var L = window.L = {
		env: { sessionid: sessionID },
		bind: function(fn, self) {
			var extra = Array.prototype.slice.call(arguments, 2);
			return function() { return fn.apply(self, extra.concat(Array.prototype.slice.call(arguments))); };
		},
		dom: dom,
		// luci.js: the promise's value, or `defvalue` when it rejects (a method the ACL does not grant).
		resolveDefault: function(value, defvalue) {
			return Promise.resolve(value).catch(function() { return defvalue; });
		}
	};

	var rpc = {
		declare: function(options) {
			return function() {
				var args = {};
				var params = options.params || [];
				for (var i = 0; i < params.length; i++) args[params[i]] = arguments[i];
				var req = { jsonrpc: '2.0', id: rpcID++, method: 'call',
					params: [ L.env.sessionid, options.object, options.method, args ] };
				return fetch('/ubus', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(req) })
					.then(function(res) {
						if (!res.ok) throw new Error('RPC call to ' + options.object + '/' + options.method + ' failed with HTTP ' + res.status);
						return res.json();
					})
					.then(function(msg) {
						if (msg.error) throw new Error(msg.error.message);
						var r = msg.result;
						if (Array.isArray(r) && r[0] == 0) return r.length > 1 ? r[1] : r[0];
						if (Array.isArray(r)) return r[0];
						throw new Error('RPC call to ' + options.object + '/' + options.method + ': bad reply');
					});
			};
		}
	};

	var ui = {
		showModal: function(title, children) {
			var overlay = document.getElementById('modal_overlay');
			var modal = overlay.querySelector('.modal');
			dom.content(modal, [ E('h4', {}, [ title ]) ].concat(children));
			document.body.classList.add('modal-overlay-active');
			return modal;
		},
		hideModal: function() { document.body.classList.remove('modal-overlay-active'); },
		addNotification: function(title, children, classes) {
			var box = E('div', { 'class': 'alert-message fade-in ' + (classes || '') }, [
				E('div', { 'class': 'right' }, [ E('button', { 'class': 'btn', 'click': function(ev) {
					ev.target.closest('.alert-message').remove(); } }, [ 'Dismiss' ]) ]) ]);
			if (title) box.appendChild(E('h4', {}, [ title ]));
			dom.append(box, children);
			var main = document.getElementById('maincontent');
			main.insertBefore(box, main.firstChild);
			return box;
		},
		createHandlerFn: function(ctx, fn) {
			var args = Array.prototype.slice.call(arguments, 2);
			if (typeof(fn) == 'string') fn = ctx[fn];
			return function(ev) {
				var t = ev.currentTarget;
				t.classList.add('spinning');
				t.disabled = true;
				return Promise.resolve(fn.apply(ctx, args.concat([ ev ]))).finally(function() {
					t.classList.remove('spinning');
					t.disabled = false;
				});
			};
		}
	};

	// poll.add starts the loop when it is not running (LuCI.poll's documented behaviour).
	var pollFns = [], pollTimer = null;
	var poll = {
		add: function(fn, interval) {
			pollFns.push({ fn: fn, every: (interval || 5) * 1000, last: Date.now() });
			if (!pollTimer) this.start();
		},
		start: function() {
			pollTimer = setInterval(function() {
				var now = Date.now();
				pollFns.forEach(function(p) {
					if (now - p.last < p.every || p.busy) return;
					p.last = now; p.busy = true;
					Promise.resolve(p.fn()).catch(function(e) { console.error(e); }).finally(function() { p.busy = false; });
				});
			}, 250);
		}
	};

	var viewBase = {
		__init__: function() {
			var vp = document.getElementById('view');
			dom.content(vp, E('div', { 'class': 'spinning' }, [ 'Loading view…' ]));
			return Promise.resolve(this.load())
				.then(L.bind(this.render, this))
				.then(L.bind(function(nodes) {
					dom.content(vp, nodes);
					dom.append(vp, this.addFooter());
					window.viewReady = true;
				}, this))
				.catch(function(e) { window.viewError = String(e && e.stack || e); dom.content(vp, E('pre', {}, [ window.viewError ])); });
		},
		load: function() {},
		render: function() {},
		handleSave: function() {}, handleSaveApply: function() {}, handleReset: function() {},
		addFooter: function() {
			var buttons = [];
			if (this.handleSaveApply) buttons.push(E('button', { 'class': 'cbi-button cbi-button-apply' }, [ 'Save & Apply' ]));
			if (this.handleSave) buttons.push(E('button', { 'class': 'cbi-button cbi-button-save' }, [ 'Save' ]));
			if (this.handleReset) buttons.push(E('button', { 'class': 'cbi-button cbi-button-reset' }, [ 'Reset' ]));
			return E('div', { 'class': 'cbi-page-actions' }, buttons);
		}
	};
	var view = {
		extend: function(props) {
			function View() { this.__init__.apply(this, arguments); }
			View.prototype = Object.assign(Object.create(viewBase), props);
			return View;
		}
	};

	var classes = { view: view, rpc: rpc, ui: ui, poll: poll, dom: dom };

	// LuCI's loader: the 'require' directives name the classes the compiled source gets as arguments.
	L.loadView = function(url) {
		return fetch(url).then(function(r) { return r.text(); }).then(function(source) {
			var names = [], m, re = /^\s*'require\s+([a-zA-Z0-9_.]+)';/mg;
			while ((m = re.exec(source)) != null) {
				if (!classes[m[1]]) throw new Error('the stand-in has no class "' + m[1] + '"');
				names.push(m[1]);
			}
			var fn = new Function(names.join(','), source);
			var View = fn.apply(window, names.map(function(n) { return classes[n]; }));
			return new View();
		}).catch(function(e) { window.viewError = String(e && e.stack || e); throw e; });
	};
})();
