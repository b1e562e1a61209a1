/// A method state that still allows a body; see ``EndpointState``.
public protocol BodyPermittingMethodState: MethodState {}
