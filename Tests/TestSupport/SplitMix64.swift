// Shared by the three test targets (test-only: no product links it).

/// SplitMix64 (Steele, Lea, Flood 2014): tiny and deterministic on every platform, so a property
/// test's failure replays from its seed. Each test target adds the draws it needs as extensions.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
