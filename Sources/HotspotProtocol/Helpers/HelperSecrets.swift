import HotspotCore

/// The secrets a helper gets on its stdin, not in its environment (which any process of the helper's user reads
/// in /proc/PID/environ): the owner's answers (`HOTSPOT_UI_<KEY>`) and the built-in helper's WISPr password.
/// One `NAME=value` LF line each (NAME as in the environment before protocol 2), the value without a control
/// character (no LF, tab or NUL), so a shell's `IFS= read -r line` takes each whole and `${line#*=}` is the value.
public struct HelperSecrets {
    /// Every secret line of one command (16 answers of up to 2048 bytes and the password) fits.
    public static let maxBytes = 65_536
    /// What the built-in helper says of stdin it refuses.
    public static var refusal: String {
        "stdin is not NAME=value lines (HOTSPOT_UI_<KEY> or HOTSPOT_WISPR_PASSWORD, a value without control characters, each line ending in a newline, 65536 bytes at most)"
    }

    /// Checked lines, each ending in LF.
    var bytes: [UInt8] = []

    public init() {}

    /// `HOTSPOT_UI_…` or `HOTSPOT_WISPR_PASSWORD`: the names that come only on stdin.
    public static func isSecret(_ name: String) -> Bool {
        ASCII.hasPrefix(name, HelperVariable.uiPrefix) || ASCII.same(name, HelperVariable.wisprPassword)
    }

    /// Appends `name=value` LF; nothing when the value has a control character (it could not stay on its line).
    /// Answers with one were left out before (`HelperInvocation.addAnswer`), the configuration refuses a password with one.
    public static func append(_ name: String, _ value: [UInt8], to out: inout [UInt8]) {
        if HelperProtocol.hasControl(value[...]) { return }
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: "="))
        out.append(contentsOf: value)
        out.append(UInt8(ascii: "\n"))
    }

    /// What hotspotd wrote: nil unless at most `maxBytes` of whole lines, each a secret's name, `=` and a value
    /// without control characters.
    public init?(parsing input: [UInt8]) {
        guard input.count <= HelperSecrets.maxBytes, (input.last ?? UInt8(ascii: "\n")) == UInt8(ascii: "\n") else { return nil }
        // The piece after the last LF is empty: not a line.
        for line in ASCII.split(input.dropLast(), on: UInt8(ascii: "\n")) where !input.isEmpty {
            guard let eq = ASCII.firstIndex(of: UInt8(ascii: "="), in: line),
                  HelperSecrets.isSecret(String(decoding: line[..<eq], as: UTF8.self)), !HelperProtocol.hasControl(line) else { return nil }
        }
        bytes = input
    }

    /// The value of `name`, nil when not given.
    public func value(_ name: String) -> String? {
        for line in ASCII.split(bytes[...], on: UInt8(ascii: "\n")) {
            if let eq = ASCII.firstIndex(of: UInt8(ascii: "="), in: line), ASCII.equals(line[..<eq], string: name) {
                return String(decoding: line[(eq + 1)...], as: UTF8.self)
            }
        }
        return nil
    }
}
