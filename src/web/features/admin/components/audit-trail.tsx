import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../shared/schemas/audit';
import { useAuditLog } from '../api/audit';
import { Section } from './ui/detail';
import { Loading, LoadError } from './ui/feedback';
import { useFormat } from './ui/use-format';

function showValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * before → after, field by field (only the fields that changed when both sides exist), each field named in the reader's
 * language.
 */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !(entry.before && entry.after) || showValue(before[k]) !== showValue(after[k]),
  );
  if (!keys.length) return null;
  // Statuses, a rate's source and yes/no read as the console says them; other values (amounts, codes, names) as
  // recorded.
  const value = (k: string, v: unknown) =>
    typeof v === 'boolean'
      ? t(v ? 'yes' : 'no')
      : typeof v === 'string' && /status$/i.test(k)
        ? t([`status.${v}`, `bookingStatus.${v}`], { defaultValue: v })
        : typeof v === 'string' && k === 'source'
          ? t(`rates.sources.${v}`, { defaultValue: v })
          : showValue(v);
  return (
    <ul className="mt-1 space-y-0.5 text-xs">
      {keys.map((k) => (
        <li key={k} className="break-words">
          <span className="font-medium">{t(`audit.fields.${k}`, { defaultValue: k })}</span>:{' '}
          <span className="text-stone-600 dark:text-stone-400">{value(k, before[k])}</span> →{' '}
          <span>{value(k, after[k])}</span>
        </li>
      ))}
    </ul>
  );
}

export function AuditRow({ entry, showEntity }: { entry: AuditEntry; showEntity?: boolean }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  return (
    <li className="border-b border-stone-100 py-2 last:border-b-0 dark:border-stone-800" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium">{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</span>
        {showEntity && (
          <span className="text-stone-600 dark:text-stone-400">
            {t(`audit.entities.${entry.entityType}`, { defaultValue: entry.entityType })} #{entry.entityId}
          </span>
        )}
      </div>
      <div className="text-xs text-stone-600 dark:text-stone-400">
        {t('audit.byAt', { admin: entry.admin.username, at: f.when(entry.createdAt) })}
      </div>
      {entry.note && <p className="mt-1 whitespace-pre-wrap break-words text-xs">{entry.note}</p>}
      <AuditChange entry={entry} />
    </li>
  );
}

/** The audit entries of one record, newest first. */
export function AuditTrail({ entityType, entityId }: { entityType: string; entityId: number }) {
  const { t } = useTranslation('admin');
  const log = useAuditLog({ entityType, entityId, limit: 20 });
  return (
    <Section title={t('audit.trail')}>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.entries.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('audit.none')}</p>
      ) : (
        <ul>
          {log.data.entries.map((e) => (
            <AuditRow key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </Section>
  );
}
