import Testing

/// Every suite that starts an InterlinedList emulator is nested here, so they run one at a
/// time: the machine's few cores are shared with the rest of the package's tests, and a dozen
/// python emulators at once would starve the timing-sensitive tests of the HTTP core.
@Suite(.serialized) enum InterlinedListEndToEnd {}
