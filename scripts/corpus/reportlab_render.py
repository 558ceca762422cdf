"""ReportLab renderer of the certificate corpus (scripts/corpus/render-reportlab.ts calls it).

Reads a JSON list of {path, layout, doc} on stdin, where doc is a PrintedDocument
(scripts/corpus/document.ts), and writes one PDF per item. Text is set in STSong-Light, the
non-embedded Adobe CID font with the UniGB-UCS2-H encoding, so readers need the GB CMaps.
Layouts:
  label-above  each label on its own small line, the value in the paragraph below;
  ruled-table  a ruled two-column table of wrapped cells; a long value continues in rows
               whose label cell is empty (ReportLab cannot split one row across pages).
Header (number and registry), footer (page number, optionally of a total), a diagonal
watermark and the print time are drawn on every page by the canvas.
"""
import json
import sys

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from xml.sax.saxutils import escape

FONT = "STSong-Light"
pdfmetrics.registerFont(UnicodeCIDFont(FONT))

BODY = ParagraphStyle("body", fontName=FONT, fontSize=10, leading=14, wordWrap="CJK")
LABEL = ParagraphStyle("label", parent=BODY, fontSize=8.5, leading=11, textColor=colors.HexColor("#555555"))
VALUE = ParagraphStyle("value", parent=BODY, leftIndent=12, spaceAfter=3)
HEADING = ParagraphStyle("heading", parent=BODY, fontSize=11.5, leading=16, spaceBefore=8, spaceAfter=3)
TITLE = ParagraphStyle("title", parent=BODY, fontSize=15, leading=20, alignment=1, spaceBefore=4, spaceAfter=8)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=9, leading=12)
CHUNK = 360


def furniture_canvas(doc):
    f = doc["furniture"]

    class Furnished(canvas.Canvas):
        """Draws furniture once the page count is known (the usual two-pass numbered canvas)."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._pages = []

        def showPage(self):
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._furnish(total)
                super().showPage()
            super().save()

        def _furnish(self, total):
            width, height = A4
            self.saveState()
            self.setFont(FONT, 8)
            self.drawString(18 * mm, height - 12 * mm, f["header"])
            number = "第%d页" % self._pageNumber + (" 共%d页" % total if f["pageCount"] else "")
            self.drawCentredString(width / 2, 10 * mm, number)
            if f["watermark"]:
                self.setFillColor(colors.Color(0, 0, 0, alpha=0.08))
                self.setFont(FONT, 44)
                self.translate(width / 2, height / 2)
                self.rotate(35)
                self.drawCentredString(0, 0, f["watermark"])
            self.restoreState()

    return Furnished


def chunks(text):
    return [text[i:i + CHUNK] for i in range(0, len(text), CHUNK)] or [""]


def label_above(doc):
    story = []
    for block in doc["blocks"]:
        if block["heading"]:
            story.append(Paragraph(escape(block["heading"]), HEADING))
        for row in block["rows"]:
            story.append(Paragraph(escape(row["label"]), LABEL))
            story.append(Paragraph(escape(row["value"]), VALUE))
    return story


def ruled_table(doc):
    data, style = [], [("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")]
    for block in doc["blocks"]:
        if block["heading"]:
            style.append(("SPAN", (0, len(data)), (1, len(data))))
            style.append(("BACKGROUND", (0, len(data)), (1, len(data)), colors.HexColor("#eeeeee")))
            data.append([Paragraph(escape(block["heading"]), BODY), ""])
        for row in block["rows"]:
            for k, piece in enumerate(chunks(row["value"])):
                data.append([Paragraph(escape(row["label"]) if k == 0 else "", BODY), Paragraph(escape(piece), BODY)])
    table = Table(data, colWidths=[42 * mm, 132 * mm], repeatRows=0, splitByRow=1)
    table.setStyle(TableStyle(style))
    return [table]


def render(item):
    doc = item["doc"]
    f = doc["furniture"]
    story = [
        Paragraph(escape("%s：%s" % (doc["numberRow"]["label"], doc["numberRow"]["value"])), BODY),
        Paragraph(escape(doc["title"]), TITLE),
        Paragraph(escape("打印时间：" + f["printTime"]), SMALL),
        Spacer(1, 4),
    ]
    story += label_above(doc) if item["layout"] == "label-above" else ruled_table(doc)
    story += [Spacer(1, 10), Paragraph(escape("代理登记机构：" + f["agent"]), SMALL)]
    if f["closing"]:
        story.append(Paragraph(escape(f["closing"]), SMALL))
    template = SimpleDocTemplate(
        item["path"], pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=20 * mm, bottomMargin=18 * mm,
        title=doc["title"], author=f["registry"], creator="ReportLab", invariant=1,
    )
    template.build(story, canvasmaker=furniture_canvas(doc))


if __name__ == "__main__":
    for item in json.load(sys.stdin):
        render(item)
