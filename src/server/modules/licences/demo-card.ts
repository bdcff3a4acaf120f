import { LICENCE_TITLES, type LicenceKind } from '../../../shared/licences';
import { escapeHtml } from '../mail/index';
import { avatarSvg } from '../guides/index';

/** The demo licence card's storage key: drawn from the guide's demo portrait on first view (decision 092). */
export const DEMO_LICENCE_CARD_KEY = 'private-credentials/demo-licence-card.webp';

/**
 * The demo licence card photo (the demo seed has no files): the guide's demo portrait on a card
 * with the licence's title and number, rendered to WebP. Marked "DEMO" so nobody mistakes it.
 */
export async function drawDemoCard(opts: {
  username: string;
  fullName: string;
  kind: LicenceKind;
  registrationNumber: string;
}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const portrait = Buffer.from(avatarSvg(opts.username)).toString('base64');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540">
<rect width="856" height="540" rx="28" fill="#f4f1ea" stroke="#8a7a5a" stroke-width="6"/>
<rect x="0" y="0" width="856" height="88" rx="28" fill="#1f4e8c"/>
<text x="40" y="60" font-size="38" font-family="sans-serif" fill="#fff">${LICENCE_TITLES[opts.kind]} 登録証</text>
<image x="40" y="130" width="240" height="240" href="data:image/svg+xml;base64,${portrait}"/>
<text x="320" y="180" font-size="34" font-family="sans-serif" fill="#222">${escapeHtml(opts.fullName)}</text>
<text x="320" y="250" font-size="28" font-family="sans-serif" fill="#444">${escapeHtml(opts.registrationNumber)}</text>
<text x="320" y="320" font-size="26" font-family="sans-serif" fill="#444">観光庁 Japan Tourism Agency</text>
<text x="40" y="480" font-size="44" font-family="sans-serif" fill="#c0392b">DEMO · 見本 · 样本</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
