import HTTPServer
import Synchronization

/// `X-Request-Id` on every answer (docs/operations.md#request-ids): the caller's when it is one
/// sane token, else one made here. A made id is this process's random tag (12 hex digits), the
/// responder's number (one responder per event loop and listener) and its counter in decimal
/// (`9f86d081884c-0-42`): unique per process and worker without a lock, a clock or an allocation,
/// and unlikely to meet another process's (48 random bits each). One per responder, held by its
/// `WebSemantics`; the counter is the last made id's field line itself (`HTTPCountedField`), so
/// the id of the answer being made is written without a division per digit. A class: a struct
/// held by the responder would be copied (its references retained and released) for each call.
final class RequestIDs {
    /// What one request's id is.
    enum ID: Sendable, Equatable {
        /// The caller's, echoed as sent.
        case caller(String)
        /// Made here: the loop's counter when the request was answered.
        case made(UInt64)
    }

    /// Which id a request's answer carries, known without a String: the caller's field (its
    /// index among the request's fields) or the counter of a made one.
    enum Stamp {
        case caller(Int)
        case made(UInt64)
    }

    /// The longest id taken from a caller: a UUID is 36 bytes, a W3C trace id 32; 128 leaves room
    /// for gateways' composite ids while a log line stays bounded.
    static let maxCallerBytes = 128

    static let field = HTTPFieldName(prefix: "X-Request-Id: ")

    /// `TAG-N-`, the start of each made id.
    let valueStart: String
    /// The field line of the last made id (the first is 1), checked once.
    private let line: HTTPCountedField

    /// 48 random bits a process, drawn once (the system's generator: getrandom(2) on Linux).
    static let processTag: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next() & 0xFFFF_FFFF_FFFF
    }()

    /// Responders made so far in this process: each takes the next number.
    private static let responders = Atomic<Int>(0)

    /// The ids of a new responder (the next number of this process).
    convenience init() {
        self.init(worker: Self.responders.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    init(worker: Int, processTag: UInt64 = RequestIDs.processTag) {
        var tag: [UInt8] = []
        Self.appendHex(processTag, width: 12, to: &tag)
        valueStart = String(decoding: tag, as: UTF8.self) + "-\(worker)-"
        // 14 + 12 + 2 bytes and the worker's digits: room to spare for any worker a machine has.
        guard let line = HTTPCountedField(name: "X-Request-Id", valueStart: valueStart) else {
            preconditionFailure("a request id's field line is invalid or longer than \(HTTPCountedField.capacity) bytes")
        }
        self.line = line
    }

    /// A new id's counter (the last plus one).
    @inline(__always)
    func next() -> UInt64 {
        line.increment()
        return line.counter
    }

    /// Ends `response` with the field of the made id `n`: the last made one's line as it
    /// stands, or (an id made before it, for a refusal decided later) its text.
    @inline(__always)
    func stamp(made n: UInt64, _ response: inout HTTPResponse) {
        if n == line.counter { return response.appendField(line) }
        response.appendField("X-Request-Id", string(.made(n)))
    }

    /// Ends `response` with the field of `id`.
    func stamp(_ id: ID, _ response: inout HTTPResponse) {
        switch id {
        case .caller(let s): response.appendField("X-Request-Id", s)
        case .made(let n): stamp(made: n, &response)
        }
    }

    /// The id as text (for the access record).
    func string(_ id: ID) -> String {
        switch id {
        case .caller(let s): s
        case .made(let n): valueStart + String(n)
        }
    }

    /// Whether `value` may be echoed as an id: 1 to `maxCallerBytes` bytes of letters, digits and
    /// `-._~+/=:@` (UUIDs, ULIDs, base64 and the ids of common gateways). Anything else (spaces,
    /// quotes, commas of a repeated field joined, control bytes) makes the server use its own.
    static func isSane(_ value: Span<UInt8>) -> Bool {
        guard value.count > 0 && value.count <= maxCallerBytes else { return false }
        var i = 0
        while i < value.count {
            let b = value[i]
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
                break
            default:
                return false
            }
            i &+= 1
        }
        return true
    }

    @inline(__always)
    private static func hexDigit(_ d: UInt8) -> UInt8 { d < 10 ? 0x30 &+ d : 0x57 &+ d }

    static func appendHex(_ n: UInt64, width: Int, to out: inout [UInt8]) {
        var shift = (width &- 1) &* 4
        while shift >= 0 {
            out.append(hexDigit(UInt8(truncatingIfNeeded: (n >> UInt64(shift)) & 0xF)))
            shift &-= 4
        }
    }
}
