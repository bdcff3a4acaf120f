import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { drawnTexts, embeddedFonts, fontsOfChars } from '../../test/pdf-runs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, pay, person, type Person } from '../bookings/test-helpers';
import { loadFaces, openPdf, type ParsedFont } from './pdf-document';

/**
 * A Japanese document is set in Noto Sans JP, so its kanji have Japanese shapes, and what Noto Sans JP
 * lacks (a Chinese traveler's name) in Noto Sans SC; a Chinese or English one in Noto Sans SC alone
 * (decision 174).
 */
let t: TestApp;
let traveler: Person;
let bookingId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const named = await t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: auth(traveler.token),
    payload: { fullName: '张伟' },
  });
  expect(named.statusCode, named.body).toBe(200);
  const guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4, city: 'kyoto', name: '佐藤由衣 Sato Yui' });
  const res = await book(t, traveler, {
    guideId: guide.guideId,
    date: daysAhead(20),
    startTime: '10:00',
    durationHours: 2,
    travelers: 2,
    meetingAddress: '京都府京都市東山区清水1丁目294 清水寺仁王門前',
    notes: '骨董品店に直行したいです。誤りがあれば連絡してください。',
  });
  expect(res.statusCode, res.body).toBe(201);
  bookingId = res.json().id;
  expect((await pay(t, traveler, bookingId)).statusCode).toBe(201);
});
afterAll(() => t.close());

const pdf = async (lang: string) => {
  const res = await t.app.inject({
    url: `/api/v2/bookings/${bookingId}/pdf?lang=${lang}`,
    headers: auth(traveler.token),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('the faces of a booking PDF', () => {
  it('in Japanese: the kanji in Noto Sans JP, the Chinese traveler’s name in Noto Sans SC, no character a .notdef box', async () => {
    const body = await pdf('ja');
    expect(embeddedFonts(body)).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular', 'NotoSansSC-Regular']);
    const drawn = await drawnTexts(body);
    expect(drawn.map((d) => d.text).join('')).toContain('张伟');
    // 张 and 伟 are not in Noto Sans JP; 直, 誤 and 骨 are, in their Japanese shapes.
    expect(fontsOfChars(drawn, '张伟直誤骨')).toEqual({
      张: ['NotoSansSC-Regular'],
      伟: ['NotoSansSC-Regular'],
      直: ['NotoSansJP-Bold', 'NotoSansJP-Regular'],
      誤: ['NotoSansJP-Regular'],
      骨: ['NotoSansJP-Regular'],
    });
    expect(drawn.filter((d) => d.notdef > 0)).toEqual([]);
  });

  it('in Chinese and in English: Noto Sans SC alone, as before', async () => {
    for (const lang of ['zh-CN', 'en']) {
      const body = await pdf(lang);
      expect(embeddedFonts(body), lang).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
      const drawn = await drawnTexts(body);
      expect(fontsOfChars(drawn, '张伟'), lang).toEqual({ 张: ['NotoSansSC-Regular'], 伟: ['NotoSansSC-Regular'] });
      expect(
        drawn.filter((d) => d.notdef > 0),
        lang,
      ).toEqual([]);
    }
  });
});

describe('a line of two faces', () => {
  /** Where each piece of the first page's text starts and ends, left to right. */
  async function pieces(draw: (doc: PDFKit.PDFDocument) => void): Promise<{ str: string; x: number; end: number }[]> {
    const { doc, done } = await openPdf({ margin: 48, lang: 'ja', info: {} });
    draw(doc);
    doc.end();
    const read = await getDocument({ data: new Uint8Array(await done), useSystemFonts: false, isEvalSupported: false })
      .promise;
    const { items } = await (await read.getPage(1)).getTextContent();
    await read.destroy();
    return items.flatMap((i) =>
      'str' in i && i.str
        ? [{ str: i.str, x: i.transform[4] as number, end: (i.transform[4] as number) + i.width }]
        : [],
    );
  }

  it('aligned right ends at the right edge and centred sits in the middle, its runs side by side', async () => {
    const text = '旅行者：张伟さま';
    const right = await pieces((doc) =>
      doc.font('bold').fontSize(12).text(text, 100, 100, { width: 300, align: 'right' }),
    );
    expect(right.map((p) => p.str)).toEqual(['旅行者：', '张伟', 'さま']);
    expect(right.at(-1)!.end).toBeCloseTo(400, 0);
    right.slice(1).forEach((p, i) => expect(p.x).toBeCloseTo(right[i]!.end, 1));
    const centred = await pieces((doc) =>
      doc.font('regular').fontSize(12).text(text, 100, 100, { width: 300, align: 'center' }),
    );
    expect(centred[0]!.x - 100).toBeCloseTo(400 - centred.at(-1)!.end, 0);
  });

  it('continues a label in another weight, as the statement writes its guide’s name', async () => {
    const drawn = await pieces((doc) =>
      doc.font('regular').fontSize(10).text('ガイド：', 60, 100, { continued: true }).font('bold').text('张伟さん'),
    );
    expect(drawn.map((p) => p.str)).toEqual(['ガイド：', '张伟', 'さん']);
    drawn.slice(1).forEach((p, i) => expect(p.x).toBeCloseTo(drawn[i]!.end, 1));
  });

  it('that wraps stays within its width, and a text after it starts below it', async () => {
    const long = '张伟さまの備考：'.repeat(12);
    let after = 0;
    const drawn = await pieces((doc) => {
      doc.font('regular').fontSize(10).text(long, 60, 100, { width: 200 });
      after = doc.y;
      expect(doc.x).toBe(60);
    });
    expect(Math.min(...drawn.map((p) => p.x))).toBeCloseTo(60, 0);
    expect(Math.max(...drawn.map((p) => p.end))).toBeLessThanOrEqual(260.5);
    // pdfkit's own measure of the same text in the first face (decision 174): as many lines as drawn.
    const { doc } = await openPdf({ margin: 48, lang: 'ja', info: {} });
    expect(after - 100).toBeCloseTo(doc.font('regular').fontSize(10).heightOfString(long, { width: 200 }), 5);
  });
});

describe('the faces measure alike', () => {
  it('the same line height, and every character one face lacks as wide as its .notdef, so pdfkit measures a mixed text in the first face', async () => {
    const faces = await loadFaces('ja');
    for (const weight of ['regular', 'bold'] as const) {
      const [jp, sc] = [faces[0]![weight], faces[1]![weight]];
      const line = (f: ParsedFont) => [f.unitsPerEm, f.ascent, f.descent, f.lineGap];
      expect(line(jp), weight).toEqual(line(sc));
      const inJp = new Set(jp.characterSet);
      const notdef = jp.getGlyph(0).advanceWidth;
      expect(sc.getGlyph(0).advanceWidth, weight).toBe(notdef);
      const widths = new Set(
        sc.characterSet.filter((c) => !inJp.has(c)).map((c) => sc.glyphForCodePoint(c).advanceWidth),
      );
      expect([...widths], weight).toEqual([notdef]);
    }
  });
});
