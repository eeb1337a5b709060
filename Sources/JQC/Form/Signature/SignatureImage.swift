internal import CPNG
import FieldOpsCore
import Foundation

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
        case -1:
            throw FieldOpsError(
                "cannot save the signature: libpng (libpng16.so.16) is not installed",
                hint: "install it (apt-get install libpng16-16), or attach a signature image with `fieldops jqc inspect attach`")
        default:
            throw FieldOpsError("cannot write the signature PNG \(path): \(String(cString: message))", hint: "check the free space in the temporary directory")
        }
    }
}
