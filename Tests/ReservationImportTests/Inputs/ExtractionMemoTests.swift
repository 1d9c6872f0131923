import Foundation
import ReservationImport
import TestSupport
import Testing

/// The memo of KDE's extractor's answers by document: kept while runs use it, pruned when they
/// stop, so that the folder follows what is still read rather than everything ever read.
@Suite("The memo of the extractor's answers")
struct ExtractionMemoTests {
    private let day = 86_400

    /// Sets a file's modification time, `daysAgo` days before `now`.
    private func age(_ path: String, daysAgo: Int, now: Int) {
        let then = timeval(tv_sec: now - daysAgo * day, tv_usec: 0)
        _ = [then, then].withUnsafeBufferPointer { utimes(path, $0.baseAddress) }
    }

    private func modified(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
    }

    @Test("answers unused for 60 days are removed, used ones kept, once a day at most")
    func prune() throws {
        let folder = try TemporaryFolder("memo-prune")
        let now = Int(Date().timeIntervalSince1970)
        for (name, daysAgo) in [("old.kitinerary", 90), ("old.authentication", 61), ("recent.kitinerary", 10), ("stray.partial", 70), ("notes.txt", 400)] {
            _ = try folder.write(name, "signature\n[]")
            age(folder.path(name), daysAgo: daysAgo, now: now)
        }
        #expect(ExtractionMemo.prune(folder.url.path, unusedForDays: 60, now: now) == 3)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(left == [".pruned", "notes.txt", "recent.kitinerary"])

        // Within a day of the last look, nothing is looked at.
        _ = try folder.write("another.kitinerary", "signature\n[]")
        age(folder.path("another.kitinerary"), daysAgo: 100, now: now)
        #expect(ExtractionMemo.prune(folder.url.path, unusedForDays: 60, now: now + 3600) == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("another.kitinerary")))
        #expect(ExtractionMemo.prune(folder.url.path, unusedForDays: 60, now: now + 2 * day) == 1)
    }

    @Test("an answer used again is marked as used; one of another extractor is not used")
    func markingUse() throws {
        let folder = try TemporaryFolder("memo-use")
        let path = folder.path("document.kitinerary")
        let memo = ExtractionMemo.file(path, markingUse: true)
        memo.save("kitinerary-extractor 1", Array("[\n]\n".utf8))
        let now = Int(Date().timeIntervalSince1970)
        age(path, daysAgo: 50, now: now)
        #expect(memo.load("kitinerary-extractor 2") == nil)
        #expect(try modified(path) < now - 49 * day, "an answer not used is not marked")
        #expect(memo.load("kitinerary-extractor 1") == Array("[\n]\n".utf8))
        #expect(try modified(path) >= now - 60)
    }
}
