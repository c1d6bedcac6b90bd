import HTTPServer

/// The lines parallax-server logs once it listens: what runs, where, and where a person opens the
/// demo page. (Test scripts find the port in the first line's `HOST:PORT`, an IPv6 host
/// bracketed: `[::1]:PORT`.) `host` is the address actually bound (`HTTPServer.host`), which is
/// `configuration.host` unless `::` met a kernel without IPv6 (docs/operations.md#ipv6).
public enum StartupLog {
    /// `parallax-server 1.0.0 (commit …) listening on 127.0.0.1:8080 with 2 workers`
    public static func listening(_ configuration: HTTPServerConfiguration, host: String? = nil, port: Int) -> String {
        let workers = configuration.workers == 1 ? "1 worker" : "\(configuration.workers) workers"
        let shared = configuration.reusePort ? ", port shared with other processes (--reuse-port on)" : ""
        let address = ListenAddress.urlForm(ListenAddress.unbracketed(host ?? configuration.host))
        return "\(BuildInfo.versionLine()) listening on \(address):\(port) with \(workers)\(shared)"
    }

    /// `metrics: http://127.0.0.1:9090/metrics (--metrics-address)`
    public static func metrics(_ configuration: HTTPServerConfiguration, host: String? = nil, port: Int) -> String {
        "metrics: http://\(ListenAddress.urlForm(ListenAddress.unbracketed(host ?? configuration.host))):\(port)/metrics (--metrics-address)"
    }

    /// `demo page: http://127.0.0.1:8080/`
    public static func demo(_ configuration: HTTPServerConfiguration, host: String? = nil, port: Int) -> String {
        "demo page: \(demoURL(host: host ?? configuration.host, port: port))"
    }

    /// The URL of `GET /` as a browser on this machine reaches it: a wildcard bind is reached
    /// through loopback (`0.0.0.0` as 127.0.0.1, `::` as [::1]).
    public static func demoURL(host: String, port: Int) -> String {
        "http://\(ListenAddress.urlForm(ListenAddress.local(ListenAddress.unbracketed(host)))):\(port)/"
    }
}
