// parallax-server: configuration from flags and environment, start the event loops, drain on
// SIGTERM, SIGINT or SIGHUP (docs/operations.md#shutdown). Every C callback lives outside this file (top-level closures here would be
// @MainActor and trap when libuv calls them on a worker thread).
import HTTPServer
import ParallaxService
#if canImport(Glibc)
import Glibc
#endif

var environment: [String: String] = [:]
for name in ServerOptions.environmentNames() {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}

let options: ServerOptions
do {
    options = try ServerOptions.parse(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    // A usage error, not a log line: to stderr, so stdout stays the logs' (docs/operations.md#logs).
    var line = ByteBuffer(string: "parallax-server: \(error)\n")
    _ = line.write(toFileDescriptor: 2)
    exit(2)
}
if options.help {
    print(ServerOptions.helpText(), terminator: "")
    exit(0)
}
if options.version {
    print(BuildInfo.versionLine())
    exit(0)
}
if options.healthcheck {
    exit(HealthProbe.isHealthy(host: options.configuration.host, port: options.configuration.port) ? 0 : 1)
}

var configuration = options.configuration
configuration.serverName = "parallax"
// Liveness answers even when connections or descriptors run out (DescriptorReserve.swift).
configuration.servedWhenFull = ["/healthz"]
// Descriptors first: the soft limit raised toward the hard one, a warning when it stays below
// what --max-connections needs (docs/operations.md#descriptors).
let descriptors = DescriptorLimit.raise()
let metrics = ServiceMetrics()
let server: HTTPServer
var metricsServer: HTTPServer?
do {
    server = try HTTPServer.start(configuration, makeResponder: ParallaxApp.responderFactory(options.service, metrics: metrics))
    if case .separate(let host, let port) = options.service.metricsAddress {
        // One loop is plenty for a scraper; the same limits, its own port.
        let own = HTTPServerConfiguration(host: host, port: port, workers: 1, limits: configuration.limits, serverName: "parallax")
        metricsServer = try HTTPServer.start(own, makeResponder: ParallaxApp.metricsResponderFactory(
            options.service, metrics: metrics, publicState: server.state))
    }
} catch {
    Log.line(options.service.logFormat, "error", "start-failed", "cannot start: \(error)")
    exit(1)
}
Log.line(options.service.logFormat, "info", "listening", StartupLog.listening(configuration, host: server.host, port: server.port))
Log.line(options.service.logFormat, "info", "demo-page", StartupLog.demo(configuration, host: server.host, port: server.port))
if let metricsServer {
    Log.line(options.service.logFormat, "info", "metrics-listener", StartupLog.metrics(metricsServer.configuration, host: metricsServer.host, port: metricsServer.port))
}
if let warning = descriptors.warning(maxConnections: configuration.limits.maxConnections, workers: configuration.workers) {
    Log.line(options.service.logFormat, "warning", "descriptors", warning)
}
// SIGHUP drains like SIGTERM: the server has no configuration to reload, and a hang-up (a closed
// terminal, a supervisor's stop) means stop, which must not lose requests in flight.
let signal = waitForSignal([SIGTERM, SIGINT, SIGHUP])
func signalName(_ s: Int32) -> String {
    switch s {
    case SIGTERM: "SIGTERM"
    case SIGINT: "SIGINT"
    case SIGHUP: "SIGHUP"
    default: "signal"
    }
}
Log.line(options.service.logFormat, "info", "draining", "signal \(signal) (\(signalName(signal))): draining")
server.beginDrain()
metricsServer?.beginDrain()
server.wait()
metricsServer?.wait()
Log.line(options.service.logFormat, "info", "stopped", "stopped")
exit(0)
