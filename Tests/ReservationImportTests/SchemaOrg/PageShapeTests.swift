@testable import HTMLMarkup
import Reservations
import Testing

@testable import ReservationImport

/// Reading a page must cost in proportion to its size, whatever its shape: a 5 KB mutation of
/// Google's restaurant example (nested items left unclosed, each the value of two properties)
/// once took minutes and gigabytes, its time doubling with each level of nesting.
///
/// The proof is in two parts. The work the reader does, counted (elements read, elements the
/// Microdata crawl looks at, items, properties, text), doubles when the page doubles, for every
/// shape. And pages of a megabyte or two of each shape are read whole within a time limit far
/// beyond what linear work needs, so that a hidden quadratic or exponential step cannot pass.
@Suite("Reading a page costs in proportion to its size, whatever its shape")
struct PageShapeTests {
    enum Shape: String, CaseIterable, Sendable {
        /// Items nested n deep, never closed, each the value of two properties.
        case nestedTwoNames
        /// n elements with `itemprop`, never closed: each one's text runs to the end of the page.
        case unclosedText
        /// One item with n properties.
        case wideItem
        /// n items whose `itemref` names the same block of 50 properties.
        case sharedItemref
        /// n items in a `p` that holds a `div`, as Google's inline example writes them.
        case divInsideP
        /// n `p` items nested in each other, all closed at the end.
        case nestedParagraphs
        /// n elements nested, each an item and a property.
        case deepNesting
    }

    static func page(_ shape: Shape, _ n: Int) -> String {
        let body: String
        switch shape {
        case .nestedTwoNames:
            body = #"<div itemscope itemtype="http://schema.org/FoodEstablishmentReservation"><meta itemprop="reservationNumber" content="X1"><meta itemprop="startTime" content="2027-04-10T08:00:00+00:00">"#
                + (0..<n).map { #"<div itemprop="reservationFor provider" itemscope itemtype="http://schema.org/FoodEstablishment"><meta itemprop="name" content="W\#($0)">"# }.joined()
        case .unclosedText:
            body = #"<div itemscope itemtype="http://schema.org/Person">"# + (0..<n).map { #"<span itemprop="name">word \#($0) "# }.joined()
        case .wideItem:
            body = #"<div itemscope itemtype="http://schema.org/Thing">"# + (0..<n).map { #"<meta itemprop="p\#($0)" content="v">"# }.joined() + "</div>"
        case .sharedItemref:
            body = #"<div id="shared">"# + String(repeating: #"<span itemprop="x">y</span>"#, count: 50) + "</div>"
                + String(repeating: #"<div itemscope itemref="shared"></div>"#, count: n)
        case .divInsideP:
            body = (0..<n).map {
                #"<p itemscope itemtype="http://schema.org/FoodEstablishmentReservation">Booking <div itemprop="reservationNumber">R\#($0)</div><meta itemprop="startTime" content="2027-05-01T19:00:00+02:00"></p>"#
            }.joined()
        case .nestedParagraphs:
            body = String(repeating: #"<p itemscope itemtype="http://schema.org/Thing">"#, count: n) + #"<div itemprop="name">deep</div>"#
                + String(repeating: "</p>", count: n)
        case .deepNesting:
            body = String(repeating: #"<div itemscope itemprop="x">"#, count: n)
        }
        return "<html><body>" + body + "</body></html>"
    }

    /// The work reading a page takes, counted.
    static func work(_ shape: Shape, _ n: Int) -> Int {
        let bytes = Array(page(shape, n).utf8)
        let extraction = HTMLMarkup.extract(from: bytes, maximumValueLength: ImportLimits().fieldLength)
        var builder = SchemaGraphBuilder(microdata: extraction)
        builder.addMicrodata(extraction, basePath: "", linesAreMeaningful: true)
        let graph = builder.build()
        let properties = extraction.items.reduce(0) { $0 + $1.properties.count }
        return extraction.elementCount + extraction.visitCount + extraction.items.count + properties + extraction.text.count
            + graph.objects.count + graph.values.count
    }

    @Test("the work counted doubles when the page doubles", arguments: Shape.allCases)
    func proportional(shape: Shape) {
        let sizes = [500, 1000, 2000, 4000]
        let counts = sizes.map { Self.work(shape, $0) }
        for (smaller, larger) in zip(counts, counts.dropFirst()) {
            #expect(Double(larger) <= Double(smaller) * 2.2, "\(shape): \(counts)")
        }
    }

    @Test("pages of a megabyte or two of every shape are read whole, and what they hold is found", .timeLimit(.minutes(2)))
    func largePages() throws {
        let reader = SchemaOrgReader()
        for shape in Shape.allCases {
            let n = shape == .sharedItemref ? 15_000 : 20_000
            let bytes = Array(Self.page(shape, n).utf8)
            let result = reader.readHTML(bytes, source: .file("\(shape).html"))
            switch shape {
            case .nestedTwoNames:
                // One reservation: the restaurant is the outermost nested item.
                #expect(result.reservations.count == 1)
                guard case .restaurant(let table)? = result.reservations.first?.reservation.details else {
                    Issue.record("no restaurant from \(shape)")
                    continue
                }
                #expect(table.place?.name == "W0")
            case .divInsideP:
                let numbers = Set(result.reservations.compactMap(\.reservation.reservationNumber))
                #expect(numbers.count == n)
                #expect(numbers.contains("R0") && numbers.contains("R\(n - 1)"))
            default:
                // No reservations there; what matters is that the reading ends.
                #expect(result.reservations.isEmpty)
            }
        }
    }

    @Test("a value that is too long is left out without being copied, and said so")
    func longValues() {
        let extraction = HTMLMarkup.extract(from: Array(Self.page(.unclosedText, 20_000).utf8), maximumValueLength: 65_536)
        #expect(extraction.valuesLeftOut > 0)
        #expect(extraction.topLevel.count == 1)
    }
}
