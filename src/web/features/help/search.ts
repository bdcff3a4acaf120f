import type { Article } from './markdown';

export interface SearchHit {
  slug: string;
  score: number;
  /** A short excerpt around the first match in the text, split so the matched words can be marked. */
  snippet: { text: string; match: boolean }[];
}

/** Words of a query: split on spaces for Latin text; a Chinese phrase is matched as a whole. */
export function queryTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s,，。、;；]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * Every article containing all the query's words, best first: a match in the title counts most,
 * then in a section heading, then in the text.
 */
export function searchArticles(articles: Article[], query: string): SearchHit[] {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  const hits: SearchHit[] = [];
  for (const a of articles) {
    const title = a.title.toLowerCase();
    const text = a.plainText.toLowerCase();
    if (!terms.every((t) => title.includes(t) || text.includes(t))) continue;
    const headings = a.toc.map((h) => h.text.toLowerCase()).join(' ');
    let score = 0;
    for (const t of terms) {
      if (title.includes(t)) score += 10;
      if (headings.includes(t)) score += 4;
      score += Math.min(text.split(t).length - 1, 5);
    }
    hits.push({ slug: a.slug, score, snippet: snippet(a.plainText, terms) });
  }
  return hits.sort((x, y) => y.score - x.score);
}

function snippet(text: string, terms: string[]): SearchHit['snippet'] {
  const flat = text.replace(/\s+/g, ' ');
  const lower = flat.toLowerCase();
  const found = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const first = found.length ? Math.min(...found) : 0;
  const start = Math.max(0, first - 60);
  const end = Math.min(flat.length, first + 120);
  const piece = (start > 0 ? '…' : '') + flat.slice(start, end) + (end < flat.length ? '…' : '');
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return piece
    .split(new RegExp(`(${escaped})`, 'i'))
    .filter(Boolean)
    .map((part) => ({ text: part, match: terms.includes(part.toLowerCase()) }));
}
