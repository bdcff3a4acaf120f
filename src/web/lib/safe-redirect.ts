import { isAppPath } from '../../shared/app-path';

/** The `redirect` query parameter of /login and /signup, accepted only as a path inside this app. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!isAppPath(value)) return undefined;
  if (value.startsWith('/login') || value.startsWith('/signup')) return undefined;
  return value;
}

/** Appends `?redirect=` to a path when there is one to carry. */
export function withRedirect(path: string, redirect: string | undefined): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}
