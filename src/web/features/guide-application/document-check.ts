import { DOCUMENT_MAX_BYTES } from '../../../shared/schemas/guide-applications';

/** Qualification files: JPEG, PNG, GIF, WEBP or PDF, at most 10 MB (docs/rules/guides-and-licences.md). */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.join(',');

function guessType(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (
    (
      {
        pdf: 'application/pdf',
        jpg: 'image/jpeg',
        jpeg: 'image/jpeg',
        png: 'image/png',
        gif: 'image/gif',
        webp: 'image/webp',
      } as Record<string, string>
    )[ext] ?? ''
  );
}

/** A first check in the browser (the server checks again, by content): the `errors.*` key, or undefined. */
export function checkDocument(
  file: Pick<File, 'type' | 'size' | 'name'>,
): 'errors.fileType' | 'errors.fileSize' | 'errors.fileEmpty' | undefined {
  const type = file.type || guessType(file.name);
  if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) return 'errors.fileType';
  if (file.size === 0) return 'errors.fileEmpty';
  if (file.size > DOCUMENT_MAX_BYTES) return 'errors.fileSize';
  return undefined;
}
