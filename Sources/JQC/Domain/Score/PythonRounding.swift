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
        // magnitude == significand * 2^exponent exactly, with significand < 2^53 (subnormals
        // have no hidden bit and the smallest normal exponent).
        let fractionBits = Double.significandBitCount
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << UInt64(fractionBits) : 0)
        let exponent = Int(magnitude.isNormal ? magnitude.exponent : Double.leastNormalMagnitude.exponent) - fractionBits
        if exponent >= 0 { return x }  // already an integer: nothing below the units
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        // scaled = significand * scale / 2^k exactly; round to an integer, ties to even.
        let k = -exponent
        let numerator = significand * scale  // < 2^53 * 1000 < 2^63
        let quotient: UInt64
        if k >= 64 {
            quotient = 0  // numerator < 2^63 <= 2^(k-1): below one half
        } else if k == 63 {
            quotient = numerator > 1 << 62 ? 1 : 0  // exactly one half rounds to even (0)
        } else {
            let q = numerator >> UInt64(k)
            let remainder = numerator - (q << UInt64(k))
            let half = UInt64(1) << UInt64(k - 1)
            quotient = remainder > half || (remainder == half && q & 1 == 1) ? q + 1 : q
        }
        // One IEEE division of two exact values is the double nearest the exact decimal.
        let result = Double(quotient) / Double(scale)
        return x < 0 ? -result : result
    }
}
