import Testing

@testable import Courier

/// ``LockedValue``: one value, changed by one caller at a time, shared by its copies.
struct LockedValueTests {
    @Test func copiesShareOneValue() {
        let value = LockedValue(1)
        let copy = value
        copy.withLock { $0 += 41 }
        #expect(value.withLock { $0 } == 42)
    }

    @Test func concurrentChangesAddUpExactly() async {
        let counter = LockedValue(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func anErrorInTheBodyLeavesTheLockFree() {
        struct Failure: Error {}
        let value = LockedValue("kept")
        #expect(throws: Failure.self) {
            try value.withLock { _ in throw Failure() }
        }
        #expect(value.withLock { $0 } == "kept")
    }
}
