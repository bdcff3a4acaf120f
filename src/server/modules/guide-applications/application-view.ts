/**
 * An application as the API shows it: its answers and state, its documents with their authorized
 * URLs and, while it can still be changed, the protected titles its published texts hold (decision 171).
 */
import {
  DOCUMENT_MAX_FILES,
  EDITABLE_STATUSES,
  type ApplicationData,
  type GuideApplication,
} from '../../../shared/schemas/guide-applications';
import type { Database } from '../../db/client';
import { protectedTitleIssues } from '../licences/index';
import * as repo from './guide-applications.repository';
import type { ApplicationRow, DocumentRow } from './guide-applications.repository';

/**
 * The answers shown about the person: the name (to the admin), and what approval copies into the
 * public listing (occupation, bio, the three descriptions; file descriptions become its
 * qualifications). The page-3 answers and the residence are for the review only (decision 099).
 */
const PUBLISHED_FIELDS = [
  'name',
  'occupation',
  'bio',
  'ethicsDescription',
  'boundaryDescription',
  'supportiveDescription',
] as const;
export const publishedTexts = (data: ApplicationData, docs: readonly DocumentRow[]) => [
  ...PUBLISHED_FIELDS.map((k) => ({ path: `data.${k}`, text: data[k] })),
  ...docs.map((d, i) => ({ path: `documents.${i}.description`, text: d.description })),
];

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const documentUrl = (id: number) => `/api/v2/guide-applications/documents/${id}/file`;

export function toDocument(d: DocumentRow) {
  return {
    id: d.id,
    fileName: d.fileName,
    contentType: d.contentType,
    sizeBytes: d.sizeBytes,
    description: d.description,
    uploadedAt: d.createdAt.toISOString(),
    fileUrl: documentUrl(d.id),
  };
}

export function toApplication(row: ApplicationRow | undefined, docs: DocumentRow[]): GuideApplication {
  return {
    id: row?.id ?? null,
    status: row?.status ?? 'draft',
    data: row?.data ?? {},
    documents: docs.map(toDocument),
    maxDocuments: DOCUMENT_MAX_FILES,
    editable: !row || EDITABLE_STATUSES.includes(row.status),
    reviewNote: row?.reviewNote ?? null,
    submittedAt: iso(row?.submittedAt),
    reviewedAt: iso(row?.reviewedAt),
    updatedAt: iso(row?.updatedAt),
    guideId: row?.guideId ?? null,
    titleProblems: [],
  };
}

/** The applicant's own application, with the protected titles its saved texts hold (decision 171). */
export async function applicationView(db: Database, row: ApplicationRow | undefined): Promise<GuideApplication> {
  const docs = row ? await repo.documentsOf(db, row.id) : [];
  const application = toApplication(row, docs);
  if (!row || !application.editable) return application;
  return {
    ...application,
    titleProblems: await protectedTitleIssues(
      db,
      row.userId,
      publishedTexts(row.data, docs),
      row.data.licence?.kind ?? null,
    ),
  };
}
