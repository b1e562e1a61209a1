import Foundation

extension MediaType {
    /// Creates the media type conventionally used for files with the given extension, or returns
    /// `nil` when the extension is not in Courier's table.
    ///
    /// The lookup ignores case and one leading dot, so `"png"`, `"PNG"` and `".png"` all give
    /// `image/png`. The table is Courier's own (it does not consult the operating system), so the
    /// answer is the same on every platform. Text types carry no `charset` parameter.
    ///
    /// ```swift
    /// MediaType(fileExtension: "json")  // application/json
    /// MediaType(fileExtension: ".JPG")  // image/jpeg
    /// MediaType(fileExtension: "xyz")   // nil
    /// ```
    ///
    /// - Parameter fileExtension: An extension such as `"pdf"`, with or without one leading dot.
    public init?(fileExtension: String) {
        var key = Substring(fileExtension)
        if key.first == "." { key = key.dropFirst() }
        guard let rawValue = Self.fileExtensionTable[key.lowercased()] else { return nil }
        self.init(known: rawValue)
    }

    /// Creates the media type for a file URL's path extension, or `application/octet-stream`
    /// when the URL has no extension or an unknown one.
    ///
    /// Only the last extension counts: `archive.tar.gz` is `application/gzip`.
    ///
    /// ```swift
    /// MediaType(fileURL: URL(fileURLWithPath: "/tmp/photo.heic"))  // image/heic
    /// MediaType(fileURL: URL(fileURLWithPath: "/tmp/README"))      // application/octet-stream
    /// ```
    ///
    /// - Parameter fileURL: The URL of the file; it is not read.
    public init(fileURL: URL) {
        self = MediaType(fileExtension: fileURL.pathExtension) ?? .octetStream
    }

    /// Lowercased file extensions (without the dot) and their media types.
    ///
    /// IANA-registered types where one exists; otherwise the type browsers and servers use in
    /// practice. Keep it sorted by extension, one entry a line: a duplicate key traps at launch.
    static let fileExtensionTable: [String: String] = [
        "3g2": "video/3gpp2",
        "3gp": "video/3gpp",
        "7z": "application/x-7z-compressed",
        "aac": "audio/aac",
        "aif": "audio/aiff",
        "aiff": "audio/aiff",
        "apk": "application/vnd.android.package-archive",
        "atom": "application/atom+xml",
        "avi": "video/x-msvideo",
        "avif": "image/avif",
        "bin": "application/octet-stream",
        "bmp": "image/bmp",
        "bz2": "application/x-bzip2",
        "cbor": "application/cbor",
        "cer": "application/pkix-cert",
        "css": "text/css",
        "csv": "text/csv",
        "deb": "application/vnd.debian.binary-package",
        "dmg": "application/x-apple-diskimage",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "eml": "message/rfc822",
        "eot": "application/vnd.ms-fontobject",
        "eps": "application/postscript",
        "epub": "application/epub+zip",
        "exe": "application/octet-stream",
        "flac": "audio/flac",
        "geojson": "application/geo+json",
        "gif": "image/gif",
        "glb": "model/gltf-binary",
        "gltf": "model/gltf+json",
        "gz": "application/gzip",
        "heic": "image/heic",
        "heif": "image/heif",
        "htm": "text/html",
        "html": "text/html",
        "ico": "image/vnd.microsoft.icon",
        "ics": "text/calendar",
        "iso": "application/x-iso9660-image",
        "jar": "application/java-archive",
        "jp2": "image/jp2",
        "jpeg": "image/jpeg",
        "jpg": "image/jpeg",
        "js": "text/javascript",
        "json": "application/json",
        "jsonld": "application/ld+json",
        "key": "application/vnd.apple.keynote",
        "kml": "application/vnd.google-earth.kml+xml",
        "kmz": "application/vnd.google-earth.kmz",
        "log": "text/plain",
        "m3u8": "application/vnd.apple.mpegurl",
        "m4a": "audio/mp4",
        "m4v": "video/mp4",
        "markdown": "text/markdown",
        "md": "text/markdown",
        "mid": "audio/midi",
        "midi": "audio/midi",
        "mjs": "text/javascript",
        "mka": "audio/matroska",
        "mkv": "video/matroska",
        "mov": "video/quicktime",
        "mp3": "audio/mpeg",
        "mp4": "video/mp4",
        "mpd": "application/dash+xml",
        "mpeg": "video/mpeg",
        "mpg": "video/mpeg",
        "numbers": "application/vnd.apple.numbers",
        "odg": "application/vnd.oasis.opendocument.graphics",
        "odp": "application/vnd.oasis.opendocument.presentation",
        "ods": "application/vnd.oasis.opendocument.spreadsheet",
        "odt": "application/vnd.oasis.opendocument.text",
        "oga": "audio/ogg",
        "ogg": "audio/ogg",
        "ogv": "video/ogg",
        "ogx": "application/ogg",
        "opus": "audio/ogg",
        "otf": "font/otf",
        "p12": "application/pkcs12",
        "pages": "application/vnd.apple.pages",
        "pdf": "application/pdf",
        "pem": "application/x-pem-file",
        "png": "image/png",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "proto": "text/plain",
        "ps": "application/postscript",
        "psd": "image/vnd.adobe.photoshop",
        "py": "text/x-python",
        "rar": "application/vnd.rar",
        "rss": "application/rss+xml",
        "rtf": "application/rtf",
        "sh": "application/x-sh",
        "sql": "application/sql",
        "sqlite": "application/vnd.sqlite3",
        "srt": "application/x-subrip",
        "stl": "model/stl",
        "svg": "image/svg+xml",
        "swift": "text/x-swift",
        "tar": "application/x-tar",
        "tgz": "application/gzip",
        "tif": "image/tiff",
        "tiff": "image/tiff",
        "toml": "application/toml",
        "tsv": "text/tab-separated-values",
        "ttc": "font/collection",
        "ttf": "font/ttf",
        "txt": "text/plain",
        "usdz": "model/vnd.usdz+zip",
        "vcf": "text/vcard",
        "vtt": "text/vtt",
        "wasm": "application/wasm",
        "wav": "audio/wav",
        "weba": "audio/webm",
        "webm": "video/webm",
        "webmanifest": "application/manifest+json",
        "webp": "image/webp",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "xhtml": "application/xhtml+xml",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "xml": "application/xml",
        "xz": "application/x-xz",
        "yaml": "application/yaml",
        "yml": "application/yaml",
        "zip": "application/zip",
        "zst": "application/zstd",
    ]
}
