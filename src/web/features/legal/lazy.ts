import { lazyPart } from '../../lib/hydration';

// A public module of its own (decision 115): the consent screen's code loads only for signed-in readers.
export const LazyConsentGate = /* @__PURE__ */ lazyPart(() =>
  import('./components/consent-gate').then((m) => ({ default: m.ConsentGate })),
);
