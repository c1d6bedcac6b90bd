import HTTPServer
import Synchronization

/// Process-wide counters for `GET /metrics`, shared by every event loop: plain atomics with
/// relaxed ordering, no locks (docs/architecture.md#traits-the-code-keeps, trait 8: nothing shared but configuration and atomics).
public final class ServiceMetrics: Sendable {
    /// Every status the service can send has its own series (docs/operations.md#metrics): one
    /// slot per code of the range HTTP defines (RFC 9110 §15: 100–599), so a status added to the
    /// service later is counted by its own label without anyone remembering to list it here;
    /// only a code outside that range (which the engine never sends) would be `other`.
    static let statuses: ClosedRange<Int> = 100...599
    /// Latency histogram upper bounds in seconds (Prometheus `le`), then +Inf.
    static let bounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        func add(_ n: Int) { value.add(n, ordering: .relaxed) }
        var load: Int { value.load(ordering: .relaxed) }
    }

    /// [route][status slot], status slot `statuses.count` = other. Routes are indexed as in
    /// `Route.labels` (the table's order, then unmatched).
    let requests: [[Counter]]
    /// [route][bucket] (non-cumulative; summed when rendered), last bucket = +Inf.
    let buckets: [[Counter]]
    let durationNanoseconds: [Counter]
    let httpParseErrors = Counter()
    let jsonParseErrors = Counter()
    let bytesReceived = Counter()
    let bytesSent = Counter()
    /// `bounds` in nanoseconds, for `record`: held by the instance, since a static array is
    /// reached through its lazy initializer's check on every request (≈ 19 instructions,
    /// bench/callgrind w7).
    let boundsNanoseconds: [UInt64] = ServiceMetrics.bounds.map { UInt64($0 * 1e9) }

    public init() {
        let routes = Route.labels.count
        requests = (0..<routes).map { _ in (0...Self.statuses.count).map { _ in Counter() } }
        buckets = (0..<routes).map { _ in (0...Self.bounds.count).map { _ in Counter() } }
        durationNanoseconds = (0..<routes).map { _ in Counter() }
    }

    /// The engine's refusal counters (`ServerState`), read when `/metrics` is rendered.
    struct Refusals: Sendable {
        var total = 0
        var descriptors = 0
        var acceptFailures = 0

        init() {}
        init(_ state: ServerState) {
            total = state.refusedConnections
            descriptors = state.descriptorRefusals
            acceptFailures = state.acceptFailures
        }
    }

    /// `route` is the index of `Route.index(of:)` (the table's count for unmatched).
    func record(route: Int, status: Int, nanoseconds: UInt64, bytesIn: Int, bytesOut: Int) {
        let slot = Self.statuses.contains(status) ? status &- Self.statuses.lowerBound : Self.statuses.count
        requests[route][slot].add(1)
        let bucket = boundsNanoseconds.firstIndex { nanoseconds <= $0 } ?? Self.bounds.count
        buckets[route][bucket].add(1)
        durationNanoseconds[route].add(Int(clamping: nanoseconds))
        bytesReceived.add(bytesIn)
        bytesSent.add(bytesOut)
    }

    /// Prometheus text exposition format 0.0.4. Series with a zero count are left out of the
    /// request counter to keep the page short; the histogram is complete for routes that saw traffic.
    /// `openConnections` is the engine's own count (`ServerState`): connections are counted once.
    func render(into out: inout ByteBuffer, openConnections: Int, refusals: Refusals = Refusals()) {
        func line(_ s: String) { out.writeString(s); out.writeByte(10) }
        line("# HELP parallax_http_requests_total HTTP requests answered, by route pattern and status.")
        line("# TYPE parallax_http_requests_total counter")
        for (route, label) in Route.labels.enumerated() {
            for (slot, counter) in requests[route].enumerated() where counter.load > 0 {
                let status = slot < Self.statuses.count ? String(Self.statuses.lowerBound + slot) : "other"
                line("parallax_http_requests_total{route=\"\(label)\",status=\"\(status)\"} \(counter.load)")
            }
        }
        line("# HELP parallax_http_request_duration_seconds Time from the request's first byte to its response being queued.")
        line("# TYPE parallax_http_request_duration_seconds histogram")
        for (route, label) in Route.labels.enumerated() {
            let counts = buckets[route].map(\.load)
            let total = counts.reduce(0, +)
            guard total > 0 else { continue }
            var cumulative = 0
            for (i, c) in counts.enumerated() {
                cumulative += c
                let le = i < Self.bounds.count ? Self.bounds[i].description : "+Inf"
                line("parallax_http_request_duration_seconds_bucket{route=\"\(label)\",le=\"\(le)\"} \(cumulative)")
            }
            let seconds = Double(durationNanoseconds[route].load) / 1e9
            line("parallax_http_request_duration_seconds_sum{route=\"\(label)\"} \(seconds)")
            line("parallax_http_request_duration_seconds_count{route=\"\(label)\"} \(total)")
        }
        line("# HELP parallax_open_connections Connections currently open.")
        line("# TYPE parallax_open_connections gauge")
        line("parallax_open_connections \(openConnections)")
        line("# HELP parallax_connections_refused_total Connections answered 503 and closed on arrival: over --max-connections, or out of file descriptors.")
        line("# TYPE parallax_connections_refused_total counter")
        line("parallax_connections_refused_total{reason=\"connections\"} \(refusals.total - refusals.descriptors)")
        line("parallax_connections_refused_total{reason=\"descriptors\"} \(refusals.descriptors)")
        line("# HELP parallax_accept_failures_total Connections the kernel could not hand over (EMFILE/ENFILE past the reserve): closed unanswered.")
        line("# TYPE parallax_accept_failures_total counter")
        line("parallax_accept_failures_total \(refusals.acceptFailures)")
        line("# HELP parallax_parse_errors_total Requests rejected as unparseable: HTTP framing or JSON syntax.")
        line("# TYPE parallax_parse_errors_total counter")
        line("parallax_parse_errors_total{kind=\"http\"} \(httpParseErrors.load)")
        line("parallax_parse_errors_total{kind=\"json\"} \(jsonParseErrors.load)")
        line("# HELP parallax_http_bytes_received_total Request bytes received, headers and body.")
        line("# TYPE parallax_http_bytes_received_total counter")
        line("parallax_http_bytes_received_total \(bytesReceived.load)")
        line("# HELP parallax_http_bytes_sent_total Response bytes sent, headers and body.")
        line("# TYPE parallax_http_bytes_sent_total counter")
        line("parallax_http_bytes_sent_total \(bytesSent.load)")
        line("# HELP parallax_build_info The running binary: its version and the commit it was built from; always 1.")
        line("# TYPE parallax_build_info gauge")
        line("parallax_build_info{version=\"\(BuildInfo.version)\",commit=\"\(BuildInfo.commit)\"} 1")
    }
}
