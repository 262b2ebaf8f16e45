#include "LogView.h"

#include "Text.h"

#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QVBoxLayout>

namespace onramp {

namespace {

// The probe's JSON events in words; the raw lines stay what triage reads (lastLines()).
QStringList readable(QStringList lines)
{
    for (QString &line : lines)
        line = readableLogLine(line);
    return lines;
}

} // namespace

LogView::LogView(QWidget *parent)
    : QWidget(parent), m_tail(kLines), m_note(new QLabel(this)), m_text(new QPlainTextEdit(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_note->setObjectName(QStringLiteral("logNote"));
    m_note->setWordWrap(true);
    m_note->hide();
    m_text->setObjectName(QStringLiteral("logText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setMaximumBlockCount(kLines);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setMinimumHeight(140);
    layout->addWidget(m_note);
    layout->addWidget(m_text);
    updateNote();
}

QStringList LogView::append(qint64 offset, const QByteArray &bytes)
{
    const qint64 skipped = m_tail.skippedBytes();
    m_tail.append(offset, bytes);
    const QStringList lines = m_tail.takeNewLines();
    if (!lines.isEmpty()) {
        QScrollBar *bar = m_text->verticalScrollBar();
        const bool atEnd = bar->value() == bar->maximum();
        m_text->appendPlainText(readable(lines).join(u'\n'));
        if (atEnd)
            bar->setValue(bar->maximum());
    }
    if (m_tail.skippedBytes() != skipped)
        updateNote();
    return lines;
}

std::expected<void, Error> LogView::showFileTail(const QString &path)
{
    auto lines = readFileTail(path, kLines);
    if (!lines)
        return std::unexpected(lines.error());
    clear();
    m_fileLines = *lines;
    m_text->setPlainText(readable(*lines).join(u'\n'));
    m_text->verticalScrollBar()->setValue(m_text->verticalScrollBar()->maximum());
    m_fileSkipped = QFileInfo(path).size();
    updateNote();
    return {};
}

void LogView::clear()
{
    m_tail.clear();
    m_text->clear();
    m_fileSkipped = -1;
    m_fileLines.clear();
    updateNote();
}

QString LogView::text() const
{
    return m_text->toPlainText();
}

void LogView::setEmptyText(const QString &text)
{
    m_text->setPlaceholderText(text);
}

QString LogView::emptyText() const
{
    return m_text->placeholderText();
}

QStringList LogView::lastLines(int n) const
{
    QStringList out;
    const auto &lines = m_tail.lines();
    const int from = std::max(0, int(lines.size()) - n);
    for (int i = from; i < int(lines.size()); ++i)
        out << lines[size_t(i)];
    return out;
}

void LogView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        updateNote();
        reread();
    }
    QWidget::changeEvent(e);
}

void LogView::reread()
{
    // #17 walk: after a switch to Chinese the lines already shown stayed English.
    const QStringList raw = m_fileSkipped >= 0 ? m_fileLines : lastLines(kLines);
    if (raw.isEmpty())
        return;
    QScrollBar *bar = m_text->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    const int at = bar->value();
    m_text->setPlainText(readable(raw).join(u'\n'));
    bar->setValue(atEnd ? bar->maximum() : at);
}

void LogView::updateNote()
{
    m_text->setAccessibleName(tr("Job log"));
    if (m_fileSkipped >= 0) {
        m_note->setText(tr("The last %1 lines of a %2 log.")
                            .arg(kLines)
                            .arg(dataSizeText(m_fileSkipped)));
        m_note->show();
    } else if (m_tail.skippedBytes() > 0) {
        m_note->setText(tr("Skipped the first %1 of this log to show its end; the view keeps "
                           "the last %2 lines.")
                            .arg(dataSizeText(m_tail.skippedBytes()))
                            .arg(kLines));
        m_note->show();
    } else {
        m_note->hide();
    }
}

} // namespace onramp
