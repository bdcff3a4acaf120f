import { useTranslation } from 'react-i18next';
import { CREDENTIAL_STATUSES, LICENCE_TITLES, prefectureName } from '../../../../shared/licences';
import { useAdminAction } from '../api/actions';
import { useCredential, useCredentials } from '../api/verification';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, QueryFallback } from './ui/feedback';
import { PrivateFile } from './ui/private-file';
import { Pager, QueueItem, QueueLayout, StatusFilter } from './ui/queue';
import { useFormat } from './ui/use-format';
import { useQueueParams } from './use-queue-params';

/** Guide licences and insurance proofs (decision 092): verify or reject, with the registry look-up beside it. */
export function LicencesQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation(['admin', 'licences']);
  const f = useFormat();
  const q = useQueueParams();
  const list = useCredentials(q.status || undefined, q.page);
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/licences${q.search}`}
      filters={
        <StatusFilter
          value={q.status}
          options={CREDENTIAL_STATUSES}
          onChange={q.setStatus}
          allLabel={t('filter.all')}
        />
      }
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : list.data.data.length === 0 ? (
          <Empty>{t('licences:admin.empty')}</Empty>
        ) : (
          <>
            <ul aria-label={t('sections.licences')}>
              {list.data.data.map((c) => (
                <QueueItem
                  key={c.id}
                  to={`/admin/licences/${c.id}${q.search}`}
                  active={c.id === id}
                  title={c.fullName || c.username}
                  meta={`${t(`licences:admin.types.${c.type}`)} · ${f.when(c.submittedAt)}`}
                  status={c.status}
                />
              ))}
            </ul>
            <Pager page={list.data.page} total={list.data.total} limit={list.data.limit} onPage={q.setPage} />
          </>
        )
      }
      detail={id ? <CredentialDetail id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

function CredentialDetail({ id }: { id: number }) {
  const { t } = useTranslation(['admin', 'licences']);
  const f = useFormat();
  const one = useCredential(id);
  const act = useAdminAction();
  if (one.isPending || one.isError) return <QueryFallback query={one} />;
  const c = one.data;
  const type = t(`licences:admin.types.${c.type}`);
  const prefecture = c.prefecture ? prefectureName(c.prefecture, f.locale) : '';
  return (
    <DetailCard
      title={
        <>
          {t('licences:admin.title', { type, name: c.fullName || c.username })}{' '}
          <span className="text-sm font-normal text-stone-600 dark:text-stone-400">#{c.id}</span>
        </>
      }
      actions={
        c.status === 'submitted' ? (
          <>
            <ConfirmAction
              label={t('licences:admin.verify')}
              title={t('licences:admin.verifyTitle', { type })}
              description={t('licences:admin.verifyBody')}
              onConfirm={() => act.mutateAsync({ kind: 'credential', id, step: 'verify' })}
            />
            <ConfirmAction
              danger
              label={t('actions.reject')}
              title={t('licences:admin.rejectTitle', { type })}
              reasonLabel={t('reasonShown')}
              onConfirm={(reason) => act.mutateAsync({ kind: 'credential', id, step: 'reject', reason })}
            />
          </>
        ) : undefined
      }
    >
      <Facts
        items={[
          [t('fields.status'), t(`status.${c.status}`, { defaultValue: c.status })],
          [t('fields.user'), `@${c.username}`],
          ...((c.type === 'licence'
            ? [
                [t('licences:admin.kind'), c.licenceKind ? LICENCE_TITLES[c.licenceKind] : undefined],
                ...(c.region ? [[t('licences:admin.region'), c.region]] : []),
                [t('licences:admin.number'), c.registrationNumber],
                [t('licences:admin.prefecture'), prefecture],
                [t('licences:admin.languages'), c.languages.join(', ')],
              ]
            : [
                [t('licences:admin.insurer'), c.insurer],
                [t('licences:admin.validUntil'), c.validUntil],
              ]) as [string, string | null | undefined][]),
          [t('fields.submitted'), f.when(c.submittedAt)],
          [t('fields.reviewed'), f.when(c.reviewedAt)],
          ...(c.reviewNote ? ([[t('fields.reviewNote'), c.reviewNote]] as [string, string][]) : []),
        ]}
      />
      {c.type === 'licence' && (
        <Section title={t('licences:admin.registryTitle')}>
          <div
            className="space-y-2 rounded-lg bg-stone-50 p-3 text-sm text-stone-700 dark:bg-stone-800/60 dark:text-stone-300"
            data-testid="registry-lookup"
          >
            <p>{t('licences:admin.registry')}</p>
            {c.registrationNumber && prefecture && (
              <p className="font-medium">
                {t('licences:admin.registryFor', { prefecture, number: c.registrationNumber })}
              </p>
            )}
          </div>
        </Section>
      )}
      <Section title={t('licences:admin.file')}>
        <PrivateFile url={c.file.fileUrl} contentType={c.file.contentType} name={t('licences:admin.file')} />
      </Section>
      <AuditTrail entityType="guide_credential" entityId={c.id} />
    </DetailCard>
  );
}
