import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPServer

/// Who may listen on a port: the workers of one server share one socket, and a second server on
/// the same port fails unless both ask for SO_REUSEPORT (docs/operations.md#ports).
@Suite struct PortSharingTests {
    /// Listening TCP sockets on 127.0.0.1:`port`, from /proc/net/tcp (state 0A = LISTEN).
    static func listeningSockets(port: Int) -> Int {
        guard let file = fopen("/proc/net/tcp", "r") else { return -1 }
        defer { fclose(file) }
        let local = "0100007F:" + String(port, radix: 16, uppercase: true).leftPadded(to: 4)
        var count = 0
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(separator: " ")
            if fields.count > 3, fields[1] == local, fields[3] == "0A" { count += 1 }
        }
        return count
    }

    static func start(port: Int, workers: Int, reusePort: Bool = false) throws -> HTTPServer {
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: port, workers: workers, reusePort: reusePort)
        return try HTTPServer.start(configuration) { _, _ in EchoResponder() }
    }

    @Test func workersShareOneListeningSocketAndEachConnectionIsAnswered() throws {
        let server = try Self.start(port: 0, workers: 3)
        defer { server.shutdown() }
        #expect(Self.listeningSockets(port: server.port) == 1)
        let clients = try (0..<12).map { _ in try TestClient(port: server.port) }
        for (i, client) in clients.enumerated() { client.send("GET /\(i) HTTP/1.1\r\nHost: x\r\n\r\n") }
        for (i, client) in clients.enumerated() { #expect(client.responses(1).first?.bodyText == "GET /\(i) body=") }
        #expect(server.state.openConnections == 12)
    }

    @Test(arguments: [false, true])
    func secondServerOnABusyPortFailsWithAddressInUse(secondAsksToShare: Bool) throws {
        let first = try Self.start(port: 0, workers: 2)
        defer { first.shutdown() }
        do {
            let second = try Self.start(port: first.port, workers: 1, reusePort: secondAsksToShare)
            second.shutdown()
            Issue.record("a second server started on busy port \(first.port)")
        } catch let error as HTTPServerError {
            #expect(error.description == "cannot listen on 127.0.0.1:\(first.port): address already in use")
        }
        // The first one is untouched and still the only listener.
        #expect(Self.listeningSockets(port: first.port) == 1)
        let client = try TestClient(port: first.port)
        client.send("GET /still-here HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.responses(1).first?.bodyText == "GET /still-here body=")
    }

    @Test func serversThatBothAskForReusePortShareThePort() throws {
        let first = try Self.start(port: 0, workers: 2, reusePort: true)
        defer { first.shutdown() }
        let second = try Self.start(port: first.port, workers: 1, reusePort: true)
        defer { second.shutdown() }
        #expect(second.port == first.port)
        // One socket per loop of each process: the kernel spreads connections over all three.
        #expect(Self.listeningSockets(port: first.port) == 3)
    }

    @Test func aServerThatSharesCannotJoinOneThatDoesNot() throws {
        let first = try Self.start(port: 0, workers: 1, reusePort: true)
        defer { first.shutdown() }
        #expect(throws: HTTPServerError.self) { try Self.start(port: first.port, workers: 1, reusePort: false) }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
