// Domains where anyone can have an address that are not free-mail providers (those are in
// FreeMailTable.swift): mailing-list hosts, e-mail relays and aliases, and multi-tenant domains
// where each subdomain is another customer's.
//
// Kept by hand. One domain a line, tab-separated: the domain as it appears after the `@` (its
// subdomains count too), its kind (`mailing-list`, `relay` or `multi-tenant`), the service's
// name, and the public source that describes it.

/// The shared-address domains, one a line; ``SharedAddressDomains`` reads it.
let sharedAddressTable = #"""
33mail.com	relay	33mail	https://www.33mail.com/
aleeas.com	relay	SimpleLogin	https://simplelogin.io/
anonaddy.com	relay	addy.io (AnonAddy)	https://addy.io/
anonaddy.me	relay	addy.io (AnonAddy)	https://addy.io/
awsapps.com	multi-tenant	Amazon WorkMail default domains (<org>.awsapps.com)	https://aws.amazon.com/workmail/
duck.com	relay	DuckDuckGo Email Protection	https://duckduckgo.com/email/
framalistes.org	mailing-list	Framalistes (Framasoft)	https://framalistes.org/
freelists.org	mailing-list	FreeLists	https://www.freelists.org/
freshdesk.com	multi-tenant	Freshdesk support addresses (<account>.freshdesk.com)	https://www.freshworks.com/freshdesk/
gaggle.email	mailing-list	Gaggle Mail	https://gaggle.email/
googlegroups.com	mailing-list	Google Groups	https://groups.google.com/
groups.io	mailing-list	Groups.io	https://groups.io/
guest.airbnb.com	relay	Airbnb guest email aliases (discontinued 2023)	https://www.airbnb.com/help/article/694
guest.booking.com	relay	Booking.com guest alias addresses	https://partner.booking.com/en-gb/help/reservations/why-does-guests-email-address-end-guestbookingcom
host.airbnb.com	relay	Airbnb host email aliases (discontinued 2023)	https://www.airbnb.com/help/article/694
lists.launchpad.net	mailing-list	Launchpad team mailing lists	https://help.launchpad.net/ListHelp
lists.riseup.net	mailing-list	Riseup lists	https://lists.riseup.net/
lists.sourceforge.net	mailing-list	SourceForge project mailing lists	https://lists.sourceforge.net/lists/listinfo
lists.sr.ht	mailing-list	SourceHut lists	https://man.sr.ht/lists.sr.ht/
m.expediapartnercentral.com	relay	Expedia guest proxy addresses	https://support.hostaway.com/hc/it/articles/360003177994-Expedia-Messaggistica-per-gli-Ospiti
mail.onmicrosoft.com	multi-tenant	Exchange Online routing domains (<tenant>.mail.onmicrosoft.com)	https://learn.microsoft.com/en-us/microsoft-365/admin/setup/domains-faq
mailgun.org	multi-tenant	Mailgun sandbox domains (sandbox<id>.mailgun.org)	https://www.mailgun.com/
mozmail.com	relay	Firefox Relay	https://relay.firefox.com/
onmicrosoft.com	multi-tenant	Microsoft 365 initial tenant domains (<tenant>.onmicrosoft.com)	https://learn.microsoft.com/en-us/microsoft-365/admin/setup/domains-faq
partner.booking.com	relay	Booking.com property alias addresses	https://partnerhelp.booking.com/hc/en-us/articles/212715429-Where-can-I-see-messages-sent-between-my-property-and-the-guest-
passinbox.com	relay	Proton Pass hide-my-email aliases	https://proton.me/support/pass-email-alias
passmail.com	relay	Proton Pass hide-my-email aliases	https://proton.me/support/pass-email-alias
passmail.net	relay	Proton Pass hide-my-email aliases	https://proton.me/support/pass-email-alias
privaterelay.appleid.com	relay	Sign in with Apple private email relay (Hide My Email)	https://developer.apple.com/documentation/signinwithapplejs/communicating_using_the_private_email_relay_service
simplelists.com	mailing-list	Simplelists	https://www.simplelists.com/
simplelogin.com	relay	SimpleLogin	https://simplelogin.io/
simplelogin.fr	relay	SimpleLogin	https://simplelogin.io/
slmail.me	relay	SimpleLogin	https://simplelogin.io/
spamgourmet.com	relay	spamgourmet disposable forwarding addresses	https://www.spamgourmet.com/
yahoogroups.com	mailing-list	Yahoo Groups (closed 2020)	https://groups.yahoo.com/
zendesk.com	multi-tenant	Zendesk support addresses (<account>.zendesk.com)	https://www.zendesk.com/
"""#
