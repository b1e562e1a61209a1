/// The shape of the Objective-C runtime's `Method`, which Apple's Foundation re-exports.
public typealias Method = OpaquePointer
