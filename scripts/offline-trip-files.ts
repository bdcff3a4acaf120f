import type { Plugin } from 'vite';

/**
 * The files a traveler's trip needs offline (decision 102), listed at build time in `/offline-trip.json`
 * for the service worker to keep: the app's entry and everything it loads, the pages on the trip's
 * path (home, the trips, the PDF, the offline page's route), the header's menus, and those pages' words
 * in every language. Each chunk counts with every chunk and style sheet it imports statically.
 */
export const MODULES = [
  'main.tsx',
  'pages/home.tsx',
  'pages/home-featured.tsx',
  'pages/home-search.tsx',
  'pages/dashboard.tsx',
  'pages/pdf-preview.tsx',
  'pages/not-found.tsx',
  'app/mobile-menu.tsx',
  'features/auth/components/account-menu.tsx',
  'features/messaging/components/notification-bell.tsx',
  'features/messaging/components/notification-drawer.tsx',
  'features/support/components/support-launcher.tsx',
  'components/ui/toaster.tsx',
  'lib/offline.ts',
  'app/service-worker.ts',
  // Each language's table of namespace files (lib/i18n.ts reads it before any namespace).
  'lib/locale-files/en.ts',
  'lib/locale-files/zh-CN.ts',
  'lib/locale-files/ja.ts',
];
/**
 * The namespaces those pages and what they import read (useTranslation, `t('ns:key')`): loaded on demand,
 * so kept explicitly. A missing one shows its raw keys offline; `src/web/lib/offline-namespaces.test.ts`
 * fails when a module above reaches a namespace not listed here.
 */
export const NAMESPACES = [
  'common',
  'home',
  'search',
  'guides',
  'licences',
  'trips',
  'bookings',
  'pdf',
  'tour',
  'reschedule',
  'changes',
  'messaging',
  'payments',
  'reviews',
  'proofs',
  'receipts',
  'disputes',
  'auth',
  'support',
];
export const OFFLINE_TRIP_FILE = 'offline-trip.json';

interface OutChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function offlineTripFiles(): Plugin {
  return {
    name: 'tabi-offline-trip-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is typeof c & OutChunk => c.type === 'chunk',
      ) as unknown as OutChunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
        chunk.imports.forEach(visit);
      };
      const id = (c: OutChunk) => (c.facadeModuleId ?? '').replace(/\\/g, '/');
      for (const c of chunks) {
        if (c.isEntry) {
          visit(c.fileName);
          // The entry loads React DOM, then the app, after the first paint (decision 075).
          c.dynamicImports.forEach(visit);
        }
        if (MODULES.some((m) => id(c).endsWith(`/src/web/${m}`))) visit(c.fileName);
        if (NAMESPACES.some((ns) => /\/src\/web\/locales\/[^/]+\/([^/]+)\.json$/.exec(id(c))?.[1] === ns))
          visit(c.fileName);
      }
      // Style sheets the HTML links (the entry's) are in the bundle as assets.
      for (const asset of Object.values(bundle))
        if (asset.type === 'asset' && asset.fileName.endsWith('.css')) files.add(asset.fileName);
      this.emitFile({
        type: 'asset',
        fileName: OFFLINE_TRIP_FILE,
        source: JSON.stringify({ files: [...files].sort().map((f) => `/${f}`) }),
      });
    },
  };
}
