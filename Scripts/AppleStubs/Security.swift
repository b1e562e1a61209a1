// swift-format-ignore-file
// A stand-in for Apple's Security module (and the CoreFoundation pieces Courier uses with it), for
// Scripts/check-apple-branches: each declaration has the Swift signature Apple's SDK imports, as
// developer.apple.com shows it. It only type-checks; nothing here runs.
//
// Toll-free bridging cannot be declared in Swift: CFData, CFArray and CFError are the NS classes
// they bridge to, so `Data as CFData`, `[T] as CFArray`, `CFData as Data` and `CFArray as? [T]`
// type-check as on Apple platforms (more permissively: an NSData passes where Apple wants a
// CFData without `as`).
import Foundation

public typealias OSStatus = Int32
public typealias CFTypeRef = AnyObject
public typealias CFTypeID = UInt
public typealias CFIndex = Int
public typealias CFData = NSData
public typealias CFArray = NSArray
public typealias CFError = NSError
public final class CFAllocator {}
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID { 0 }
public func CFErrorGetCode(_ err: CFError!) -> CFIndex { 0 }

public final class SecTrust {}
public final class SecCertificate {}
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? { nil }
public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData { NSData() }
public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray?) -> OSStatus { 0 }
public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus {
    0
}
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
    false
}
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { nil }
public func SecTrustGetTypeID() -> CFTypeID { 0 }
public var errSecSuccess: OSStatus { 0 }
public var errSecHostNameMismatch: OSStatus { -67602 }
public var errSecCertificateExpired: OSStatus { -67818 }
public var errSecCertificateNotValidYet: OSStatus { -67819 }
// tls_protocol_version_t: FoundationNetworking declares it as Apple's Security does.
