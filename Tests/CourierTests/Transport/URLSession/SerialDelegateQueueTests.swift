#if canImport(FoundationNetworking)
    import Foundation
    import Testing

    @testable import Courier

    @Suite struct SerialDelegateQueueTests {
        /// Blocks and operations, however added, run one at a time in the order they were added.
        @Test func workRunsInTheOrderItWasAdded() async {
            let queue = SerialDelegateQueue()
            let log = LockedValue<[Int]>([])
            let done = DispatchSemaphore(value: 0)
            for index in 0..<300 {
                switch index % 3 {
                case 0:
                    queue.addOperation {
                        log.withLock { $0.append(index) }
                    }
                case 1:
                    queue.addOperation(BlockOperation { log.withLock { $0.append(index) } })
                default:
                    queue.addBarrierBlock { log.withLock { $0.append(index) } }
                }
            }
            queue.addOperation { done.signal() }
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    done.wait()
                    continuation.resume()
                }
            }
            #expect(log.withLock { $0 } == Array(0..<300))
        }
    }
#endif
