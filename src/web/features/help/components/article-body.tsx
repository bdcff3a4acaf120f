import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from '../markdown';

/** Renders inline Markdown nodes as React elements: text stays text, links go through safeHref. */
export function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((n, i) => {
        switch (n.kind) {
          case 'text':
            return n.text;
          case 'code':
            return (
              <code key={i} className="rounded bg-stone-100 px-1 py-0.5 font-mono text-[0.9em] dark:bg-stone-800">
                {n.text}
              </code>
            );
          case 'strong':
            return (
              <strong key={i} className="font-semibold text-stone-900 dark:text-white">
                <InlineNodes nodes={n.children} />
              </strong>
            );
          case 'link': {
            const cls =
              'font-medium text-primary-700 underline decoration-primary-300 underline-offset-2 hover:decoration-2 dark:text-primary-300';
            if (n.href.startsWith('/')) {
              return (
                <Link key={i} to={n.href} className={cls}>
                  <InlineNodes nodes={n.children} />
                </Link>
              );
            }
            const external = n.href.startsWith('https://');
            return (
              <a
                key={i}
                href={n.href}
                className={cls}
                {...(external && { target: '_blank', rel: 'noopener noreferrer' })}
              >
                <InlineNodes nodes={n.children} />
              </a>
            );
          }
        }
      })}
    </>
  );
}

/** The article's blocks; `afterHeading` lets a page add something under a section heading (a city's picture). */
export function ArticleBody({ blocks, afterHeading }: { blocks: Block[]; afterHeading?: (id: string) => ReactNode }) {
  return (
    <div className="mt-6 space-y-4 text-base leading-relaxed text-stone-700 dark:text-stone-300">
      {blocks.map((b, i) => {
        switch (b.kind) {
          case 'heading':
            return b.level === 2 ? (
              <div key={i} className="pt-6">
                <h2
                  id={b.id}
                  className="scroll-mt-24 text-2xl font-semibold tracking-tight text-stone-900 dark:text-white"
                >
                  <InlineNodes nodes={b.content} />
                </h2>
                {afterHeading?.(b.id)}
              </div>
            ) : (
              <h3 key={i} id={b.id} className="scroll-mt-24 pt-2 text-lg font-semibold text-stone-900 dark:text-white">
                <InlineNodes nodes={b.content} />
              </h3>
            );
          case 'paragraph':
            return (
              <p key={i}>
                <InlineNodes nodes={b.content} />
              </p>
            );
          case 'list': {
            const Tag = b.ordered ? 'ol' : 'ul';
            return (
              <Tag
                key={i}
                className={`space-y-2 pl-6 ${b.ordered ? 'list-decimal' : 'list-disc'} marker:text-stone-400`}
              >
                {b.items.map((item, j) => (
                  <li key={j} className="pl-1">
                    <InlineNodes nodes={item} />
                  </li>
                ))}
              </Tag>
            );
          }
          case 'table':
            return (
              <div
                key={i}
                className="overflow-x-auto rounded-[var(--radius-card)] border border-stone-200 dark:border-stone-800"
              >
                <table className="w-full border-collapse text-left text-sm">
                  {b.head.length > 0 && (
                    <thead className="bg-stone-100 dark:bg-stone-800/70">
                      <tr>
                        {b.head.map((c, j) => (
                          <th key={j} scope="col" className="px-3 py-2 font-semibold text-stone-900 dark:text-white">
                            <InlineNodes nodes={c} />
                          </th>
                        ))}
                      </tr>
                    </thead>
                  )}
                  <tbody>
                    {b.rows.map((r, j) => (
                      <tr key={j} className="border-t border-stone-200 dark:border-stone-800">
                        {r.map((c, k) => (
                          <td key={k} className="px-3 py-2 align-top">
                            <InlineNodes nodes={c} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          case 'note':
            return (
              <div
                key={i}
                className="flex gap-3 rounded-[var(--radius-card)] border border-primary-100 bg-primary-50 p-4 text-stone-800 dark:border-primary-900 dark:bg-primary-900/30 dark:text-stone-200"
              >
                <Info className="mt-0.5 h-5 w-5 shrink-0 text-primary-600 dark:text-primary-300" aria-hidden />
                <p>
                  <InlineNodes nodes={b.content} />
                </p>
              </div>
            );
        }
      })}
    </div>
  );
}
