import Courier
import FoundationReexportFixture
import Testing

// This module sees two `Method`s, as an Apple app does: Courier's component and the
// `typealias Method = OpaquePointer` that `FoundationReexportFixture` re-exports, the shape of
// Foundation re-exporting ObjectiveC. The DSL below uses `Method` unqualified; if it were
// ambiguous, this file would not compile.

private func create(_ title: String) -> Endpoint<Empty, Never> {
    Endpoint {
        Method.post
        Path("todos")
        Body.text(title)
    }
}

private func purge(_ key: String) -> Endpoint<Empty, Never> {
    Endpoint {
        Method("PURGE")
        Path("cache", key)
    }
}

@Suite struct MethodShadowingTests {
    @Test func dslUsesMethodUnqualifiedBesideTheObjectiveCTypealias() throws {
        #expect(try create("a").request().method == .post)
        #expect(try purge("k").request().method.rawValue == "PURGE")
        #expect(try Endpoint<Empty, Never> { Method.get }.request().method == .get)
    }

    @Test func theObjectiveCStyleTypealiasIsReallyVisible() {
        // Proves the fixture is in scope: its `Method` names `OpaquePointer` in a type position.
        let pointer: ObjectiveCMethodFixture.Method? = nil
        #expect(pointer == nil)
        #expect(ObjectiveCMethodFixture.Method.self == OpaquePointer.self)
    }
}
