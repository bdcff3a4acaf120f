/** This locale's help articles as raw Markdown, keyed by slug (file name). Loaded as one lazy chunk. */
const files = import.meta.glob<string>('./*.md', { query: '?raw', import: 'default', eager: true });

export const sources: Record<string, string> = Object.fromEntries(
  Object.entries(files).map(([file, text]) => [file.replace(/^\.\/(.+)\.md$/, '$1'), text]),
);
