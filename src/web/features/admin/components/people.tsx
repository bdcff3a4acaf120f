import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { listText } from '../../../lib/cjk-spacing';
import { currentLocale } from '../../../lib/i18n';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form';
import { spanText } from '../../../../shared/booking/span-text';
import { isCurrency } from '../../../../shared/currency';
import { formatInstant } from '../../../lib/format';
import { useAdminAction } from '../api/actions';
import {
  useBooking,
  useBookingSearch,
  useUser,
  useUsers,
  type AdminBookingDetail,
  type AdminBookingRow,
} from '../api/people';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, QueryFallback } from './ui/feedback';
import { LedgerTable } from './ui/ledger-table';
import { Pager, QueueItem, QueueLayout, StatusBadge } from './ui/queue';
import { useFormat } from './ui/use-format';
import { EmailText } from '../../../components/ui/email-text';

function useBookingMeta() {
  const f = useFormat();
  // A booking of several days names its days, not only its first (decision 154).
  return (b: AdminBookingRow) =>
    `${f.when(b.startsAt)}${b.days > 1 ? f.note(spanText(b.date, b.days, f.locale)) : ''} · ${b.traveler.username} → ${b.guide.username} · ${f.money(b.totalPriceCents, b.currency)}`;
}

function SearchBox({
  label,
  initial,
  onSearch,
  placeholder,
}: {
  label: string;
  initial: string;
  onSearch: (q: string) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(e) => setValue(e.target.value)}
          className={inputClass}
        />
      </div>
      <Button type="submit" variant="outline">
        {t('search')}
      </Button>
    </form>
  );
}

export function UsersQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useUsers(q, page);
  const search = params.toString() ? `?${params.toString()}` : '';
  const set = (next: { q?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q) p.set('q', next.q);
      else p.delete('q');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p, { replace: true });
  };
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/users${search}`}
      filters={<SearchBox label={t('users.search')} initial={q} onSearch={(v) => set({ q: v })} />}
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : list.data.users.length === 0 ? (
          <Empty>{t('users.empty')}</Empty>
        ) : (
          <>
            <ul aria-label={t('sections.users')}>
              {list.data.users.map((u) => (
                <QueueItem
                  key={u.id}
                  to={`/admin/users/${u.id}${search}`}
                  active={u.id === id}
                  title={f.person(u)}
                  meta={`${u.email ?? t('common:account.noEmail')} · ${f.when(u.createdAt)}`}
                  status={u.suspendedAt ? 'suspended' : undefined}
                />
              ))}
            </ul>
            <Pager
              page={list.data.page}
              total={list.data.total}
              limit={list.data.limit}
              onPage={(n) => set({ page: n })}
            />
          </>
        )
      }
      detail={id ? <UserDetail id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

function UserDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const one = useUser(id);
  const bookingMeta = useBookingMeta();
  const act = useAdminAction();
  if (one.isPending || one.isError) return <QueryFallback query={one} />;
  const { user: u, bookings } = one.data;
  const roles =
    listText(
      [u.isAdmin && t('users.admin'), u.isGuide && t('users.guide')].filter((x): x is string => Boolean(x)),
      currentLocale(),
    ) || t('users.traveler');
  return (
    <DetailCard
      title={f.person(u)}
      actions={
        u.isAdmin ? undefined : u.suspendedAt ? (
          <ConfirmAction
            label={t('users.reinstate')}
            title={t('users.reinstateTitle', { name: u.username })}
            onConfirm={() => act.mutateAsync({ kind: 'user', id, step: 'reinstate' })}
          />
        ) : (
          <ConfirmAction
            danger
            label={t('users.suspend')}
            title={t('users.suspendTitle', { name: u.username })}
            description={t('users.suspendBody')}
            reasonLabel={t('users.reasonLabel')}
            onConfirm={(reason) => act.mutateAsync({ kind: 'user', id, step: 'suspend', reason })}
          />
        )
      }
    >
      <Facts
        items={[
          [t('users.email'), <EmailText key="email" email={u.email} />],
          [t('users.roles'), roles],
          [t('users.verified'), u.identityVerified ? t('yes') : t('no')],
          [
            t('users.guideProfile'),
            u.guide
              ? `#${u.guide.id} · ${t(`status.${u.guide.status}`, { defaultValue: u.guide.status })}${u.guide.serviceCity ? ` · ${u.guide.serviceCity}` : ''}`
              : '—',
          ],
          [t('users.joined'), f.when(u.createdAt)],
          [
            t('users.suspended'),
            u.suspendedAt ? `${f.when(u.suspendedAt)}${u.suspensionReason ? ` — ${u.suspensionReason}` : ''}` : t('no'),
          ],
        ]}
      />
      <Section title={t('users.bookings', { count: bookings.length })}>
        {bookings.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('users.noBookings')}</p>
        ) : (
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
            {bookings.map((b) => (
              <QueueItem
                key={b.id}
                to={`/admin/bookings/${b.id}`}
                active={false}
                title={`${b.bookingNumber} · ${t(`status.${b.role}`)}`}
                meta={bookingMeta(b)}
                status={b.status}
              />
            ))}
          </ul>
        )}
      </Section>
      <AuditTrail entityType="user" entityId={u.id} />
    </DetailCard>
  );
}

