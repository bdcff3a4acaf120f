import { lazyPart } from '../../lib/hydration';

// A public module of its own (decision 115), apart from index.ts: a dynamic import() in a module that
// also re-exports its target statically put the target into the landing page's chunk.
// The support button's code is not needed to read a page: it arrives just after (the landing page's
// budget, bench/landing-size.ts). A pure call, so importing this module for one part does not keep the others.
export const LazySupportWidget = /* @__PURE__ */ lazyPart(() =>
  import('./components/support-launcher').then((m) => ({ default: m.SupportWidget })),
);
