import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPServer

/// The engine over real sockets on 127.0.0.1 with ephemeral ports.
@Suite struct ServerSocketTests {
    @Test func keepAliveConnectionIsReused() throws {
        let server = try startTestServer()
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        for i in 0..<3 {
            client.send("GET /\(i) HTTP/1.1\r\nHost: x\r\n\r\n")
            let r = client.responses(i + 1)
            #expect(r.count == i + 1)
            #expect(r.last?.bodyText == "GET /\(i) body=")
        }
        #expect(server.state.openConnections == 1)
    }

    @Test func hundredPipelinedRequestsInOneWriteAreAnsweredInOrder() throws {
        let server = try startTestServer(workers: 2)
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        client.send((0..<100).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
        let r = client.responses(100)
        #expect(r.map(\.bodyText) == (0..<100).map { "GET /\($0) body=" })
    }

    @Test(arguments: [
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
        "GET / HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\nX: y\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3x\r\nabc\r\n0\r\n\r\n",
    ])
    func smugglingShapesAre400AndClose(_ request: String) throws {
        let server = try startTestServer()
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        client.send(request + "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = client.responses(2, timeout: 2)
        #expect(r.map(\.status) == [400])
        #expect(r.first?.closes == true)
        #expect(client.closedByPeer())
    }

    @Test func oversizedHeadersAre431() throws {
        let server = try startTestServer { $0.maxHeaderBytes = 1024 }
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 2000))\r\n\r\n")
        #expect(client.responses(1).map(\.status) == [431])
        #expect(client.closedByPeer())
    }

    @Test func oversizedBodyIs413BeforeTheBodyIsSent() throws {
        let server = try startTestServer { $0.maxBodyBytes = 1000 }
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n")
        #expect(client.responses(1, timeout: 2).map(\.status) == [413])
        #expect(client.closedByPeer())
    }

    @Test func stalledHeaderIs408AndClosed() throws {
        let server = try startTestServer { $0.headerTimeout = .milliseconds(200) }
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        let start = TestClient.now()
        client.send("GET / HTTP/1.1\r\nHost:")
        #expect(client.responses(1, timeout: 3).map(\.status) == [408])
        #expect(client.closedByPeer())
        #expect(TestClient.now() - start < 2)
    }

    @Test func idleKeepAliveConnectionIsClosed() throws {
        let server = try startTestServer { $0.idleTimeout = .milliseconds(200) }
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.responses(1).count == 1)
        #expect(client.closedByPeer(timeout: 3))
    }

    @Test func excessConnectionsAreRefusedWithoutDisturbingOthers() throws {
        let server = try startTestServer { $0.maxConnections = 2 }
        defer { server.shutdown() }
        let first = try TestClient(port: server.port)
        let second = try TestClient(port: server.port)
        for client in [first, second] {
            client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.responses(1).count == 1)
        }
        let third = try TestClient(port: server.port)
        third.send("GET /third HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = third.responses(1, timeout: 2)
        #expect(refused.isEmpty || refused.map(\.status) == [503])
        #expect(third.closedByPeer())
        #expect(server.state.refusedConnections == 1)
        first.send("GET /still HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(first.responses(2).last?.bodyText == "GET /still body=")
    }

    @Test func clientThatNeverReadsIsPausedWithBoundedOutput() throws {
        let highWater = 64 * 1024
        let responseSize = 100 * 1024
        let server = try startTestServer { $0.writeHighWaterMark = highWater }
        defer { server.shutdown() }
        let client = try TestClient(port: server.port, receiveBuffer: 64 * 1024)
        let count = 150 // ≈ 15 MB of answers: more than the kernel buffers hold
        client.send((0..<count).map { _ in "GET /big HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
        let deadline = TestClient.now() + 10
        while server.state.readPauses == 0 && TestClient.now() < deadline { sleep(seconds: 0.05) }
        #expect(server.state.readPauses >= 1)
        #expect(server.state.peakBufferedBytes <= highWater + responseSize + 1024)
        // Reading now drains the output, reading resumes, and every request is answered.
        let r = client.responses(count, timeout: 20)
        #expect(r.count == count)
        #expect(r.allSatisfy { $0.body.count == responseSize })
    }

    @Test func drainFinishesTheRequestInFlightThenStops() throws {
        let server = try startTestServer()
        let client = try TestClient(port: server.port)
        client.send("POST /late HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab")
        sleep(seconds: 0.1)
        server.beginDrain()
        #expect(server.state.isDraining)
        sleep(seconds: 0.1)
        client.send("cd")
        let r = client.responses(1)
        #expect(r.map(\.bodyText) == ["POST /late body=abcd"])
        #expect(r.first?.closes == true)
        server.wait()
        #expect(server.state.openConnections == 0)
    }

    @Test func drainClosesIdleConnectionsAndStopsWithinTheDeadline() throws {
        let server = try startTestServer(workers: 2) { $0.drainTimeout = .seconds(1) }
        let idle = try TestClient(port: server.port)
        idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(idle.responses(1).count == 1)
        let stuck = try TestClient(port: server.port)
        stuck.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab")
        sleep(seconds: 0.1)
        let start = TestClient.now()
        server.shutdown()
        #expect(TestClient.now() - start < 3)
        #expect(idle.closedByPeer(timeout: 1))
        #expect(stuck.closedByPeer(timeout: 1))
    }

    @Test func expect100ContinueGetsTheInterimAnswerBeforeTheBodyIsSent() throws {
        let server = try startTestServer()
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        client.send("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n")
        #expect(client.responses(1).map(\.status) == [100])
        client.send("hello")
        let r = client.responses(2)
        #expect(r.map(\.status) == [100, 200])
        #expect(r.last?.bodyText == "POST /up body=hello")
    }

    @Test func headAnswerHasContentLengthButNoBodyOnTheWire() throws {
        let server = try startTestServer()
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        client.send("HEAD /h HTTP/1.1\r\nHost: x\r\n\r\nGET /g HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = client.responses(2, bodyless: [0])
        #expect(r.map(\.status) == [200, 200])
        #expect(r.first?.header("Content-Length") == "\("HEAD /h body=".utf8.count)")
        #expect(r.last?.bodyText == "GET /g body=")
    }

    @Test func unusableAddressIsAnError() {
        let bad = HTTPServerConfiguration(host: "not-an-ip", port: 0, workers: 1)
        #expect(throws: HTTPServerError.self) { try HTTPServer.start(bad) { _, _ in EchoResponder() } }
    }

    @Test func portHeldWithoutReusePortIsAnError() throws {
        // A listener bound without SO_REUSEPORT keeps the port to itself.
        let holder = try #require(ExecutableTests.listeningSocket())
        defer { close(holder.fd) }
        let taken = HTTPServerConfiguration(host: "127.0.0.1", port: holder.port, workers: 2)
        #expect(throws: HTTPServerError.self) { try HTTPServer.start(taken) { _, _ in EchoResponder() } }
    }
}
