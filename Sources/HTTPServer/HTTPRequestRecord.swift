/// What the engine reports after each response, for access logs and metrics.
public struct HTTPRequestRecord: Sendable {
    public var method: HTTPMethod
    /// The request-target's path (up to `?`), made a String only when read (an access log, a
    /// record without a route): the engine keeps a short path in two words (`RecordPath`).
    public var path: String {
        get { recordPath.string }
        set { recordPath = RecordPath(newValue) }
    }
    var recordPath: RecordPath
    public var status: Int
    public var bytesIn: Int
    public var bytesOut: Int
    /// From the first byte of the request to the response being queued, in nanoseconds.
    public var durationNanoseconds: UInt64
    public var remoteAddress: String
    /// The label the application gave the answer (`HTTPResponse.label`); nil for an engine
    /// error's answer, which no application code chose.
    public var label: Int?

    public init(method: HTTPMethod, path: String, status: Int, bytesIn: Int, bytesOut: Int,
                durationNanoseconds: UInt64, remoteAddress: String, label: Int? = nil) {
        self.method = method
        self.label = label
        self.recordPath = RecordPath(path)
        self.status = status
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.durationNanoseconds = durationNanoseconds
        self.remoteAddress = remoteAddress
    }

    init(method: HTTPMethod, recordPath: RecordPath, status: Int, bytesIn: Int, bytesOut: Int,
                durationNanoseconds: UInt64, remoteAddress: String, label: Int?) {
        self.method = method
        self.label = label
        self.recordPath = recordPath
        self.status = status
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.durationNanoseconds = durationNanoseconds
        self.remoteAddress = remoteAddress
    }
}
