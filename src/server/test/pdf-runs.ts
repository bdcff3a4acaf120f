import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A piece of text as a PDF draws it: the font it is set in (without the subset's tag) and how many of its glyphs are
 * the font's .notdef.
 */
export interface DrawnText {
  font: string;
  text: string;
  notdef: number;
}

/**
 * Every text a PDF draws, page by page, with its font, as a viewer reads the file: the fonts the
 * document embeds and which of them set each character (decision 174). pdfkit writes glyph ids of its
 * subset, in which 0 is the .notdef box a font shows for a character it lacks.
 */
export async function drawnTexts(data: Buffer): Promise<DrawnText[]> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const drawn: DrawnText[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const { fnArray, argsArray } = await page.getOperatorList();
    let font = '';
    fnArray.forEach((fn, op) => {
      const args = argsArray[op] as unknown[];
      if (fn === OPS.setFont)
        font = (page.commonObjs.get(args[0] as string) as { name: string }).name.replace(/^[A-Z]{6}\+/, '');
      if (fn !== OPS.showText) return;
      const glyphs = (args[0] as unknown[]).filter(
        (g): g is { unicode: string; originalCharCode: number } => typeof g === 'object' && g !== null,
      );
      drawn.push({
        font,
        text: glyphs.map((g) => g.unicode).join(''),
        notdef: glyphs.filter((g) => g.originalCharCode === 0).length,
      });
    });
  }
  await doc.destroy();
  return drawn;
}

/**
 * The fonts a PDF embeds, by their /BaseFont names without the subset's tag, sorted (pdfkit writes its font
 * dictionaries uncompressed).
 */
export const embeddedFonts = (data: Buffer) =>
  [...new Set([...data.toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]!))].sort();

/** The font each character of `chars` is drawn in, wherever it appears. */
export function fontsOfChars(drawn: DrawnText[], chars: string): Record<string, string[]> {
  const found: Record<string, Set<string>> = {};
  for (const d of drawn) for (const c of d.text) if (chars.includes(c)) (found[c] ??= new Set()).add(d.font);
  return Object.fromEntries(Object.entries(found).map(([c, fonts]) => [c, [...fonts].sort()]));
}

/**
 * The text of every page, as a reader's copy-and-paste would give it (it needs the font's ToUnicode maps), one
 * line per page, and the number of pages.
 */
export async function pdfPages(data: Buffer): Promise<{ text: string; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text, pages };
}

/** The text of every page, as `pdfPages` reads it. */
export const pdfText = async (data: Buffer): Promise<string> => (await pdfPages(data)).text;
