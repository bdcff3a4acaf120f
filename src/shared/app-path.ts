/**
 * Whether a `redirect` (a place to return to after signing in) is a path of this app and nothing
 * else: the one test the web's redirect readers and the server's query schemas share (decision 182).
 * It must open with one `/`; `//host` and `/\host` are another site to a browser. A backslash
 * anywhere, and any control character (C0, DEL, C1), are refused outright rather than cleaned: the
 * URL parser drops tab and newline (`/\t/host` reads as `//host`) and turns `\` into `/`, so what is
 * checked would not be what the browser opens.
 */
export function isAppPath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  return !/[\\\u0000-\u001f\u007f-\u009f]/.test(value);
}
