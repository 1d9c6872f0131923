import Testing

@testable import HTMLMarkup

@Suite("HTML markup")
struct HTMLMarkupTests {
    private func extract(_ html: String) -> HTMLExtraction {
        HTMLMarkup.extract(from: Array(html.utf8))
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
        let items = extract(Self.epicSteak).items
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item.types == ["FoodEstablishmentReservation"])
        #expect(item.line == 2)
        #expect(item.properties.map(\.name) == ["reservationStatus", "reservationId", "partySize", "reservationFor"])
        #expect(item.properties[0].value == .text("http://schema.org/ReservationConfirmed"))
        #expect(item.properties[1].value == .text("IWDSCA"))
        guard case .item(let place) = item.properties[3].value else {
            Issue.record("reservationFor is not an item")
            return
        }
        #expect(place.types == ["FoodEstablishment"])
        #expect(place.properties.map(\.name) == ["name", "startDate", "address"])
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
        let item = try #require(extract(html).items.first)
        let values = item.properties.map { property -> String in
            if case .text(let text) = property.value { return "\(property.name)=\(text)" }
            return "\(property.name)=item"
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
        let items = extract(html).items
        #expect(items.first?.properties.first?.value == .text("Glo & Co"))
        #expect(extract("").items.isEmpty)
        #expect(extract("\u{0}\u{1}binary\u{FF}").items.isEmpty)
    }

    @Test("the page's declared encoding is honoured")
    func encoding() {
        let latin1: [UInt8] = Array("<html><head><meta charset=\"iso-8859-1\"></head><body><div itemscope><span itemprop=name>Caf".utf8) + [0xE9]
            + Array("</span></div></body></html>".utf8)
        #expect(HTMLMarkup.extract(from: latin1).items.first?.properties.first?.value == .text("Café"))
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

    @Test("items whose itemrefs point at each other stop at the element budget instead of taking exponential time")
    func itemrefCycles() {
        let page = """
            <div itemscope itemtype="http://schema.org/Thing" itemref="a b"></div>
            <div id="a" itemprop="p" itemscope itemref="b b"><span itemprop="n">A</span></div>
            <div id="b" itemprop="q" itemscope itemref="a a"><span itemprop="n">B</span></div>
            """
        let extraction = HTMLMarkup.extract(from: Array(page.utf8), maximumElements: 10_000)
        #expect(extraction.elementsLeftOut > 0)
        #expect(extraction.items.count == 1)
        let short = HTMLMarkup.extract(from: Array("<p itemscope><b itemprop=x>far too long</b></p>".utf8), maximumValueLength: 4)
        #expect(short.valuesLeftOut == 1 && short.items.first?.properties.isEmpty == true)
    }
}
