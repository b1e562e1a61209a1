import Courier
import CourierTransportConformance
import Foundation
import Testing

@testable import CourierAsyncHTTPClient

/// The path the chain check finds from a server's chain to the roots a request trusts, with the
/// certificates `make_tls_material.sh` made for this run: a leaf, the intermediate that signed it
/// and the test CA above both.
@Suite(.enabled(if: ConformanceCase.serversAreRunning, ConformanceCase.skipReason))
struct ChainDateCheckPathTests {
    let leaf: TLSCertificate
    let intermediate: TLSCertificate
    let root: TLSCertificate

    init() throws {
        let directory = URL(
            fileURLWithPath: try #require(ProcessInfo.processInfo.environment["COURIER_TLS_DIR"]))
        func certificates(_ name: String) throws -> [TLSCertificate] {
            try TLSCertificate.all(
                pem: String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
        let chained = try certificates("chained.pem")
        leaf = try #require(chained.first)
        intermediate = try #require(try certificates("intermediate-ca.pem").first)
        root = try #require(try certificates("ca.pem").first)
    }

    /// The leaf and the intermediate, as the server sends them.
    var chain: [[UInt8]] { [Array(leaf.derBytes), Array(intermediate.derBytes)] }

    @Test func aPathEndingAtATrustedIntermediateIsNotOneToARootUnlessTheRootIsTrustedToo() async throws {
        let onlyIntermediate = try TLSTrustRoots.only([intermediate])
        let found = try #require(await ChainDateCheck.pathToATrustedRoot(chain, roots: onlyIntermediate))
        #expect(found.last.map { $0.issuer != $0.subject } == true)
        #expect(
            await ChainDateCheck.pathToATrustedRoot(chain, roots: onlyIntermediate, selfSignedOnly: true)
                == nil)
        // With the root trusted beside the intermediate, a path goes on to the root, which
        // BoringSSL would have found too: its refusal was for another reason.
        let both = try TLSTrustRoots.only([intermediate, root])
        let whole = try #require(
            await ChainDateCheck.pathToATrustedRoot(chain, roots: both, selfSignedOnly: true))
        #expect(whole.count == 3)
        #expect(whole.last.map { $0.issuer == $0.subject } == true)
        // A chain the server sends without its intermediate reaches the root through the
        // intermediate the request trusts.
        let unchained = [Array(leaf.derBytes)]
        #expect(
            await ChainDateCheck.pathToATrustedRoot(unchained, roots: both, selfSignedOnly: true)?.count == 3)
    }
}
