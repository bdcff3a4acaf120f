import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form';
import { useAuditLog, type AuditFilter } from '../api/audit';
import { AuditRow } from './audit-trail';
import { Empty, Loading, LoadError } from './ui/feedback';

const ENTITY_TYPES = [
  'guide_application',
  'identity_verification',
  'guide_credential',
  'dispute',
  'withdrawal',
  'support_thread',
  'user',
  'job',
  'weather_warning',
  'payout_batch',
  'fx_rate',
  'channel',
] as const;

/** The audit log, newest first, read-only: filter by record type, record id or admin; older pages by `before`. */
export function AuditLogView() {
  const { t } = useTranslation('admin');
  const ids = { type: useId(), entity: useId(), admin: useId() };
  const [draft, setDraft] = useState({ entityType: '', entityId: '', adminUserId: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors[cursors.length - 1];
  const log = useAuditLog({ ...filter, before });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const num = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);
    setFilter({
      entityType: draft.entityType || undefined,
      entityId: num(draft.entityId),
      adminUserId: num(draft.adminUserId),
    });
    setCursors([]);
  };
  return (
    <div className="space-y-4">
      <form onSubmit={apply} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-4">
        <div className="space-y-1">
          <label htmlFor={ids.type} className="block text-sm font-medium">
            {t('audit.entityType')}
          </label>
          <select
            id={ids.type}
            value={draft.entityType}
            onChange={(e) => setDraft({ ...draft, entityType: e.target.value })}
            className={inputClass}
          >
            <option value="">{t('filter.all')}</option>
            {ENTITY_TYPES.map((e) => (
              <option key={e} value={e}>
                {t(`audit.entities.${e}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.entity} className="block text-sm font-medium">
            {t('audit.entityId')}
          </label>
          <input
            id={ids.entity}
            inputMode="numeric"
            value={draft.entityId}
            onChange={(e) => setDraft({ ...draft, entityId: e.target.value })}
            className={inputClass}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.admin} className="block text-sm font-medium">
            {t('audit.adminId')}
          </label>
          <input
            id={ids.admin}
            inputMode="numeric"
            value={draft.adminUserId}
            onChange={(e) => setDraft({ ...draft, adminUserId: e.target.value })}
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="outline">
          {t('filter.apply')}
        </Button>
      </form>
      <div className="rounded-[var(--radius-card)] border border-stone-200 bg-white px-4 dark:border-stone-800 dark:bg-stone-900">
        {log.isPending ? (
          <Loading />
        ) : log.isError ? (
          <LoadError error={log.error} onRetry={() => void log.refetch()} />
        ) : log.data.entries.length === 0 ? (
          <Empty>{t('audit.none')}</Empty>
        ) : (
          <ul aria-label={t('sections.audit')}>
            {log.data.entries.map((e) => (
              <AuditRow key={e.id} entry={e} showEntity />
            ))}
          </ul>
        )}
      </div>
      <div className="flex justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          {t('paging.newer')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!log.data?.nextBefore}
          onClick={() => log.data?.nextBefore && setCursors([...cursors, log.data.nextBefore])}
        >
          {t('paging.older')}
        </Button>
      </div>
    </div>
  );
}
