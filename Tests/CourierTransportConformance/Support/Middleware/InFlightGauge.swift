#if canImport(Testing)
    import Courier

    /// Placed after ``ConcurrencyLimitMiddleware``: counts the requests inside the limit at once,
    /// and those that left it with the server's answer.
    struct InFlightGauge: Middleware {
        /// The counts, shared by every request through the gauge.
        actor Gauge {
            /// The requests inside now.
            private(set) var current = 0
            /// The most requests inside at once since the last ``restart()``.
            private(set) var most = 0
            /// Calls that left with a response since the last ``restart()``.
            private(set) var answered = 0

            func enter() {
                current += 1
                most = max(most, current)
            }

            func leave(answered: Bool) {
                current -= 1
                if answered { self.answered += 1 }
            }

            /// Starts counting `most` and `answered` again from the requests inside now.
            func restart() {
                most = current
                answered = 0
            }
        }

        /// The counts.
        let gauge = Gauge()

        func intercept(
            _ request: EndpointRequest, baseURL: BaseURL, next: Next
        ) async throws -> RawResponse {
            await gauge.enter()
            do {
                let response = try await next(request, baseURL)
                await gauge.leave(answered: true)
                return response
            } catch {
                await gauge.leave(answered: false)
                throw error
            }
        }
    }
#endif
