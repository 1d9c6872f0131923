// The value types of ReservationFeed's public API come from these modules; importing
// ReservationFeed makes them available without further imports.
@_exported import Chrono
@_exported import DKIM
@_exported import Diagnostics
@_exported import EventModel
@_exported import EventSynthesis
@_exported import Mailboxes
@_exported import ReservationImport
@_exported import Reservations
@_exported import SenderVerification
