import Testing

@testable import HTMLMarkup

@Suite("HTML markup")
struct HTMLMarkupTests {
    private func extract(_ html: String) -> HTMLExtraction {
        HTMLMarkup.extract(from: Array(html.utf8))
    }

    /// A property's value as text, `item` for a nested item.
    private func text(_ value: MicrodataValue?, in extraction: HTMLExtraction) -> String? {
        switch value {
        case .text(let range): extraction.string(range)
        case .item: "item"
        case nil: nil
        }
    }

    /// The seed's Microdata sample (WWDC 2020), as a page.
    static let epicSteak = """
        <html><body>
        <div itemscope itemtype="FoodEstablishmentReservation">
          <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed"/>
          <meta itemprop="reservationId" content="IWDSCA"/>
          <meta itemprop="partySize" content="2"/>
          <div itemprop="reservationFor" itemscope itemtype="FoodEstablishment">
            <meta itemprop="name" content="EPIC Steak"/>
            <meta itemprop="startDate" content="2020-06-26T19:30:00-07:00"/>
            <div itemprop="address" itemscope itemtype="PostalAddress">
              <meta itemprop="streetAddress" content="369 The Embarcadero"/>
              <meta itemprop="addressLocality" content="San Francisco"/>
            </div>
          </div>
        </div>
        </body></html>
        """

    @Test("the seed's Microdata: item, types, properties, nested items and lines")
    func microdata() throws {
        let extraction = extract(Self.epicSteak)
        let items = extraction.topLevel
        #expect(items.count == 1)
        #expect(extraction.items.count == 3)
        let item = try #require(items.first)
        #expect(item.types == ["FoodEstablishmentReservation"])
        #expect(item.line == 2)
        #expect(item.properties.map(\.names) == [["reservationStatus"], ["reservationId"], ["partySize"], ["reservationFor"]])
        #expect(text(item.properties[0].value, in: extraction) == "http://schema.org/ReservationConfirmed")
        #expect(text(item.properties[1].value, in: extraction) == "IWDSCA")
        guard case .item(let index) = item.properties[3].value else {
            Issue.record("reservationFor is not an item")
            return
        }
        let place = extraction.items[index]
        #expect(place.types == ["FoodEstablishment"])
        #expect(place.properties.map(\.names) == [["name"], ["startDate"], ["address"]])
        #expect(item.properties[3].line == 6)
    }

