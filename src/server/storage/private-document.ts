import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../lib/app-error';
import { assertAllowedText } from '../plugins/input-guard';
import type { FileStorage } from './file-storage';
import { storeImage } from './index';
import { checkPdf } from './pdf-check';
import type { ImageBox } from './reencode-image';

/**
 * Private documents (payment proofs, guide qualifications): JPEG, PNG, GIF, WEBP or PDF, typed by
 * content with file-type (never by name or the sender's Content-Type). Images are re-encoded to WebP
 * without metadata; a PDF must be a PDF without active content. Stored under a private-… folder,
 * which /uploads/ never serves.
 */
export const INVALID_DOCUMENT_MESSAGE =
  'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.';
export const ACTIVE_PDF_MESSAGE =
  'A PDF with scripts, launch actions or embedded files is not accepted: upload a photo or a plain PDF.';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const invalid = (message = INVALID_DOCUMENT_MESSAGE) =>
  new AppError('invalid_file_type', message, [{ path: 'body.file', message }]);

export interface StoredDocument {
  key: string;
  type: 'image/webp' | 'application/pdf';
  size: number;
}

export async function storePrivateDocument(
  storage: FileStorage,
  folder: string,
  data: Buffer,
  box: ImageBox,
): Promise<StoredDocument> {
  if (data.length === 0)
    throw new AppError('validation_failed', 'The file is empty', [{ path: 'body.file', message: 'The file is empty' }]);
  const detected = await fileTypeFromBuffer(data);
  if (detected && IMAGE_TYPES.has(detected.mime)) {
    try {
      const { key, size } = await storeImage(storage, folder, data, box);
      return { key, type: 'image/webp', size };
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_file_type') throw invalid();
      throw err;
    }
  }
  if (detected?.mime === 'application/pdf') {
    const verdict = checkPdf(data);
    if (verdict === 'active_content') throw invalid(ACTIVE_PDF_MESSAGE);
    if (verdict !== 'ok') throw invalid();
    const key = `${folder}/${randomBytes(18).toString('base64url')}.pdf`;
    await storage.put(key, data, 'application/pdf');
    return { key, type: 'application/pdf', size: data.length };
  }
  throw invalid();
}

const MULTIPART_TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * The file of a multipart part, read whole. @fastify/multipart's toBuffer() checks for a file cut at
 * the size limit after each chunk, and the chunk that reaches the limit can be the last one it
 * sees: it then returns the first `maxBytes` as if that were the file (a 6 MB upload came back as
 * "not an image", 400, in 2 of 10 tries). Cut is over the limit: a 413 `payload_too_large`, as multipart's
 * own FST_REQ_FILE_TOO_LARGE is answered.
 */
export async function wholeFile(part: MultipartFile): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated) throw new AppError('payload_too_large', 'The file is larger than the upload limit');
  return data;
}

/**
 * The one file of a multipart body (field "file") plus its text fields: over `maxBytes` is 413, a
 * malformed body 400, never a 500. Needs @fastify/multipart registered in the route's scope.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ data: Buffer; fileName?: string; fields: Record<string, string> }> {
  const { files, fields } = await readUploads(request, maxBytes, ['file']);
  const file = files.file;
  if (!file)
    throw new AppError('validation_failed', 'No file in the upload', [{ path: 'body.file', message: 'Required' }]);
  return { data: file.data, fileName: file.fileName, fields };
}

/**
 * The files of a multipart body in the named fields (at most one each, each at most `maxBytes`;
 * other file fields are skipped) plus its text fields. Over the limit is 413, a malformed body 400,
 * never a 500; no file at all is the caller's decision. Needs @fastify/multipart in the route's scope.
 */
