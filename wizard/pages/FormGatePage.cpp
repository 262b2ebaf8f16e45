#include "FormGatePage.h"

#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHash>
#include <QListWidget>

#include <algorithm>

namespace onramp {

void FormGatePage::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange && m_built) {
        retranslateTexts();
        retranslateForm();
        alignCaptions();
    }
    GatePage::changeEvent(e);
}

void FormGatePage::reload()
{
    m_loading = true;
    for (const auto &load : std::as_const(m_loaders))
        load();
    m_loading = false;
}

void FormGatePage::setBuilt()
{
    m_built = true;
    retranslateTexts();
    alignCaptions();
}

void FormGatePage::alignForms(const QList<QFormLayout *> &forms)
{
    m_aligned << forms;
    alignCaptions();
}

void FormGatePage::alignCaptions()
{
    for (const QList<QFormLayout *> &forms : std::as_const(m_aligned)) {
        QList<QWidget *> captions;
        int widest = 0;
        for (QFormLayout *form : forms) {
            for (int row = 0; row < form->rowCount(); ++row) {
                QLayoutItem *item = form->itemAt(row, QFormLayout::LabelRole);
                if (QWidget *caption = item ? item->widget() : nullptr) {
                    caption->setMinimumWidth(0);
                    widest = std::max(widest, caption->sizeHint().width());
                    captions << caption;
                }
            }
        }
        for (QWidget *caption : std::as_const(captions))
            caption->setMinimumWidth(widest);
    }
}

QWidget *FormGatePage::labelled(QFormLayout *form, const char *caption, QWidget *field,
                                const char *objectName, QWidget *inner)
{
    return m_captions.labelled(form, caption, field, objectName, inner);
}

QGroupBox *FormGatePage::group(QWidget *parent, const char *objectName, const char *title)
{
    auto *g = new QGroupBox(parent);
    g->setObjectName(QLatin1String(objectName));
    m_captions.titled(g, title);
    return g;
}

QListWidget *FormGatePage::findingsList(QWidget *parent)
{
    auto *list = new QListWidget(parent);
    list->setObjectName(QStringLiteral("findings"));
    list->setWordWrap(true);
    list->setMinimumHeight(120);
    return list;
}

void FormGatePage::retranslateTexts()
{
    // The sources were marked in the subclass, so translate in its context.
    m_captions.retranslate(metaObject());
}

void FormGatePage::showFindings(QListWidget *list, const Findings &findings,
                                const QString &allClear)
{
    QStringList texts;
    for (const Finding &f : findings)
        // The rule's code ("purpose.model_missing") is for searching the guides and the
        // command line's output: the tooltip has it, the line reads as words only.
        texts << QStringLiteral("%1 %2").arg(
            f.isBlocking() ? QStringLiteral("✖") : QStringLiteral("⚠"), f.message.toString());
    if (findings.isEmpty())
        texts << QStringLiteral("✔ ") + allClear;
    bool same = list->count() == texts.size();
    for (int i = 0; same && i < texts.size(); ++i)
        same = list->item(i)->text() == texts[i];
    if (!same) {
        list->clear();
        list->setAccessibleName(tr("Findings"));
        for (int i = 0; i < texts.size(); ++i) {
            auto *item = new QListWidgetItem(texts[i], list);
            if (i < findings.size()) {
                item->setForeground(findings[i].isBlocking() ? QColor(0xb3, 0x26, 0x1e)
                                                             : QColor(0xa0, 0x5a, 0x00));
                item->setData(Qt::UserRole, findings[i].code);
                item->setToolTip(findings[i].message.toString() + QStringLiteral("\n[") + findings[i].code +
                                 u']');
            }
        }
    }

    // Tint each field a finding names, with the messages as its tooltip; touch only what
    // changed, since this runs on every keystroke.
    QHash<QWidget *, std::pair<QString, bool>> wanted; // tooltip, blocking
    for (const Finding &f : findings) {
        QWidget *w = findChild<QWidget *>(f.field);
        if (!w || w == list || m_tintsItself.contains(w))
            continue;
        auto &[tip, blocking] = wanted[w];
        tip = tip.isEmpty() ? f.message.toString() : tip + u'\n' + f.message.toString();
        blocking = blocking || f.isBlocking();
    }
    for (QWidget *w : std::as_const(m_tinted)) {
        if (!wanted.contains(w)) {
            w->setToolTip(QString());
            w->setPalette(QPalette());
        }
    }
    m_tinted.clear();
    for (auto it = wanted.cbegin(); it != wanted.cend(); ++it) {
        QWidget *w = it.key();
        const QColor tint = it->second ? QColor(0xfd, 0xec, 0xea) : QColor(0xff, 0xf4, 0xe5);
        if (w->toolTip() != it->first)
            w->setToolTip(it->first);
        if (w->palette().color(QPalette::Base) != tint) {
            QPalette p = w->palette();
            p.setColor(QPalette::Base, tint);
            w->setPalette(p);
        }
        m_tinted << w;
    }
}

} // namespace onramp
