// The registry of known booking senders: organizations whose e-mail is believed to carry
// bookings (airlines, rail, coach and ferry operators, hotel groups, booking platforms, travel
// agencies, car rental, ticketing and restaurant booking), by the organizational domain their
// mail is sent from.
//
// Kept by hand. One organization's domain a line, tab-separated: the domain (as the Public Suffix
// List makes it an organization's: `united.com`, not `news.united.com`), its kind, the
// organization's name, and the public source that shows the domain is that organization's
// (for 101 of them, the KDE KItinerary extractor whose From filter names the domain, read at
// commit f234c0c0b196475a540adf6fcfeeb8ed93a783d6; otherwise, most often, the organization's own
// site on that domain). Lines are sorted by their UTF-8 bytes (`LC_ALL=C sort`), which the
// look-up relies on and a test checks. docs/trusted-senders.md says how to add one.

/// The known booking senders, one a line; ``KnownSenders`` reads it.
let knownSenderTable = #"""
12306.cn	rail	China Railway (12306)	https://www.12306.cn/
12go.asia	travel-agency	12Go	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/12go.json
25hours-hotels.com	hotel	25hours Hotels	https://www.25hours-hotels.com/
aa.com	airline	American Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/americanairlines.json
ab-in-den-urlaub.de	travel-agency	ab-in-den-urlaub.de	https://www.ab-in-den-urlaub.de/
accor-mail.com	hotel	Accor	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/accor.json
accor.com	hotel	Accor	https://www.accor.com/
acprail.com	travel-agency	ACP Rail International	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/acprail.json
aegeanair.com	airline	Aegean Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/aegean.json
aerlingus.com	airline	Aer Lingus	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/aerlingus.json
aerolineas.com.ar	airline	Aerolíneas Argentinas	https://www.aerolineas.com.ar/
aeromexico.com	airline	Aeroméxico	https://www.aeromexico.com/
aferry.com	booking-platform	AFerry	https://www.aferry.com/
agoda.com	booking-platform	Agoda	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/agoda.json
airarabia.com	airline	Air Arabia	https://www.airarabia.com/
airasia.com	airline	AirAsia	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/airasia.json
airastana.com	airline	Air Astana	https://www.airastana.com/
airbaltic.com	airline	airBaltic	https://invent.kde.org/pim/kitinerary/-/blob/f7d6efa3f785791b58c5d3a5b3f30d01ad2792b8/src/lib/extractors/airbaltic.json
airbnb.com	booking-platform	Airbnb	https://www.airbnb.com/
aircanada.com	airline	Air Canada	https://www.aircanada.com/
aircoach.ie	coach	Aircoach	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/aircoach-ie.json
airdo.co.jp	airline	AIRDO	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/airdo.json
aireuropa.com	airline	Air Europa	https://www.aireuropa.com/
airfrance.com	airline	Air France	https://invent.kde.org/pim/kitinerary/-/blob/27cc5694a2c7a5037bdffb5d2b8716cf62334ba7/src/extractors/airfrance.json
airfrance.fr	airline	Air France	https://invent.kde.org/pim/kitinerary/-/blob/27cc5694a2c7a5037bdffb5d2b8716cf62334ba7/src/extractors/airfrance.json
airindia.com	airline	Air India	https://www.airindia.com/
airindiaexpress.com	airline	Air India Express	https://www.airindiaexpress.com/
airmauritius.com	airline	Air Mauritius	https://www.airmauritius.com/
airnewzealand.co.nz	airline	Air New Zealand	https://www.airnewzealand.co.nz/
airserbia.com	airline	Air Serbia	https://www.airserbia.com/
airtahitinui.com	airline	Air Tahiti Nui	https://www.airtahitinui.com/
airtransat.com	airline	Air Transat	https://www.airtransat.com/
akasaair.com	airline	Akasa Air	https://www.akasaair.com/
alamo.com	car-rental	Alamo Rent a Car	https://www.alamo.com/
alaskaair.com	airline	Alaska Airlines	https://www.alaskaair.com/
all.com	hotel	Accor (ALL - Accor Live Limitless)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/accor.json
allegiantair.com	airline	Allegiant Air	https://www.allegiantair.com/
alsa.com	coach	ALSA	https://www.alsa.com/
amadeus.com	travel-agency	Amadeus	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/amadeus.json
aman.com	hotel	Aman	https://www.aman.com/
amctheatres.com	ticketing	AMC Theatres	https://www.amctheatres.com/
amtrak.com	rail	Amtrak	https://www.amtrak.com/
ana.co.jp	airline	All Nippon Airways (ANA)	https://www.ana.co.jp/
anek.gr	ferry	ANEK Lines	https://www.anek.gr/
aohostels.com	hotel	a&o Hostels	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/aohostels.json
apahotel.com	hotel	APA Hotel	https://www.apahotel.com/
arajet.com	airline	Arajet	https://www.arajet.com/
atgtickets.com	ticketing	ATG Tickets	https://www.atgtickets.com/
atpi.com	travel-agency	ATPI	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/atpi.json
atrapalo.com	travel-agency	Atrápalo	https://www.atrapalo.com/
aurigny.com	airline	Aurigny	https://www.aurigny.com/
austrian.com	airline	Austrian Airlines	https://www.austrian.com/
autoeurope.com	car-rental	Auto Europe	https://www.autoeurope.com/
availpro.com	booking-platform	Availpro (D-EDGE) hotel booking engine	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/availpro.json
avantiwestcoast.co.uk	rail	Avanti West Coast	https://www.avantiwestcoast.co.uk/
aveloair.com	airline	Avelo Airlines	https://www.aveloair.com/
avianca.com	airline	Avianca	https://www.avianca.com/
avis.com	car-rental	Avis	https://www.avis.com/
axs.com	ticketing	AXS	https://www.axs.com/
b-europe.com	rail	SNCB (Belgian Railways)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncb.json
b-rail.be	rail	SNCB (Belgian Railways)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncb.json
ba.com	airline	British Airways	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/british-airways.json
bahn.de	rail	Deutsche Bahn	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/deutschebahn.json
balearia.com	ferry	Baleària	https://www.balearia.com/
bangkokair.com	airline	Bangkok Airways	https://www.bangkokair.com/
banyantree.com	hotel	Banyan Tree	https://www.banyantree.com/
barcelo.com	hotel	Barceló Hotel Group	https://www.barcelo.com/
bcdtravel.com	travel-agency	BCD Travel	https://www.bcdtravel.com/
bcferries.com	ferry	BC Ferries	https://www.bcferries.com/
belgiantrain.be	rail	SNCB (Belgian Railways)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncb.json
belmond.com	hotel	Belmond	https://www.belmond.com/
bestwestern.com	hotel	Best Western	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/bestwestern.json
billiger-mietwagen.de	car-rental	billiger-mietwagen.de	https://www.billiger-mietwagen.de/
bintercanarias.com	airline	Binter	https://www.bintercanarias.com/
blablacar.com	coach	BlaBlaCar	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/blablacar-bus.json
blablacar.fr	coach	BlaBlaCar	https://www.blablacar.fr/
bls.ch	rail	BLS	https://www.bls.ch/
bluestarferries.com	ferry	Blue Star Ferries	https://www.bluestarferries.com/
booking.com	booking-platform	Booking.com	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/booking.json
bravofly.com	travel-agency	Bravofly (lastminute.com group)	https://www.bravofly.com/
bremer-baeder.de	ticketing	Bremer Bäder	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/bremer-baeder.json
britishairways.com	airline	British Airways	https://invent.kde.org/pim/kitinerary/-/blob/bee5bab0efdc3b488c76740b392907f74a622899/src/extractors/generic.json
brittany-ferries.co.uk	ferry	Brittany Ferries	https://www.brittany-ferries.co.uk/
brittany-ferries.fr	ferry	Brittany Ferries	https://www.brittany-ferries.fr/
brusselsairlines.com	airline	Brussels Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/brusselsairlines.json
budget.com	car-rental	Budget Rent a Car	https://www.budget.com/
budgetair.com	travel-agency	BudgetAir	https://www.budgetair.com/
busbud.com	travel-agency	Busbud	https://www.busbud.com/
buseireann.ie	coach	Bus Éireann	https://www.buseireann.ie/
caesar-data.com	booking-platform	CAESAR DATA hotel booking software	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/caesar-data.json
caesars.com	hotel	Caesars Entertainment	https://www.caesars.com/
caledoniansleeper.co.uk	rail	Caledonian Sleeper	https://www.caledoniansleeper.co.uk/
calmac.co.uk	ferry	CalMac Ferries	https://www.calmac.co.uk/
caribbean-airlines.com	airline	Caribbean Airlines	https://www.caribbean-airlines.com/
cathaypacific.com	airline	Cathay Pacific	https://www.cathaypacific.com/
cd.cz	rail	České dráhy (Czech Railways)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/czechrailways.json
ceair.com	airline	China Eastern Airlines	https://www.ceair.com/
cebupacificair.com	airline	Cebu Pacific	https://www.cebupacificair.com/
centauro.net	car-rental	Centauro Rent a Car	https://www.centauro.net/
centerparcs.co.uk	hotel	Center Parcs (UK)	https://www.centerparcs.co.uk/
cfl.lu	rail	CFL (Luxembourg Railways)	https://www.cfl.lu/
cfrcalatori.ro	rail	CFR Călători	https://www.cfrcalatori.ro/
cheapoair.com	travel-agency	CheapOair	https://www.cheapoair.com/
cheaptickets.com	travel-agency	CheapTickets	https://www.cheaptickets.com/
check24.de	travel-agency	CHECK24	https://www.check24.de/
chilternrailways.co.uk	rail	Chiltern Railways	https://www.chilternrailways.co.uk/
china-airlines.com	airline	China Airlines	https://www.china-airlines.com/
choicehotels.com	hotel	Choice Hotels	https://www.choicehotels.com/
chope.co	restaurant-booking	Chope	https://www.chope.co/
cinemaxx.de	ticketing	CinemaxX	https://www.cinemaxx.de/
cineworld.co.uk	ticketing	Cineworld	https://www.cineworld.co.uk/
citizenm.com	hotel	citizenM	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/citizenm.json
citylink.co.uk	coach	Scottish Citylink	https://www.citylink.co.uk/
cleartrip.com	travel-agency	Cleartrip	https://www.cleartrip.com/
clubmed.com	hotel	Club Med	https://www.clubmed.com/
coachusa.com	coach	Coach USA	https://www.coachusa.com/
colorline.com	ferry	Color Line	https://www.colorline.com/
condor.com	airline	Condor	https://www.condor.com/
condorferries.co.uk	ferry	Condor Ferries	https://www.condorferries.co.uk/
connect.sncf	rail	SNCF Connect	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncf.json
copaair.com	airline	Copa Airlines	https://www.copaair.com/
corsica-ferries.fr	ferry	Corsica Ferries	https://www.corsica-ferries.fr/
corsicalinea.com	ferry	Corsica Linea	https://www.corsicalinea.com/
covermanager.com	restaurant-booking	CoverManager	https://www.covermanager.com/
cp.pt	rail	Comboios de Portugal	https://www.cp.pt/
croatiaairlines.com	airline	Croatia Airlines	https://www.croatiaairlines.com/
crosscountrytrains.co.uk	rail	CrossCountry	https://www.crosscountrytrains.co.uk/
csair.com	airline	China Southern Airlines	https://www.csair.com/
ctrip.com	booking-platform	Ctrip	https://www.ctrip.com/
decolar.com	travel-agency	Decolar	https://www.decolar.com/
delta.com	airline	Delta Air Lines	https://www.delta.com/
designmynight.com	restaurant-booking	DesignMyNight	https://www.designmynight.com/
despegar.com	travel-agency	Despegar	https://www.despegar.com/
destinia.com	travel-agency	Destinia	https://www.destinia.com/
deutschebahn.com	rail	Deutsche Bahn	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/deutschebahn.json
dfds.com	ferry	DFDS	https://www.dfds.com/
dice.fm	ticketing	DICE	https://www.dice.fm/
dinnerbooking.com	restaurant-booking	DinnerBooking	https://www.dinnerbooking.com/
direct-book.com	booking-platform	Direct-Book hotel booking engine	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/direct-book.json
directferries.com	booking-platform	Direct Ferries	https://www.directferries.com/
discover-airlines.com	airline	Discover Airlines	https://www.discover-airlines.com/
discoverasr.com	hotel	The Ascott Limited	https://www.discoverasr.com/
discovercars.com	car-rental	Discover Cars	https://www.discovercars.com/
dollar.com	car-rental	Dollar Rent A Car	https://www.dollar.com/
dorint.com	hotel	Dorint Hotels & Resorts	https://www.dorint.com/
druryhotels.com	hotel	Drury Hotels	https://www.druryhotels.com/
dsb.dk	rail	DSB	https://www.dsb.dk/
dusit.com	hotel	Dusit International	https://www.dusit.com/
easemytrip.com	travel-agency	EaseMyTrip	https://www.easemytrip.com/
easyhotel.com	hotel	easyHotel	https://www.easyhotel.com/
easyjet.com	airline	easyJet	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/easyjet.json
ebookers.com	travel-agency	ebookers	https://www.ebookers.com/
eckeroline.fi	ferry	Eckerö Line	https://www.eckeroline.fi/
ecolines.net	coach	Ecolines	https://www.ecolines.net/
economybookings.com	car-rental	Economybookings.com	https://www.economybookings.com/
edreams.com	travel-agency	eDreams	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/edreams.json
egencia.com	travel-agency	Egencia	https://www.egencia.com/
egyptair.com	airline	EgyptAir	https://www.egyptair.com/
eki-net.com	rail	JR East (Eki-net)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/eki-net.json
elal.com	airline	El Al	https://www.elal.com/
elron.ee	rail	Elron	https://www.elron.ee/
emirates.com	airline	Emirates	https://www.emirates.com/
enterprise.com	car-rental	Enterprise Rent-A-Car	https://www.enterprise.com/
entur.no	rail	Entur	https://www.entur.no/
ethiopianairlines.com	airline	Ethiopian Airlines	https://www.ethiopianairlines.com/
etihad.com	airline	Etihad Airways	https://www.etihad.com/
etix.com	ticketing	Etix	https://www.etix.com/
europcar.com	car-rental	Europcar	https://www.europcar.com/
european-sleeper.eu	rail	European Sleeper	https://www.european-sleeper.eu/
eurostar.com	rail	Eurostar	https://www.eurostar.com/
eurowings.com	airline	Eurowings	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/eurowings.json
evaair.com	airline	EVA Air	https://www.evaair.com/
eventbrite.com	ticketing	Eventbrite	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/eventbrite.json
eventim.co.uk	ticketing	Eventim UK	https://www.eventim.co.uk/
eventim.de	ticketing	CTS Eventim	https://www.eventim.de/
expedia.co.uk	booking-platform	Expedia	https://www.expedia.co.uk/
expedia.com	booking-platform	Expedia	https://www.expedia.com/
expedia.de	booking-platform	Expedia	https://www.expedia.de/
expediamail.com	booking-platform	Expedia	http://mainsleaze.spambouncer.org/expedia-offering-wedneday-travel-deals-to-a-spamtrap/
exploretock.com	restaurant-booking	Tock	https://www.exploretock.com/
extendedstayamerica.com	hotel	Extended Stay America	https://www.extendedstayamerica.com/
fairmont.com	hotel	Fairmont Hotels & Resorts	https://www.fairmont.com/
fandango.com	ticketing	Fandango	https://www.fandango.com/
fcmtravel.com	travel-agency	FCM Travel	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/fcmtravel.json
ferriesingreece.com	booking-platform	Ferries in Greece	https://www.ferriesingreece.com/
ferryhopper.com	booking-platform	Ferryhopper	https://www.ferryhopper.com/
feverup.com	ticketing	Fever	https://www.feverup.com/
fijiairways.com	airline	Fiji Airways	https://www.fijiairways.com/
finnair.com	airline	Finnair	https://invent.kde.org/pim/kitinerary/-/blob/bee5bab0efdc3b488c76740b392907f74a622899/src/extractors/generic.json
finnlines.com	ferry	Finnlines	https://www.finnlines.com/
fjordline.com	ferry	Fjord Line	https://www.fjordline.com/
flibco.com	coach	Flibco	https://www.flibco.com/
flightcentre.com	travel-agency	Flight Centre	https://www.flightcentre.com/
flightnetwork.com	travel-agency	Flight Network	https://www.flightnetwork.com/
flixbus.com	coach	FlixBus	https://www.flixbus.com/
flixbus.de	coach	FlixBus	https://www.flixbus.de/
flyasiana.com	airline	Asiana Airlines	https://www.flyasiana.com/
flybondi.com	airline	Flybondi	https://www.flybondi.com/
flybreeze.com	airline	Breeze Airways	https://www.flybreeze.com/
flydubai.com	airline	flydubai	https://www.flydubai.com/
flyedelweiss.com	airline	Edelweiss Air	https://www.flyedelweiss.com/
flyflair.com	airline	Flair Airlines	https://www.flyflair.com/
flyfrontier.com	airline	Frontier Airlines	https://www.flyfrontier.com/
flylevel.com	airline	LEVEL	https://www.flylevel.com/
flynas.com	airline	flynas	https://www.flynas.com/
flynorse.com	airline	Norse Atlantic Airways	https://www.flynorse.com/
flypeach.com	airline	Peach Aviation	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/peach-aviation.json
flypgs.com	airline	Pegasus Airlines	https://www.flypgs.com/
flyporter.com	airline	Porter Airlines	https://www.flyporter.com/
flysaa.com	airline	South African Airways	https://www.flysaa.com/
flysafair.co.za	airline	FlySafair	https://www.flysafair.co.za/
flysas.com	airline	SAS Scandinavian Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sas.json
flyscoot.com	airline	Scoot	https://www.flyscoot.com/
flytap.com	airline	TAP Air Portugal	https://www.flytap.com/
fnacspectacles.com	ticketing	Fnac Spectacles	https://www.fnacspectacles.com/
formitable.com	restaurant-booking	Formitable	https://www.formitable.com/
fourseasons.com	hotel	Four Seasons Hotels and Resorts	https://www.fourseasons.com/
foxrentacar.com	car-rental	Fox Rent A Car	https://www.foxrentacar.com/
frs.es	ferry	FRS Iberia	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/frs.json
garuda-indonesia.com	airline	Garuda Indonesia	https://www.garuda-indonesia.com/
gastronovi.com	restaurant-booking	gastronovi	https://www.gastronovi.com/
gatwickexpress.com	rail	Gatwick Express	https://www.gatwickexpress.com/
getaround.com	car-rental	Getaround	https://www.getaround.com/
getyourguide.com	travel-agency	GetYourGuide	https://www.getyourguide.com/
ghotel.de	hotel	GHOTEL hotel & living	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/ghotel.json
gigantic.com	ticketing	Gigantic	https://www.gigantic.com/
gnv.it	ferry	GNV (Grandi Navi Veloci)	https://www.gnv.it/
gobrightline.com	rail	Brightline	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/brightline.json
goibibo.com	travel-agency	Goibibo	https://www.goibibo.com/
goindigo.in	airline	IndiGo	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/indigo.json
goldcar.es	car-rental	Goldcar	https://www.goldcar.es/
goout.net	ticketing	GoOut	https://www.goout.net/
gotogate.com	travel-agency	Gotogate	https://www.gotogate.com/
govoyages.com	travel-agency	GO Voyages	https://www.govoyages.com/
grandcentralrail.com	rail	Grand Central	https://www.grandcentralrail.com/
greateranglia.co.uk	rail	Greater Anglia	https://www.greateranglia.co.uk/
greyhound.com	coach	Greyhound Lines	https://www.greyhound.com/
greyhound.com.au	coach	Greyhound Australia	https://www.greyhound.com.au/
grimaldi-lines.com	ferry	Grimaldi Lines	https://www.grimaldi-lines.com/
gulfair.com	airline	Gulf Air	https://www.gulfair.com/
gwr.com	rail	Great Western Railway	https://www.gwr.com/
h10hotels.com	hotel	H10 Hotels	https://www.h10hotels.com/
hainanairlines.com	airline	Hainan Airlines	https://www.hainanairlines.com/
hardrockhotels.com	hotel	Hard Rock Hotels	https://www.hardrockhotels.com/
hawaiianairlines.com	airline	Hawaiian Airlines	https://www.hawaiianairlines.com/
heathrowexpress.com	rail	Heathrow Express	https://www.heathrowexpress.com/
hellenictrain.gr	rail	Hellenic Train	https://www.hellenictrain.gr/
helvetic.com	airline	Helvetic Airways	https://www.helvetic.com/
hertz.com	car-rental	Hertz	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/hertz.json
hihostels.com	hotel	Hostelling International	https://www.hihostels.com/
hilton.com	hotel	Hilton	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/hilton.json
hkexpress.com	airline	HK Express	https://www.hkexpress.com/
holidaycheck.de	travel-agency	HolidayCheck	https://www.holidaycheck.de/
holidayextras.co.uk	other-travel	Holiday Extras (airport parking and hotels)	https://www.holidayextras.co.uk/
holidu.com	booking-platform	Holidu	https://www.holidu.com/
hometogo.com	booking-platform	HomeToGo	https://www.hometogo.com/
hopper.com	travel-agency	Hopper	https://www.hopper.com/
hoshinoresorts.com	hotel	Hoshino Resorts	https://www.hoshinoresorts.com/
hostellingscotland.org.uk	hotel	Hostelling Scotland	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/hostelling-scotland.json
hostelworld.com	booking-platform	Hostelworld	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/hostelworld.json
hotel-bb.com	hotel	B&B Hotels	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/bb-hotel.json
hotel.de	booking-platform	HRS (hotel.de)	https://www.hotel.de/
hotelplanner.com	booking-platform	HotelPlanner	https://www.hotelplanner.com/
hotels.com	booking-platform	Hotels.com	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/hotels.com.json
hoteltonight.com	booking-platform	HotelTonight	https://www.hoteltonight.com/
hotwire.com	travel-agency	Hotwire	https://www.hotwire.com/
hrs.com	booking-platform	HRS	https://www.hrs.com/
hulltrains.co.uk	rail	Hull Trains	https://www.hulltrains.co.uk/
hurtigruten.com	ferry	Hurtigruten	https://www.hurtigruten.com/
hyatt.com	hotel	Hyatt	https://www.hyatt.com/
iberia.com	airline	Iberia	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/iberia.json
iberiaexpress.com	airline	Iberia Express	https://www.iberiaexpress.com/
iberostar.com	hotel	Iberostar	https://www.iberostar.com/
icelandair.com	airline	Icelandair	https://www.icelandair.com/
ihg.com	hotel	IHG Hotels & Resorts	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/ihg.json
ikyu.com	booking-platform	Ikyu	https://www.ikyu.com/
intercape.co.za	coach	Intercape	https://www.intercape.co.za/
intercity.pl	rail	PKP Intercity	https://www.intercity.pl/
intercityhotel.com	hotel	IntercityHotel	https://www.intercityhotel.com/
interislander.co.nz	ferry	Interislander	https://www.interislander.co.nz/
irctc.co.in	rail	IRCTC (Indian Railways)	https://www.irctc.co.in/
irishferries.com	ferry	Irish Ferries	https://www.irishferries.com/
irishrail.ie	rail	Iarnród Éireann (Irish Rail)	https://www.irishrail.ie/
iryo.eu	rail	Iryo	https://www.iryo.eu/
ita-airways.com	airline	ITA Airways	https://www.ita-airways.com/
itabus.it	coach	Itabus	https://www.itabus.it/
italotreno.com	rail	Italo (NTV)	https://www.italotreno.com/
italotreno.it	rail	Italo (NTV)	https://www.italotreno.it/
ixigo.com	travel-agency	ixigo	https://www.ixigo.com/
jadrolinija.hr	ferry	Jadrolinija	https://www.jadrolinija.hr/
jal.co.jp	airline	Japan Airlines (JAL)	https://www.jal.co.jp/
jalan.net	booking-platform	Jalan (Recruit)	https://www.jalan.net/
jeffersonlines.com	coach	Jefferson Lines	https://www.jeffersonlines.com/
jejuair.net	airline	Jeju Air	https://www.jejuair.net/
jet2.com	airline	Jet2.com	https://www.jet2.com/
jet2holidays.com	travel-agency	Jet2holidays	https://www.jet2holidays.com/
jetblue.com	airline	JetBlue	https://www.jetblue.com/
jetsmart.com	airline	JetSMART	https://www.jetsmart.com/
jetstar.com	airline	Jetstar	https://www.jetstar.com/
jr-central.co.jp	rail	JR Central	https://www.jr-central.co.jp/
jreast.co.jp	rail	JR East	https://www.jreast.co.jp/
jrhokkaido.co.jp	rail	JR Hokkaido	https://www.jrhokkaido.co.jp/
jrkyushu.co.jp	rail	JR Kyushu	https://www.jrkyushu.co.jp/
jugendherberge.de	hotel	Deutsches Jugendherbergswerk (DJH)	https://invent.kde.org/pim/kitinerary/-/blob/1d622538ab91a38ea95cdbbe04a28ad4f244e7db/src/lib/scripts/djh.json
jumeirah.com	hotel	Jumeirah	https://www.jumeirah.com/
justfly.com	travel-agency	JustFly	https://www.justfly.com/
kayak.com	travel-agency	Kayak	https://www.kayak.com/
kempinski.com	hotel	Kempinski	https://www.kempinski.com/
kenya-airways.com	airline	Kenya Airways	https://www.kenya-airways.com/
kintetsu.co.jp	rail	Kintetsu Railway	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/kintetsu.json
kiwi.com	travel-agency	Kiwi.com	https://www.kiwi.com/
klm-info.com	airline	KLM Royal Dutch Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/klm.json
klm.com	airline	KLM Royal Dutch Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/klm.json
klook.com	travel-agency	Klook	https://www.klook.com/
koleo.pl	travel-agency	KOLEO	https://www.koleo.pl/
korail.com	rail	Korail	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/korail.json
koreanair.com	airline	Korean Air	https://www.koreanair.com/
ktmb.com.my	rail	KTMB (Keretapi Tanah Melayu)	https://www.ktmb.com.my/
kuwaitairways.com	airline	Kuwait Airways	https://www.kuwaitairways.com/
lafourchette.com	restaurant-booking	TheFork (LaFourchette)	https://www.lafourchette.com/
landal.com	hotel	Landal GreenParks	https://www.landal.com/
langhamhotels.com	hotel	Langham Hospitality Group	https://www.langhamhotels.com/
lastminute.com	travel-agency	lastminute.com	https://www.lastminute.com/
latamairlines.com	airline	LATAM Airlines	https://www.latamairlines.com/
leoexpress.com	rail	Leo Express	https://www.leoexpress.com/
leonardo-hotels.com	hotel	Leonardo Hotels	https://www.leonardo-hotels.com/
leshuttle.com	rail	Eurotunnel Le Shuttle	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/leshuttle.json
libertylines.it	ferry	Liberty Lines	https://www.libertylines.it/
lindner.de	hotel	Lindner Hotels	https://www.lindner.de/
livenation.com	ticketing	Live Nation	https://www.livenation.com/
lner.co.uk	rail	LNER	https://www.lner.co.uk/
localiza.com	car-rental	Localiza	https://www.localiza.com/
loewshotels.com	hotel	Loews Hotels	https://www.loewshotels.com/
loganair.co.uk	airline	Loganair	https://www.loganair.co.uk/
logitravel.com	travel-agency	Logitravel	https://www.logitravel.com/
lot.com	airline	LOT Polish Airlines	https://www.lot.com/
louvrehotels.com	hotel	Louvre Hotels Group	https://www.louvrehotels.com/
loveholidays.com	travel-agency	loveholidays	https://www.loveholidays.com/
ltglink.lt	rail	LTG Link	https://www.ltglink.lt/
lu.ma	ticketing	Luma	https://lu.ma/
lufthansa.com	airline	Lufthansa	https://invent.kde.org/pim/kitinerary/-/blob/1d05cf60506fa3a95c21edac3a33479ce429819a/src/extractors/lufthansa.json
lumo.co.uk	rail	Lumo	https://www.lumo.co.uk/
luxair.lu	airline	Luxair	https://www.luxair.lu/
luxexpress.eu	coach	Lux Express	https://www.luxexpress.eu/
makemytrip.com	travel-agency	MakeMyTrip	https://www.makemytrip.com/
malaysiaairlines.com	airline	Malaysia Airlines	https://www.malaysiaairlines.com/
mamashelter.com	hotel	Mama Shelter	https://www.mamashelter.com/
mandarinoriental.com	hotel	Mandarin Oriental	https://www.mandarinoriental.com/
marineatlantic.ca	ferry	Marine Atlantic	https://www.marineatlantic.ca/
maritim.de	hotel	Maritim Hotels	https://www.maritim.de/
marriott.com	hotel	Marriott International	https://www.marriott.com/
mea.com.lb	airline	Middle East Airlines	https://www.mea.com.lb/
meetup.com	ticketing	Meetup	https://www.meetup.com/
megabus.com	coach	Megabus	https://www.megabus.com/
meininger-hotels.com	hotel	MEININGER Hotels	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/meininger.json
melia.com	hotel	Meliá Hotels International	https://www.melia.com/
mgmresorts.com	hotel	MGM Resorts	https://www.mgmresorts.com/
millenniumhotels.com	hotel	Millennium Hotels and Resorts	https://www.millenniumhotels.com/
minoan.gr	ferry	Minoan Lines	https://www.minoan.gr/
minor-hotels.com	hotel	Minor Hotels (NH)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/nh-hotels.json
moby.it	ferry	Moby Lines	https://www.moby.it/
molslinjen.dk	ferry	Molslinjen	https://www.molslinjen.dk/
monbus.es	coach	Monbus	https://www.monbus.es/
moongate.id	ticketing	Moongate	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/moongate.json
motel-one.com	hotel	Motel One	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/motel-one.json
motel6.com	hotel	Motel 6	https://www.motel6.com/
mycwt.com	travel-agency	CWT	https://www.mycwt.com/
mytrip.com	travel-agency	Mytrip	https://www.mytrip.com/
nationalcar.com	car-rental	National Car Rental	https://www.nationalcar.com/
nationalexpress.com	coach	National Express	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/nationalexpress.json
navan.com	travel-agency	Navan	https://www.navan.com/
navieraarmas.com	ferry	Naviera Armas	https://www.navieraarmas.com/
nh-hotels.com	hotel	NH Hotels	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/nh-hotels.json
nightjet.com	rail	ÖBB Nightjet	https://www.nightjet.com/
no-q.info	ticketing	NO-Q	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/no-q.json
northlinkferries.co.uk	ferry	NorthLink Ferries	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/northlinkferries.json
norwegian.com	airline	Norwegian Air Shuttle	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/norwegian.json
ns.nl	rail	NS (Dutch Railways)	https://www.ns.nl/
nsinternational.com	rail	NS International	https://www.nsinternational.com/
oberoihotels.com	hotel	Oberoi Hotels & Resorts	https://www.oberoihotels.com/
odeon.co.uk	ticketing	ODEON Cinemas	https://www.odeon.co.uk/
oebb.at	rail	ÖBB (Austrian Federal Railways)	https://www.oebb.at/
oeticket.com	ticketing	oeticket (CTS Eventim Austria)	https://www.oeticket.com/
olympicair.com	airline	Olympic Air	https://www.olympicair.com/
omanair.com	airline	Oman Air	https://www.omanair.com/
omio.com	travel-agency	Omio	https://www.omio.com/
omnihotels.com	hotel	Omni Hotels & Resorts	https://www.omnihotels.com/
onepagebooking.com	booking-platform	OnePageBooking hotel booking engine	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/onepagebooking.json
onthebeach.co.uk	travel-agency	On the Beach	https://www.onthebeach.co.uk/
opentable.co.uk	restaurant-booking	OpenTable	https://www.opentable.co.uk/
opentable.com	restaurant-booking	OpenTable	https://www.opentable.com/
opodo.com	travel-agency	Opodo	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/opodo.json
orbitz.com	travel-agency	Orbitz	https://www.orbitz.com/
oui.sncf	rail	SNCF (OUI.sncf)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncf.json
ouigo.com	rail	OUIGO (SNCF)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncf.json
ourbus.com	coach	OurBus	https://www.ourbus.com/
oxfordtube.com	coach	Oxford Tube	https://www.oxfordtube.com/
oyorooms.com	booking-platform	OYO	https://www.oyorooms.com/
panpacific.com	hotel	Pan Pacific Hotels	https://www.panpacific.com/
pathe.fr	ticketing	Pathé Cinémas	https://www.pathe.fr/
paylesscar.com	car-rental	Payless Car Rental	https://www.paylesscar.com/
peninsula.com	hotel	The Peninsula Hotels	https://www.peninsula.com/
pentahotels.com	hotel	Pentahotels	https://www.pentahotels.com/
peterpanbus.com	coach	Peter Pan Bus Lines	https://www.peterpanbus.com/
philippineairlines.com	airline	Philippine Airlines	https://www.philippineairlines.com/
poferries.com	ferry	P&O Ferries	https://www.poferries.com/
polferries.pl	ferry	Polferries	https://www.polferries.pl/
preemly.eu	ticketing	Preemly	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/preemly.json
premierinn.com	hotel	Premier Inn	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/premier-inn.json
pretix.eu	ticketing	pretix	https://www.pretix.eu/
priceline.com	travel-agency	Priceline	https://www.priceline.com/
prizeotel.com	hotel	prizeotel	https://www.prizeotel.com/
qantas.com	airline	Qantas	https://www.qantas.com/
qatarairways.com	airline	Qatar Airways	https://www.qatarairways.com/
quandoo.com	restaurant-booking	Quandoo	https://www.quandoo.com/
qunar.com	travel-agency	Qunar	https://www.qunar.com/
radissonhotels.com	hotel	Radisson Hotels	https://www.radissonhotels.com/
raileurope.com	travel-agency	Rail Europe	https://www.raileurope.com/
railway.co.th	rail	State Railway of Thailand	https://www.railway.co.th/
railway.ge	rail	Georgian Railway	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/georgian-railway.json
redbus.in	travel-agency	redBus	https://www.redbus.in/
redfunnel.co.uk	ferry	Red Funnel	https://www.redfunnel.co.uk/
redroof.com	hotel	Red Roof	https://www.redroof.com/
regiojet.cz	rail	RegioJet	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/regiojet.json
renfe.com	rail	Renfe	https://www.renfe.com/
rentalcars.com	car-rental	Rentalcars.com	https://www.rentalcars.com/
resdiary.com	restaurant-booking	ResDiary	https://www.resdiary.com/
reservix.de	ticketing	Reservix	https://www.reservix.de/
resy.com	restaurant-booking	Resy	https://www.resy.com/
riu.com	hotel	RIU Hotels & Resorts	https://www.riu.com/
rj.com	airline	Royal Jordanian	https://www.rj.com/
rockymountaineer.com	rail	Rocky Mountaineer	https://www.rockymountaineer.com/
rosewoodhotels.com	hotel	Rosewood Hotels & Resorts	https://www.rosewoodhotels.com/
rotana.com	hotel	Rotana Hotels	https://www.rotana.com/
royalairmaroc.com	airline	Royal Air Maroc	https://www.royalairmaroc.com/
ruby-hotels.com	hotel	Ruby Hotels	https://www.ruby-hotels.com/
rumbo.es	travel-agency	Rumbo (lastminute.com group)	https://www.rumbo.es/
rwandair.com	airline	RwandAir	https://www.rwandair.com/
ryanair.com	airline	Ryanair	https://www.ryanair.com/
sbb.ch	rail	SBB (Swiss Federal Railways)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sbb.json
scandichotels.com	hotel	Scandic Hotels	https://www.scandichotels.com/
scandlines.com	ferry	Scandlines	https://www.scandlines.com/
scotrail.co.uk	rail	ScotRail	https://www.scotrail.co.uk/
seatgeek.com	ticketing	SeatGeek	https://www.seatgeek.com/
seetickets.com	ticketing	See Tickets	https://www.seetickets.com/
sevenrooms.com	restaurant-booking	SevenRooms	https://www.sevenrooms.com/
shangri-la.com	hotel	Shangri-La Hotels and Resorts	https://www.shangri-la.com/
simplebooking.it	booking-platform	Simple Booking hotel booking engine	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/simplebooking.json
singaporeair.com	airline	Singapore Airlines	https://www.singaporeair.com/
sixt.com	car-rental	Sixt	https://www.sixt.com/
sixt.de	car-rental	Sixt	https://www.sixt.de/
sj.se	rail	SJ	https://www.sj.se/
skiddle.com	ticketing	Skiddle	https://www.skiddle.com/
skyairline.com	airline	Sky Airline	https://www.skyairline.com/
skymark.jp	airline	Skymark Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/skymark.json
slovaklines.sk	coach	Slovak Lines	https://www.slovaklines.sk/
smart-ex.jp	rail	smartEX (JR Central / JR West)	https://www.smart-ex.jp/
smartwings.com	airline	Smartwings	https://www.smartwings.com/
smyril-line.com	ferry	Smyril Line	https://www.smyril-line.com/
snalltaget.se	rail	Snälltåget	https://www.snalltaget.se/
snav.it	ferry	SNAV	https://www.snav.it/
sncf-connect.com	rail	SNCF Connect	https://www.sncf-connect.com/
sncf.com	rail	SNCF	https://www.sncf.com/
sncf.fr	rail	SNCF	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncf.json
sonder.com	hotel	Sonder	https://www.sonder.com/
sonesta.com	hotel	Sonesta	https://www.sonesta.com/
southeasternrailway.co.uk	rail	Southeastern	https://www.southeasternrailway.co.uk/
southwest.com	airline	Southwest Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/southwest.json
spicejet.com	airline	SpiceJet	https://www.spicejet.com/
spirit.com	airline	Spirit Airlines	https://www.spirit.com/
spiritoftasmania.com.au	ferry	Spirit of Tasmania	https://www.spiritoftasmania.com.au/
springairlines.com	airline	Spring Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/springairlines.json
srilankan.com	airline	SriLankan Airlines	https://www.srilankan.com/
sro.nl	ticketing	SRO (sports and leisure venues)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sro-nl.json
stanstedexpress.com	rail	Stansted Express	https://www.stanstedexpress.com/
starlux-airlines.com	airline	Starlux Airlines	https://www.starlux-airlines.com/
staygenerator.com	hotel	Generator Hostels	https://www.staygenerator.com/
steam-packet.com	ferry	Isle of Man Steam Packet Company	https://www.steam-packet.com/
steigenberger.com	hotel	Steigenberger Hotels & Resorts	https://www.steigenberger.com/
stenaline.com	ferry	Stena Line	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/stena.json
stubhub.com	ticketing	StubHub	https://www.stubhub.com/
studentagency.cz	coach	Student Agency (RegioJet)	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/regiojet.json
studentuniverse.com	travel-agency	StudentUniverse	https://www.studentuniverse.com/
suncountry.com	airline	Sun Country Airlines	https://www.suncountry.com/
sunexpress.com	airline	SunExpress	https://www.sunexpress.com/
sunnycars.de	car-rental	Sunny Cars	https://www.sunnycars.de/
swiss.com	airline	SWISS International Air Lines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/swiss.json
tablecheck.com	restaurant-booking	TableCheck	https://www.tablecheck.com/
tajhotels.com	hotel	Taj Hotels	https://www.tajhotels.com/
tallink.com	ferry	Tallink	https://www.tallink.com/
tallinksilja.com	ferry	Tallink Silja Line	https://www.tallinksilja.com/
tap.pt	airline	TAP Air Portugal	https://invent.kde.org/pim/kitinerary/-/blob/bee5bab0efdc3b488c76740b392907f74a622899/src/extractors/generic.json
tarom.ro	airline	TAROM	https://www.tarom.ro/
tcddtasimacilik.gov.tr	rail	TCDD Taşımacılık (Turkish State Railways)	https://www.tcddtasimacilik.gov.tr/
telecharge.com	ticketing	Telecharge	https://www.telecharge.com/
ter-sncf.fr	rail	SNCF TER	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncf.json
ter.fr	rail	SNCF TER	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/sncf.json
terravision.eu	coach	Terravision	https://www.terravision.eu/
thaiairways.com	airline	Thai Airways	https://www.thaiairways.com/
thefork.com	restaurant-booking	TheFork	https://www.thefork.com/
thefork.it	restaurant-booking	TheFork	https://www.thefork.it/
thetrainline.com	rail	Trainline	https://www.thetrainline.com/
thonhotels.com	hotel	Thon Hotels	https://www.thonhotels.com/
thrifty.com	car-rental	Thrifty Car Rental	https://www.thrifty.com/
thsrc.com.tw	rail	Taiwan High Speed Rail	https://www.thsrc.com.tw/
ti.to	ticketing	Tito	https://ti.to/
ticketcorner.ch	ticketing	Ticketcorner	https://www.ticketcorner.ch/
ticketek.com.au	ticketing	Ticketek	https://www.ticketek.com.au/
ticketmaster.co.uk	ticketing	Ticketmaster	https://www.ticketmaster.co.uk/
ticketmaster.com	ticketing	Ticketmaster	https://www.ticketmaster.com/
ticketmaster.de	ticketing	Ticketmaster	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/ticketmaster.json
ticketone.it	ticketing	TicketOne	https://www.ticketone.it/
ticketportal.cz	ticketing	Ticketportal	https://www.ticketportal.cz/
ticketsource.co.uk	ticketing	TicketSource	https://www.ticketsource.co.uk/
ticketswap.com	ticketing	TicketSwap	https://www.ticketswap.com/
ticketweb.com	ticketing	TicketWeb	https://www.ticketweb.com/
tierpark-berlin.de	ticketing	Tierpark Berlin	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/tierparkberlin.json
tiket.com	travel-agency	tiket.com	https://www.tiket.com/
tiqets.com	ticketing	Tiqets	https://www.tiqets.com/
tirrenia.it	ferry	Tirrenia	https://www.tirrenia.it/
tixr.com	ticketing	Tixr	https://www.tixr.com/
todaytix.com	ticketing	TodayTix	https://www.todaytix.com/
toyoko-inn.com	hotel	Toyoko Inn	https://www.toyoko-inn.com/
tpexpress.co.uk	rail	TransPennine Express	https://www.tpexpress.co.uk/
trainline.fr	rail	Trainline	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/trainline.json
transavia.com	airline	Transavia	https://www.transavia.com/
travelocity.com	travel-agency	Travelocity	https://www.travelocity.com/
travelodge.co.uk	hotel	Travelodge (UK)	https://www.travelodge.co.uk/
traveloka.com	travel-agency	Traveloka	https://www.traveloka.com/
travelperk.com	travel-agency	TravelPerk	https://www.travelperk.com/
trenitalia.com	rail	Trenitalia	https://www.trenitalia.com/
trenitalia.it	rail	Trenitalia	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/trenitalia.json
trenord.it	rail	Trenord	https://www.trenord.it/
trip.com	booking-platform	Trip.com	https://www.trip.com/
tripit.com	other-travel	TripIt	https://www.tripit.com/
tt-line.com	ferry	TT-Line	https://www.tt-line.com/
tui.co.uk	travel-agency	TUI UK	https://www.tui.co.uk/
tui.com	travel-agency	TUI	https://www.tui.com/
turkishairlines.com	airline	Turkish Airlines	https://www.turkishairlines.com/
turo.com	car-rental	Turo	https://www.turo.com/
united.com	airline	United Airlines	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/united.json
unityline.pl	ferry	Unity Line	https://www.unityline.pl/
universe.com	ticketing	Universe	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/universe.json
via.com	travel-agency	Via.com	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/travelport-galileo.json
viagogo.com	ticketing	viagogo	https://www.viagogo.com/
viarail.ca	rail	VIA Rail Canada	https://www.viarail.ca/
viator.com	travel-agency	Viator	https://www.viator.com/
vietjetair.com	airline	VietJet Air	https://www.vietjetair.com/
vietnamairlines.com	airline	Vietnam Airlines	https://www.vietnamairlines.com/
vikingline.com	ferry	Viking Line	https://www.vikingline.com/
vikingline.fi	ferry	Viking Line	https://www.vikingline.fi/
virginatlantic.com	airline	Virgin Atlantic	https://www.virginatlantic.com/
virginaustralia.com	airline	Virgin Australia	https://www.virginaustralia.com/
virtuferries.com	ferry	Virtu Ferries	https://www.virtuferries.com/
vivaaerobus.com	airline	Viva Aerobus	https://www.vivaaerobus.com/
vividseats.com	ticketing	Vivid Seats	https://www.vividseats.com/
voeazul.com.br	airline	Azul Brazilian Airlines	https://www.voeazul.com.br/
voegol.com.br	airline	GOL Linhas Aéreas	https://www.voegol.com.br/
volagratis.com	travel-agency	Volagratis (lastminute.com group)	https://www.volagratis.com/
volaris.com	airline	Volaris	https://www.volaris.com/
volotea.com	airline	Volotea	https://www.volotea.com/
vr.fi	rail	VR (Finnish Railways)	https://www.vr.fi/
vrbo.com	booking-platform	Vrbo	https://www.vrbo.com/
vueling.com	airline	Vueling	https://invent.kde.org/pim/kitinerary/-/blob/master/src/lib/scripts/vueling.json
vy.no	rail	Vy	https://www.vy.no/
wanderu.com	travel-agency	Wanderu	https://www.wanderu.com/
wasaline.com	ferry	Wasaline	https://www.wasaline.com/
westbahn.at	rail	WESTbahn	https://www.westbahn.at/
westjet.com	airline	WestJet	https://www.westjet.com/
westjr.co.jp	rail	JR West	https://www.westjr.co.jp/
wideroe.no	airline	Widerøe	https://www.wideroe.no/
wightlink.co.uk	ferry	Wightlink	https://www.wightlink.co.uk/
wingo.com	airline	Wingo	https://www.wingo.com/
wizzair.com	airline	Wizz Air	https://www.wizzair.com/
wotif.com	travel-agency	Wotif	https://www.wotif.com/
wyndhamhotels.com	hotel	Wyndham Hotels & Resorts	https://www.wyndhamhotels.com/
wynnlasvegas.com	hotel	Wynn Las Vegas	https://www.wynnlasvegas.com/
xiamenair.com	airline	Xiamen Airlines	https://www.xiamenair.com/
yatra.com	travel-agency	Yatra	https://www.yatra.com/
yha.org.uk	hotel	YHA (England & Wales)	https://www.yha.org.uk/
zenchef.com	restaurant-booking	Zenchef	https://www.zenchef.com/
zipair.net	airline	ZIPAIR	https://www.zipair.net/
zipcar.com	car-rental	Zipcar	https://www.zipcar.com/
zssk.sk	rail	ZSSK (Slovak Railways)	https://www.zssk.sk/
"""#
