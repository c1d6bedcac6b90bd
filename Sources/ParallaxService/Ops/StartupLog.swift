import HTTPServer

/// The lines parallax-server logs once it listens: what runs, where, and where a person opens the
/// demo page. (Test scripts find the port in the first line's `127.0.0.1:PORT` or `HOST:PORT`.)
public enum StartupLog {
    /// `parallax-server 1.0.0 (commit …) listening on 127.0.0.1:8080 with 2 workers`
    public static func listening(_ configuration: HTTPServerConfiguration, port: Int) -> String {
        let workers = configuration.workers == 1 ? "1 worker" : "\(configuration.workers) workers"
        let shared = configuration.reusePort ? ", port shared with other processes (--reuse-port on)" : ""
        return "\(BuildInfo.versionLine()) listening on \(configuration.host):\(port) with \(workers)\(shared)"
    }

    /// `metrics: http://127.0.0.1:9090/metrics (--metrics-address)`
    public static func metrics(_ configuration: HTTPServerConfiguration, port: Int) -> String {
        "metrics: http://\(configuration.host):\(port)/metrics (--metrics-address)"
    }

    /// `demo page: http://127.0.0.1:8080/`
    public static func demo(_ configuration: HTTPServerConfiguration, port: Int) -> String {
        "demo page: \(demoURL(host: configuration.host, port: port))"
    }

    /// The URL of `GET /` as a browser on this machine reaches it: a wildcard bind (0.0.0.0) is
    /// reached through loopback.
    public static func demoURL(host: String, port: Int) -> String {
        "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
    }
}