export async function readUploads<N extends string>(
  request: FastifyRequest,
  maxBytes: number,
  names: readonly N[],
): Promise<{ files: Partial<Record<N, { data: Buffer; fileName?: string }>>; fields: Record<string, string> }> {
  const list = names.map((n) => `"${n}"`).join(' and ');
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', `Send the file as multipart/form-data in the field ${list}`);
  const files: Partial<Record<N, { data: Buffer; fileName?: string }>> = {};
  const fields: Record<string, string> = {};
  const malformed = () =>
    new AppError(
      'bad_request',
      `The upload is malformed or incomplete: send multipart/form-data with one file in the field ${list}`,
    );
  try {
    const raw = request.raw;
    if (!raw.complete && (raw.destroyed || raw.readableAborted)) {
      // Logged as every malformed upload is (the error and one message), so one search finds them all.
      request.log.info(
        { err: new Error('The connection closed before the upload was read') },
        'malformed multipart upload',
      );
      throw malformed();
    }
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: names.length } })) {
      if (part.type === 'file') {
        const name = part.fieldname as N;
        if (!names.includes(name) || files[name]) {
          part.file.resume();
          continue;
        }
        const fileName = part.filename;
        files[name] = { data: await wholeFile(part), fileName };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && MULTIPART_TOO_LARGE.has(code)) {
      throw new AppError(
        'payload_too_large',
        code === 'FST_REQ_FILE_TOO_LARGE'
          ? `The file is larger than ${maxBytes / 1024 / 1024} MB`
          : `Too many parts: send one file in the field ${list}`,
      );
    }
    request.log.info({ err }, 'malformed multipart upload');
    throw malformed();
  }
  // The same guard as a JSON body's, before any file is stored: a refused upload leaves nothing behind.
  assertAllowedText(fields, 'body');
  return { files, fields };
}

/**
 * What a private file's reply carries. `inline` lets an image open in a browser tab (a payment proof
 * the traveler taps); a PDF from storage is always an attachment, whatever is asked. `preview` is
 * for a PDF the server renders itself (the booking confirmation): the web app's preview page frames
 * it, which a sandboxing CSP would block, so it is framed by the same origin only instead.
 */
export interface PrivateFileReply {
  contentType: string;
  size: number;
  body: Readable | Buffer;
  fileName: string;
  inline?: boolean;
  preview?: boolean;
}

/** The characters a quoted `filename=` keeps as they are; anything else becomes `_` there. */
const PLAIN_FILE_NAME = /[^A-Za-z0-9._-]/g;

/** What a file's name may not carry when shown: control characters, and the quotes and brackets of markup. */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[\u0000-\u001f\u007f"<>]/g;

/**
 * A sent file's name for display only (evidence, proofs, qualifications): its last path segment, whichever slash
 * the sender's system uses, without control characters, at most 120 characters; `fallback` when nothing is left.
 */
export function displayFileName(name: string | undefined, fallback: string): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  const clean = base.replace(UNSHOWABLE, '').trim().slice(0, 120);
  return clean || fallback;
}

/**
 * A Content-Disposition value with a filename no header can be broken by: an ASCII fallback, and the
 * exact name as RFC 5987 `filename*` when the fallback had to change it.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  if (!fileName) return `${kind}; filename="file"`;
  const plain = fileName.replace(PLAIN_FILE_NAME, '_');
  if (plain === fileName) return `${kind}; filename="${plain}"`;
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's value allows none of them.
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${plain}"; filename*=UTF-8''${exact}`;
}

/**
 * Every private file the API sends (identity documents, credentials, payment proofs, qualifications,
 * dispute evidence, the booking PDF) goes out through here with one policy: never cached
 * (`private, no-store`), never sniffed, never loaded by another origin (CORP same-origin), and run
 * in a sandbox with nothing allowed if a browser renders it in the API's origin.
 * `private-file-routes.test.ts` checks each route against it.
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFileReply) {
  const image = file.contentType.startsWith('image/');
  const inline = file.preview ? file.inline === true : file.inline === true && image;
  reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store');
  if (file.preview)
    reply
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN');
  else reply.header('content-security-policy', "default-src 'none'; sandbox");
  return reply.send(file.body);
}
