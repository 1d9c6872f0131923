import Foundation

/// Whether the tests, and so the programs built beside them, run under a sanitizer
/// (`swift test --sanitize=thread` or `=address`, as docs/reliability.md has them run).
///
/// A sanitizer keeps shadow memory and its own records beside every allocation: a program under
/// ThreadSanitizer holds several times the resident memory it holds alone. Tests that bound a
/// program's memory measure the program, not the sanitizer, by ``memoryBound(_:)``.
public enum Sanitizer {
    /// The sanitizer this process was built with, found by its runtime's entry point; `nil` for none.
    public static let active: String? = {
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(process) }
        if dlsym(process, "__tsan_init") != nil { return "thread" }
        if dlsym(process, "__asan_init") != nil { return "address" }
        return nil
    }()

    /// A bound on a program's peak resident memory, in kilobytes: `kilobytes` as given in an
    /// ordinary build, where the bound is checked as meant; three times it under a sanitizer, whose
    /// runs are for races and memory errors (a publish bounded at 300 MB peaked at 313 MB under
    /// ThreadSanitizer). Unbounded growth still crosses it.
    public static func memoryBound(_ kilobytes: Int) -> Int {
        active == nil ? kilobytes : kilobytes * 3
    }
}
