// The Swift player against fixtures (docs/testing.md#players), run by Tests/players/run.sh:
//   PlayerCheck DIR   reads every DIR/NAME.answer.json with its DIR/NAME.fixtures.json, decodes
// both with ParallaxPlayer and checks every case; prints `swift: N passed, M failed` and the
// failures, and exits 1 on any failure or unreadable file.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ParallaxPlayer

func load<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(contentsOf: URL(fileURLWithPath: path)))
}

let args = CommandLine.arguments
guard args.count == 2 else {
    print("usage: PlayerCheck DIR")
    exit(2)
}
let dir = args[1]
let names = try FileManager.default.contentsOfDirectory(atPath: dir)
    .filter { $0.hasSuffix(".answer.json") }
    .map { String($0.dropLast(".answer.json".count)) }
    .sorted()
var passed = 0
var failures: [String] = []
for name in names {
    do {
        let answer = try load(KeyframesAnswer.self, "\(dir)/\(name).answer.json")
        let fixtures = try load(Fixtures.self, "\(dir)/\(name).fixtures.json")
        let report = check(answer, against: fixtures)
        passed += report.passed
        failures += report.failures.map { "\(name): \($0)" }
    } catch {
        failures.append("\(name): \(error)")
    }
}
for f in failures.prefix(20) { print("  FAIL \(f)") }
print("swift: \(passed) passed, \(failures.count) failed (\(names.count) answers)")
exit(failures.isEmpty && !names.isEmpty ? 0 : 1)
