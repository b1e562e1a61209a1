import Foundation

#if canImport(FoundationNetworking)
    /// A session's delegate queue that runs each callback in order on one dispatch queue, without
    /// making an `Operation` of it.
    ///
    /// FoundationNetworking hands every delegate callback to its session's queue with
    /// `addOperation(_:)`. Every way of adding work is overridden, so none can overtake another;
    /// the `OperationQueue` itself never runs anything. It is made for that use alone: an
    /// operation runs with `start()` (its dependencies are not waited for), and
    /// `maxConcurrentOperationCount`, `isSuspended` and cancelling all operations have no effect;
    /// `addOperations(_:waitUntilFinished: true)` must not be called from a callback.
    ///
    /// Not on Apple platforms, whose `URLSession` may reach its delegate queue some other way.
    final class SerialDelegateQueue: OperationQueue, @unchecked Sendable {
        // `@unchecked Sendable` restates `OperationQueue`'s; it is safe because the one stored
        // property added is a constant dispatch queue.
        private let queue = DispatchQueue(label: "Courier.URLSessionTransport.delegate")

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            queue.async(execute: block)
        }

        override func addOperation(_ operation: Operation) {
            queue.async { operation.start() }
        }

        override func addOperations(_ operations: [Operation], waitUntilFinished: Bool) {
            for operation in operations { addOperation(operation) }
            if waitUntilFinished {
                dispatchPrecondition(condition: .notOnQueue(queue))
                queue.sync {}
            }
        }

        override func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
            queue.async(execute: barrier)
        }
    }
#endif
