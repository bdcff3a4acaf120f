import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/ui/email-text';
import { listText } from '../../../lib/cjk-spacing';
import { APPLICATION_STATUSES } from '../../../../shared/schemas/guide-applications';
import type { ListingStatus } from '../../../../shared/schemas/guides';
import { cityName } from '../../../lib/format';
import { LICENCE_TITLES, prefectureName } from '../../../../shared/licences';
import { languageName } from '../../licences';
import { useAdminAction } from '../api/actions';
import { useApplication, useApplications } from '../api/verification';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, QueryFallback } from './ui/feedback';
import { PrivateFile } from './ui/private-file';
import { Pager, QueueItem, QueueLayout, StatusFilter } from './ui/queue';
import { useFormat } from './ui/use-format';
import { useQueueParams } from './use-queue-params';

const FILTERS = APPLICATION_STATUSES.filter((s) => s !== 'draft');
const DECIDABLE = ['submitted', 'under_review'];

export function ApplicationsQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const q = useQueueParams();
  const list = useApplications(q.status || undefined, q.page);
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/applications${q.search}`}
      filters={<StatusFilter value={q.status} options={FILTERS} onChange={q.setStatus} allLabel={t('filter.all')} />}
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : list.data.data.length === 0 ? (
          <Empty>{t('applications.empty')}</Empty>
        ) : (
          <>
            <ul aria-label={t('sections.applications')}>
              {list.data.data.map((a) => (
                <QueueItem
                  key={a.id}
                  to={`/admin/applications/${a.id}${q.search}`}
                  active={a.id === id}
                  title={a.data.name || a.username}
                  meta={`@${a.username} · ${f.when(a.submittedAt)}`}
                  status={a.status}
                />
              ))}
            </ul>
            <Pager page={list.data.page} total={list.data.total} limit={list.data.limit} onPage={q.setPage} />
          </>
        )
      }
      detail={id ? <ApplicationDetail id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

function ApplicationDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const one = useApplication(id);
  const act = useAdminAction();
  if (one.isPending || one.isError) return <QueryFallback query={one} />;
  const a = one.data;
  const d = a.data;
  const open = DECIDABLE.includes(a.status);
  return (
    <DetailCard
      title={
        <>
          {t('applications.title', { name: d.name || a.username })}{' '}
          <span className="text-sm font-normal text-stone-600 dark:text-stone-400">#{a.id}</span>
        </>
      }
      actions={
        open ? (
          <>
            {a.status === 'submitted' && (
              <ConfirmAction
                variant="outline"
                label={t('applications.review')}
                title={t('applications.reviewTitle')}
                onConfirm={() => act.mutateAsync({ kind: 'application', id, step: 'review' })}
              />
            )}
            <ConfirmAction
              label={t('actions.approve')}
              title={t('applications.approveTitle')}
              description={t('applications.approveBody')}
              onConfirm={() => act.mutateAsync({ kind: 'application', id, step: 'approve' })}
            >
              {d.licence?.kind && (
                <p className="text-sm font-medium">
                  {t('applications.licence.approves', { title: LICENCE_TITLES[d.licence.kind] })}
                </p>
              )}
              <ListingAfterApproval listing={a.listing} />
            </ConfirmAction>
            <ConfirmAction
              variant="outline"
              label={t('actions.requestChanges')}
              title={t('actions.requestChanges')}
              reasonLabel={t('applications.changesLabel')}
              onConfirm={(message) => act.mutateAsync({ kind: 'application', id, step: 'request-changes', message })}
            />
            <ConfirmAction
              danger
              label={t('actions.reject')}
              title={t('applications.rejectTitle')}
              reasonLabel={t('reasonShown')}
              onConfirm={(reason) => act.mutateAsync({ kind: 'application', id, step: 'reject', reason })}
            />
          </>
        ) : undefined
      }
    >
      <Facts
        items={[
          [t('fields.status'), t(`status.${a.status}`)],
          [
            t('fields.user'),
            <>
              @{a.username}
              {f.locale === 'en' ? ' (' : '（'}
              <EmailText email={a.email} />
              {f.locale === 'en' ? ')' : '）'}
            </>,
          ],
          [t('fields.submitted'), f.when(a.submittedAt)],
          [t('fields.reviewed'), f.when(a.reviewedAt)],
          ...(a.reviewNote ? ([[t('fields.reviewNote'), a.reviewNote]] as [string, string][]) : []),
        ]}
      />
      <Section title={t('applications.profile')}>
        <Facts
          items={[
            [t('applications.f.age'), d.age],
            [t('applications.f.gender'), d.gender ? t(`applications.genders.${d.gender}`) : undefined],
            [
              t('applications.f.cities'),
              d.serviceCities &&
                listText(
                  d.serviceCities.map((c) => cityName(c, f.locale)),
                  f.locale,
                ),
            ],
            [
              t('applications.f.residence'),
              [d.residenceArea, d.residenceZipcode, d.residenceSince].filter(Boolean).join(' · '),
            ],
            [t('applications.f.occupation'), d.occupation],
            [
              t('applications.f.languages'),
              d.languages &&
                listText(
                  d.languages.map((l) => t(`applications.languages.${l}`)),
                  f.locale,
                ),
            ],
            [
              t('applications.f.experience'),
              d.experienceMonths !== undefined ? t('applications.months', { count: d.experienceMonths }) : undefined,
            ],
            [t('applications.f.sessions'), d.sessionCount],
            [t('applications.f.social'), d.socialProfileLink],
            [t('applications.f.bio'), d.bio],
            [
              t('applications.f.scores'),
              [d.ethicsScore, d.boundaryScore, d.supportiveScore].map((s) => s ?? '—').join(' / '),
            ],
            [
              t('applications.f.groups'),
              d.targetGroups &&
                listText(
                  d.targetGroups.map((g) => t(`applications.groups.${g}`)),
                  f.locale,
                ),
            ],
            [
              t('applications.f.people'),
              d.minPeople !== undefined ? `${d.minPeople}–${d.maxPeople ?? '?'}` : undefined,
            ],
            [
              t('applications.f.hours'),
              d.minDurationHours !== undefined ? `${d.minDurationHours}–${d.maxDurationHours ?? '?'}` : undefined,
            ],
            [
              t('applications.f.price'),
              // In the application's currency; one saved before there was a choice was in yuan.
              d.basicPricePerHourCents !== undefined
                ? f.money(d.basicPricePerHourCents, d.currency ?? 'CNY')
                : undefined,
            ],
          ]}
        />
      </Section>
      {d.licence?.kind && (
        <Section title={t('applications.licence.title')}>
          <Facts
            items={[
              [t('applications.licence.kind'), LICENCE_TITLES[d.licence.kind]],
              ...(d.licence.region
                ? ([[t('applications.licence.region'), d.licence.region]] as [string, string][])
                : []),
              [t('applications.licence.number'), d.licence.registrationNumber],
              [
                t('applications.licence.prefecture'),
                d.licence.prefecture && prefectureName(d.licence.prefecture, f.locale),
              ],
              [
                t('applications.licence.languages'),
                d.licence.languages &&
                  listText(
                    d.licence.languages.map((l) => languageName(l, f.locale, t)),
                    f.locale,
                  ),
              ],
              [t('applications.licence.card'), a.documents.find((doc) => doc.id === d.licence?.documentId)?.fileName],
            ]}
          />
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('applications.licence.check')}</p>
        </Section>
      )}
      <Section title={t('applications.answers')}>
        <Facts
          items={(
            [
              'ethicsDescription',
              'boundaryDescription',
              'supportiveDescription',
              'interaction',
              'favoriteSpot',
              'boundaryResponse',
              'emotionalHandling',
              'selfSymbol',
            ] as const
          ).map((k) => [
            t(`applications.f.${k}`),
            <span key={k} className="whitespace-pre-wrap">
              {d[k]}
            </span>,
          ])}
        />
      </Section>
      <Section title={t('applications.documents', { count: a.documents.length })}>
        {a.documents.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('applications.noDocuments')}</p>
        ) : (
          <ul className="space-y-4">
            {a.documents.map((doc) => (
              <li key={doc.id} className="space-y-1">
                {doc.description && <p className="text-sm font-medium">{doc.description}</p>}
                <PrivateFile url={doc.fileUrl} contentType={doc.contentType} name={doc.fileName} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <AuditTrail entityType="guide_application" entityId={a.id} />
    </DetailCard>
  );
}

/**
 * In the approve dialog: what approval alone leaves missing for the guide to be listed in search
 * (decision 091): an unverified identity, no open times in the next 60 days.
 */
function ListingAfterApproval({ listing }: { listing: ListingStatus | undefined }) {
  const { t } = useTranslation('admin');
  if (!listing) return null;
  const missing = listing.missing.filter((m) => m !== 'application');
  if (missing.length === 0)
    return <p className="text-sm text-green-800 dark:text-green-300">{t('applications.listing.ready')}</p>;
  return (
    <div
      role="note"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-medium">{t('applications.listing.title')}</p>
      <ul className="mt-1 list-disc ps-5">
        {missing.map((m) => (
          <li key={m}>{t(`applications.listing.${m}`)}</li>
        ))}
      </ul>
    </div>
  );
}
