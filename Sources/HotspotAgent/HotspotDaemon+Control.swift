import CLinux
import HotspotCore
import HotspotProtocol

/// The control socket's requests, answered from the core's snapshot and what the daemon knows.
extension HotspotDaemon {
    func startControl() -> String? {
        var group: UInt32? = nil
        if let g = settings.controlGroup {
            switch g {
            case .uid(let id): group = id
            case .name(let name):
                guard let gr = getgrnam(name) else { return "control_group: no group named " + name }
                group = gr.pointee.gr_gid
            }
            // Group members must reach the socket through the run directory.
            _ = chown(settings.runDirectory, uid_t.max, gid_t(group!))
            _ = chmod(settings.runDirectory, 0o710)
        }
        do throws(ControlServerError) {
            let server = try ControlServer(path: settings.runDirectory + "/" + ControlServer.socketName, loop: loop,
                                           access: ControlServer.Access(ownUID: geteuid(), group: group))
            server.onRequest = { [self] request, reply in reply(answer(request)) }
            control = server
            return nil
        } catch {
            return "control socket: " + error.description
        }
    }

    @inline(never)
    func answer(_ request: ControlRequest) -> ControlReply {
        let machine = driver.machine
        switch request {
        case .status(let json):
            let s = machine.snapshot()
            var r = ControlReport(json: json)
            r.status(s, extras())
            return ControlReply(exitStatus: s.isUsable ? 0 : 1, body: r.body)
        case .scan(let json):
            var r = ControlReport(json: json)
            r.scan(machine.scanRows(), machine.snapshot(), minSignal: machine.configuration.minSignal)
            return ControlReply(exitStatus: 0, body: r.body)
        case .helpers(let json):
            var r = ControlReport(json: json)
            r.helpers(machine.snapshot())
            return ControlReply(exitStatus: 0, body: r.body)
        case .ui(let json):
            var r = ControlReport(json: json)
            let waiting = r.ui(machine.snapshot())
            return ControlReply(exitStatus: waiting ? 0 : 1, body: r.body)
        case .networks(let json):
            var r = ControlReport(json: json)
            r.networks(machine.snapshot())
            return ControlReply(exitStatus: 0, body: r.body)
        case .logoff: return owner(.logoff)
        case .submitUI(let answers): return owner(.submitUI(answers))
        case .cancelUI: return owner(.cancelUI)
        case .enable(let ssid): return owner(.enable(ssid))
        case .join(let ssid, let passphrase, let once): return owner(.join(ssid, passphrase: passphrase, once: once))
        case .forget(let ssid): return owner(.forget(ssid))
        case .reload:
            if let why = reload() { return .refused("reload refused, the running configuration stays: " + why) }
            return text("configuration reloaded")
        case .config(let verb, let json):
            switch verb {
            case .check:
                switch HotspotDaemon.loadConfiguration(options.configPath) {
                case .refused(let why): return .refused(why)
                case .loaded: return text(options.configPath + ": valid")
                }
            case .show:
                var r = ControlReport(json: json)
                r.preferences(machine.configuration.preferences)
                return ControlReply(exitStatus: 0, body: r.body)
            case .remove: return savePreferences(nil, .all)
            }
        case .saveConfig(let preferences, let fields):
            return savePreferences(preferences, fields)
        case .version:
            return text("hotspotd " + hotspotdVersion)
        }
    }

