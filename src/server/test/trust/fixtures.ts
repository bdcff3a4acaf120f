import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { nextAddress } from '../accounts';
import { makeGuide, makeUser, tokenFor } from '../guide-fixtures';
import type { TestApp } from '../test-app';

/** A signed-in person of the suite. `token()` mints a fresh session (a fuzzed logout ends one). */
export interface Party {
  id: number;
  username: string;
  token(): Promise<string>;
}

/** The people every trust test works with. */
export interface TrustFixtures {
  t: TestApp;
  /** A traveler who owns the resources the table's setups create. */
  owner: Party;
  /** Another traveler: every owner-only resource must be invisible to them. */
  stranger: Party;
  /** A listed guide (its user may own guide-side resources). */
  guide: Party & { guideId: number };
  /** Another guide, a stranger on the guide side. */
  otherGuide: Party & { guideId: number };
  admin: Party;
}

/** A resolved request against one route: its path parameters, query and body. */
export interface RouteRequest {
  params: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

function party(t: TestApp, user: { id: number; username: string }): Party {
  return { id: user.id, username: user.username, token: () => tokenFor(t.database.db, user.id) };
}

export async function createTrustFixtures(t: TestApp): Promise<TrustFixtures> {
  const db = t.database.db;
  const owner = await makeUser(db, { fullName: 'Owner Traveler' });
  const stranger = await makeUser(db, { fullName: 'Stranger Traveler' });
  const admin = await makeUser(db, { fullName: 'Admin Person' });
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  const g = await makeGuide(db, { city: 'kyoto', name: 'Guide Person' });
  const g2 = await makeGuide(db, { city: 'osaka', name: 'Other Guide' });
  return {
    t,
    owner: party(t, owner),
    stranger: party(t, stranger),
    admin: party(t, admin),
    guide: { ...party(t, g.user), guideId: g.guide.id },
    otherGuide: { ...party(t, g2.user), guideId: g2.guide.id },
  };
}

/** Sends one request through `app.inject()` from a fresh client address (no rate limit spills over). */
export function send(
  t: TestApp,
  req: {
    method: string;
    url: string;
    token?: string;
    body?: unknown;
    rawBody?: string;
    contentType?: string;
    headers?: Record<string, string>;
  },
) {
  const headers: Record<string, string> = { ...req.headers };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  let payload: string | undefined;
  if (req.rawBody !== undefined) {
    payload = req.rawBody;
    if (req.contentType) headers['content-type'] = req.contentType;
  } else if (req.body !== undefined) {
    payload = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({ method: req.method as 'GET', url: req.url, headers, payload, remoteAddress: nextAddress() });
}
