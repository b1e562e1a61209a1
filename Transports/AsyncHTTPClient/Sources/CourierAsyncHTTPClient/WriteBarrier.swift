import NIOCore

/// Bounds the chunks of a request body that were handed to AsyncHTTPClient but not yet taken by
/// its connection: the next chunk is read only while at most ``window`` are, however busy the
/// machine.
///
/// AsyncHTTPClient hands each chunk to its connection's event loop as a task and asks for the next
/// one at once, until the connection says its buffer is full; when the event loop runs late (a
/// busy machine), the chunks pile up in its task queue without bound. An event loop runs its tasks
/// in order, so once a task submitted after a hand-over ran on every loop of the client's group,
/// the connection has taken that chunk, and has paused the body if its buffer is full (then
/// AsyncHTTPClient waits for the connection before it asks for another chunk).
struct WriteBarrier: Sendable {
    /// How many chunks may wait outside the connection when the next one is read. A few keep the
    /// connection fed while one is being read; each is at most 64 KiB or a sequence's element.
    static let window = 4

    /// The event loops of the `HTTPClient` the body goes through, one of which runs its connection.
    let group: any EventLoopGroup

    /// The hand-overs not yet known to be taken, oldest first: for each, a task on every loop.
    private var pending: [[EventLoopFuture<Void>]] = []

    init(group: any EventLoopGroup) {
        self.group = group
    }

    /// Records that a chunk was handed to the connection, and returns once at most ``window`` of
    /// those handed over are not yet taken; a loop that has shut down holds nothing back.
    mutating func handedOver() async {
        pending.append(group.makeIterator().map { loop in loop.submit {} })
        guard pending.count > Self.window else { return }
        for done in pending.removeFirst() {
            try? await done.get()
        }
    }
}
