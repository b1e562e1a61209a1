import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// A catalog endpoint reading forms another library wrote: Werkzeug's `encode_multipart` (the
/// encoder of Flask's test client, from the test venv), which starts with a CRLF before the
/// first boundary and leaves quotes in file names unescaped.
@Suite(.enabled(if: LoopbackServers.isAvailable, LoopbackServers.skipReason), .timeLimit(.minutes(1)))
struct ThirdPartyMultipartTests {
    struct Upload: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var comment: String
        var file: Data
        var filename: String
        var type: MediaType

        var definition: some EndpointDefinition {
            Method.post
            Path("upload")
            Body.multipart(
                .text("comment", comment), .data("file", file, filename: filename, contentType: type))
        }
    }

    /// The body and `Content-Type` Werkzeug writes for the form.
    private func werkzeugForm() async throws -> IncomingRequest {
        let script = #"""
            import base64, io
            from werkzeug.test import encode_multipart
            from werkzeug.datastructures import FileStorage, MultiDict
            form = MultiDict([
                ("comment", "h\u00e9 \"x\"\r\nline"),
                ("file", FileStorage(io.BytesIO(b"\x00\r\n--ab\xff"), filename='a "b" \u00e9.png', content_type="image/png")),
            ])
            boundary, body = encode_multipart(form)
            print("multipart/form-data; boundary=" + boundary)
            print(base64.b64encode(body).decode())
            """#
        let run = try await TestPython.run(["-c", script])
        try #require(run.status == 0, "\(run.output)")
        let output = run.output
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(output)")
        return IncomingRequest(
            method: .post, target: "/upload", headers: [HeaderField(name: .contentType, value: lines[0])],
            body: try #require(Data(base64Encoded: lines[1])))
    }

    @Test func aWerkzeugFormParsesIntoTheModel() async throws {
        let incoming = try await werkzeugForm()
        #expect(incoming.body.starts(with: Data("\r\n--".utf8)), "Werkzeug no longer writes the leading CRLF")
        let parsed = try Upload.parse(incoming)
        #expect(
            parsed
                == Upload(
                    comment: "hé \"x\"\r\nline",
                    file: Data([0x00, 0x0D, 0x0A, 0x2D, 0x2D, 0x61, 0x62, 0xFF]),
                    filename: #"a "b" é.png"#, type: MediaType("image/png")))
    }
}
