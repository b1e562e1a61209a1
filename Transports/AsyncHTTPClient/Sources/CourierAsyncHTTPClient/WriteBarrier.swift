import NIOCore

/// Waits until AsyncHTTPClient's connection took the chunk of a request body it was handed last,
/// so that the next chunk is read only then: at most one chunk waits outside the connection,
/// however busy the machine.
///
/// AsyncHTTPClient hands each chunk to its connection's event loop as a task and asks for the next
/// one at once, until the connection says its buffer is full; when the event loop runs late (a
/// busy machine), the chunks pile up in its task queue without bound. An event loop runs its tasks
/// in order, so once a task submitted after the hand-over ran on every loop of the client's group,
/// the connection has taken the chunk, and has paused the body if its buffer is full (then
/// AsyncHTTPClient waits for the connection before it asks for another chunk).
struct WriteBarrier: Sendable {
    /// The event loops of the `HTTPClient` the body goes through, one of which runs its connection.
    let group: any EventLoopGroup

    /// Returns once every event loop of ``group`` ran the tasks it had been given before the call;
    /// a loop that has shut down holds nothing back.
    func wait() async {
        let caughtUp = group.makeIterator().map { loop in loop.submit {} }
        for done in caughtUp {
            try? await done.get()
        }
    }
}
