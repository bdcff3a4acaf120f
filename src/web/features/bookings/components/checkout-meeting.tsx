// The checkout's meeting point panel: the place a booking or an offer fixed, or the fields a new booking types it in,
// with their state.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postalCodeSchema, type Booking } from '../../../../shared/schemas/bookings';
import type { Offer } from '../../../../shared/schemas/offers';
import { FieldShell, inputClass, TextAreaField, TextField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { moneyFormat } from '../../../lib/format';
import { formatPostalCode } from '../lib/forms';
import { MeetingPointInput, MeetingPlace } from '../../meeting-points';

/** The meeting point a new booking types, its errors, and the fields Pay focuses when one is wrong. */
export function useMeetingDraft() {
  const { t } = useTranslation('bookings');
  const [address, setAddress] = useState('');
  const [postal, setPostal] = useState('');
  const [coords, setCoords] = useState<{ meetingLat: number; meetingLng: number } | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ address?: string; postal?: string }>({});
  const addressRef = useRef<HTMLInputElement>(null);
  const postalRef = useRef<HTMLInputElement>(null);
  const postalError = (v: string) =>
    v && !postalCodeSchema.safeParse(v).success ? t('meeting.postalInvalid') : undefined;
  return {
    address,
    setAddress,
    postal,
    setPostal,
    coords,
    setCoords,
    notes,
    setNotes,
    errors,
    setErrors,
    addressRef,
    postalRef,
    postalError,
  };
}

/** The meeting point a booking or an offer already has: the place, its notes, and the offer's extras. */
export function FixedMeeting({
  fixed,
  offer,
}: {
  fixed: Pick<Booking, 'meetingAddress' | 'meetingPostalCode' | 'meetingLat' | 'meetingLng' | 'notes'>;
  offer?: Offer;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  return (
    <div className="text-sm" data-testid="meeting-fixed">
      {fixed.meetingAddress ? (
        <p>
          <MeetingPlace place={fixed} />
        </p>
      ) : (
        <p className="text-stone-600 dark:text-stone-400">{t('meeting.none')}</p>
      )}
      {fixed.notes && <p className="mt-2 whitespace-pre-line text-stone-600 dark:text-stone-400">{fixed.notes}</p>}
      {offer && offer.extras.totalYen > 0 && (
        <p
          className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-stone-700 dark:bg-stone-800 dark:text-stone-200"
          data-testid="offer-extras-note"
        >
          {t('offer.extras', { amount: moneyFormat(locale).yen(offer.extras.totalYen) })}
        </p>
      )}
    </div>
  );
}

/**
 * The meeting point of a new booking: the address (from the list or typed), its postal code, and notes for the guide.
 */
export function MeetingFields({
  meeting,
  busy,
  city,
}: {
  meeting: ReturnType<typeof useMeetingDraft>;
  busy: boolean;
  city: string;
}) {
  const { t } = useTranslation('bookings');
  const {
    address,
    setAddress,
    postal,
    setPostal,
    setCoords,
    notes,
    setNotes,
    errors,
    setErrors,
    addressRef,
    postalRef,
    postalError,
  } = meeting;
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
      <FieldShell label={t('meeting.address')} error={errors.address} hint={t('common:meetingPoint.hint')}>
        {({ id, describedBy, invalid }) => (
          <MeetingPointInput
            ref={addressRef}
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={inputClass}
            placeholder={t('meeting.addressPlaceholder')}
            maxLength={300}
            required
            disabled={busy}
            city={city}
            value={address}
            onChange={(text) => {
              setAddress(text);
              setCoords(null);
              if (errors.address && text.trim()) setErrors((x) => ({ ...x, address: undefined }));
            }}
            onPick={(p) => {
              setAddress(p.meetingAddress);
              setPostal(p.meetingPostalCode);
              setCoords({ meetingLat: p.meetingLat, meetingLng: p.meetingLng });
              setErrors((x) => ({ ...x, address: undefined, postal: undefined }));
            }}
          />
        )}
      </FieldShell>
      <TextField
        ref={postalRef}
        label={t('meeting.postal')}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="150-0043"
        maxLength={8}
        value={postal}
        disabled={busy}
        error={errors.postal}
        hint={t('meeting.postalHint')}
        onChange={(e) => {
          const v = formatPostalCode(e.target.value);
          setPostal(v);
          setCoords(null);
          if (errors.postal && !postalError(v)) setErrors((x) => ({ ...x, postal: undefined }));
        }}
        onBlur={() => setErrors((x) => ({ ...x, postal: postalError(postal) }))}
      />
      <TextAreaField
        wrapperClassName="sm:col-span-2"
        label={t('meeting.notes')}
        placeholder={t('meeting.notesPlaceholder')}
        maxLength={1000}
        rows={2}
        className="min-h-0"
        value={notes}
        disabled={busy}
        onChange={(e) => setNotes(e.target.value)}
      />
    </div>
  );
}
