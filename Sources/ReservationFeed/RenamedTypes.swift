// Names of 0.1 that said too little, kept for one release so that code written against them
// still builds, with a warning that names the new one.

/// The old name of ``FeedDocument``.
@available(*, deprecated, renamed: "FeedDocument")
public typealias Feed = FeedDocument

/// The old name of ``FeedBuildResult``.
@available(*, deprecated, renamed: "FeedBuildResult")
public typealias FeedBuild = FeedBuildResult

/// The old name of ``FeedGenerationReport``.
@available(*, deprecated, renamed: "FeedGenerationReport")
public typealias FeedRunReport = FeedGenerationReport
