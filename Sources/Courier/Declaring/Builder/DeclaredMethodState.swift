/// A state in which a method has been declared; see ``EndpointState``.
public protocol DeclaredMethodState: MethodState {}
