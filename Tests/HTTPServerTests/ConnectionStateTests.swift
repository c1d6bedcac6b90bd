import Testing
@testable import HTTPServer

/// One test per state of the connection's two halves (`RequestIntake.State`,
/// `ResponseOutput.State`), driven by raw bytes and the fake clock: each state shows the
/// timeout it runs and what the connection does there, including the combinations the old
/// flags could write but not mean (a finished intake behind a stream, an answer owed while
/// the timer fires, events after close).
@Suite struct ConnectionStateTests {
    @Test func idleBetweenRequestsClosesAtTheIdleTimeout() {
        var h = MachineHarness { $0.idleTimeout = .seconds(5) }
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.machine.intakeState == .idle)
        #expect(isIdle(h.machine.outputState))
        #expect(h.scheduled == 5_000_000_000)
        h.advance(seconds: 4.9)
        #expect(!h.closed)
        h.advance(seconds: 0.2)
        #expect(h.closed)
        #expect(h.machine.intakeState == .closed)
    }

    @Test func receivingHeadersRunsTheHeaderTimeout() {
        var h = MachineHarness { $0.headerTimeout = .seconds(2); $0.requestTimeout = .seconds(9) }
        h.now = 1_000_000_000
        h.send("GET / HTTP/1.1\r\nHost")
        #expect(h.machine.intakeState == .receiving(started: 1_000_000_000, headersDone: false))
        #expect(h.scheduled == 3_000_000_000)
        h.advance(seconds: 2)
        #expect(h.statuses == [408])
        #expect(h.bodies.first?.contains("headers") == true)
        #expect(h.closed)
    }

    @Test func receivingTheBodyRunsTheRequestTimeout() {
        var h = MachineHarness { $0.headerTimeout = .seconds(2); $0.requestTimeout = .seconds(9) }
        h.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab")
        #expect(h.machine.intakeState == .receiving(started: 0, headersDone: true))
        #expect(h.scheduled == 9_000_000_000)
        h.advance(seconds: 3)
        #expect(h.statuses.isEmpty, "past the header timeout, the body still has time")
        h.advance(seconds: 6)
        #expect(h.statuses == [408])
        #expect(h.closed)
    }

    @Test func heldWhileAStreamIsProducedThePipelinedRequestWaitsInTheStash() {
        var h = MachineHarness { $0.writeHighWaterMark = 16 * 1024 }
        h.writesCompleteAtOnce = false
        h.send("GET /stream/200000 HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.machine.intakeState == .held)
        #expect(isStreaming(h.machine.outputState))
        #expect(h.readingPaused)
        for _ in 0..<100 where !h.machine.isIdle { h.completeWrite() }
        #expect(h.machine.intakeState == .idle)
        #expect(h.bodies.last == "GET /next body=")
        #expect(h.responses.first?.body == PatternProducer.body(200_000))
    }

    /// Finished (no further request) while a stream is still produced and waits for the budget
    /// with nothing unsent: the stream runs to its end before the close.
    @Test func finishedBehindAStreamWaitingForTheBudgetStillEndsTheBody() {
        let budget = OutputBudget(limit: 50_000)
        var h = MachineHarness(budget: budget)
        h.writesCompleteAtOnce = false
        h.send("GET /stream/300000 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(h.machine.intakeState == .finished)
        #expect(isStreaming(h.machine.outputState))
        // Someone else holds the budget; this connection's own write completes.
        budget.add(100_000)
        h.completeWrite()
        #expect(h.machine.waitingForBudget && h.machine.buffered == 0)
        h.endInput()
        #expect(!h.closed, "a stream waiting for the budget is not dropped")
        budget.add(-100_000)
        for _ in 0..<100 where !h.closed {
            h.pump()
            h.completeWrite()
        }
        #expect(h.closed)
        #expect(h.responses.first?.body == PatternProducer.body(300_000))
    }

    /// An answer owed to the responder has no deadline: a timer that fires then changes
    /// nothing, and the answer is still framed when the responder gives it.
    @Test func answeringHasNoDeadlineAndTheAnswerStaysOwed() {
        var machine = HTTPConnectionStateMachine(limits: HTTPLimits(), date: DateCache(epochSeconds: 0), now: 0, clock: { 0 })
        let action = machine.receive(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8).span, now: 0)
        #expect(action == .respond(.request))
        guard case .answering = machine.outputState else {
            Issue.record("the request is with the responder")
            return
        }
        #expect(machine.intakeState == .held)
        #expect(machine.deadline == nil)
        guard case .wait(let wait) = machine.timeout(now: 3_600_000_000_000), wait.deadline == nil else {
            Issue.record("a timer changes nothing while the answer is made")
            return
        }
        var response = HTTPResponse()
        #expect(machine.respond(.request, with: EchoResponder(), into: &response) { 3_600_000_000_000 } == .write)
        #expect(machine.intakeState == .idle)
    }

    @Test func answeringAnErrorFinishesTheIntake() {
        var machine = HTTPConnectionStateMachine(limits: HTTPLimits(), date: DateCache(epochSeconds: 0), now: 0, clock: { 0 })
        let action = machine.receive(Array("GET / HTTP/9.9\r\n\r\n".utf8).span, now: 0)
        guard case .respond(.error) = action, case .answering = machine.outputState else {
            Issue.record("the error is with the responder: \(action)")
            return
        }
        #expect(machine.intakeState == .finished)
    }

    @Test func closedAnswersEveryLaterEventWithCloseAndWritesNothing() {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(h.closed)
        let written = h.written.count
        for action in [h.machine.receive(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8).span, now: 1),
                       h.machine.timeout(now: 2), h.machine.writeCompleted(now: 3), h.machine.inputEnded(now: 4),
                       h.machine.beginDrain(now: 5), h.machine.resume(now: 6)] {
            #expect(action == .close)
        }
        #expect(h.machine.outbox.isEmpty && h.written.count == written)
    }

    @Test func drainingIdleClosesAtTheGraceNotTheIdleTimeout() {
        var h = MachineHarness { $0.idleTimeout = .seconds(30) }
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        h.beginDrain()
        #expect(h.machine.deadline == HTTPConnectionStateMachine.drainIdleGrace)
        #expect(!h.closed)
        h.advance(seconds: 0.25)
        #expect(h.closed)
    }

    private func isIdle(_ state: ResponseOutput.State) -> Bool { if case .idle = state { true } else { false } }
    private func isStreaming(_ state: ResponseOutput.State) -> Bool { if case .streaming = state { true } else { false } }
}

