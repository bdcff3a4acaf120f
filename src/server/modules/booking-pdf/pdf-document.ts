import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOnce } from '../../lib/load-once';

/**
 * What every PDF of the server shares (the booking confirmation, receipts, monthly statements): the
 * faces, pdfkit, the palette and the way a document is opened and collected. A document's language
 * picks its faces (decision 174): Japanese is set in Noto Sans JP, so its kanji have Japanese shapes,
 * with Noto Sans SC for what Noto Sans JP lacks (the simplified hanzi of a Chinese traveler's name);
 * English and Chinese in Noto Sans SC alone (Latin, Chinese and kana in one face, decision 065). Each
 * face is embedded as a subset with a ToUnicode map, so a PDF is small and its text can be searched
 * and copied.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');

const WEIGHTS = ['regular', 'bold'] as const;
type Weight = (typeof WEIGHTS)[number];

/** Where each face's two weights are read from. */
const FACE_FILES = {
  // Copied into the repository (decision 065).
  NotoSansSC: () => ({
    regular: path.join(FONT_DIR, 'NotoSansSC-Regular.ttf'),
    bold: path.join(FONT_DIR, 'NotoSansSC-Bold.ttf'),
  }),
  // From its npm package (decision 174), resolved from this file, whose URL the compiled server keeps (decision 086).
  NotoSansJP: () => ({
    regular: require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
  }),
} satisfies Record<string, () => Record<Weight, string>>;
type FaceName = keyof typeof FACE_FILES;

/** A parsed font (fontkit's object; pdfkit's registerFont takes it as it is). */
/** What this module and its tests read of a fontkit font (fontkit ships no types). */
export interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
  getGlyph(id: number): { advanceWidth: number };
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  characterSet: number[];
}
type Face = Record<Weight, ParsedFont>;

declare global {
  // pdfkit's types are a global namespace: this adds an overload to it.
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the only way to extend pdfkit's own types
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** registerFont's types name files and buffers; at run time it also takes a parsed fontkit font. */
      registerFont(name: string, src: ParsedFont): this;
    }
  }
}

// pdfkit and fontkit are loaded by the first PDF, not at start-up (decision 086).
/** pdfkit's options as it reads them: `font: null` loads no standard font (its types name only a font's name). */
type PdfOptions = Omit<PDFKit.PDFDocumentOptions, 'font'> & { font?: string | null };
type PdfDocumentClass = new (options: PdfOptions) => PDFKit.PDFDocument;
// fontkit is pdfkit's own font parser: resolved from pdfkit so both always agree on its version.
const loadFontkit = () =>
  createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): ParsedFont };

const faceLoads = new Map<FaceName, Promise<Face>>();

/**
 * Reads and parses a face's two files once, on the first document that needs it; every later document
 * reuses them (pdfkit still makes a fresh subset per document). They stay in memory afterwards: Noto
 * Sans SC's about 21 MB from the first PDF, Noto Sans JP's about 11 MB more from the first Japanese one.
 */
function loadFace(name: FaceName): Promise<Face> {
  let loading = faceLoads.get(name);
  if (!loading) {
    loading = (async () => {
      const files = FACE_FILES[name]();
      const [regular, bold] = await Promise.all([readFile(files.regular), readFile(files.bold)]);
      const fontkit = loadFontkit();
      return { regular: fontkit.create(regular), bold: fontkit.create(bold) };
    })();
    loading.catch(() => faceLoads.delete(name)); // a later request tries again
    faceLoads.set(name, loading);
  }
  return loading;
}

/**
 * A document's faces, first choice first (decision 174): Noto Sans JP is read only once a Japanese document is made.
 */
export function loadFaces(lang: string): Promise<Face[]> {
  return Promise.all(
    (lang === 'ja' ? (['NotoSansJP', 'NotoSansSC'] as const) : (['NotoSansSC'] as const)).map(loadFace),
  );
}

const coverage = new WeakMap<ParsedFont, Map<number, boolean>>();

/**
 * Whether `font` has a character, remembered: fontkit searches the font's cmap every time (1–2 µs, tens of times a
 * map's lookup).
 */
function covers(font: ParsedFont, codePoint: number): boolean {
  let known = coverage.get(font);
  if (!known) coverage.set(font, (known = new Map()));
  let has = known.get(codePoint);
  if (has === undefined) known.set(codePoint, (has = font.hasGlyphForCodePoint(codePoint)));
  return has;
}

/**
 * `text` cut where the face changes, each character in the first of `faces` that has it, so a run is
 * set in the first face that has all its characters. A character none has (a line break) stays in
 * the run it is in.
 */
