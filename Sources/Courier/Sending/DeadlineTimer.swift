/// Runs actions at deadlines: a heap of pending deadlines and one sleeping task, which wakes at
/// the earliest and runs the actions due.
///
/// A call that ends in time adds its deadline and takes it out again, under a lock. The sleeper is
/// started when none sleeps or a deadline comes before the one it sleeps until, and it is not
/// cancelled when the heap empties: it wakes at its time, finds nothing due and ends, or sleeps on
/// until the next deadline. So calls that follow one another with one timeout share one sleeper
/// and wake no thread, where a sleeping task per call woke one when the call cancelled it.
final class DeadlineTimer: Sendable {
    /// A scheduled deadline, for ``cancel(_:)`` to take back.
    struct Ticket: Sendable {
        /// The entry in the heap.
        fileprivate let entry: Entry
    }

    /// A scheduled deadline and what to do when it comes.
    ///
    /// `@unchecked Sendable` is safe: `deadline`, `action` and `owner` are constants, and `index`
    /// is read and written only while the lock of the owning timer is held (``cancel(_:)`` on
    /// another timer does not touch it).
    fileprivate final class Entry: @unchecked Sendable {
        /// When the action is due.
        let deadline: ContinuousClock.Instant
        /// What runs at the deadline: on the sleeper's task, or in ``runDue(asOf:)``.
        let action: @Sendable () -> Void
        /// The timer that scheduled the entry.
        let owner: ObjectIdentifier
        /// Where the entry sits in its timer's heap, or `nil` once it was taken out.
        var index: Int?

        /// An entry for `owner`'s heap, not in it yet.
        init(
            deadline: ContinuousClock.Instant, action: @escaping @Sendable () -> Void, owner: ObjectIdentifier
        ) {
            self.deadline = deadline
            self.action = action
            self.owner = owner
        }
    }

    /// What the lock guards.
    fileprivate struct State: Sendable {
        /// A binary min-heap by deadline; each entry knows its index.
        var heap: [Entry] = []
        /// The instant the sleeper sleeps until, or `nil` when none sleeps.
        var sleeperTarget: ContinuousClock.Instant?
        /// The sleeper, so that a new one for an earlier deadline can cancel it.
        var sleeper: Task<Void, Never>?
        /// Counts the sleepers started; a sleeper whose number is no longer this one was
        /// replaced, and ends when it wakes.
        var generation: UInt64 = 0
    }

    /// The heap and the sleeper.
    private let state = LockedValue(State())

    /// Creates a timer with nothing scheduled.
    init() {}

    /// Runs `action` at `deadline`, unless ``cancel(_:)`` takes the entry back first. A deadline
    /// already past runs as soon as the sleeper wakes.
    func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Ticket {
        let entry = Entry(deadline: deadline, action: action, owner: ObjectIdentifier(self))
        let replaced: Task<Void, Never>? = state.withLock { state in
            state.insert(entry)
            if let target = state.sleeperTarget, target <= deadline { return nil }
            state.generation &+= 1
            let replaced = state.sleeper
            // Creating a task only enqueues it; it takes this lock only after waking.
            state.sleeper = startSleeper(until: deadline, generation: state.generation)
            state.sleeperTarget = deadline
            return replaced
        }
        replaced?.cancel()
        return Ticket(entry: entry)
    }

    /// Takes the deadline back; does nothing when it was taken out already, to run or by an
    /// earlier cancel, or when another timer scheduled it. An action taken out to run may still
    /// be running, or about to.
    func cancel(_ ticket: Ticket) {
        let entry = ticket.entry
        guard entry.owner == ObjectIdentifier(self) else { return }
        state.withLock { state in
            if let index = entry.index { state.remove(at: index) }
        }
    }

    /// How many entries wait; for tests.
    var pendingCount: Int {
        state.withLock { $0.heap.count }
    }

    /// Whether a sleeper waits for a deadline; for tests.
    var isSleeping: Bool {
        state.withLock { $0.sleeper != nil }
    }

    /// Runs, in deadline order, the entries due at `now`, as the sleeper does when it wakes; for
    /// tests, which schedule far deadlines and call this instead of waiting for them.
    func runDue(asOf now: ContinuousClock.Instant) {
        let due = state.withLock { $0.takeDue(asOf: now) }
        for entry in due { entry.action() }
    }

    /// A task that sleeps until `target`, runs the actions due then, and sleeps on until the next
    /// deadline while there is one.
    ///
    /// Detached, so that it keeps none of the task-local values (a deadline, a metrics recorder)
    /// of the call that happened to start it. High priority, since it serves callers of every
    /// priority and its work is brief: a timeout that comes late is what a deadline must avoid.
    private func startSleeper(until target: ContinuousClock.Instant, generation: UInt64) -> Task<Void, Never>
    {
        Task.detached(priority: .high) { [self] in
            var target = target
            while true {
                do {
                    try await Task.sleep(until: target, clock: .continuous)
                } catch {
                    return  // Replaced by a sleeper for an earlier deadline.
                }
                guard let next = wake(generation: generation) else { return }
                target = next
            }
        }
    }

    /// Takes the entries due out of the heap and runs them; returns the next deadline to sleep
    /// until, or `nil` when the sleeper should end.
    private func wake(generation: UInt64) -> ContinuousClock.Instant? {
        let (due, next): ([Entry], ContinuousClock.Instant?) = state.withLock { state in
            guard state.generation == generation else { return ([], nil) }
            let due = state.takeDue(asOf: .now)
            let next = state.heap.first?.deadline
            state.sleeperTarget = next
            if next == nil { state.sleeper = nil }
            return (due, next)
        }
        for entry in due { entry.action() }
        return next
    }
}

extension DeadlineTimer.State {
    /// Takes the entries due at `now` out of the heap, earliest first.
    fileprivate mutating func takeDue(asOf now: ContinuousClock.Instant) -> [DeadlineTimer.Entry] {
        var due: [DeadlineTimer.Entry] = []
        while let first = heap.first, first.deadline <= now {
            due.append(first)
            remove(at: 0)
        }
        return due
    }

    /// Adds `entry` to the heap.
    fileprivate mutating func insert(_ entry: DeadlineTimer.Entry) {
        entry.index = heap.count
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    /// Takes the entry at `index` out of the heap: the last entry takes its place and moves to
    /// where its deadline belongs.
    fileprivate mutating func remove(at index: Int) {
        heap[index].index = nil
        let last = heap.count - 1
        if index != last {
            heap.swapAt(index, last)
            heap[index].index = index
        }
        heap.removeLast()
        guard index < heap.count else { return }
        siftDown(index)
        siftUp(index)
    }

    /// Moves the entry at `start` up while it is due before its parent.
    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { return }
            swap(child, parent)
            child = parent
        }
    }

    /// Moves the entry at `start` down while a child is due before it.
    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var earliest = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < heap.count, heap[left].deadline < heap[earliest].deadline { earliest = left }
            if right < heap.count, heap[right].deadline < heap[earliest].deadline { earliest = right }
            guard earliest != parent else { return }
            swap(parent, earliest)
            parent = earliest
        }
    }

    /// Swaps two entries and tells them their new indices.
    private mutating func swap(_ first: Int, _ second: Int) {
        heap.swapAt(first, second)
        heap[first].index = first
        heap[second].index = second
    }
}
