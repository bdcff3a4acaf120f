/**
 * A small Markdown reader for the help articles — only the subset they use, turned into plain data
 * that components render as React elements (never as HTML, so nothing in a file can inject markup):
 *
 *   # Title            one per article
 *   ## Section {#id}   sections (the id anchors the table of contents; the same in every locale)
 *   ### Subsection
 *   paragraph          one line per paragraph
 *   - item / 1. item   lists (one level)
 *   | a | b |          tables, with a |---| separator under the header row
 *   > note             a highlighted note
 *   **bold**, [text](/path | https://… | tel:…), `code` inside any text
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 2 | 3; id: string; text: string; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] }
  | { kind: 'note'; content: Inline[] };

export interface Article {
  slug: string;
  title: string;
  /** The first paragraph: shown under the title and on the help centre's cards. */
  lead: string;
  blocks: Block[];
  /** Level-2 headings, for the table of contents. */
  toc: { id: string; text: string }[];
  /** Everything readable below the title, for search. */
  plainText: string;
}

/** Only these link targets become links; anything else (javascript:, data:, …) stays text. */
export function safeHref(href: string): string | undefined {
  if (/^\/(?!\/)/.test(href) || /^#[\w-]+$/.test(href)) return href;
  if (/^https:\/\/[^\s]+$/.test(href)) return href;
  if (/^(tel|mailto):[^\s]+$/.test(href)) return href;
  return undefined;
}

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let rest = source;
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/;
  while (rest) {
    const m = pattern.exec(rest);
    if (!m) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ kind: 'text', text: rest.slice(0, m.index) });
    if (m[1] !== undefined) out.push({ kind: 'strong', children: parseInline(m[1]) });
    else if (m[2] !== undefined) out.push({ kind: 'code', text: m[2] });
    else {
      const href = safeHref(m[4]!);
      out.push(href ? { kind: 'link', href, children: parseInline(m[3]!) } : { kind: 'text', text: m[3]! });
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

export function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => (n.kind === 'text' || n.kind === 'code' ? n.text : inlineText(n.children))).join('');
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => parseInline(c.trim()));

export function parseArticle(slug: string, source: string): Article {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let title = '';
  const blocks: Block[] = [];
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    if (!line.trim()) continue;
    let m: RegExpExecArray | null;
    if ((m = /^# (.+)$/.exec(line))) {
      title = m[1]!.trim();
    } else if ((m = /^(#{2,3}) (.+?)(?:\s+\{#([\w-]+)\})?$/.exec(line))) {
      const content = parseInline(m[2]!);
      blocks.push({
        kind: 'heading',
        level: m[1]!.length as 2 | 3,
        id: m[3] ?? `section-${++n}`,
        text: inlineText(content),
        content,
      });
    } else if (/^\s*[-*] /.test(line) || /^\s*\d+\. /.test(line)) {
      const ordered = /^\s*\d+\. /.test(line);
      const items: Inline[][] = [];
      while (i < lines.length && (ordered ? /^\s*\d+\. / : /^\s*[-*] /).test(lines[i]!)) {
        items.push(parseInline(lines[i]!.replace(/^\s*(?:[-*]|\d+\.) /, '').trim()));
        i++;
      }
      i--;
      blocks.push({ kind: 'list', ordered, items });
    } else if (line.startsWith('|')) {
      const rows: Inline[][][] = [];
      let head: Inline[][] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) {
        const row = lines[i]!.trim();
        if (/^\|[\s:|-]+\|$/.test(row)) {
          head = rows.pop() ?? [];
        } else rows.push(cells(row));
        i++;
      }
      i--;
      blocks.push({ kind: 'table', head, rows });
    } else if (line.startsWith('> ')) {
      blocks.push({ kind: 'note', content: parseInline(line.slice(2).trim()) });
    } else {
      blocks.push({ kind: 'paragraph', content: parseInline(line.trim()) });
    }
  }
  const firstParagraph = blocks.findIndex((b) => b.kind === 'paragraph');
  const lead = firstParagraph === 0 ? inlineText((blocks[0] as Extract<Block, { kind: 'paragraph' }>).content) : '';
  const body = firstParagraph === 0 ? blocks.slice(1) : blocks;
  const text = (b: Block): string =>
    b.kind === 'heading'
      ? b.text
      : b.kind === 'list'
        ? b.items.map(inlineText).join(' ')
        : b.kind === 'table'
          ? [b.head, ...b.rows].map((r) => r.map(inlineText).join(' ')).join(' ')
          : inlineText(b.content);
  return {
    slug,
    title,
    lead,
    blocks: body,
    toc: body.flatMap((b) => (b.kind === 'heading' && b.level === 2 ? [{ id: b.id, text: b.text }] : [])),
    plainText: [lead, ...body.map(text)].join('\n'),
  };
}
