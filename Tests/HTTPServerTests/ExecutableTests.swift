import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `parallax-server` binary: SIGTERM with a request in flight drains and exits 0.
/// The binary is looked up next to the test bundle (`<scratch>/debug/parallax-server`, built by
/// `swift build --build-tests`) or at $PARALLAX_SERVER_BINARY.
@Suite struct ExecutableTests {
    static var binary: String? {
        if let path = getenv("PARALLAX_SERVER_BINARY") { return String(cString: path) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        var path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // …/debug/parallaxPackageTests.xctest → …/debug/parallax-server
        while let last = path.last, last != "/" { path.removeLast() }
        path += "parallax-server"
        return access(path, X_OK) == 0 ? path : nil
    }

    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                bind(fd, p, length) == 0 ? getsockname(fd, p, &length) : -1
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A listening socket on an ephemeral port, bound without SO_REUSEPORT.
    static func listeningSocket() -> (fd: Int32, port: Int)? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let rc = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                bind(fd, p, length) == 0 && listen(fd, 4) == 0 ? getsockname(fd, p, &length) : -1
            }
        }
        if rc != 0 { close(fd); return nil }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    static func spawn(_ path: String, _ arguments: [String]) -> pid_t? {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        // The test runner's threads may block signals; give the child a clean mask.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let rc = posix_spawn(&pid, path, nil, &attributes, argv, environ)
        return rc == 0 ? pid : nil
    }

    @Test(.enabled(if: binary != nil, "parallax-server is not built next to the tests"))
    func sigtermWithARequestInFlightFinishesItAndExitsZero() throws {
        let path = try #require(Self.binary)
        let port = Self.freePort()
        let pid = try #require(Self.spawn(path, ["--port", "\(port)", "--workers", "2", "--drain-timeout", "5"]))
        var client: TestClient?
        for _ in 0..<100 where client == nil {
            client = try? TestClient(port: port)
            if client == nil { sleep(seconds: 0.05) }
        }
        let c = try #require(client)
        c.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(c.responses(1).first?.status == 200)
        #expect(Self.spawn(path, ["--healthcheck", "--port", "\(port)"]).map(Self.exitStatus) == 0)
        // A request whose body is still on its way when SIGTERM arrives.
        c.send("POST /nothing-here HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab")
        sleep(seconds: 0.1)
        kill(pid, SIGTERM)
        sleep(seconds: 0.2)
        c.send("cd")
        let answered = c.responses(2)
        #expect(answered.count == 2)
        #expect(answered.last?.status == 404)
        #expect(answered.last?.closes == true)
        #expect(Self.exitStatus(pid) == 0)
    }

    /// The child's exit status; a child still running after 15 s is killed and reported as -1.
    static func exitStatus(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        let deadline = TestClient.now() + 15
        while waitpid(pid, &status, WNOHANG) == 0 {
            if TestClient.now() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return -1
            }
            sleep(seconds: 0.02)
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
