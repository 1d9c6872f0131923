import FuzzSupport
import ReservationFeed

// An e-mail: its MIME structure, headers, charsets and transfer encodings, then its markup.
@main
enum FuzzMail {
    static func main() {
        FuzzRun.runDriver(test)
    }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        FuzzRun.build(SchemaOrgReader().readMail(FuzzRun.bytes(data, size), source: .file("fuzz.eml")))
        return 0
    }
}
