import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detectTextLanguage } from '../../../../shared/guide-texts';
import { SUPPORT_MESSAGE_MAX } from '../../../../shared/schemas/support';
import { MachineTranslated } from '../../../components/ui/machine-translated';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { useAdminAction } from '../api/actions';
import { useSupportThread, useSupportThreads } from '../api/support';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, ErrorNote, QueryFallback } from './ui/feedback';
import { Pager, QueueItem, QueueLayout, StatusFilter } from './ui/queue';
import { useFormat } from './ui/use-format';
import { useQueueParams } from './use-queue-params';
import { SupportMetricsPanel, TimeLeft, UrgentBadge, UrgentTrip } from './support-urgency';

export function SupportQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const q = useQueueParams('open');
  const list = useSupportThreads(q.status || 'open', q.page);
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/support${q.search}`}
      filters={<StatusFilter value={q.status} options={['open', 'closed', 'all']} onChange={q.setStatus} />}
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : list.data.data.length === 0 ? (
          <Empty>{t('support.empty')}</Empty>
        ) : (
          <>
            <SupportMetricsPanel />
            <ul aria-label={t('sections.support')}>
              {list.data.data.map((th) => (
                <QueueItem
                  key={th.id}
                  to={`/admin/support/${th.id}${q.search}`}
                  active={th.id === id}
                  title={
                    <>
                      {th.urgent && <UrgentBadge />}{' '}
                      {th.user ? f.person(th.user) : th.contactName || th.contactEmail || t('support.anonymous')}
                    </>
                  }
                  meta={
                    <>
                      <TimeLeft replyBy={th.replyBy} /> {th.booking && `${th.booking.bookingNumber} · `}
                      {`${th.lastMessage?.body ?? ''} · ${f.when(th.lastMessageAt)}`}
                    </>
                  }
                  status={th.status}
                />
              ))}
            </ul>
            <Pager page={list.data.page} total={list.data.total} limit={list.data.limit} onPage={q.setPage} />
          </>
        )
      }
      detail={id ? <ThreadDetail id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

function ThreadDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const one = useSupportThread(id);
  const act = useAdminAction();
  const reply = useAdminAction();
  const [body, setBody] = useState('');
  const fieldId = useId();
  if (one.isPending || one.isError) return <QueryFallback query={one} />;
  const { thread, messages } = one.data;
  return (
    <DetailCard
      title={
        <>
          {thread.urgent && <UrgentBadge />} {t('support.title', { id: thread.id })}{' '}
          <TimeLeft replyBy={thread.replyBy} />
        </>
      }
      actions={
        thread.status === 'open' ? (
          <ConfirmAction
            variant="outline"
            label={t('support.close')}
            title={t('support.closeTitle')}
            onConfirm={() => act.mutateAsync({ kind: 'support', id, step: 'status', status: 'closed' })}
          />
        ) : (
          <ConfirmAction
            variant="outline"
            label={t('support.reopen')}
            title={t('support.reopenTitle')}
            onConfirm={() => act.mutateAsync({ kind: 'support', id, step: 'status', status: 'open' })}
          />
        )
      }
    >
      <Facts
        items={[
          [t('fields.status'), t(`status.${thread.status}`)],
          [
            t('fields.user'),
            thread.user
              ? f.person(thread.user)
              : [thread.contactName, thread.contactEmail].filter(Boolean).join(' · ') || t('support.anonymous'),
          ],
          [t('support.topic'), thread.topic],
          [t('support.page'), thread.pageUrl],
          [t('support.locale'), thread.locale],
          [t('fields.opened'), f.when(thread.createdAt)],
        ]}
      />
      <UrgentTrip thread={thread} />
      <Section title={t('support.messages', { count: messages.length })}>
        <ol className="space-y-2">
          {messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'max-w-[85%] rounded-lg p-3 text-sm',
                m.sender === 'agent'
                  ? 'ml-auto bg-primary-50 dark:bg-primary-900/40'
                  : 'bg-stone-100 dark:bg-stone-800',
              )}
            >
              <p className="text-xs text-stone-600 dark:text-stone-400">
                {t(`support.senders.${m.sender}`)} · {f.when(m.createdAt)}
              </p>
              {/*
               * The visitor's words in the admin's language when translated (decision 146), the original a tap away.
               */}
              <div className="mt-1 whitespace-pre-wrap break-words">
                <MachineTranslated
                  original={m.body}
                  originalLanguage={m.bodyLanguage ?? detectTextLanguage(m.body)}
                  translated={m.translated}
                  translation={m.translation}
                />
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.trim()) return;
          reply.mutate({ kind: 'support', id, step: 'reply', body }, { onSuccess: () => setBody('') });
        }}
      >
        <label htmlFor={fieldId} className="block text-sm font-medium">
          {t('support.reply')}
        </label>
        <textarea
          id={fieldId}
          value={body}
          rows={3}
          maxLength={SUPPORT_MESSAGE_MAX}
          onChange={(e) => setBody(e.target.value)}
          className={inputClass}
        />
        <ErrorNote error={reply.error} />
        <Button type="submit" size="sm" busy={reply.isPending} disabled={!body.trim()}>
          {t('support.send')}
        </Button>
      </form>
      <AuditTrail entityType="support_thread" entityId={thread.id} />
    </DetailCard>
  );
}