    /// `config save` and `config remove`: NEHotspotManager's saveToPreferences and removeFromPreferences
    /// over the UCI file. Load (the file as it is now), take `fields` from `values` (nil: every preference
    /// back to its default), validate with the file's helpers, rewrite only the preference options of
    /// `config hotspot` atomically, and reload as SIGHUP does. Nothing is written when anything fails.
    @inline(never)
    func savePreferences(_ values: ManagerPreferences?, _ fields: ManagerPreferences.Fields) -> ControlReply {
        let path = options.configPath
        func refused(_ error: ManagerPreferencesError) -> ControlReply { .refused(error.description) }
        let file: [UInt8]
        do {
            file = try HotspotDaemon.readConfiguration(path)
        } catch {
            return refused(.internalError("cannot read " + path + ": " + error.description))
        }
        // readConfiguration stops at 1 MiB: never write back a file cut short.
        if file.count >= 1 << 20 { return refused(.internalError(path + " is larger than 1 MiB")) }
        let loaded: HotspotUCI
        do throws(HotspotUCIError) {
            loaded = try HotspotUCI(parsing: file, file: path)
        } catch {
            return .refused("cannot load the preferences: " + error.description)
        }
        let before = loaded.configuration.preferences
        var after = before
        after.take(fields, from: values ?? ManagerPreferences())
        do throws(ManagerPreferencesError) {
            try after.validate(helpers: loaded.configuration.helpers)
        } catch {
            return refused(error)
        }
        let changed = after.differences(from: before)
        guard let edited = HotspotUCI.editingPreferences(file, values == nil ? nil : after,
                                                         values == nil ? .all : changed) else {
            return refused(.configurationInvalid(path + " has no config hotspot section to hold them"))
        }
        if edited == file { return text("nothing to change in " + path) }
        // What is written must load as exactly these preferences, or nothing is written.
        guard let check = try? HotspotUCI(parsing: edited, file: path),
              check.configuration.preferences.differences(from: after).isEmpty else {
            return refused(.internalError("the edited file would not load as saved; nothing written"))
        }
        var mode = stat()
        do throws(Errno) {
            try StateFile.replace(path, with: edited, mode: stat(path, &mode) == 0 ? UInt32(mode.st_mode) & 0o7777 : 0o600)
        } catch {
            return refused(.internalError("cannot write " + path + ": " + error.description))
        }
        logger.log(.notice, "preferences saved to " + path)
        var out = ""
        for i in 0..<ManagerPreferences.Fields.count where changed.contains(.init(rawValue: 1 << i)) {
            out += HotspotDaemon.preferenceNames[i] + ": " + HotspotDaemon.shown(before, i) + " -> "
                + HotspotDaemon.shown(after, i) + "\n"
        }
        out += (values == nil ? "removed the preferences from " : "saved ") + path
        if let why = reload() { return .refused(out + ", but the reload was refused: " + why) }
        return text(out + ", configuration reloaded")
    }

    /// As in the UCI file, in `ManagerPreferences.Fields` order.
    static let preferenceNames = ["enabled", "evaluation_provider", "authentication_provider", "portal_domain", "evaluated_ssid"]

    /// Preference `field` of `p` for the reply to `config save`.
    static func shown(_ p: ManagerPreferences, _ field: Int) -> String {
        var list: [String]
        switch field {
        case 0: return p.isEnabled ? "1" : "0"
        case 1: list = p.evaluationProvider.map { [$0] } ?? []
        case 2: list = p.authenticationProvider.map { [$0] } ?? []
        case 3: list = p.safariDomains
        default: list = p.evaluatedSSIDs.map { "\"" + $0.description + "\"" }
        }
        guard var out = list.first else { return "(none)" }
        for item in list.dropFirst() { out += ", " + item }
        return out
    }

    func text(_ line: String) -> ControlReply { ControlReply(exitStatus: 0, body: Array((line + "\n").utf8)) }

    /// The core answers an owner's request within the batch it starts.
    func owner(_ request: OwnerRequest) -> ControlReply {
        var reply = ControlReply.refused("the daemon is busy; try again")
        driver.submit(.owner(request)) { answer in
            switch answer {
            case .accepted(let message): reply = ControlReply(exitStatus: 0, body: Array((message + "\n").utf8))
            case .refused(let message): reply = .refused(message)
            }
        }
        return reply
    }

    func extras() -> ControlReport.Extras {
        var x = ControlReport.Extras(lastRun: lastRun, transitions: transitions)
        if let a = route?.addressing, a.hasAddress {
            x.address = a.addresses.first.map { $0.address.description }
            x.gateway = a.gateway.map { $0.description }
            x.dns = HotspotDaemon.dnsServers()
        }
        return x
    }
}
