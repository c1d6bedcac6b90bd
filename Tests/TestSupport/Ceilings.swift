#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-request ceilings of bench/ceilings.txt (docs/PERFORMANCE.md#ceilings), read from the
/// checkout, so the allocation tests and bench/callgrind hold the code to one set of figures.
public enum Ceilings {
    /// bench/ceilings.txt beside this file's checkout (Tests/TestSupport/ → ../../bench/).
    static let path: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return (parts + ["bench", "ceilings.txt"]).joined(separator: "/")
    }()

    /// The allocations ceiling of `workload` (`w1-paging`, `w7-healthz`), nil when the file or the
    /// row is missing.
    public static func allocations(_ workload: String) -> Int? {
        row(workload).flatMap { $0.count > 2 ? Int($0[2]) : nil }
    }

    /// The fields of `workload`'s row: name, instruction ceiling, allocation ceiling.
    static func row(_ workload: String) -> [String]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if fields.first == workload { return fields }
        }
        return nil
    }
}
