/// Type-level bookkeeping that lets the compiler reject invalid endpoint blocks.
///
/// You never name these types: each component carries them, and ``EndpointBuilder``
/// only combines states that form a valid request (one method, at most one body, no body on
/// `GET` or `HEAD`).
public enum EndpointState {
    /// No method declared yet.
    public enum NoMethod: MethodState, BodyPermittingMethodState {}
    /// A method that may carry a body (`POST`, `PUT`, `PATCH`, `DELETE`, `OPTIONS`, custom).
    public enum MethodWithBodyAllowed: DeclaredMethodState, BodyPermittingMethodState {}
    /// `GET` or `HEAD`, which must not carry a body.
    public enum MethodWithoutBody: DeclaredMethodState {}
    /// No body declared.
    public enum NoBody: BodyState {}
    /// A body declared (possibly inside an `if`).
    public enum HasBody: BodyState {}
}

/// Whether a block has declared a method; see ``EndpointState``.
public protocol MethodState {}
/// A state in which a method has been declared; see ``EndpointState``.
public protocol DeclaredMethodState: MethodState {}
/// A method state that still allows a body; see ``EndpointState``.
public protocol BodyPermittingMethodState: MethodState {}
/// Whether a block has declared a body; see ``EndpointState``.
public protocol BodyState {}
