import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { rereadDisplayCurrency } from '../lib/display-currency';
import { dismissToasts } from '../lib/toast';

// findBy… and waitFor wait 1 s by default; on a two-core CI machine running the API suite beside
// this one, a lazy chunk and its render once took longer (a flaky "Unable to find role=heading").
// A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// Files of the web project share a worker's jsdom (vitest.config.ts): each file starts from an empty
// page and empty storage, whatever the file before it left, and unmounts what it rendered.
cleanup();
document.head.innerHTML = '';
document.body.innerHTML = '';
for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
localStorage.clear();
sessionStorage.clear();
rereadDisplayCurrency();
// sonner keeps a toast that was not dismissed and replays it to the next Toaster that mounts, so a
// file's late "Payment Successful" would otherwise appear in the next file's page.
dismissToasts();
afterEach(() => {
  cleanup();
  dismissToasts();
});
