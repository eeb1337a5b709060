import Testing

/// Every suite that starts an InterlinedList emulator is nested here. Its tests run in parallel
/// like the rest: each has its own home and its own emulator, leased from the pool and reset.
@Suite enum InterlinedListEndToEnd {}
