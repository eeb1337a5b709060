internal import CPNG
import FieldOpsCore
import FoundationEssentials

/// Writes a drawn signature as a PNG file through libpng.
enum SignatureImage {
    static func writePNG(_ drawing: SignatureDrawing, to path: String) throws {
        let (pixels, width, height) = drawing.raster()
        var message = [CChar](repeating: 0, count: 256)
        let result = pixels.withUnsafeBufferPointer { buffer in
            fieldops_png_write_gray(path, buffer.baseAddress, UInt32(width), UInt32(height), &message, message.count)
        }
        switch result {
        case 0: return
        case -1: throw missingLibrary(instead: "attach a signature image with `fieldops jqc inspect attach`")
        default:
            throw FieldOpsError(
                "cannot write the signature PNG \(path): \(String(cBuffer: message))",
                hint: "check the free space in the temporary directory")
        }
    }

    /// Refuses before the pad opens when libpng cannot be loaded (it is dlopened, see
    /// CPNG/shim.h), so nobody draws a signature that cannot be saved. `instead` says what
    /// else the person can do where they are.
    static func requireLibrary(instead: String) throws {
        var problem = [CChar](repeating: 0, count: 256)
        guard fieldops_png_available(&problem, problem.count) == 0 else { return }
        throw missingLibrary(instead: instead, problem: String(cBuffer: problem))
    }

    private static func missingLibrary(instead: String, problem: String? = nil) -> FieldOpsError {
        // The loader's own words go under the summary (the form's one message line shows the
        // summary and the hint: what is missing and what to do).
        FieldOpsError(
            "cannot draw a signature: libpng (libpng16.so.16) cannot be loaded",
            details: problem.map { ["dlopen: \($0)"] } ?? [],
            hint: "install it (apt-get install libpng16-16), or \(instead)")
    }
}
