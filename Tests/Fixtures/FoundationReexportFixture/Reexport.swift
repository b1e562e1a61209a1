// Models `import Foundation` on Apple platforms, which re-exports ObjectiveC and its `Method`.
@_exported import ObjectiveCMethodFixture
