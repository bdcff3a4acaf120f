import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOnce } from '../../lib/load-once';

/**
 * What every PDF of the server shares (the booking confirmation, receipts, monthly statements): the
 * fonts, pdfkit, the palette and the way a document is opened and collected. Text is set in Noto
 * Sans SC (Latin, Chinese and kana in one face), embedded as a subset with a ToUnicode map, so a PDF
 * is small and its text can be searched and copied.
 */

const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
export const FONT_FILES = { regular: path.join(FONT_DIR, 'NotoSansSC-Regular.ttf'), bold: path.join(FONT_DIR, 'NotoSansSC-Bold.ttf') };

/** A parsed font (fontkit's object; pdfkit's registerFont takes it as it is). */
type ParsedFont = object;
interface Fonts {
  regular: ParsedFont;
  bold: ParsedFont;
}

// pdfkit and fontkit are loaded by the first PDF, not at start-up (decision 086).
/** pdfkit's options as it reads them: `font: null` loads no standard font (its types name only a font's name). */
type PdfOptions = Omit<PDFKit.PDFDocumentOptions, 'font'> & { font?: string | null };
export const loadPdfkit = loadOnce(async () => (await import('pdfkit')).default as new (options: PdfOptions) => PDFKit.PDFDocument);
// fontkit is pdfkit's own font parser: resolved from pdfkit so both always agree on its version.
const loadFontkit = () => createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): ParsedFont };

let fontsLoading: Promise<Fonts> | undefined;

/**
 * Reads and parses the two font files once, on the first PDF; every later document reuses the parsed
 * fonts (pdfkit still makes a fresh subset per document). About 21 MB stay in memory afterwards.
 */
export function loadFonts(): Promise<Fonts> {
  fontsLoading ??= Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]).then(
    ([regular, bold]) => {
      const fontkit = loadFontkit();
      return { regular: fontkit.create(regular), bold: fontkit.create(bold) };
    },
    (err: unknown) => {
      fontsLoading = undefined; // a later request tries again
      throw err;
    },
  );
  return fontsLoading;
}

/** The identity's colours (docs/rules/look-and-language.md): indigo (ai-iro), vermilion (torii) used sparingly, warm stone neutrals. */
export const PDF_PALETTE = {
  INDIGO: '#1f4e8c',
  VERMILION: '#d9472b',
  INK: '#1c1917',
  MUTED: '#57534e',
  FAINT: '#a8a29e',
  RULE: '#e7e5e4',
  TINT: '#f5f5f4',
} as const;

/**
 * An A4 document in the project's fonts, and the bytes it will have once `doc.end()` is called.
 * No Helvetica (`font: null`): parsing its metrics costs ~20 ms a document, and every text is Noto
 * Sans SC. No bottom margin: pages are laid out by hand, and pdfkit would start a new page for a footer.
 */
export async function openPdf(options: { margin: number; lang: string; info: PDFKit.DocumentInfo }): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const [fonts, PDFDocument] = await Promise.all([loadFonts(), loadPdfkit()]);
  const { margin } = options;
  const doc = new PDFDocument({
    size: 'A4',
    font: null,
    margins: { top: margin, left: margin, right: margin, bottom: 0 },
    lang: options.lang,
    displayTitle: true,
    info: options.info,
  });
  // registerFont's types name files and buffers; at run time it also takes a parsed fontkit font.
  doc.registerFont('regular', fonts.regular as Buffer);
  doc.registerFont('bold', fonts.bold as Buffer);
  doc.font('regular');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
