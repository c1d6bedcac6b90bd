#if canImport(Glibc)
import Glibc
#endif
import HTTPServer

/// A blocking POSIX TCP client on 127.0.0.1 for the socket tests.
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var parsed: [ParsedResponse] = []

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// `receiveBuffer` (bytes) fixes SO_RCVBUF, which turns off the kernel's receive autotuning.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            close(fd)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads what arrives within `timeout` seconds; nil once the peer has closed and nothing is left.
    private func fill(timeout: Double) -> Bool? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(timeout * 1000))
        if ready <= 0 { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return nil }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// Reads once what is there (waiting at most `timeout` seconds): a slow reader's step.
    func readOnce(timeout: Double = 0.05) { _ = fill(timeout: timeout) }

    /// Reads until `count` complete responses arrived (or the timeout / EOF); responses are
    /// parsed incrementally and kept, so each call returns all responses read so far.
    func responses(_ count: Int, timeout: Double = 5, bodyless: Set<Int> = []) -> [ParsedResponse] {
        let deadline = Self.now() + timeout
        while true {
            let (more, rest) = ParsedResponse.parseAll(buffer, bodyless: Set(bodyless.map { $0 - parsed.count }))
            parsed += more
            buffer.removeFirst(buffer.count - rest)
            if parsed.count >= count || Self.now() > deadline { return parsed }
            if fill(timeout: max(0.01, deadline - Self.now())) == nil { return parsed }
        }
    }

    /// True when the server closes the connection within `timeout` seconds (reading what is left).
    func closedByPeer(timeout: Double = 5) -> Bool {
        let deadline = Self.now() + timeout
        while Self.now() < deadline {
            if fill(timeout: max(0.01, deadline - Self.now())) == nil { return true }
        }
        return false
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Starts a server on an ephemeral port with the echo responder.
func startTestServer(workers: Int = 1, _ configure: (inout HTTPLimits) -> Void = { _ in }) throws -> HTTPServer {
    var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, workers: workers)
    configure(&configuration.limits)
    return try HTTPServer.start(configuration) { _, _ in EchoResponder() }
}

func sleep(seconds: Double) { usleep(UInt32(seconds * 1_000_000)) }
