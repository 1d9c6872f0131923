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
// It ends at the end of its input, or after a minute without a document. Time limits are the
// caller's: it stops this program (and starts another) when a document takes too long.

#include <KItinerary/ExtractorEngine>
#include <KItinerary/ExtractorPostprocessor>
#include <KItinerary/JsonLdDocument>

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QString>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <string>

#include <poll.h>
#include <unistd.h>

namespace {

/// How long the helper waits for a document before it leaves (the caller starts another when
/// it needs one): a long-running `serve` keeps no idle helper's memory.
constexpr int idleMilliseconds = 60 * 1000;

/// The standard input, read in blocks.
class Input
{
public:
    /// The next byte; -1 at the end of the input, or when nothing came for `idleMilliseconds`.
    int next(bool waitIdle)
    {
        if (m_position == m_filled && !fill(waitIdle)) {
            return -1;
        }
        return static_cast<unsigned char>(m_buffer[m_position++]);
    }

    /// Exactly `length` bytes into `out`; false if the input ends first.
    bool take(char *out, std::size_t length)
    {
        while (length > 0) {
            if (m_position == m_filled && !fill(false)) {
                return false;
            }
            const auto count = std::min(length, m_filled - m_position);
            std::copy(m_buffer + m_position, m_buffer + m_position + count, out);
            m_position += count;
            out += count;
            length -= count;
        }
        return true;
    }

private:
    bool fill(bool waitIdle)
    {
        if (waitIdle) {
            pollfd input{0, POLLIN, 0};
            int ready;
            while ((ready = poll(&input, 1, idleMilliseconds)) < 0 && errno == EINTR) {
            }
            if (ready <= 0) {
                return false;
            }
        }
        ssize_t count;
        while ((count = read(0, m_buffer, sizeof m_buffer)) < 0 && errno == EINTR) {
        }
        if (count <= 0) {
            return false;
        }
        m_position = 0;
        m_filled = static_cast<std::size_t>(count);
        return true;
    }

    char m_buffer[64 * 1024];
    std::size_t m_position = 0;
    std::size_t m_filled = 0;
};

/// Reads the header line of the next request; false at the end of the input, after a while
/// without one, or on a malformed line.
bool readHeader(Input &input, std::size_t &length, QString &context)
{
    std::string line;
    for (int c = input.next(true); c != '\n'; c = input.next(false)) {
        if (c < 0 || line.size() > 200) {
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

/// Writes all of `bytes` to the standard output.
bool writeAll(const char *bytes, std::size_t length)
{
    while (length > 0) {
        const auto count = write(1, bytes, length);
        if (count < 0 && errno == EINTR) {
            continue;
        }
        if (count <= 0) {
            return false;
        }
        bytes += count;
        length -= static_cast<std::size_t>(count);
    }
    return true;
}

/// Writes one answer: its length on a line, then its bytes.
bool writeAnswer(const QByteArray &answer)
{
    const auto header = std::to_string(answer.size()) + "\n";
    return writeAll(header.data(), header.size()) && writeAll(answer.constData(), static_cast<std::size_t>(answer.size()));
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

    Input input;
    std::size_t length = 0;
    QString contextText;
    while (readHeader(input, length, contextText)) {
        QByteArray document(static_cast<qsizetype>(length), Qt::Uninitialized);
        if (!input.take(document.data(), length)) {
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
    return 0;
}
