import CLibUV
#if canImport(Glibc)
import Glibc
#endif

/// `parallax-server --healthcheck` for the container's HEALTHCHECK (there is no curl in the
/// image): a blocking POSIX client that asks `GET /healthz` on 127.0.0.1 and reports whether the
/// answer is 200. It lives in the engine so that the executable imports no C module: the
/// sockaddr cast of `connect(2)` stays in CLibUV's shim, behind this one call.
public enum HealthProbe {
    public static func isHealthy(port: Int, timeoutSeconds: Int = 2) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        let tvSize = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, tvSize)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, tvSize)
        guard uvshim_connect_loopback(fd, Int32(truncatingIfNeeded: port)) == 0 else { return false }
        var request = ByteBuffer(string: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        guard request.write(toFileDescriptor: fd) else { return false }
        var response = ByteBuffer(capacity: 1024)
        while response.readableBytes < 12 && response.read(fromFileDescriptor: fd, maximum: 1024) > 0 {}
        return response.bytes.starts(with: Array("HTTP/1.1 200".utf8))
    }
}
