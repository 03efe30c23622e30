import HotspotCore

/// The jar kept in a file between `hotspotd fetch` calls of one helper script, in curl's cookie-file
/// format (Netscape's: `domain TAB subdomains TAB path TAB secure TAB expires TAB name TAB value`), so a
/// script may hand the same file to curl. Expiry is not kept (the jar lives for one login): written as 0.
extension HTTPCookieJar {
    /// Lines the jar reads back with `load(file:)`.
    public var fileText: [UInt8] {
        var out: [UInt8] = []
        ASCII.append(&out, "# Netscape HTTP Cookie File (hotspotd fetch)\n")
        for c in cookies {
            out.append(contentsOf: c.domain)
            ASCII.append(&out, c.hostOnly ? "\tFALSE\t" : "\tTRUE\t")
            out.append(contentsOf: c.path)
            ASCII.append(&out, c.secure ? "\tTRUE\t0\t" : "\tFALSE\t0\t")
            out.append(contentsOf: c.name)
            out.append(ASCII.tab)
            out.append(contentsOf: c.value)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Adds the cookies of a cookie file; comments, blank lines and lines that are not seven fields with a
    /// usable domain and path are skipped (`#HttpOnly_` is curl's mark, not a comment). Returns how many
    /// lines were skipped, for a note.
    @discardableResult
    public mutating func load(file: [UInt8]) -> Int {
        var skipped = 0
        for raw in ASCII.split(file[...], on: UInt8(ascii: "\n")) {
            var line = raw
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if ASCII.hasPrefix(line, "#HttpOnly_") { line = line.dropFirst(10) }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            // The value is everything after the sixth tab: a value may hold tabs.
            var fields: [ArraySlice<UInt8>] = []
            var start = line.startIndex
            for i in line.indices where line[i] == ASCII.tab && fields.count < 6 {
                fields.append(line[start..<i])
                start = i + 1
            }
            fields.append(line[start...])
            var domain = fields[0]
            if domain.first == HTTPURL.dot { domain = domain.dropFirst() }
            guard fields.count == 7, !domain.isEmpty, fields[2].first == HTTPURL.slash, !fields[5].isEmpty,
                  !ASCII.hasControl(fields[5]), !ASCII.hasControl(fields[6]) else {
                skipped += 1
                continue
            }
            let cookie = Cookie(name: Array(fields[5]), value: Array(fields[6]), domain: ASCII.lowercased(domain),
                                hostOnly: !ASCII.equalsIgnoringCase(fields[1], "TRUE"), path: Array(fields[2]),
                                secure: ASCII.equalsIgnoringCase(fields[3], "TRUE"))
            insert(cookie)
        }
        return skipped
    }
}
