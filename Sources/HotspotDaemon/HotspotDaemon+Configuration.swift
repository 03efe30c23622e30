import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem

/// The UCI file: loading it at start, and again at SIGHUP, `reload` and `config save`.
extension HotspotDaemon {
    public indirect enum ConfigurationLoad {
        case loaded(HotspotUCI)
        case refused(String)
    }

    /// The UCI file, parsed and validated; a message naming the file, line and option when it is refused.
    public static func loadConfiguration(_ path: String, passwd: String = "/etc/passwd") -> ConfigurationLoad {
        let bytes: [UInt8]
        do {
            bytes = try readConfiguration(path)
        } catch {
            return .refused("cannot read " + path + ": " + error.description)
        }
        do throws(HotspotUCIError) {
            let loaded = try HotspotUCI(parsing: bytes, file: path)
            if let why = usersProblem(loaded.settings, file: path, passwd: passwd) { return .refused(why) }
            return .loaded(loaded)
        } catch {
            return .refused(error.description)
        }
    }

    /// Root by another name (issue 35): the loader refuses only `0` and `root`; a name the passwd file gives
    /// uid 0 or gid 0 is refused here, helper_user first, then a helper's own user. A name not there is left
    /// to the spawn, which says so (and checks again: the file may change).
    static func usersProblem(_ settings: DaemonSettings, file: String, passwd: String) -> String? {
        func refusal(_ subject: String, _ user: SandboxUser) -> String? {
            guard HotspotDaemon.sandboxIDs(user, passwd: passwd) == .root else { return nil }
            return HotspotUCIError(file: file, line: nil, subject: subject,
                                   message: "'" + user.description + "' is uid 0 or gid 0 in " + passwd
                                       + ": helpers must not run as root").description
        }
        if let why = refusal("option helper_user", settings.helperUser) { return why }
        for h in settings.helpers where h.user != settings.helperUser {
            if let why = refusal("config helper '" + h.name + "': option user", h.user) { return why }
        }
        return nil
    }

    /// The UCI file's bytes; a file of 1 MiB or more is refused (never read, or written back, cut short).
    static func readConfiguration(_ path: String) throws(Errno) -> [UInt8] {
        let fd = try FileDescriptor.open(path, O_RDONLY)
        defer { fd.close() }
        let bytes = try fd.readAll(limit: 1 << 20)
        if bytes.count == 1 << 20 { throw Errno(EFBIG) }
        return bytes
    }

    /// SIGHUP and `hotspotd reload`: `.loaded` with the options left for a restart, or `.refused` with why.
    @discardableResult
    func reload() -> Reload {
        switch HotspotDaemon.loadConfiguration(options.configPath) {
        case .refused(let why):
            logger.log(.error, "reload refused, keeping the running configuration: " + why)
            return .refused(why)
        case .loaded(let loaded):
            return .loaded(apply(loaded))
        }
    }

    indirect enum Reload {
        /// In effect, but for these options (comma-separated; empty when none), which wait for a restart.
        case loaded(String)
        case refused(String)
    }

    /// A configuration that loaded takes effect, but for what the daemon opened at start (the interface,
    /// sockets and files): those keep their running values, and their names are returned and logged.
    @discardableResult
    func apply(_ loaded: HotspotUCI) -> String {
        for w in loaded.warnings { logger.log(.warning, w) }
        let atRestart = loaded.settings.restartOnly(differingFrom: settings)
        if !atRestart.isEmpty { logger.log(.warning, "takes effect at restart: " + atRestart) }
        settings.logLevel = loaded.settings.logLevel
        settings.helperUser = loaded.settings.helperUser
        settings.helpers = loaded.settings.helpers
        settings.renumberLAN = loaded.settings.renumberLAN
        // Changed Passpoint credentials replace wpa_supplicant's at once (REMOVE_CRED all first); the same ones
        // are not sent again, which would drop a Passpoint association for nothing. Compared as their words
        // (`appendWords`, every field): smaller on the router than the arrays' own equality.
        func words(_ credentials: [EAPSettings]) -> [UInt8] {
            var out: [UInt8] = []
            for c in credentials { c.appendWords(to: &out); out.append(0) }
            return out
        }
        if words(loaded.settings.passpoint) != words(settings.passpoint) {
            settings.passpoint = loaded.settings.passpoint
            givePasspointCredentials(reloaded: true)
        }
        // Switched on: a clash there is now is moved now.
        checkSubnetClash()
        logger.threshold = options.verbose ? .debug : settings.logLevel
        driver.submit(.hotspot(.configurationReloaded(loaded.configuration)))
        deriveKeys(loaded.configuration.knownNetworks)
        return atRestart
    }
}