export function BookingsQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const number = params.get('number') ?? '';
  const found = useBookingSearch(number);
  const bookingMeta = useBookingMeta();
  const search = number ? `?number=${encodeURIComponent(number)}` : '';
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/bookings${search}`}
      filters={
        <SearchBox
          label={t('bookings.search')}
          placeholder="TG0001"
          initial={number}
          onSearch={(v) => setParams(v ? { number: v } : {}, { replace: true })}
        />
      }
      list={
        !number ? (
          <Empty>{t('bookings.hint')}</Empty>
        ) : found.isPending || found.isError ? (
          <QueryFallback query={found} />
        ) : found.data.length === 0 ? (
          <Empty>{t('bookings.empty')}</Empty>
        ) : (
          <ul aria-label={t('sections.bookings')}>
            {found.data.map((b) => (
              <QueueItem
                key={b.id}
                to={`/admin/bookings/${b.id}${search}`}
                active={b.id === id}
                title={b.bookingNumber}
                meta={bookingMeta(b)}
                status={b.status}
              />
            ))}
          </ul>
        )
      }
      detail={id ? <BookingDetail id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

/**
 * Timeline details whose values are API enums (payment kind, method and status, a side, a resolution), not free text.
 */
const ENUM_DETAILS = new Set(['kind', 'method', 'status', 'side', 'by', 'resolution', 'checkpoint', 'source']);

/** Every day of a booking of several days: the span, then each day's hours on the tour's clock. */
function TourDaysList({
  booking: b,
}: {
  booking: Pick<AdminBookingDetail['booking'], 'date' | 'schedule' | 'timeZone'>;
}) {
  const f = useFormat();
  const time = (iso: string) => formatInstant(iso, f.locale, b.timeZone).time;
  return (
    <span data-testid="admin-tour-days">
      <span className="block">{spanText(b.date, b.schedule.length, f.locale)}</span>
      <ol className="mt-1 text-xs tabular-nums text-stone-600 dark:text-stone-400">
        {b.schedule.map((d) => (
          <li key={d.date}>
            {formatInstant(d.startsAt, f.locale, b.timeZone).date} {time(d.startsAt)}–{time(d.endsAt)}
          </li>
        ))}
      </ol>
    </span>
  );
}

function BookingDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const one = useBooking(id);
  if (one.isPending || one.isError) return <QueryFallback query={one} />;
  const { booking: b, timeline, ledger } = one.data;
  const person = (p: { id: number; username: string; fullName: string }, userId = p.id) => (
    <Link className="font-medium text-primary-700 hover:underline dark:text-primary-300" to={`/admin/users/${userId}`}>
      {f.person(p)}
    </Link>
  );
  /**
   * A timeline detail in words: amounts in their currency (a payment's own, which may be the charge's;
   * otherwise the booking's, decision 164), actions and enum values translated; free text (a reason, a note) as
   * written.
   */
  const detailValue = (key: string, v: unknown, detail: Record<string, unknown>): string => {
    if (/Cents$/.test(key) && typeof v === 'number')
      return f.money(v, isCurrency(detail.currency) ? detail.currency : b.currency);
    if (key === 'action' && typeof v === 'string') return t(`audit.actions.${v}`, { defaultValue: v });
    if (ENUM_DETAILS.has(key) && typeof v === 'string') return t(`bookings.values.${v}`, { defaultValue: v });
    if (typeof v === 'boolean') return t(`bookings.values.${v}`);
    if (key === 'issuedAt' && typeof v === 'string') return f.when(v, 'Asia/Tokyo');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const facts: [string, ReactNode][] = [
    [t('fields.status'), <StatusBadge key="s" status={b.status} />],
    [
      t('bookings.startsAt'),
      `${f.when(b.startsAt, b.timeZone)}${f.note(b.timeZone === 'Asia/Tokyo' ? t('bookings.japanTime') : b.timeZone)}`,
    ],
    ...(b.schedule.length > 1
      ? ([
          [t('bookings.days'), <TourDaysList key="d" booking={b} />],
          [t('bookings.duration'), t('bookings.hoursADay', { count: b.durationMinutes / 60 })],
        ] as [string, ReactNode][])
      : ([[t('bookings.duration'), t('bookings.hours', { count: b.durationMinutes / 60 })]] as [string, ReactNode][])),
    [t('bookings.travelers'), b.travelers],
    [t('bookings.total'), f.money(b.totalPriceCents, b.currency)],
    [t('bookings.deposit'), f.money(b.depositCents, b.currency)],
    [t('status.traveler'), person(b.traveler)],
    [t('status.guide'), person(b.guide, b.guide.userId)],
    [t('bookings.meeting'), b.meetingAddress],
    ...(b.cancelledBy
      ? ([
          [
            t('bookings.cancelled'),
            `${t(`bookings.values.${b.cancelledBy}`, { defaultValue: b.cancelledBy })}${b.cancelReason ? ` — ${b.cancelReason}` : ''}`,
          ],
        ] as [string, string][])
      : []),
  ];
  return (
    <DetailCard title={t('bookings.title', { number: b.bookingNumber })}>
      <Facts items={facts} />
      <Section title={t('bookings.timeline')}>
        {timeline.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">—</p>
        ) : (
          <ol className="space-y-2 border-l-2 border-stone-200 pl-3 text-sm dark:border-stone-700">
            {timeline.map((e, i) => (
              <li key={i}>
                <span className="font-medium">
                  {t(`bookings.events.${e.event}`, { defaultValue: e.event.replaceAll('_', ' ') })}
                </span>
                <span className="ml-2 text-xs tabular-nums text-stone-600 dark:text-stone-400">{f.when(e.at)}</span>
                {Object.keys(e.detail).length > 0 && (
                  <span className="block break-words text-xs text-stone-600 dark:text-stone-400">
                    {Object.entries(e.detail)
                      .filter(([k, v]) => v !== null && v !== undefined && v !== '' && k !== 'currency')
                      .map(
                        ([k, v]) =>
                          `${t(`bookings.detail.${k}`, { defaultValue: k })}${f.colon}${detailValue(k, v, e.detail)}`,
                      )
                      .join(' · ')}
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title={t('ledger.booking')}>
        <LedgerTable
          entries={ledger.entries}
          total={ledger.total}
          totalCurrency={b.currency}
          caption={t('ledger.booking')}
        />
      </Section>
    </DetailCard>
  );
}
