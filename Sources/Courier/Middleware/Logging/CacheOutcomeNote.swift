/// Keeps how an ``HTTPCacheMiddleware`` answered one call, for the ``LoggingMiddleware`` before it.
final class CacheOutcomeNote: TransferObserver {
    private let reported = LockedValue<CacheOutcome?>(nil)

    /// The last outcome reported, or `nil` when no cache answered.
    var outcome: CacheOutcome? { reported.withLock { $0 } }

    func cacheAnswered(_ outcome: CacheOutcome) {
        reported.withLock { $0 = outcome }
    }
}
