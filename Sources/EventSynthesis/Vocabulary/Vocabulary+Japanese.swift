extension Vocabulary {
    static let japanese = Vocabulary(
        flight: "フライト", hotel: "ホテル", rentalCar: "レンタカー", restaurant: "レストラン", event: "イベント",
        movie: "映画", train: "列車", bus: "バス", boat: "船",
        cancelledPrefix: "キャンセル済み：", busy: "予定あり", labelSeparator: "：", listSeparator: "、",
        people: { "\($0)名" },
        adults: { "大人\($0)名" },
        children: { "子供\($0)名" },
        from: { "\($0)発" }, to: { "\($0)行き" },
        row: { "\($0)列" }, rowAndSeat: { "\($0)列 \($1)番" },
        opens: { "\($0)開始" }, closes: { "\($0)終了" },
        checkInOpenReminder: { "チェックイン受付中：\($0)" }, boardingReminder: { "搭乗開始：\($0)" },
        reservationNumber: "予約番号", bookedUnder: "予約者名", travellers: "旅行者", airline: "航空会社", flightDeparture: "出発",
        flightArrival: "到着", terminal: "ターミナル", gate: "ゲート", boarding: "搭乗", arrivalTerminal: "到着ターミナル",
        arrivalGate: "到着ゲート", seat: "座席", checkIn: "チェックイン", checkOut: "チェックアウト", guests: "宿泊人数",
        phone: "電話", car: "車両", pickUp: "受取", dropOff: "返却", partySize: "人数", venue: "会場", tickets: "枚数",
        operator: "運行会社", departure: "出発", arrival: "到着", platform: "乗り場", arrivalPlatform: "到着乗り場",
        provider: "提供会社", bookedThrough: "予約経由", onlineCheckIn: "オンラインチェックイン", booking: "予約ページ",
        dates: DateConventions(
            date: "y年M月d日(EEE)", dateTime: "y年M月d日(EEE) H:mm", time: "H:mm",
            weekdays: ["日", "月", "火", "水", "木", "金", "土"],
            months: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
            am: "午前", pm: "午後"))
}
