import { findContacts } from '../../../shared/messaging/contact-masking';

/**
 * What a provider is sent in place of a text (decision 181): the text as XML (`&`, `<`, `>`
 * escaped), each contact detail (findContacts: e-mail, phone, messenger id, link, payment account)
 * replaced by an empty placeholder tag `<x id="N"/>`. DeepL with `tag_handling=xml` keeps such a tag
 * next to the words it stood by and translates nothing inside it, so no detail leaves the house and
 * `restore` puts each back in the translation.
 */
export interface WithheldText {
  sent: string;
  restore(translated: string): string;
}

/** The tag name a provider must keep as is (DeepL's `ignore_tags`). */
export const PLACEHOLDER_TAG = 'x';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A placeholder as the provider may answer it: self-closing, or opened and closed with nothing inside. */
const PLACEHOLDER = /<x\s+id="(\d+)"\s*(?:\/>|>\s*<\/x>)/g;

export function withhold(text: string): WithheldText {
  const details: string[] = [];
  let sent = '';
  let at = 0;
  for (const span of findContacts(text)) {
    sent += `${escapeXml(text.slice(at, span.start))}<${PLACEHOLDER_TAG} id="${details.length}"/>`;
    details.push(text.slice(span.start, span.end));
    at = span.end;
  }
  sent += escapeXml(text.slice(at));
  return {
    sent,
    // The text between placeholders is unescaped piece by piece, so a detail holding `&lt;` stays as
    // written; a detail whose placeholder did not come back is added at the end rather than lost.
    restore(translated) {
      let out = '';
      let from = 0;
      const back = new Set<number>();
      for (const m of translated.matchAll(PLACEHOLDER)) {
        const n = Number(m[1]);
        back.add(n);
        out += unescapeXml(translated.slice(from, m.index)) + (details[n] ?? '');
        from = (m.index ?? 0) + m[0].length;
      }
      out += unescapeXml(translated.slice(from));
      const lost = details.filter((_, n) => !back.has(n));
      return lost.length ? `${out} ${lost.join(' ')}` : out;
    },
  };
}
