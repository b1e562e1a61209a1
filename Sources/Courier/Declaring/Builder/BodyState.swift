/// Whether a block has declared a body; see ``EndpointState``.
public protocol BodyState {}
