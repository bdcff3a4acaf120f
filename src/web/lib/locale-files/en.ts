/** The en namespaces, each a chunk of its own (lib/i18n.ts loads this table on the first namespace it needs). */
export const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/*.json');
