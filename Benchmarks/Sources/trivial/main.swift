// The start-up cost of a Swift program built in release mode by SwiftPM: what a cold
// `reservation-feed generate` of a few reservations is compared with.
print("trivial")
