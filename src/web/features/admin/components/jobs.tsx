import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAdminAction } from '../api/actions';
import { useFailedJobs, type FailedJob } from '../api/operations';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, Loading, QueryFallback } from './ui/feedback';
import { QueueItem, QueueLayout } from './ui/queue';
import { useFormat } from './ui/use-format';

/**
 * Dead letters: scheduled jobs that failed for good after their retries, newest first; an admin can queue one again.
 */
export function FailedJobsQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const [cursors, setCursors] = useState<number[]>([]);
  const list = useFailedJobs(cursors[cursors.length - 1]);
  const selected = list.data?.jobs.find((j) => j.id === id);
  return (
    <QueueLayout
      selected={!!id}
      backTo="/admin/jobs"
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : list.data.jobs.length === 0 ? (
          <Empty>{t('jobs.empty')}</Empty>
        ) : (
          <>
            <ul aria-label={t('sections.jobs')}>
              {list.data.jobs.map((j) => (
                <QueueItem
                  key={j.id}
                  to={`/admin/jobs/${j.id}`}
                  active={j.id === id}
                  title={`#${j.id} · ${j.kind}`}
                  meta={`${f.when(j.failedAt)} · ${j.lastError ?? ''}`}
                  status="failed"
                />
              ))}
            </ul>
            {(cursors.length > 0 || list.data.nextBefore) && (
              <div className="flex justify-between gap-2 border-t border-stone-200 px-3 py-2 dark:border-stone-800">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={cursors.length === 0}
                  onClick={() => setCursors(cursors.slice(0, -1))}
                >
                  {t('paging.newer')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!list.data.nextBefore}
                  onClick={() => list.data.nextBefore && setCursors([...cursors, list.data.nextBefore])}
                >
                  {t('paging.older')}
                </Button>
              </div>
            )}
          </>
        )
      }
      detail={
        id ? (
          selected ? (
            <JobDetail job={selected} />
          ) : list.isPending ? (
            <Loading />
          ) : (
            <Empty>{t('jobs.notFound')}</Empty>
          )
        ) : (
          <Empty>{t('selectItem')}</Empty>
        )
      }
    />
  );
}

function JobDetail({ job }: { job: FailedJob }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const act = useAdminAction();
  const navigate = useNavigate();
  return (
    <DetailCard
      title={t('jobs.title', { id: job.id, kind: job.kind })}
      actions={
        <ConfirmAction
          label={t('jobs.retry')}
          title={t('jobs.retryTitle')}
          description={t('jobs.retryBody')}
          onConfirm={async () => (
            await act.mutateAsync({ kind: 'job', id: job.id, step: 'retry' }),
            void navigate('/admin/jobs')
          )}
        />
      }
    >
      <Facts
        items={[
          [t('jobs.kind'), job.kind],
          [t('jobs.attempts'), job.attempts],
          [t('jobs.runAt'), f.when(job.runAt)],
          [t('jobs.failedAt'), f.when(job.failedAt)],
        ]}
      />
      <Section title={t('jobs.lastError')}>
        <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-3 text-xs dark:bg-stone-800/60">
          {job.lastError ?? '—'}
        </pre>
      </Section>
      <Section title={t('jobs.payload')}>
        <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-3 text-xs dark:bg-stone-800/60">
          {JSON.stringify(job.payload, null, 2)}
        </pre>
      </Section>
      <AuditTrail entityType="job" entityId={job.id} />
    </DetailCard>
  );
}
