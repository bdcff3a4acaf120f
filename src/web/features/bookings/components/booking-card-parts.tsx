import type { ReactNode } from 'react';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { cn } from '../../../lib/cn';
import { StatusBadge } from './status-badge';

/**
 * The top of every booking card (a traveler's trip, a guide's request or tour): the other side's
 * avatar and name as the card's heading, the status when the card shows one, a line of details under
 * the name, and an optional piece on the right (a chat button, the price).
 */
export function BookingCardHeader({
  person,
  titleId,
  status,
  statusLabelKey,
  details,
  aside,
  asideBelowOnPhone,
}: {
  person: { id: number; fullName: string; profilePicture: string | null };
  titleId: string;
  status?: BookingStatus;
  statusLabelKey?: string;
  details: ReactNode;
  aside?: ReactNode;
  /** The aside on a line of its own below a phone's narrow header (a price beside the name would cut it). */
  asideBelowOnPhone?: boolean;
}) {
  return (
    <div className={cn('flex items-start gap-3', asideBelowOnPhone && 'flex-wrap sm:flex-nowrap')}>
      <UserAvatar user={{ ...person, nickname: null }} size={48} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="truncate text-base font-semibold">
            {person.fullName}
          </h3>
          {status && <StatusBadge status={status} labelKey={statusLabelKey} />}
        </div>
        <div className="text-sm text-stone-600 dark:text-stone-400">{details}</div>
      </div>
      {asideBelowOnPhone ? <div className="w-full sm:w-auto">{aside}</div> : aside}
    </div>
  );
}

/** One labelled fact of a booking card's details list (`wide` spans both columns). */
export function Fact({ icon, label, children, wide }: { icon?: ReactNode; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">
        {icon && <span aria-hidden>{icon}</span>}
        {label}
      </dt>
      <dd className="mt-0.5 text-stone-800 dark:text-stone-200">{children}</dd>
    </div>
  );
}
