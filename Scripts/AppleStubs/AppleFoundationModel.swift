// Apple's `import Foundation`, as Scripts/check-apple-branches models it: Foundation with URLSession
// in it (Linux splits that into FoundationNetworking) and the Security-based API of
// AppleFoundation.swift.
@_exported import AppleFoundation
@_exported import FoundationNetworking
