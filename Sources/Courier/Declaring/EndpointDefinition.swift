/// A complete block: one that declares a method. Only such a block can define a ``RequestModel``.
public protocol EndpointDefinition: EndpointComponent where MethodDeclared: DeclaredMethodState {}

extension EndpointParts: EndpointDefinition where MethodDeclared: DeclaredMethodState {}
