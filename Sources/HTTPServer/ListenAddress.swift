/// The address text of `--host` and of a `HOST:PORT` option (docs/operations.md#ipv6): an IPv4
/// literal (`127.0.0.1`, `0.0.0.0`) or an IPv6 one, bare (`::1`, `::`) or bracketed as in a URL
/// (`[::1]`, RFC 3986 §3.2.2). Only numeric addresses: a name would need a resolver at start-up.
public enum ListenAddress {
    /// `[::1]` → `::1`; anything else unchanged.
    public static func unbracketed(_ host: String) -> String {
        guard host.utf8.first == UInt8(ascii: "["), host.utf8.last == UInt8(ascii: "]"), host.utf8.count > 2 else { return host }
        return String(host.dropFirst().dropLast())
    }

    /// The host as it is written before `:PORT` in a URL or a log line: an IPv6 address bracketed.
    public static func urlForm(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// Whether `host` is the wildcard of its family (`0.0.0.0`, `::`): every address of the machine.
    public static func isWildcard(_ host: String) -> Bool {
        host == "0.0.0.0" || host == "::" || host == "0:0:0:0:0:0:0:0"
    }

    /// Where a client on this machine reaches a server bound to `host`: loopback of its family for
    /// a wildcard, the address itself otherwise.
    public static func local(_ host: String) -> String {
        switch host {
        case "0.0.0.0": "127.0.0.1"
        case "::", "0:0:0:0:0:0:0:0": "::1"
        default: host
        }
    }

    /// `::ffff:192.0.2.1` (an IPv4 client of a dual-stack socket, RFC 4291 §2.5.5.2) → `192.0.2.1`,
    /// so a client has one address whichever socket it came through.
    public static func unmapped(_ address: String) -> String {
        let prefix = "::ffff:"
        guard address.count > prefix.count, address.lowercased().hasPrefix(prefix),
              address.contains(".") else { return address }
        return String(address.dropFirst(prefix.count))
    }
}
