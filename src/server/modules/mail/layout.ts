import type { Locale } from '../../../shared/locales';

/** HTML for e-mails: every piece of user or product text is escaped; links are the product's own. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const SIGNATURE: Record<Locale, string> = { en: 'Tabi Guides', 'zh-CN': 'Tabi 日本地陪', ja: 'Tabi Guides' };
const OPEN: Record<Locale, string> = { en: 'Open', 'zh-CN': '打开', ja: '開く' };

/**
 * The HTML part of a product e-mail: a title, paragraphs (line breaks kept), an optional button and
 * the signature, in a plain single-column layout with inline styles (mail clients drop <style>).
 */
export function htmlMail(opts: {
  lang: Locale;
  title: string;
  paragraphs: string[];
  link?: string | null;
  linkLabel?: string | null;
}): string {
  const sign = SIGNATURE[opts.lang];
  // A Japanese mail asks for Japanese faces first: with a Chinese face first, kanji take Chinese glyph shapes.
  const font =
    opts.lang === 'ja'
      ? "font-family:-apple-system,'Segoe UI','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic',Meiryo,sans-serif"
      : "font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif";
  const p = (text: string) =>
    `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const button = opts.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.link)}" style="background:#b4532a;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;display:inline-block">${escapeHtml(opts.linkLabel || OPEN[opts.lang])}</a></p>`
    : '';
  return `<!doctype html><html lang="${opts.lang}"><body style="margin:0;padding:24px;background:#f5f5f4;${font};color:#1c1917"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.title)}</h1>${opts.paragraphs.map(p).join('')}${button}<p style="margin:24px 0 0;color:#57534e;font-size:13px">${sign}</p></div></body></html>`;
}
