import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// The control socket's requests, answered from the core's snapshot and what the daemon knows.
extension HotspotDaemon {
    func startControl() -> String? {
        var group: UInt32? = nil
        if let g = settings.controlGroup {
            switch g {
            case .uid(let id): group = id
            case .name(let name):
                guard let gid = UserDatabase.group(named: name) else { return "control_group: no group named " + name }
                group = gid
            }
        }
        // Group members must reach the socket through the run directory.
        do { try RunDirectory(settings.runDirectory).prepare(mode: group == nil ? 0o700 : 0o710, group: group) } catch {
            return "cannot prepare " + settings.runDirectory + ": " + error.description
        }
        do throws(ControlServerError) {
            let server = try ControlServer(path: settings.runDirectory + "/" + ControlServer.socketName, loop: loop,
                                           access: ControlServer.Access(ownUID: CurrentProcess.effectiveUserID, group: group))
            server.onRequest = { [self] request, reply in
                // `scan --now` answers once the scan is in: later, not from controlReply.
                if case .scan(let json, true) = request { return scanNow(json: json, reply) }
                reply(controlReply(to: request))
            }
            control = server
            return nil
        } catch {
            return "control socket: " + error.description
        }
    }

    @inline(never)
    func controlReply(to request: ControlRequest) -> ControlReply {
        switch request {
        case .status(let json), .scan(let json, _), .helpers(let json), .ui(let json), .uiAnswers(let json), .networks(let json):
            // One report and one snapshot for the five: each its own would be its own copy of that code.
            let s = driver.snapshot()
            var r = ControlReport(json: json)
            var exitStatus: UInt8 = 0
            if case .status = request {
                // Filled in place: returned by a function, the extras were copied once more on the way.
                var x = ControlReport.Extras()
                addExtras(to: &x)
                r.status(s, x)
                exitStatus = s.isUsable ? 0 : 1
            } else if case .scan = request {
                r.scan(driver.scanRows(), s, minSignal: driver.machine.hotspot.configuration.minSignal)
            } else if case .helpers = request {
                r.helpers(s)
            } else if case .ui = request {
                exitStatus = r.ui(s) ? 0 : 1
            } else if case .uiAnswers = request {
                exitStatus = r.ui(s, earlierAnswers: true) ? 0 : 1
            } else {
                r.networks(s)
            }
            return ControlReply(exitStatus: exitStatus, body: r.body)
        case .logoff: return owner(.logoff)
        case .submitUI(let answers): return owner(.submitUI(answers))
        case .cancelUI: return owner(.cancelUI)
        case .forgetUI(let ssid): return owner(.forgetAnswers(ssid))
        case .enable(let ssid): return owner(.enable(ssid))
        case .join(let ssid, let passphrase, let once, let mac, let prefix, let hidden, let days, let eap):
            return owner(.join(ssid, passphrase: passphrase, once: once, mac: mac, prefix: prefix, hidden: hidden, days: days, eap: eap))
        case .forget(let ssid): return owner(.forget(ssid))
        case .reload:
            switch reload() {
            case .refused(let why): return .refused("reload refused, the running configuration stays: " + why)
            case .loaded(let atRestart):
                return text("configuration reloaded" + (atRestart.isEmpty ? "" : "; at restart: " + atRestart))
            }
        case .config(let verb, let json):
            switch verb {
            case .check:
                switch HotspotDaemon.loadConfiguration(options.configPath) {
                case .refused(let why): return .refused(why)
                case .loaded: return text(options.configPath + ": valid")
                }
            case .show:
                var r = ControlReport(json: json)
                r.preferences(driver.machine.hotspot.configuration.preferences)
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
    /// over the UCI file. The running preferences with `fields` taken from `values` (nil: every one back to
    /// its default) are validated with the running helpers; then those options of `config hotspot` are
    /// rewritten, the file must load, it is replaced atomically and takes effect as at SIGHUP. Nothing is
    /// written when anything fails.
    @inline(never)
    func savePreferences(_ values: ManagerPreferences?, _ fields: ManagerPreferences.Fields) -> ControlReply {
        let path = options.configPath
        // The preferences, not the configuration: taken out of the driver's machine, all of it would be copied.
        let running = driver.machine.hotspot.configuration.preferences
        var wanted = running
        wanted.take(fields, from: values ?? ManagerPreferences())
        do throws(ManagerPreferencesError) {
            try wanted.validate(helpers: driver.machine.hotspot.configuration.helpers)
            let file: [UInt8]
            do throws(Errno) {
                file = try HotspotDaemon.readConfiguration(path)
            } catch {
                throw .internalError("cannot read " + path + ": " + error.description)
            }
            guard let edited = HotspotUCI.editingPreferences(file, values, fields) else {
                throw .configurationInvalid(path + " has no config hotspot section")
            }
            if edited == file { return text("nothing to change in " + path) }
            // The file as it will be must load (it may hold edits not reloaded yet).
            let loaded: HotspotUCI
            do throws(HotspotUCIError) {
                loaded = try HotspotUCI(parsing: edited, file: path)
            } catch {
                throw .configurationInvalid(error.description)
            }
            if let why = HotspotDaemon.usersProblem(loaded.settings, file: path, passwd: "/etc/passwd") {
                throw .configurationInvalid(why)
            }
            do throws(Errno) {
                // 0600 as the package installs it: the file can hold passphrases.
                try StateFile.replace(path, with: edited, mode: 0o600)
            } catch {
                throw .internalError("cannot write " + path + ": " + error.description)
            }
            logger.log(.notice, "preferences saved to " + path)
            let changed = loaded.configuration.preferences.differences(from: running)
            apply(loaded)
            var head = (values == nil ? "removed the preferences from " : "saved ") + path + ", configuration reloaded"
            var first = true
            for f in ManagerPreferences.Field.allCases where changed.contains(f.bit) {
                head += (first ? "; changed: " : ", ") + String(decoding: ASCII.bytes(f.uciOption), as: UTF8.self)
                first = false
            }
            var r = ControlReport(json: false)
            r.preferences(loaded.configuration.preferences)
            return ControlReply(exitStatus: 0, body: Array((head + "\n").utf8) + r.body)
        } catch {
            return .refused(error.description)
        }
    }

    func text(_ line: String) -> ControlReply { ControlReply(exitStatus: 0, body: Array((line + "\n").utf8)) }

    /// The core answers an owner's request within the batch it starts.
    func owner(_ request: OwnerRequest) -> ControlReply {
        var reply = ControlReply.refused("the daemon is busy; try again")
        driver.submit(.hotspot(.owner(request))) { answer in
            switch answer {
            case .accepted(let message): reply = self.text(message)
            case .refused(let message): reply = .refused(message)
            }
        }
        return reply
    }

    /// What `status` shows beside the snapshot (tests read it this way; the daemon fills its own in place).
    func extras() -> ControlReport.Extras {
        var x = ControlReport.Extras()
        addExtras(to: &x)
        return x
    }

    func addExtras(to x: inout ControlReport.Extras) {
        x.lastRun = lastRun
        x.transitions = transitions
        x.loopLongestBusyMicroseconds = loop.longestBusyMicroseconds
        x.stateLoadProblem = stateFile.loadProblem
        x.stateSaveProblem = stateFile.saveProblem
        // `if let`, not `Optional.map`: no specialisations for these closures.
        if let m = InterfaceAddress.read(uplinkInterface) {
            x.mac = m.description
            if let p = macPolicyInUse { x.mac! += " (" + p.description + ")" }
        }
        x.passpoint = passpointOperator
        if radios.count > 1 { x.radio = uplinkInterface }
        x.interfaceNote = interfaceNote
        x.clashUplink = clash.uplink
        x.clashRouter = clash.router
        x.lanRenumber = clash.isRenumbering ? "moving the LAN" : clash.renumberNote
        if let a = route?.addressing, a.hasAddress {
            (x.address, x.gateway) = HotspotDaemon.addressAndGateway(a)
            x.dns = HotspotDaemon.dnsServers()
        }
    }
}
