extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place.
    ///
    /// `withUTF8` is `mutating` and needs a copy of a value one does not own; this reads a native
    /// string where it is, and copies only a string that keeps its bytes elsewhere (one bridged
    /// from `NSString` on Apple platforms).
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
