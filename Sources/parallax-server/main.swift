// parallax-server: configuration from flags and environment, start the event loops, drain on
// SIGTERM/SIGINT. Every C callback lives outside this file (top-level closures here would be
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
    print("parallax-server: \(error)")
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
    exit(HealthProbe.isHealthy(port: options.configuration.port) ? 0 : 1)
}

var configuration = options.configuration
configuration.serverName = "parallax"
let server: HTTPServer
do {
    server = try HTTPServer.start(configuration, makeResponder: ParallaxApp.responderFactory(options.service))
} catch {
    Log.line(options.service.logFormat, "error", "cannot start: \(error)")
    exit(1)
}
Log.line(options.service.logFormat, "info", StartupLog.listening(configuration, port: server.port))
Log.line(options.service.logFormat, "info", StartupLog.demo(configuration, port: server.port))
let signal = waitForSignal([SIGTERM, SIGINT])
Log.line(options.service.logFormat, "info", "signal \(signal): draining")
server.beginDrain()
server.wait()
Log.line(options.service.logFormat, "info", "stopped")
exit(0)
