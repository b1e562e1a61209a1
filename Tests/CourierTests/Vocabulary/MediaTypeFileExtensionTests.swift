import Foundation
import Testing

@testable import Courier

@Suite struct MediaTypeFileExtensionTests {
    @Test(arguments: [
        ("png", "image/png"),
        ("jpg", "image/jpeg"),
        ("jpeg", "image/jpeg"),
        ("svg", "image/svg+xml"),
        ("pdf", "application/pdf"),
        ("json", "application/json"),
        ("txt", "text/plain"),
        ("csv", "text/csv"),
        ("html", "text/html"),
        ("js", "text/javascript"),
        ("mp4", "video/mp4"),
        ("mp3", "audio/mpeg"),
        ("zip", "application/zip"),
        ("tgz", "application/gzip"),
        ("woff2", "font/woff2"),
        ("yaml", "application/yaml"),
        ("sqlite", "application/vnd.sqlite3"),
        ("exe", "application/octet-stream"),
        ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ])
    func wellKnownExtensions(fileExtension: String, expected: String) {
        #expect(MediaType(fileExtension: fileExtension)?.rawValue == expected)
    }

    @Test func lookupIgnoresCase() {
        #expect(MediaType(fileExtension: "PNG")?.rawValue == "image/png")
        #expect(MediaType(fileExtension: "Json")?.rawValue == "application/json")
        #expect(MediaType(fileExtension: "WOFF2")?.rawValue == "font/woff2")
    }

    @Test func oneLeadingDotIsAllowed() {
        #expect(MediaType(fileExtension: ".pdf")?.rawValue == "application/pdf")
        #expect(MediaType(fileExtension: ".JPG")?.rawValue == "image/jpeg")
        #expect(MediaType(fileExtension: "..pdf") == nil)
        #expect(MediaType(fileExtension: ".") == nil)
    }

    @Test(arguments: ["", "xyz", "pdf ", " pdf", "tar.gz", "p df", "pdf.", "png\n"])
    func unknownExtensionsAreNil(fileExtension: String) {
        #expect(MediaType(fileExtension: fileExtension) == nil)
    }

    @Test func fileURLsUseTheirLastExtension() throws {
        #expect(MediaType(fileURL: URL(fileURLWithPath: "/tmp/photo.HEIC")).rawValue == "image/heic")
        #expect(MediaType(fileURL: URL(fileURLWithPath: "/tmp/backup.tar.gz")).rawValue == "application/gzip")
        let remote = try #require(URL(string: "https://example.com/files/report.pdf?download=1"))
        #expect(MediaType(fileURL: remote).rawValue == "application/pdf")
    }

    @Test func fileURLsFallBackToOctetStream() {
        #expect(MediaType(fileURL: URL(fileURLWithPath: "/tmp/README")) == .octetStream)
        #expect(MediaType(fileURL: URL(fileURLWithPath: "/tmp/data.unknownext")) == .octetStream)
        #expect(MediaType(fileURL: URL(fileURLWithPath: "/tmp/folder/")) == .octetStream)
    }

    @Test func everyTableEntryIsAValidMediaTypeWithoutParameters() {
        for (fileExtension, rawValue) in MediaType.fileExtensionTable {
            #expect(MediaType(validating: rawValue)?.rawValue == rawValue, "\(fileExtension)")
            #expect(!rawValue.contains(";"), "\(fileExtension) carries a parameter")
            #expect(rawValue == rawValue.lowercased(), "\(fileExtension)")
        }
    }

    @Test func tableKeysAreLowercaseExtensionsWithoutDots() {
        for fileExtension in MediaType.fileExtensionTable.keys {
            #expect(!fileExtension.isEmpty)
            #expect(fileExtension == fileExtension.lowercased())
            #expect(!fileExtension.contains("."))
        }
        #expect(MediaType.fileExtensionTable.count >= 100)
    }
}
