/** One part of a multipart/form-data body: a file, or a text field. */
export type Part = { field: string; data: Buffer; name?: string; type?: string } | { field: string; value: string };

/** A multipart/form-data body and its content-type header, for `app.inject` (uploads). */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----tabi' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    ...parts.flatMap((part) =>
      'value' in part
        ? [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
            ),
          ]
        : [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name ?? `${part.field}.png`}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
            ),
            part.data,
            Buffer.from('\r\n'),
          ],
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
