import { LEGAL_TEXTS_JA } from '../../../../../shared/legal/texts-ja';

/** This locale's help articles as raw Markdown, keyed by slug (file name). Loaded as one lazy chunk. */
const files = import.meta.glob<string>('./*.md', { query: '?raw', import: 'default', eager: true });

export const sources: Record<string, string> = {
  ...Object.fromEntries(Object.entries(files).map(([file, text]) => [file.replace(/^\.\/(.+)\.md$/, '$1'), text])),
  // The legal documents are the versioned texts the API serves too, not files of their own (decision 123).
  'terms-of-service': LEGAL_TEXTS_JA.terms,
  'privacy-policy': LEGAL_TEXTS_JA.privacy,
  'cross-border': LEGAL_TEXTS_JA.cross_border,
  'sensitive-data': LEGAL_TEXTS_JA.sensitive_data,
};
