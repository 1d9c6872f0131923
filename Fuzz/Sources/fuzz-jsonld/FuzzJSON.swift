import FuzzSupport
import ReservationFeed

// JSON as either reader takes it: schema.org JSON-LD, and ReservationFeed's native format.
@main
enum FuzzJSON {
    static func main() {
        FuzzRun.runDriver(test)
    }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        let bytes = FuzzRun.bytes(data, size)
        FuzzRun.build(SchemaOrgReader().readJSONLD(bytes, source: .file("fuzz.jsonld")))
        FuzzRun.build(NativeJSONReader().read(bytes, source: .file("fuzz.json")))
        return 0
    }
}
