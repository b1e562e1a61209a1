import NIOCore

/// Bounds the chunks of a request body that were handed to AsyncHTTPClient but not yet taken by
/// its connection: the next chunk is read only while fewer than twice ``window`` are, however busy
/// the machine.
///
/// AsyncHTTPClient hands each chunk to its connection's event loop as a task and asks for the next
/// one at once, until the connection says its buffer is full; when the event loop runs late (a
/// busy machine), the chunks pile up in its task queue without bound. An event loop runs its tasks
/// in order, so once a marker task submitted after a hand-over ran on every loop of the client's
/// group, the connection has taken that chunk and those before it, and has paused the body if its
/// buffer is full (then AsyncHTTPClient waits for the connection before it asks for another).
///
/// A marker goes out after every ``window`` chunks, and the next chunk is read only once the
/// marker before the last one ran. The group's loops must outlive the upload, as
/// AsyncHTTPClient requires of its `HTTPClient`: a marker sent to a loop that has shut down never
/// runs.
struct WriteBarrier: Sendable {
    /// How many chunks go between two markers; at most twice as many wait outside the connection.
    /// Each chunk is at most 64 KiB from a file, or one element of a body's sequence.
    static let window = 4

    /// The event loops of the `HTTPClient` the body goes through, one of which runs its connection.
    let group: any EventLoopGroup

    /// The chunks handed over so far.
    private var handed = 0
    /// The markers sent and not yet waited for, oldest first: for each, a task on every loop.
    private var markers: [[EventLoopFuture<Void>]] = []

    init(group: any EventLoopGroup) {
        self.group = group
    }

    /// Records that a chunk was handed to the connection, and returns once fewer than twice
    /// ``window`` of those handed over may still wait outside it.
    mutating func handedOver() async {
        handed += 1
        guard handed.isMultiple(of: Self.window) else { return }
        markers.append(group.makeIterator().map { loop in loop.submit {} })
        guard markers.count > 1 else { return }
        for done in markers.removeFirst() {
            try? await done.get()
        }
    }
}
