import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { offlineTripFiles } from './scripts/offline-trip-files';

// The web app lives in src/web and builds to dist/web, which the server serves from the same port.
// `vite build --ssr` builds the server renderer of the public pages to dist/ssr (decision 074).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [offlineTripFiles()])],
  // The server renderer carries its own React and friends, in their production builds whatever
  // NODE_ENV the server runs with (React's development build renders several times slower).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        rollupOptions: { input: 'entry-server.tsx' },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        // Tells the server which files a page's code is in, so it can ask for them at once.
        manifest: true,
        // No <link rel="modulepreload"> per dependency of each dynamic import: inserting them cost the
        // phone more main-thread time than the requests they save (decision 075).
        modulePreload: false,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/ws': { target: 'ws://localhost:3000', ws: true } },
  },
}));
