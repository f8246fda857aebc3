/// A canonical, length-limited Huffman code as deflate (RFC 1951, 3.2.2) describes it: the code
/// lengths alone define the code, and each code is stored bit-reversed, ready for deflate's
/// least-significant-bit-first stream.
struct HuffmanCode {
    /// Bits of each symbol's code; 0 for a symbol that never occurs.
    let lengths: [UInt8]
    /// Each symbol's code, bit-reversed (deflate writes Huffman codes most significant bit first
    /// into a stream that is otherwise least significant bit first).
    let codes: [UInt32]

    /// The optimal code for `frequencies` whose longest code has at most `limit` bits.
    ///
    /// When plain Huffman goes deeper than `limit`, the frequencies are flattened (halved, never
    /// below 1) and the tree rebuilt: flat frequencies give a balanced tree, so this ends, and
    /// it is only ever needed for skewed blocks, where the few bits lost do not matter. A code
    /// with a single used symbol gets a second, unused one so that the code is complete, which
    /// every inflater accepts.
    init(frequencies: [UInt32], limit: Int) {
        var weights = frequencies
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        while true {
            let depth = Self.buildLengths(weights, into: &lengths)
            if depth <= limit { break }
            weights = weights.map { $0 == 0 ? 0 : ($0 >> 1) | 1 }
        }
        self.lengths = lengths
        self.codes = Self.canonicalCodes(lengths: lengths, limit: limit)
    }

    /// Fills `lengths` with the Huffman code lengths of `weights` (two-queue construction) and
    /// returns the longest.
    private static func buildLengths(_ weights: [UInt32], into lengths: inout [UInt8]) -> Int {
        for i in lengths.indices { lengths[i] = 0 }
        let used = weights.indices.filter { weights[$0] > 0 }.sorted { (weights[$0], $0) < (weights[$1], $1) }
        switch used.count {
        case 0:
            return 0
        case 1:
            lengths[used[0]] = 1
            lengths[used[0] == 0 ? 1 : 0] = 1
            return 1
        default:
            break
        }
        // Nodes 0..<n are the leaves in ascending weight; internal nodes follow in creation order,
        // which is also ascending weight, so the two lightest are always at one of two queue fronts.
        let n = used.count
        var weight = used.map { UInt64(weights[$0]) }
        weight.reserveCapacity(2 * n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        var leaf = 0, inner = n
        func takeLightest() -> Int {
            if leaf < n, inner >= weight.count || weight[leaf] <= weight[inner] {
                leaf += 1
                return leaf - 1
            }
            inner += 1
            return inner - 1
        }
        while weight.count < 2 * n - 1 {
            let a = takeLightest(), b = takeLightest()
            parent[a] = weight.count
            parent[b] = weight.count
            weight.append(weight[a] + weight[b])
        }
        // Depths from the root (the last node) down: a parent always comes after its children.
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        var node = 2 * n - 3
        while node >= 0 {
            depth[node] = depth[parent[node]] + 1
            node -= 1
        }
        var deepest = 0
        for (index, symbol) in used.enumerated() {
            lengths[symbol] = UInt8(depth[index])
            deepest = max(deepest, depth[index])
        }
        return deepest
    }

    /// Deflate's canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed.
    private static func canonicalCodes(lengths: [UInt8], limit: Int) -> [UInt32] {
        var countOfLength = [UInt32](repeating: 0, count: limit + 1)
        for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
        var next = [UInt32](repeating: 0, count: limit + 1)
        var code: UInt32 = 0
        for bits in 1...max(1, limit) {
            code = (code + countOfLength[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = next[Int(length)]
            next[Int(length)] += 1
            return reversed(code, bits: Int(length))
        }
    }

    private static func reversed(_ code: UInt32, bits: Int) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<bits where code & (1 << bit) != 0 { result |= 1 << (bits - 1 - bit) }
        return result
    }
}
