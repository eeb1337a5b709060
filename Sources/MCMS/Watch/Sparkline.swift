/// A row of block characters, one per sample, scaled between the samples' low and high.
enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The last `width` samples; a missing or non-finite sample is a gap (a space).
    static func render(_ samples: [Double?], width: Int) -> String {
        let shown = samples.suffix(max(0, width))
        let values = shown.compactMap { $0 }.filter(\.isFinite)
        guard let low = values.min(), let high = values.max() else {
            return String(repeating: " ", count: shown.count)
        }
        let span = high - low
        return String(
            shown.map { sample -> Character in
                guard let sample, sample.isFinite else { return " " }
                // A flat line sits low, so the first change up or down is visible.
                guard span > 0, span.isFinite else { return blocks[0] }
                let position = (sample - low) / span * Double(blocks.count - 1)
                let index = position.isFinite ? min(blocks.count - 1, max(0, Int(position.rounded()))) : 0
                return blocks[index]
            })
    }
}
