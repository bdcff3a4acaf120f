import { describe, expect, it } from 'vitest';
import { parseArticle, parseInline, safeHref } from './markdown';
import { searchArticles } from './search';

describe('markdown subset', () => {
  const a = parseArticle(
    'x',
    [
      '# Title',
      'Lead paragraph with **bold** and a [link](/help).',
      '## First {#first}',
      '- one',
      '- two [call](tel:110)',
      '### Sub',
      '1. a',
      '2. b',
      '| A | B |',
      '|---|---|',
      '| 1 | **2** |',
      '> note `code`',
      '## Second',
      '<script>alert(1)</script> [bad](javascript:void)',
    ].join('\n'),
  );

  it('reads the title, lead, headings with anchors and a table of contents', () => {
    expect(a.title).toBe('Title');
    expect(a.lead).toBe('Lead paragraph with bold and a link.');
    expect(a.toc).toEqual([
      { id: 'first', text: 'First' },
      { id: 'section-2', text: 'Second' },
    ]);
    expect(a.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'list',
      'heading',
      'list',
      'table',
      'note',
      'heading',
      'paragraph',
    ]);
  });

  it('parses tables with a header row', () => {
    const table = a.blocks.find((b) => b.kind === 'table');
    expect(table).toMatchObject({
      head: [[{ kind: 'text', text: 'A' }], [{ kind: 'text', text: 'B' }]],
      rows: [[[{ text: '1' }], [{ kind: 'strong' }]]],
    });
  });

  it('keeps raw HTML as text and drops unsafe link targets', () => {
    const last = a.blocks.at(-1)!;
    expect(last).toEqual({
      kind: 'paragraph',
      content: [
        { kind: 'text', text: '<script>alert(1)</script> ' },
        { kind: 'text', text: 'bad' },
      ],
    });
    expect(parseInline('[x](//evil.example)')).toEqual([{ kind: 'text', text: 'x' }]);
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,hi')).toBeUndefined();
    expect(safeHref('/help/safety#emergency')).toBe('/help/safety#emergency');
    expect(safeHref('tel:+861012308')).toBe('tel:+861012308');
  });
});

describe('help search', () => {
  const docs = [
    parseArticle(
      'cancel',
      '# Cancellation policy\nRefunds of the deposit.\n## Tiers {#tiers}\nMore than 7 days: 100%.',
    ),
    parseArticle('safety', '# Safety\nCall 110 for the police. Refunds are not about safety.\n## Emergency {#e}\nx'),
    parseArticle('zh', '# 取消政策\n定金退款规则。\n## 档位 {#tiers}\n提前 7 天以上退 100%。'),
  ];

  it('finds articles containing every word, title matches first, with a marked snippet', () => {
    const hits = searchArticles(docs, 'refunds');
    expect(hits.map((h) => h.slug)).toEqual(['cancel', 'safety']);
    expect(searchArticles(docs, 'refunds police').map((h) => h.slug)).toEqual(['safety']);
    expect(searchArticles(docs, 'cancellation').map((h) => h.slug)).toEqual(['cancel']);
    expect(
      searchArticles(docs, 'deposit')[0]!
        .snippet.filter((p) => p.match)
        .map((p) => p.text),
    ).toEqual(['deposit']);
  });

  it('matches Chinese without spaces, and nothing for an empty query', () => {
    expect(searchArticles(docs, '退款').map((h) => h.slug)).toEqual(['zh']);
    expect(searchArticles(docs, '   ')).toEqual([]);
    expect(searchArticles(docs, 'kyoto')).toEqual([]);
  });
});
