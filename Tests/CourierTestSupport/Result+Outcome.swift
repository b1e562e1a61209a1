extension Result {
    /// The error, when this is a failure.
    package var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, when this is a success.
    package var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
