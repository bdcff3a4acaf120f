import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../../shared/schemas/channels';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { useChannels, useKeyChange, useRevokeChannel } from '../api/channels';
import { NewKeyDialog, RotateKey } from './reseller-key';
import { ConfirmAction } from './ui/confirm-action';
import { Empty, ErrorNote, LoadError } from './ui/feedback';
import { StatusBadge } from './ui/queue';
import { useFormat } from './ui/use-format';

const card =
  'rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900';

/**
 * Resellers of the OCTO API (decision 201): make one and read its key once, rotate a key (the new one shown once),
 * revoke one. The list shows each key only by its first characters.
 */
export function Resellers() {
  const { t } = useTranslation('admin');
  const list = useChannels();
  const headingId = useId();
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('resellers.intro')}</p>
      <NewReseller />
      <section aria-labelledby={headingId} className="space-y-3">
        <h3 id={headingId} className="text-lg font-semibold">
          {t('resellers.listTitle')}
        </h3>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <div className={card}>
            <LoadError error={list.error} onRetry={() => void list.refetch()} />
          </div>
        ) : list.data.length === 0 ? (
          <div className={card}>
            <Empty>{t('resellers.empty')}</Empty>
          </div>
        ) : (
          <ul aria-labelledby={headingId} className="space-y-3">
            {list.data.map((c) => (
              <ResellerRow key={c.id} channel={c} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** While the list loads: cards shaped like a reseller's, so the page does not jump when it arrives. */
function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3" data-testid="resellers-loading">
      <span className="sr-only">{t('states.loading')}</span>
      {[0, 1].map((i) => (
        <div key={i} className={card} aria-hidden>
          <div className="h-5 w-40 animate-pulse rounded bg-stone-200 motion-reduce:animate-none dark:bg-stone-700" />
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[0, 1, 2, 3].map((j) => (
              <div
                key={j}
                className="h-9 animate-pulse rounded bg-stone-100 motion-reduce:animate-none dark:bg-stone-800"
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A whole number 0–100, as the server takes it; empty is the server's default (0). */
const COMMISSION = /^(100|[1-9]?\d)$/;

function NewReseller() {
  const { t } = useTranslation('admin');
  const change = useKeyChange();
  const [name, setName] = useState('');
  const [commission, setCommission] = useState('');
  const [errors, setErrors] = useState<{ name?: string; commission?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const commissionRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = commission.trim();
    const found = {
      name: name.trim() ? undefined : t('resellers.nameRequired'),
      commission: typed === '' || COMMISSION.test(typed) ? undefined : t('resellers.commissionInvalid'),
    };
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.commission) return commissionRef.current?.focus();
    change.mutate(
      { step: 'create', body: { name: name.trim(), commissionPercent: typed === '' ? 0 : Number(typed) } },
      { onSuccess: () => (setName(''), setCommission('')) },
    );
  };
  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className={`${card} space-y-4`}>
        <h3 id={headingId} className="text-lg font-semibold">
          {t('resellers.new')}
        </h3>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            ref={nameRef}
            label={t('resellers.name')}
            hint={t('resellers.nameHint')}
            value={name}
            maxLength={120}
            autoComplete="off"
            error={errors.name}
            onChange={(e) => (setName(e.target.value), setErrors({ ...errors, name: undefined }))}
          />
          <TextField
            ref={commissionRef}
            label={t('resellers.commission')}
            hint={t('resellers.commissionHint')}
            value={commission}
            inputMode="numeric"
            maxLength={3}
            placeholder="0"
            autoComplete="off"
            error={errors.commission}
            onChange={(e) => (setCommission(e.target.value), setErrors({ ...errors, commission: undefined }))}
          />
        </div>
        <ErrorNote error={change.error} />
        <Button type="submit" busy={change.isPending}>
          {t('resellers.create')}
        </Button>
      </form>
      <NewKeyDialog channel={change.data} onClose={() => change.reset()} />
    </>
  );
}

function ResellerRow({ channel: c }: { channel: Channel }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const revoke = useRevokeChannel();
  const facts: [string, string, boolean?][] = [
    [t('resellers.commission'), t('resellers.percent', { percent: c.commissionPercent })],
    [t('resellers.keyPrefix'), `${c.keyPrefix}…`, true],
    [t('resellers.created'), f.when(c.createdAt)],
    c.revokedAt
      ? [t('resellers.revokedAt'), f.when(c.revokedAt)]
      : [t('resellers.rotatedAt'), c.keyRotatedAt ? f.when(c.keyRotatedAt) : t('resellers.never')],
  ];
  return (
    <li className={card} data-testid="reseller">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="min-w-0 break-words font-semibold">{c.name}</h4>
        <StatusBadge status={c.revokedAt ? 'revoked' : 'active'} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm lg:grid-cols-4">
        {facts.map(([label, value, mono]) => (
          <div key={label} className="min-w-0">
            <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
            <dd className={mono ? 'break-all font-mono' : 'break-words'}>{value}</dd>
          </div>
        ))}
      </dl>
      {!c.revokedAt && (
        <div className="mt-4 flex flex-wrap gap-2">
          <RotateKey channel={c} />
          <ConfirmAction
            danger
            label={t('resellers.revoke')}
            title={t('resellers.revokeTitle', { name: c.name })}
            description={t('resellers.revokeBody')}
            onConfirm={() => revoke.mutateAsync(c.id)}
          />
        </div>
      )}
    </li>
  );
}
