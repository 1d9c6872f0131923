// reservation-feed-kitinerary: KDE's itinerary extractor (KItinerary) kept running for many
// documents, so that each one costs what reading it costs rather than a program's start.
//
// It does for each document what KDE's `kitinerary-extractor --output JsonLd` does for one
// (the same engine, context date, post-processing and validation, the same JSON), and speaks
// with reservation-feed over its standard input and output:
//
//   request: "<length> <context date, ISO 8601, or ->\n" followed by <length> bytes of document
//   answer:  "<length>\n" followed by <length> bytes of JSON-LD (an array, "[\n]\n" for none)
//
// It ends at the end of its input. Time limits are the caller's: it stops this program (and
// starts another) when a document takes too long.

#include <KItinerary/ExtractorEngine>
#include <KItinerary/ExtractorPostprocessor>
#include <KItinerary/JsonLdDocument>

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QString>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

/// Reads the header line of the next request; false at the end of the input or on a malformed line.
bool readHeader(std::size_t &length, QString &context)
{
    std::string line;
    for (int c = std::getchar(); c != '\n'; c = std::getchar()) {
        if (c == EOF || line.size() > 200) {
            return false;
        }
        line.push_back(static_cast<char>(c));
    }
    const auto space = line.find(' ');
    if (space == std::string::npos || space == 0) {
        return false;
    }
    char *end = nullptr;
    const auto parsed = std::strtoull(line.c_str(), &end, 10);
    if (end != line.c_str() + space) {
        return false;
    }
    length = static_cast<std::size_t>(parsed);
    const auto date = line.substr(space + 1);
    context = date == "-" ? QString() : QString::fromStdString(date);
    return true;
}

/// Writes one answer and flushes it, so that the caller can read it at once.
bool writeAnswer(const QByteArray &answer)
{
    const auto header = std::to_string(answer.size()) + "\n";
    return std::fwrite(header.data(), 1, header.size(), stdout) == header.size()
        && std::fwrite(answer.constData(), 1, static_cast<std::size_t>(answer.size()), stdout) == static_cast<std::size_t>(answer.size())
        && std::fflush(stdout) == 0;
}

}

int main(int argc, char **argv)
{
    // As kitinerary-extractor names itself: where KItinerary looks for settings and scripts.
    QCoreApplication::setApplicationName(QStringLiteral("kitinerary-extractor"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("kde.org"));
    QCoreApplication::setOrganizationName(QStringLiteral("KDE"));
    QCoreApplication app(argc, argv);

    KItinerary::ExtractorEngine engine;
    engine.setUseSeparateProcess(false); // this is the separate process

    std::size_t length = 0;
    QString contextText;
    while (readHeader(length, contextText)) {
        QByteArray document(static_cast<qsizetype>(length), Qt::Uninitialized);
        if (std::fread(document.data(), 1, length, stdin) != length) {
            return 1;
        }
        auto context = QDateTime::fromString(contextText, Qt::ISODate);
        if (!context.isValid()) {
            context = QDateTime::currentDateTime();
        }

        engine.clear();
        engine.setContextDate(context);
        engine.setData(document, QStringLiteral("document"));
        KItinerary::ExtractorPostprocessor postprocessor;
        postprocessor.setContextDate(context);
        postprocessor.setValidationEnabled(true);
        postprocessor.process(KItinerary::JsonLdDocument::fromJson(engine.extract()));

        // Byte for byte what kitinerary-extractor prints: the indented document and a newline.
        auto answer = QJsonDocument(KItinerary::JsonLdDocument::toJson(postprocessor.result())).toJson();
        answer.append('\n');
        if (!writeAnswer(answer)) {
            return 1;
        }
    }
    return std::feof(stdin) ? 0 : 2;
}
