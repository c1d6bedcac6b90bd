import CLibUV
#if canImport(Glibc)
import Glibc
#endif

/// The executable's `--healthcheck` for a container's HEALTHCHECK (an image without curl): a
/// blocking POSIX client that asks `GET /healthz` and reports whether the answer is 200.
/// It lives in the engine so that the executable imports no C module: the sockaddr casts of
/// `connect(2)` stay in CLibUV's shim, behind one call.
public enum HealthProbe {
    /// Where the probe knocks for a server bound to `host` (docs/operations.md#ipv6): the address a
    /// local client reaches it by (loopback for a wildcard), then, for a wildcard or a loopback,
    /// the other family's loopback too, so one probe fits `0.0.0.0`, `::` (dual stack, or IPv4
    /// alone on a kernel without IPv6), `127.0.0.1` and `::1` alike: the image's probe does not
    /// see the server's `--host`.
    public static func addresses(host: String) -> [String] {
        let host = ListenAddress.unbracketed(host)
        let first = ListenAddress.local(host)
        guard ["127.0.0.1", "::1"].contains(first) else { return [first] }
        return [first, first == "::1" ? "127.0.0.1" : "::1"]
    }

    public static func isHealthy(host: String = "127.0.0.1", port: Int, timeoutSeconds: Int = 2) -> Bool {
        addresses(host: host).contains { isHealthyAt(address: $0, port: port, timeoutSeconds: timeoutSeconds) }
    }

    /// One address alone (tests: which family a server answers on).
    static func isHealthyAt(address: String, port: Int, timeoutSeconds: Int = 2) -> Bool {
        let fd = uvshim_connect_numeric(address, Int32(truncatingIfNeeded: port), Int32(truncatingIfNeeded: timeoutSeconds))
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var request = ByteBuffer(string: "GET /healthz HTTP/1.1\r\nHost: \(ListenAddress.urlForm(address))\r\nConnection: close\r\n\r\n")
        guard request.write(toFileDescriptor: fd) else { return false }
        var response = ByteBuffer(capacity: 1024)
        while response.readableBytes < 12 && response.read(fromFileDescriptor: fd, maximum: 1024) > 0 {}
        return response.bytes.starts(with: Array("HTTP/1.1 200".utf8))
    }
}
