import FieldOpsCore
import Foundation
import FuzzSupport

/// The lossless JSON parser and writer: any accepted document writes back, compact and
/// pretty, to text that parses to the same value, and the compact text is a fixed point
/// (writing what was read back gives the same bytes). Number views must never trap. The pull
/// reader (`JSONReader`) walking the same text declines whatever the parser refuses, and what
/// it reads is what the parser read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let read = JSONReader.read(Data(input.bytes)) { (reader) throws(JSONReader.Declined) in try reader.walkedValue() }
    let value: JSONValue
    do {
        value = try JSONValue(parsing: input.bytes, source: "fuzz.json")
    } catch {
        Invariant.require(read == nil, "the reader read what the parser refuses: \(Invariant.excerpt(input.bytes))")
        Exercise.render(error)
        // The Data entry point must refuse the same input.
        Invariant.require((try? JSONValue(parsing: Data(input.bytes))) == nil, "Data accepted what [UInt8] refused")
        return 0
    }
    let other = try? JSONValue(parsing: Data(input.bytes))
    Invariant.require(other == value, "Data and [UInt8] parse differently")
    Invariant.require(read == nil || read == value, "the reader and the parser read different values")
    if let text = input.validText {
        Invariant.require((try? JSONValue(parsing: text)) == value, "String and [UInt8] parse differently")
    }

    let compact = value.jsonBytes(.compact)
    let reparsed = roundTrip(compact, of: value, style: "compact")
    Invariant.require(
        reparsed.jsonBytes(.compact) == compact,
        "compact output is not a fixed point: \(Invariant.excerpt(compact)) then \(Invariant.excerpt(reparsed.jsonBytes()))")
    _ = roundTrip(value.jsonBytes(.pretty), of: value, style: "pretty")
    Invariant.require(
        value.jsonData() == Data(compact) && value.jsonString() == String(decoding: compact, as: UTF8.self),
        "jsonData/jsonString differ from jsonBytes")

    let sorted = value.withSortedKeys()
    _ = roundTrip(sorted.jsonBytes(), of: sorted, style: "sorted")
    visit(value)
    return 0
}

/// Parses what the writer produced; it must be accepted and equal the value written.
private func roundTrip(_ bytes: [UInt8], of value: JSONValue, style: String) -> JSONValue {
    let reparsed: JSONValue
    do {
        reparsed = try JSONValue(parsing: bytes, source: "written")
    } catch {
        fatalError("fuzz invariant broken: the \(style) output does not parse (\(error)): \(Invariant.excerpt(bytes))")
    }
    Invariant.require(reparsed == value, "the \(style) output parses to another value: \(Invariant.excerpt(bytes))")
    return reparsed
}

/// Reads every typed view of every member, as commands do when they render a document.
private func visit(_ value: JSONValue) {
    _ = value.kindDescription
    switch value {
    case .object(let object):
        for member in object.members {
            Invariant.require(object[member.key] != nil, "member \(member.key) not found by key")
            visit(member.value)
        }
    case .array(let elements):
        elements.forEach(visit)
    case .number(let number):
        _ = number.int64
        _ = number.uint64
        _ = number.integerValue
        _ = number.decimalString
        Invariant.require(JSONNumber(lexeme: number.lexeme) == number, "number \(number.lexeme) does not re-validate")
        if let double = number.double, let written = JSONNumber(double) {
            Invariant.require(JSONNumber(lexeme: written.lexeme) != nil, "JSONNumber(\(double)) wrote \(written.lexeme), not JSON")
        }
    case .string, .bool, .null:
        break
    }
}
