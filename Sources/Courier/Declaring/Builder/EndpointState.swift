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