/// The idle timeout measures idleness, not an answer in progress (docs/operations.md#configuration, `--idle-timeout`):
/// a reader that keeps taking bytes of a large answer is never cut short, however long the
/// answer takes; one that stops is still closed.
@Suite struct IdleTimeoutTests {
    @Test func aLargeAnswerReadSlowlyOutlastsTheIdleTimeout() {
        var h = MachineHarness { $0.idleTimeout = .seconds(1) }
        h.writesCompleteAtOnce = false
        h.send("GET /bytes/3000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let total = h.machine.buffered
        #expect(total > 3_000_000)
        // The transport reports the write in flight shrinking at each timer: 4 s in all.
        var unsent = total
        for _ in 0..<8 {
            unsent -= total / 10
            h.advance(seconds: 0.5, unsent: unsent)
            #expect(!h.closed)
        }
        h.completeWrite()
        #expect(h.responses.first?.body == PatternProducer.body(3_000_000))
        #expect(!h.closed)
    }

    @Test func aStreamedAnswerReadSlowlyOutlastsTheIdleTimeout() {
        var h = MachineHarness { $0.idleTimeout = .seconds(1); $0.writeHighWaterMark = 256 * 1024 }
        h.writesCompleteAtOnce = false
        h.send("GET /stream/2000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        var rounds = 0
        while h.responses.isEmpty && rounds < 200 {
            // Each write takes 1.5 s to leave, a third of it per timer tick.
            let inFlight = h.machine.buffered
            for part in 1...3 { h.advance(seconds: 0.5, unsent: inFlight - part * inFlight / 3 + 1) }
            #expect(!h.closed)
            h.completeWrite()
            rounds += 1
        }
        #expect(h.responses.first?.body == PatternProducer.body(2_000_000))
    }

    /// A reader whose progress is still inside the socket's send buffer (libuv's queue has not
    /// moved: the socket is not yet writable again) is reading: what is on its way shrinks.
    @Test func progressInsideTheSocketsOwnBufferIsNotIdleness() {
        var h = MachineHarness { $0.idleTimeout = .seconds(1) }
        h.writesCompleteAtOnce = false
        h.socketHolds = 2_000_000
        h.send("GET /bytes/3000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let total = h.machine.buffered
        // Still more than the write in flight: measured against the queue alone, no progress.
        for step in 1...4 {
            h.advance(seconds: 0.6, unsent: total + 2_000_000 - step * 100_000)
            let closed = h.closed  // a Bool: `h` itself would print 3 MB on failure
            #expect(!closed, "the reader took bytes in the last second (step \(step))")
        }
        h.advance(seconds: 0.6, unsent: total + 1_600_000)
        let closedAfterAPause = h.closed
        #expect(!closedAfterAPause)
        h.advance(seconds: 0.6, unsent: total + 1_600_000)
        let closedWhenStalled = h.closed
        #expect(closedWhenStalled, "nothing taken for a whole idle timeout")
    }

    @Test func aReaderThatStopsMidAnswerIsStillClosed() {
        var h = MachineHarness { $0.idleTimeout = .seconds(1) }
        h.writesCompleteAtOnce = false
        h.send("GET /bytes/3000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let total = h.machine.buffered
        h.advance(seconds: 0.6, unsent: total - 1000)
        #expect(!h.closed)
        h.advance(seconds: 0.6, unsent: total - 1000)
        #expect(!h.closed, "bytes left within the last second")
        h.advance(seconds: 0.6, unsent: total - 1000)
        #expect(h.closed, "nothing left for a whole idle timeout")
    }
}
