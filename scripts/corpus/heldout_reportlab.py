"""Held-out ReportLab layouts of the certificate corpus (scripts/corpus/heldout.ts calls it).

Reads a JSON list of {path, layout, doc, sections} on stdin (doc: a PrintedDocument of
scripts/corpus/document.ts; sections: scripts/corpus/heldout-blocks.ts `sections(doc)`) and writes one
PDF per item, in STSong-Light (non-embedded CID font, UniGB-UCS2-H). Layouts:
  right-aligned      no rules; labels right-aligned in a narrow column, smaller and grey; values
                     left-aligned beside them; section titles over every block, parties numbered;
  landscape-columns  a landscape page in two frames (newspaper columns): "label：value" paragraphs
                     flow down the left column, then the right one, then the next page;
  six-column         a ruled table of three label/value pairs per row, long values across five cells.
Each layout has its own header and footer.
"""
import json
import sys

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Spacer, Table, TableStyle
from xml.sax.saxutils import escape

FONT = "STSong-Light"
pdfmetrics.registerFont(UnicodeCIDFont(FONT))

BODY = ParagraphStyle("body", fontName=FONT, fontSize=10, leading=14, wordWrap="CJK")
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8.5, leading=11)
LABEL = ParagraphStyle("label", parent=BODY, fontSize=8, leading=13, alignment=2, textColor=colors.HexColor("#555555"))
VALUE = ParagraphStyle("value", parent=BODY, fontSize=10.5, leading=14)
TITLE = ParagraphStyle("title", parent=BODY, fontSize=15, leading=20, alignment=1, spaceBefore=2, spaceAfter=6)
SECTION = ParagraphStyle("section", parent=BODY, fontSize=11, leading=16, spaceBefore=6, spaceAfter=2)
CELL = ParagraphStyle("cell", parent=BODY, fontSize=8, leading=10.5)
COLUMN = ParagraphStyle("column", parent=BODY, fontSize=9.5, leading=13, spaceAfter=2)
CHUNK = 300


def p(text, style):
    return Paragraph(escape(text), style)


def right_aligned(item):
    data, style = [], [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 3)]
    for s in item["sections"]:
        if s["title"]:
            style.append(("LINEBELOW", (1, len(data)), (1, len(data)), 0.8, colors.black))
            data.append(["", p(s["title"], SECTION)])
        if s["heading"]:
            data.append([p(s["heading"], LABEL), ""])
        for row in s["rows"]:
            for k in range(0, max(len(row["value"]), 1), CHUNK):
                data.append([p(row["label"], LABEL) if k == 0 else "", p(row["value"][k:k + CHUNK], VALUE)])
    table = Table(data, colWidths=[34 * mm, 140 * mm], splitByRow=1)
    table.setStyle(TableStyle(style))
    return [table]


def landscape_columns(item):
    story = []
    for block in item["doc"]["blocks"]:
        if block["heading"]:
            story.append(p(block["heading"], SECTION))
        for row in block["rows"]:
            story.append(p("%s：%s" % (row["label"], row["value"]), COLUMN))
    return story


def six_column(item):
    data, style = [], [("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")]
    for block in item["doc"]["blocks"]:
        if block["heading"]:
            style += [("SPAN", (0, len(data)), (5, len(data))), ("BACKGROUND", (0, len(data)), (5, len(data)), colors.HexColor("#e6e6e6"))]
            data.append([p(block["heading"], CELL), "", "", "", "", ""])
        pending = []

        def flush():
            if not pending:
                return
            cells = []
            for row in pending:
                cells += [p(row["label"], CELL), p(row["value"], CELL)]
            if len(pending) < 3:
                style.append(("SPAN", (len(cells) - 1, len(data)), (5, len(data))))
            data.append(cells + [""] * (6 - len(cells)))
            del pending[:]

        for row in block["rows"]:
            if row.get("long") or len(row["value"]) > 16:
                flush()
                for k in range(0, max(len(row["value"]), 1), CHUNK):
                    style.append(("SPAN", (1, len(data)), (5, len(data))))
                    data.append([p(row["label"], CELL) if k == 0 else "", p(row["value"][k:k + CHUNK], CELL), "", "", "", ""])
                continue
            pending.append(row)
            if len(pending) == 3:
                flush()
        flush()
    table = Table(data, colWidths=[22 * mm, 36 * mm, 22 * mm, 36 * mm, 22 * mm, 36 * mm], splitByRow=1)
    table.setStyle(TableStyle(style))
    return [table]


def furniture(item, pagesize):
    doc, layout = item["doc"], item["layout"]
    f = doc["furniture"]
    width, height = pagesize

    def draw(canvas, template):
        canvas.saveState()
        canvas.setFont(FONT, 8)
        page = canvas.getPageNumber()
        if layout == "right-aligned":
            canvas.drawRightString(width - 18 * mm, height - 12 * mm, "%s　第%d页" % (f["registry"], page))
            canvas.line(18 * mm, height - 13.5 * mm, width - 18 * mm, height - 13.5 * mm)
            canvas.drawString(18 * mm, 10 * mm, "%s：%s" % (doc["numberRow"]["label"], doc["numberRow"]["value"]))
        elif layout == "landscape-columns":
            canvas.drawString(15 * mm, height - 10 * mm, f["header"])
            canvas.drawCentredString(width / 2, 8 * mm, "%d" % page)
        else:
            canvas.drawString(18 * mm, height - 12 * mm, doc["numberRow"]["value"])
            canvas.drawRightString(width - 18 * mm, 10 * mm, "第 %d 页" % page)
        if f["watermark"]:
            canvas.setFillColor(colors.Color(0, 0, 0, alpha=0.07))
            canvas.setFont(FONT, 48)
            canvas.translate(width / 2, height / 2)
            canvas.rotate(30)
            canvas.drawCentredString(0, 0, f["watermark"])
        canvas.restoreState()

    return draw


def render(item):
    doc, layout = item["doc"], item["layout"]
    f = doc["furniture"]
    pagesize = landscape(A4) if layout == "landscape-columns" else A4
    width, height = pagesize
    margin = 15 * mm if layout == "landscape-columns" else 18 * mm
    template = BaseDocTemplate(
        item["path"], pagesize=pagesize, leftMargin=margin, rightMargin=margin, topMargin=18 * mm, bottomMargin=16 * mm,
        title=doc["title"], author=f["registry"], creator="ReportLab", invariant=1,
    )
    frame_height = height - 34 * mm
    if layout == "landscape-columns":
        gap = 10 * mm
        column = (width - 2 * margin - gap) / 2
        frames = [Frame(margin, 16 * mm, column, frame_height, id="left"), Frame(margin + column + gap, 16 * mm, column, frame_height, id="right")]
    else:
        frames = [Frame(margin, 16 * mm, width - 2 * margin, frame_height, id="body")]
    template.addPageTemplates([PageTemplate(id="page", frames=frames, onPage=furniture(item, pagesize))])
    story = [
        p("%s：%s" % (doc["numberRow"]["label"], doc["numberRow"]["value"]), BODY),
        p(doc["title"], TITLE),
        p("打印时间：" + f["printTime"], SMALL),
        Spacer(1, 4),
    ]
    story += {"right-aligned": right_aligned, "landscape-columns": landscape_columns, "six-column": six_column}[layout](item)
    story += [Spacer(1, 8), p("代理登记机构：" + f["agent"], SMALL)]
    if f["closing"]:
        story.append(p(f["closing"], SMALL))
    template.build(story)


if __name__ == "__main__":
    for item in json.load(sys.stdin):
        render(item)
