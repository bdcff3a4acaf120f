import { lazyPart } from '../../lib/hydration';

// A public module of its own (decision 115), apart from index.ts: a dynamic import() in a module that
// also re-exports its target statically put the target into the landing page's chunk.
// Lazy components for the header's bell and the search page's message dialog: each is its own chunk,
// loaded when first shown. Pure calls, so a chunk that imports this module for something else does not keep them.
export const LazyNotificationBell = /* @__PURE__ */ lazyPart(() => import('./components/notification-bell'));
export const LazyDirectMessageDialog = /* @__PURE__ */ lazyPart(() => import('./direct/direct-message-dialog'));