    @Test("values by element: text, href, src, datetime, data value; multiple names; itemref")
    func values() throws {
        let html = """
            <div itemscope itemtype="http://schema.org/EventReservation" itemref="extra">
              <span itemprop="name alternateName">  Sibelius,
                 Symphony   No. 2 </span>
              <a itemprop="url" href="https://example.com/t/1">tickets</a>
              <img itemprop="image" src="poster.png">
              <time itemprop="startDate" datetime="2030-06-17T19:00:00+03:00">17 June</time>
              <time itemprop="endDate">21:00</time>
              <data itemprop="partySize" value="2">two</data>
            </div>
            <p id="extra"><span itemprop="provider">Tickets Oy</span></p>
            """
        let extraction = extract(html)
        let item = try #require(extraction.topLevel.first)
        let values = item.properties.flatMap { property in
            property.names.map { "\($0)=\(text(property.value, in: extraction) ?? "")" }
        }
        #expect(values == [
            "name=Sibelius, Symphony No. 2", "alternateName=Sibelius, Symphony No. 2", "url=https://example.com/t/1",
            "image=poster.png", "startDate=2030-06-17T19:00:00+03:00", "endDate=21:00", "partySize=2", "provider=Tickets Oy",
        ])
    }

    @Test("JSON-LD blocks with their lines; other scripts are ignored")
    func scripts() {
        let html = "<html><head>\n<script>var x = 1;</script>\n<script type=\" Application/LD+JSON \">{\"@type\": \"A\"}</script>\n</head><body>\n<script type=\"application/ld+json\">[1]</script></body></html>"
        let scripts = extract(html).scripts
        #expect(scripts == [ScriptBlock(text: "{\"@type\": \"A\"}", line: 3), ScriptBlock(text: "[1]", line: 5)])
    }

    @Test("broken HTML still yields its markup")
    func broken() {
        let html = "<div><p>unclosed <b>bold <div itemscope itemtype=Hotel><span itemprop=name>Glo &amp; Co</span></table></p>"
        let extraction = extract(html)
        #expect(text(extraction.topLevel.first?.properties.first?.value, in: extraction) == "Glo & Co")
        #expect(extract("").items.isEmpty)
        #expect(extract("\u{0}\u{1}binary\u{FF}").items.isEmpty)
    }

    @Test("the page's declared encoding is honoured")
    func encoding() {
        let latin1: [UInt8] = Array("<html><head><meta charset=\"iso-8859-1\"></head><body><div itemscope><span itemprop=name>Caf".utf8) + [0xE9]
            + Array("</span></div></body></html>".utf8)
        let extraction = HTMLMarkup.extract(from: latin1)
        #expect(text(extraction.topLevel.first?.properties.first?.value, in: extraction) == "Café")
    }

    @Test("HTML entities", arguments: [
        ("Caf&eacute; &amp; Co", "Café & Co"), ("&#233;&#xE9;&#XE9;", "ééé"), ("&quot;a&quot;", "\"a\""), ("&bogus; &", "&bogus; &"),
        ("no entities", "no entities"), ("&amp", "&amp"),
    ])
    func entities(text: String, decoded: String) {
        #expect(HTMLEntities.decode(text) == decoded)
    }

    @Test("nesting deeper than the limit does not exhaust the stack")
    func deep() {
        let html = String(repeating: "<div itemscope><div itemprop=x itemscope>", count: 5000)
        _ = extract(html)
    }

    @Test("items whose itemrefs point at each other are each crawled once, and a cycle is no value")
    func itemrefCycles() {
        let page = """
            <div itemscope itemtype="http://schema.org/Thing" itemref="a b"></div>
            <div id="a" itemprop="p" itemscope itemref="b b"><span itemprop="n">A</span></div>
            <div id="b" itemprop="q" itemscope itemref="a a"><span itemprop="n">B</span></div>
            """
        let extraction = HTMLMarkup.extract(from: Array(page.utf8), maximumElements: 10_000)
        #expect(extraction.elementsLeftOut == 0)
        #expect(extraction.topLevel.count == 1)
        #expect(extraction.items.count == 3)
        // Thing has p (item a) and q (item b); a has n and q (item b); b has n, and not a, which holds it.
        #expect(extraction.topLevel.first?.properties.map(\.names) == [["p"], ["q"]])
        #expect(extraction.items.map { $0.properties.flatMap(\.names) }.sorted { $0.count < $1.count } == [["n"], ["n", "q"], ["p", "q"]])
        // A page with more elements than the budget is read up to it, and says so.
        let large = String(repeating: "<span>x</span>", count: 2000) + "<div itemscope><b itemprop=x>late</b></div>"
        #expect(HTMLMarkup.extract(from: Array(large.utf8), maximumElements: 1000).elementsLeftOut > 0)
        let short = HTMLMarkup.extract(from: Array("<p itemscope><b itemprop=x>far too long</b></p>".utf8), maximumValueLength: 4)
        #expect(short.valuesLeftOut == 1 && short.topLevel.first?.properties.isEmpty == true)
    }

    @Test("a div inside a p, closed by the author after it, belongs to the p's item (Google's inline example)")
    func divInsideParagraph() throws {
        let html = """
            <p itemscope itemtype="http://schema.org/EventReservation">
              Reservation number: <span itemprop="reservationNumber">IO12345</span><br/>
              <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Event">
                Event: <span itemprop="name">Google I/O 2013</span><br/>
                <time itemprop="startDate" datetime="2013-05-15T08:30:00-08:00">Start time: May 15th 2013 8:00am PST</time>
              </div>
            </p>
            <p>after</p>
            """
        let extraction = extract(html)
        let item = try #require(extraction.topLevel.first)
        #expect(extraction.topLevel.count == 1)
        #expect(item.properties.map(\.names) == [["reservationNumber"], ["reservationFor"]])
        guard case .item(let event) = item.properties.last?.value else {
            Issue.record("reservationFor is not an item")
            return
        }
        #expect(extraction.items[event].properties.map { text($0.value, in: extraction) } == ["Google I/O 2013", "2013-05-15T08:30:00-08:00"])
    }

    @Test("elements the author left open close where HTML says (li, p), and empty-element syntax is honoured")
    func unclosedElements() throws {
        let html = """
            <ul><li itemscope itemtype="http://schema.org/Person"><span itemprop="name">A</span>
            <li itemscope itemtype="http://schema.org/Person"><span itemprop="name">B</span></ul>
            <div itemscope itemtype="http://schema.org/Event"><time itemprop="startDate" datetime="2030-01-01T10:00"/><span itemprop="name">N</span></div>
            """
        let extraction = extract(html)
        #expect(extraction.topLevel.count == 3)
        #expect(extraction.topLevel.map { $0.properties.count } == [1, 1, 2])
        #expect(extraction.topLevel[2].properties.map(\.names) == [["startDate"], ["name"]])
    }

    @Test("a link or anchor without its standard attribute gives its content attribute, as authors meant (Lufthansa)")
    func contentFallback() throws {
        let html = #"<div itemscope><link itemprop="checkinUrl" content="https://example.com/checkin"><a itemprop="url" href="https://example.com/b">b</a></div>"#
        let extraction = extract(html)
        #expect(extraction.topLevel.first?.properties.map { text($0.value, in: extraction) } == ["https://example.com/checkin", "https://example.com/b"])
    }

    @Test("the page's language is read from the html element")
    func language() {
        #expect(extract(#"<html lang="de-AT"><body>x</body></html>"#).language == "de-AT")
        #expect(extract("<html><body>x</body></html>").language == nil)
    }
}
