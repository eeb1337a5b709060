/// Python's `round(x, ndigits)` for floats, reproduced bit for bit.
///
/// Python rounds the *exact* binary value of `x` to `ndigits` decimals (half-to-even only on
/// exact ties such as 0.125) and returns the double nearest that decimal. So `round(2.675, 2)`
/// is 2.67 (the double is 2.67499999…), which `(x * 100).rounded() / 100` gets wrong.
enum PythonRounding {
    /// `round(x, digits)` for `digits` in 0...3 (enough for scores; larger would overflow the
    /// exact 64-bit arithmetic below).
    static func round(_ x: Double, digits: Int) -> Double {
        precondition((0...3).contains(digits), "PythonRounding supports 0...3 digits")
        guard x.isFinite, x != 0 else { return x }
        let magnitude = x.magnitude
        // magnitude = significand * 2^exponent exactly, significand < 2^53.
        let exponent = Int(magnitude.exponent) - Double.significandBitCount
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << UInt64(Double.significandBitCount) : 0)
        let realExponent = magnitude.isNormal ? exponent : Int(Double.leastNormalMagnitude.exponent) - Double.significandBitCount
        if realExponent >= 0 { return x }  // already an integer: nothing below the units
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        // scaled = significand * scale / 2^k exactly; round to an integer, ties to even.
        let k = -realExponent
        let numerator = significand * scale  // < 2^53 * 1000 < 2^63
        let quotient: UInt64
        if k >= 63 {
            // numerator < 2^63 <= 2^k / 1, and 2 * numerator < 2^k when k >= 64; at k == 63
            // 2 * numerator could reach 2^63 only if numerator == 2^62 exactly, handled below.
            if k == 63, numerator == 1 << 62 {
                quotient = 0  // exact tie at 0.5 rounds to even (0)
            } else if k == 63, numerator > 1 << 62 {
                quotient = 1
            } else {
                quotient = 0
            }
        } else {
            let q = numerator >> UInt64(k)
            let remainder = numerator - (q << UInt64(k))
            let half = UInt64(1) << UInt64(k - 1)
            if remainder > half || (remainder == half && q & 1 == 1) {
                quotient = q + 1
            } else {
                quotient = q
            }
        }
        // One IEEE division of two exact values is the double nearest the exact decimal.
        let result = Double(quotient) / Double(scale)
        return x < 0 ? -result : result
    }
}
