import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';

const bytesOf = (stream: PDFStream) =>
  Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents());

/** Glyph id -> text, from a Type0 font's ToUnicode CMap (bfchar and bfrange entries). */
function toUnicode(font: PDFDict): Map<number, string> {
  const cmap = bytesOf(font.lookup(PDFName.of('ToUnicode'), PDFStream)).toString('latin1');
  const map = new Map<number, string>();
  const text = (hex: string) => String.fromCharCode(...hex.match(/.{4}/g)!.map((unit) => parseInt(unit, 16)));
  for (const [, section] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, glyph, unicode] of section.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(glyph, 16), text(unicode));
  for (const [, section] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, first, last, unicode] of section.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    ))
      for (let glyph = parseInt(first, 16); glyph <= parseInt(last, 16); glyph++)
        map.set(glyph, String.fromCharCode(parseInt(unicode, 16) + glyph - parseInt(first, 16)));
  return map;
}

/**
 * The text a PDF shows, one line per text-showing operator, read the way a viewer does: each page's content
 * stream, the font selected by `Tf`, its glyph ids mapped back through the font's ToUnicode CMap.
 */
export async function pdfText(pdfBytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<number, string>>();
    for (const [name, ref] of fonts.entries())
      maps.set(name.asString(), toUnicode(pdf.context.lookup(ref as PDFRef, PDFDict)));
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => pdf.context.lookup(ref, PDFStream))
        : contents
          ? [contents]
          : [];
    let current: Map<number, string> | undefined;
    for (const stream of streams) {
      const operators = bytesOf(stream).toString('latin1');
      for (const [, font, hex] of operators.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (font) current = maps.get(font);
        else if (hex !== undefined && current)
          lines.push((hex.match(/.{4}/g) ?? []).map((id) => current!.get(parseInt(id, 16)) ?? '?').join(''));
      }
    }
  }
  return lines.join('\n');
}
