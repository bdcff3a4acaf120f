/**
 * Checks that a file whose first bytes say PDF is a PDF, and refuses active content (decision 062).
 *
 * Structure: it must start with `%PDF-1.x` / `%PDF-2.x`, hold at least one indirect object and end with
 * `%%EOF` (trailing whitespace allowed), so a file that only borrows the signature is refused.
 *
 * Active content: names are compared after undoing `#xx` escapes (`/J#61vaScript` is `/JavaScript`).
 * A PDF naming JavaScript, a launch action, embedded files or rich media is refused: a receipt needs
 * none of them. Names inside compressed object streams are not visible to this scan, which is why the
 * file route also serves every PDF as an attachment under a sandboxing CSP with nosniff: whatever a
 * PDF holds, it is never rendered in this site's origin.
 */
const ACTIVE_NAMES = ['/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/EmbeddedFiles', '/RichMedia'];

export type PdfVerdict = 'ok' | 'not_pdf' | 'active_content';

const unescapeNames = (text: string) =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export function checkPdf(data: Buffer): PdfVerdict {
  const head = data.subarray(0, 8).toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(head)) return 'not_pdf';
  const tail = data.subarray(Math.max(0, data.length - 2048)).toString('latin1');
  if (!/%%EOF\s*$/.test(tail)) return 'not_pdf';
  const text = unescapeNames(data.toString('latin1'));
  if (!/\d+\s+\d+\s+obj\b/.test(text)) return 'not_pdf';
  for (const name of ACTIVE_NAMES) {
    // A name ends at whitespace or a delimiter; /JS must not match /JSomething.
    if (new RegExp(`${name.replace('/', '\\/')}(?=[\\s/<>\\[\\]()%]|$)`).test(text)) return 'active_content';
  }
  return 'ok';
}
