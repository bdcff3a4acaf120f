import { useParams } from 'react-router';
import { AdminConsole, canOpenConsole, parseAdminPath } from '../features/admin';
import { useSession } from '../lib/session';
import { Component as NotFound } from './not-found';

/**
 * /admin and /admin/<queue>/<id>: the console for admins only. Everyone else, signed in
 * or not, sees the same not-found page as any unknown path (the admin API answers them 404 too).
 */
export function Component() {
  const session = useSession();
  const splat = useParams()['*'];
  const where = parseAdminPath(splat);
  if (!canOpenConsole(session) || !where) return <NotFound />;
  return <AdminConsole section={where.section} id={where.id} />;
}
