extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place.
    ///
    /// `withUTF8` is `mutating`, so calling it on a value one does not own takes a copy, whose
    /// retain and release are atomic operations; on the client path each costs about as much as a
    /// hundred plain instructions. A native string is read where it is; only a string that keeps
    /// its bytes elsewhere (one bridged from `NSString` on Apple platforms) is copied first.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
