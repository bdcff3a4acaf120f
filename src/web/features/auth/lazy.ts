import { lazyPart } from '../../lib/hydration';

// A public module of its own (decision 115), apart from index.ts: a dynamic import() in a module that
// also re-exports its target statically put the target into the landing page's chunk.
// The header's account parts as lazy components: their code, and Radix's
// menu, loads for signed-in readers after the shell. Pure calls, so a chunk that imports this index
// for something else does not keep them.
export const LazyRoleSwitch = /* @__PURE__ */ lazyPart(() =>
  import('./components/role-switch').then((m) => ({ default: m.RoleSwitch })),
);
export const LazyAccountMenu = /* @__PURE__ */ lazyPart(() =>
  import('./components/account-menu').then((m) => ({ default: m.AccountMenu })),
);
