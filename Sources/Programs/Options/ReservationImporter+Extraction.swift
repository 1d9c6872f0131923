import ArgumentParser
import ReservationFeed

extension ReservationImporter.Extraction: ExpressibleByArgument {}
