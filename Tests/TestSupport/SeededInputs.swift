/// Reproducible random inputs for the parsers' must-not-trap tests (the libFuzzer runs are `Tests/fuzz`).
public enum SeededInputs {
    /// `count` inputs of up to `maxLength` bytes: any byte, or bytes of `alphabet` when one is given.
    public static func random(seed: UInt64, count: Int, maxLength: Int, alphabet: [UInt8]? = nil, _ feed: ([UInt8]) -> Void) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<count {
            let n = Int.random(in: 0...maxLength, using: &rng)
            feed((0..<n).map { _ in alphabet?.randomElement(using: &rng) ?? UInt8.random(in: 0...255, using: &rng) })
        }
    }

    /// `count` inputs made from `seeds` by flipping, inserting (from `alphabet`), deleting or duplicating
    /// (up to `duplicate` bytes) a few bytes, or cutting the rest off.
    public static func mutated(seed: UInt64, count: Int, seeds: [[UInt8]], alphabet: [UInt8], duplicate: Int = 20,
                               _ feed: ([UInt8]) -> Void) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<count {
            var input = seeds.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let at = input.isEmpty ? 0 : Int.random(in: 0..<input.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0 where !input.isEmpty: input[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: input.insert(alphabet.randomElement(using: &rng)!, at: at)
                case 2 where !input.isEmpty: input.remove(at: at)
                case 3 where !input.isEmpty: input.insert(contentsOf: input[at..<min(input.count, at + duplicate)], at: at)
                default: input = Array(input.prefix(at))
                }
            }
            feed(input)
        }
    }
}
