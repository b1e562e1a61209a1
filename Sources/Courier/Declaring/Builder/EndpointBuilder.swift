/// The result builder behind every endpoint block.
///
/// A block lists components, one per line; `if`, `if let`, `switch`, `for` and
/// `if #available` work as in ordinary Swift:
///
/// ```swift
/// Endpoint<[Todo], APIError> {
///     Method.get
///     Path("todos")
///     if let page { Query("page", page) }
///     for tag in tags { Query("tag", tag) }
/// }
/// ```
///
/// The builder tracks, in the types, whether a method and a body were declared, so the compiler
/// rejects two methods, two bodies, and a body on `GET` or `HEAD`, with a sentence of ours
/// reported at the block's opening brace. A value that is not a component is reported on its
/// own line.
@resultBuilder
public enum EndpointBuilder {
    /// Turns a component on its own line into parts.
    public static func buildExpression<Component: EndpointComponent>(
        _ component: Component
    ) -> EndpointParts<Component.MethodDeclared, Component.BodyDeclared> {
        component.endpointParts
    }

    /// Rejects a value that is not an endpoint component, with a readable message.
    @available(
        *, unavailable,
        message:
            "this value is not an endpoint component; use Method, Path, Query, Header, Cookie, Body, Timeout, FormEncoding, Idempotent, ResponseValidation, SuccessStatus, AbsoluteURL or Components"
    )
    public static func buildExpression<Value>(
        _ value: Value
    ) -> EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts([])
    }

    /// An empty block: `Components {}`.
    public static func buildBlock() -> EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        .empty
    }

    /// The first line of a block.
    public static func buildPartialBlock<M, B>(first: EndpointParts<M, B>) -> EndpointParts<M, B> {
        first
    }

    /// Adds a line that declares neither a method nor a body (`Path`, `Query`, `Header`, …).
    public static func buildPartialBlock<M, B>(
        accumulated: consuming EndpointParts<M, B>,
        next: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody>
    ) -> EndpointParts<M, B> {
        EndpointParts(accumulated, next)
    }

    /// Adds a ``Body`` to a block whose method allows one.
    public static func buildPartialBlock<M: BodyPermittingMethodState>(
        accumulated: consuming EndpointParts<M, EndpointState.NoBody>,
        next: EndpointParts<EndpointState.NoMethod, EndpointState.HasBody>
    ) -> EndpointParts<M, EndpointState.HasBody> {
        EndpointParts(accumulated, next)
    }

    /// Adds a method that allows a body (`POST`, `PUT`, …) to a block without a method.
    public static func buildPartialBlock<B>(
        accumulated: consuming EndpointParts<EndpointState.NoMethod, B>,
        next: EndpointParts<EndpointState.MethodWithBodyAllowed, EndpointState.NoBody>
    ) -> EndpointParts<EndpointState.MethodWithBodyAllowed, B> {
        EndpointParts(accumulated, next)
    }

    /// Adds `GET` or `HEAD` to a block with neither a method nor a body.
    public static func buildPartialBlock(
        accumulated: consuming EndpointParts<EndpointState.NoMethod, EndpointState.NoBody>,
        next: EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody>
    ) -> EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody> {
        EndpointParts(accumulated, next)
    }

    /// Adds a group that declares both a method and a body to a block with neither.
    public static func buildPartialBlock(
        accumulated: consuming EndpointParts<EndpointState.NoMethod, EndpointState.NoBody>,
        next: EndpointParts<EndpointState.MethodWithBodyAllowed, EndpointState.HasBody>
    ) -> EndpointParts<EndpointState.MethodWithBodyAllowed, EndpointState.HasBody> {
        EndpointParts(accumulated, next)
    }

    /// Rejects a second method.
    @available(*, unavailable, message: "an endpoint declares exactly one Method; remove the extra one")
    public static func buildPartialBlock<M1: DeclaredMethodState, B1, M2: DeclaredMethodState, B2>(
        accumulated: EndpointParts<M1, B1>,
        next: EndpointParts<M2, B2>
    ) -> EndpointParts<M1, B1> {
        accumulated
    }

    /// Rejects a second body.
    @available(*, unavailable, message: "an endpoint has at most one Body; remove the extra one")
    public static func buildPartialBlock<M1, M2: BodyPermittingMethodState>(
        accumulated: EndpointParts<M1, EndpointState.HasBody>,
        next: EndpointParts<M2, EndpointState.HasBody>
    ) -> EndpointParts<M1, EndpointState.HasBody> {
        accumulated
    }

    /// Rejects a body after `GET` or `HEAD`.
    @available(
        *, unavailable,
        message: "GET and HEAD requests cannot have a Body; use another Method or drop the Body"
    )
    public static func buildPartialBlock(
        accumulated: EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody>,
        next: EndpointParts<EndpointState.NoMethod, EndpointState.HasBody>
    ) -> EndpointParts<EndpointState.MethodWithoutBody, EndpointState.HasBody> {
        EndpointParts([])
    }

    /// Rejects `GET` or `HEAD` after a body.
    @available(
        *, unavailable,
        message: "GET and HEAD requests cannot have a Body; use another Method or drop the Body"
    )
    public static func buildPartialBlock(
        accumulated: EndpointParts<EndpointState.NoMethod, EndpointState.HasBody>,
        next: EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody>
    ) -> EndpointParts<EndpointState.MethodWithoutBody, EndpointState.HasBody> {
        EndpointParts([])
    }

    /// Supports `if` without `else` around parts that declare no method:
    ///
    /// ```swift
    /// if let page { Query("page", page) }
    /// ```
    public static func buildOptional<B>(
        _ parts: EndpointParts<EndpointState.NoMethod, B>?
    ) -> EndpointParts<EndpointState.NoMethod, B> {
        parts ?? .empty
    }

    /// Rejects a method that is only declared on some paths.
    @available(
        *, unavailable,
        message: "a Method inside 'if' without 'else' may be missing; declare it in every branch"
    )
    public static func buildOptional<M: DeclaredMethodState, B>(
        _ parts: EndpointParts<M, B>?
    ) -> EndpointParts<M, B> {
        EndpointParts([])
    }

    /// Supports the first branch of `if`/`else` and `switch`; every branch must declare the same
    /// kind of method and body:
    ///
    /// ```swift
    /// switch visibility {
    /// case .public: Header("X-Visibility", "public")
    /// case .private: Header.bearer(token)
    /// }
    /// ```
    public static func buildEither<M, B>(first parts: EndpointParts<M, B>) -> EndpointParts<M, B> {
        parts
    }

    /// Supports the other branches of `if`/`else` and `switch`:
    ///
    /// ```swift
    /// if let token { Header.bearer(token) } else { Header.apiKey(publicKey) }
    /// ```
    public static func buildEither<M, B>(second parts: EndpointParts<M, B>) -> EndpointParts<M, B> {
        parts
    }

    /// Rejects branches where one declares `GET`/`HEAD` and another a method that allows a body.
    @available(
        *, unavailable,
        message:
            "branches mix GET/HEAD with a method that allows a Body; write Method(HTTPMethod.get) so the body rule is checked when the request is built"
    )
    public static func buildEither(
        first parts: EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody>
    ) -> EndpointParts<EndpointState.MethodWithBodyAllowed, EndpointState.NoBody> {
        EndpointParts(parts.parts)
    }

    /// Rejects branches where one declares `GET`/`HEAD` and another a method that allows a body.
    @available(
        *, unavailable,
        message:
            "branches mix GET/HEAD with a method that allows a Body; write Method(HTTPMethod.get) so the body rule is checked when the request is built"
    )
    public static func buildEither(
        second parts: EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody>
    ) -> EndpointParts<EndpointState.MethodWithBodyAllowed, EndpointState.NoBody> {
        EndpointParts(parts.parts)
    }

    /// Supports `for` loops over parts that declare neither a method nor a body:
    ///
    /// ```swift
    /// for tag in tags { Query("tag", tag) }
    /// ```
    public static func buildArray(
        _ parts: [EndpointParts<EndpointState.NoMethod, EndpointState.NoBody>]
    ) -> EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(parts.flatMap(\.parts))
    }

    /// Rejects a method or body inside a `for` loop, which could repeat it.
    @available(
        *, unavailable,
        message: "a Method or Body inside 'for' could repeat; declare it once outside the loop"
    )
    public static func buildArray<M, B>(_ parts: [EndpointParts<M, B>]) -> EndpointParts<M, B> {
        EndpointParts([])
    }

    /// Ends a block that is a group (``Components``, ``Endpoint/with(_:)``) or a
    /// ``RequestModel/definition``: its parts.
    public static func buildFinalResult<M, B>(_ parts: EndpointParts<M, B>) -> EndpointParts<M, B> {
        parts
    }

    /// Ends an ``Endpoint`` block that declares a method.
    public static func buildFinalResult<M: DeclaredMethodState, B>(
        _ parts: EndpointParts<M, B>
    ) -> EndpointBlock {
        EndpointBlock(parts: parts.parts)
    }

    /// Rejects an ``Endpoint`` block without a method.
    @available(*, unavailable, message: "an endpoint needs a Method; add Method.get, Method.post, …")
    public static func buildFinalResult<B>(
        _ parts: EndpointParts<EndpointState.NoMethod, B>
    ) -> EndpointBlock {
        EndpointBlock(parts: [])
    }

    /// Rejects a ``RequestModel/definition`` without a method.
    @available(*, unavailable, message: "an endpoint needs a Method; add Method.get, Method.post, …")
    public static func buildFinalResult<B>(
        _ parts: EndpointParts<EndpointState.NoMethod, B>
    ) -> EndpointParts<EndpointState.MethodWithBodyAllowed, B> {
        EndpointParts([])
    }

    /// Supports `if #available` around parts:
    ///
    /// ```swift
    /// if #available(macOS 14, *) { Header("X-Feature", "new") }
    /// ```
    public static func buildLimitedAvailability<M, B>(_ parts: EndpointParts<M, B>) -> EndpointParts<M, B> {
        parts
    }
}
