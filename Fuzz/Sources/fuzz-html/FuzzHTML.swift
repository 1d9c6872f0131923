import FuzzSupport
import ReservationFeed

// A web page: its JSON-LD blocks and its Microdata.
@main
enum FuzzHTML {
    static func main() {
        FuzzRun.runDriver(test)
    }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        FuzzRun.build(SchemaOrgReader().readHTML(FuzzRun.bytes(data, size), source: .file("fuzz.html")))
        return 0
    }
}
