/// Whether a block has declared a method; see ``EndpointState``.
public protocol MethodState {}
