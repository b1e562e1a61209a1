extension Empty: Encodable {
    /// Encodes nothing: an empty JSON object where an encoder needs a value; a catalog's answer,
    /// success or failure, and a mocked response send an ``Empty`` without a body.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: NoKeys.self)
    }
}

/// The keys of an object without members.
private enum NoKeys: CodingKey {}
