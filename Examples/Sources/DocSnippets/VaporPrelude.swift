// What the README's Vapor sample uses that it does not declare, in a file of its own: Vapor's
// names (`Application`, `Request`) clash with Hummingbird's, which Prelude.swift imports.

import Vapor

/// The Vapor application the README's sample adds its middleware to. DocSnippets is compiled,
/// never run, and an application is made only asynchronously (`Application.make`).
var app: Application {
    preconditionFailure("DocSnippets is compiled, never run.")
}