function faceRuns(text: string, faces: readonly ParsedFont[]): { face: number; text: string }[] {
  const runs: { face: number; text: string }[] = [];
  let run: { face: number; text: string } | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const found = faces.findIndex((f) => covers(f, codePoint));
    const face = found < 0 ? (run?.face ?? 0) : found;
    if (run?.face === face) run.text += char;
    else runs.push((run = { face, text: char }));
  }
  return runs;
}

/** The name a face's weight is registered under: the first face's is the weight itself, which the renderers select. */
const fontName = (weight: Weight, face: number) => (face === 0 ? weight : `${weight} ${face}`);

/**
 * pdfkit's document whose `text()` sets every text in the document's faces (decision 174), so no
 * renderer can write text past them. A text the first face has whole (every text of a document with
 * one face) is pdfkit's own call; a mixed one is written as pdfkit's continued runs, one per face.
 * Measuring needs nothing of the kind: the faces share their line metrics, and every character only
 * one of them has is as wide as the other's .notdef, so pdfkit's widthOfString and heightOfString in
 * the first face give the widths and the line breaks of the runs (faces.test.ts holds this).
 */
const loadFaceDocument = loadOnce(async () => {
  const PDFDocument = (await import('pdfkit')).default as PdfDocumentClass;
  return class FaceDocument extends PDFDocument {
    private weight: Weight = 'regular';
    private readonly faces: readonly Face[];

    constructor(options: PdfOptions, faces: readonly Face[]) {
      super(options);
      this.faces = faces;
      faces.forEach((face, i) => WEIGHTS.forEach((w) => this.registerFont(fontName(w, i), face[w])));
    }

    override font(src: PDFKit.Mixins.PDFFontSource, family?: string | number, size?: number): this {
      if (src === 'regular' || src === 'bold') this.weight = src;
      return typeof family === 'string' ? super.font(src, family, size) : super.font(src, family);
    }

    override text(
      text: string,
      x?: number | PDFKit.Mixins.TextOptions,
      y?: number,
      options?: PDFKit.Mixins.TextOptions,
    ): this {
      const opts = (typeof x === 'object' ? x : options) ?? {};
      const at = typeof x === 'object' ? undefined : x;
      const runs =
        this.faces.length > 1
          ? faceRuns(
              String(text),
              this.faces.map((f) => f[this.weight]),
            )
          : [];
      if (runs.length <= 1 && (runs[0]?.face ?? 0) === 0) return this.write(text, at, y, opts);
      // pdfkit aligns each continued run on its own: a right-aligned or centred line is moved to where
      // it starts and its runs set from there. A mixed text that wraps is set from the left.
      let start = at;
      let runOpts = opts;
      const { align, width } = opts;
      if (
        (align === 'right' || align === 'center') &&
        at !== undefined &&
        width !== undefined &&
        !text.includes('\n')
      ) {
        const used = this.widthOfString(text, opts);
        if (used <= width) {
          start = at + (align === 'right' ? width - used : (width - used) / 2);
          // One point more than the line needs, so rounding never breaks it.
          runOpts = { ...opts, align: 'left', width: used + 1 };
        }
      }
      runs.forEach((run, i) => {
        super.font(fontName(this.weight, run.face));
        const continued = i < runs.length - 1 || opts.continued;
        this.write(run.text, i === 0 ? start : undefined, i === 0 ? y : undefined, { ...runOpts, continued });
      });
      super.font(this.weight);
      if (start !== at && at !== undefined) this.x = at;
      return this;
    }

    /**
     * pdfkit's text(), given a position only when there is one: pdfkit takes a missing x for the options and would drop
     * them.
     */
    private write(
      text: string,
      x: number | undefined,
      y: number | undefined,
      options: PDFKit.Mixins.TextOptions,
    ): this {
      return x === undefined && y === undefined ? super.text(text, options) : super.text(text, x, y, options);
    }
  };
});

/**
 * The identity's colours (docs/rules/look-and-language.md): indigo (ai-iro), vermilion (torii) used sparingly, warm
 * stone neutrals.
 */
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
 * An A4 document in its language's faces, and the bytes it will have once `doc.end()` is called.
 * No Helvetica (`font: null`): parsing its metrics costs ~20 ms a document, and every text is in the
 * document's faces. No bottom margin: pages are laid out by hand, and pdfkit would start a new page for a footer.
 */
export async function openPdf(options: {
  margin: number;
  lang: string;
  info: PDFKit.DocumentInfo;
}): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const [faces, FaceDocument] = await Promise.all([loadFaces(options.lang), loadFaceDocument()]);
  const { margin } = options;
  const doc = new FaceDocument(
    {
      size: 'A4',
      font: null,
      margins: { top: margin, left: margin, right: margin, bottom: 0 },
      lang: options.lang,
      displayTitle: true,
      info: options.info,
    },
    faces,
  );
  doc.font('regular');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
