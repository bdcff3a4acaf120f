import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/ui/email-text';
import { IDENTITY_STATUSES } from '../../../../shared/schemas/identity';
import { useAdminAction } from '../api/actions';
import { useIdentityCheck, useIdentityChecks } from '../api/verification';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, QueryFallback } from './ui/feedback';
import { PrivateFile } from './ui/private-file';
import { Pager, QueueItem, QueueLayout, StatusFilter } from './ui/queue';
import { useFormat } from './ui/use-format';
import { useQueueParams } from './use-queue-params';

const FILTERS = IDENTITY_STATUSES.filter((s) => s !== 'draft');

export function IdentityQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const q = useQueueParams();
  const list = useIdentityChecks(q.status || undefined, q.page);
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/identity${q.search}`}
      filters={<StatusFilter value={q.status} options={FILTERS} onChange={q.setStatus} allLabel={t('filter.all')} />}
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : list.data.data.length === 0 ? (
          <Empty>{t('identity.empty')}</Empty>
        ) : (
          <>
            <ul aria-label={t('sections.identity')}>
              {list.data.data.map((v) => (
                <QueueItem
                  key={v.id}
                  to={`/admin/identity/${v.id}${q.search}`}
                  active={v.id === id}
                  title={v.fullName || v.username}
                  meta={`@${v.username} · ${f.when(v.submittedAt)}`}
                  status={v.status}
                />
              ))}
            </ul>
            <Pager page={list.data.page} total={list.data.total} limit={list.data.limit} onPage={q.setPage} />
          </>
        )
      }
      detail={id ? <IdentityDetail id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

function IdentityDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const one = useIdentityCheck(id);
  const act = useAdminAction();
  if (one.isPending || one.isError) return <QueryFallback query={one} />;
  const v = one.data;
  return (
    <DetailCard
      title={
        <>
          {t('identity.title', { name: v.fullName || v.username })}{' '}
          <span className="text-sm font-normal text-stone-600 dark:text-stone-400">#{v.id}</span>
        </>
      }
      actions={
        v.status === 'submitted' ? (
          <>
            <ConfirmAction
              label={t('actions.approve')}
              title={t('identity.approveTitle')}
              description={t('identity.approveBody')}
              onConfirm={() => act.mutateAsync({ kind: 'identity', id, step: 'approve' })}
            />
            <ConfirmAction
              variant="outline"
              label={t('actions.requestChanges')}
              title={t('actions.requestChanges')}
              reasonLabel={t('identity.noteLabel')}
              onConfirm={(note) => act.mutateAsync({ kind: 'identity', id, step: 'request-changes', note })}
            />
            <ConfirmAction
              danger
              label={t('actions.reject')}
              title={t('identity.rejectTitle')}
              reasonLabel={t('reasonShown')}
              onConfirm={(reason) => act.mutateAsync({ kind: 'identity', id, step: 'reject', reason })}
            />
          </>
        ) : undefined
      }
    >
      <Facts
        items={[
          [t('fields.status'), t(`status.${v.status}`, { defaultValue: v.status })],
          [
            t('fields.user'),
            <>
              @{v.username}
              {f.locale === 'en' ? ' (' : '（'}
              <EmailText email={v.email} />
              {f.locale === 'en' ? ')' : '）'}
            </>,
          ],
          // The name the document must show, beside its type.
          [t('identity.name'), v.fullName],
          [t('identity.kind'), v.documentKind ? t(`identity.kinds.${v.documentKind}`) : undefined],
          [t('fields.submitted'), f.when(v.submittedAt)],
          [t('fields.reviewed'), f.when(v.reviewedAt)],
          ...(v.reviewNote ? ([[t('fields.reviewNote'), v.reviewNote]] as [string, string][]) : []),
        ]}
      />
      <Section title={t('identity.files')}>
        <div className="grid gap-4 md:grid-cols-2">
          {(['document', 'selfie'] as const).map((k) => {
            const file = v[k];
            return (
              <div key={k} className="space-y-1">
                <p className="text-sm font-medium">{t(`identity.fileKinds.${k}`)}</p>
                {file ? (
                  <PrivateFile url={file.fileUrl} contentType={file.contentType} name={t(`identity.fileKinds.${k}`)} />
                ) : (
                  <p className="text-sm text-stone-600 dark:text-stone-400">{t('identity.noFile')}</p>
                )}
              </div>
            );
          })}
        </div>
      </Section>
      <AuditTrail entityType="identity_verification" entityId={v.id} />
    </DetailCard>
  );
}
