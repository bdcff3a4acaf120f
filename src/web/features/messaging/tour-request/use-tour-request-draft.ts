// The traveler's tour request as it is written: its draft, the guide's services, the fees, the checks and the sending;
// apart from the form, which lays out the fields.
import { useRef, useState } from 'react';
import { tourRequestAllowances } from '../../../../shared/messaging/tour-request';
import { ApiError } from '../../../lib/api-client';
import { useGuideChoices } from '../../guides';
import { emptyDraft, toTourRequest, validateTourRequest, type TourRequestDraft, type TourRequestErrors } from './rules';
import { useSendTourRequest } from './api';

export const todayIso = () => new Date().toISOString().slice(0, 10);
export const newId = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '');

/** The request's draft and what the form shows and sends of it; a field with an error is focused on sending. */
export function useTourRequestDraft(conversationId: number, guideId: number, onDone: () => void) {
  const choices = useGuideChoices(guideId);
  const [d, setD] = useState<TourRequestDraft>(emptyDraft);
  const [errors, setErrors] = useState<TourRequestErrors>({});
  const clientId = useRef(newId());
  const send = useSendTourRequest(conversationId);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof TourRequestDraft>(k: K, v: TourRequestDraft[K]) => {
    setD((old) => ({ ...old, [k]: v }));
    clientId.current = newId();
    if (errors[k]) setErrors((old) => ({ ...old, [k]: undefined }));
  };
  const meals = Number(d.meals) || 0;
  const tickets = Number(d.ticketCount) || 0;
  const fees = tourRequestAllowances({
    meal: d.meal,
    meals,
    transport: d.transport,
    tickets: d.tickets,
    ticketCount: tickets,
  });

  const submit = () => {
    const found = validateTourRequest(d, todayIso());
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send.mutate(
      { clientMessageId: clientId.current, request: toTourRequest(d), note: d.note.trim() },
      {
        onSuccess: onDone,
        onError: (e) => {
          // The guide stopped offering it meanwhile: say so on the field and show the current list.
          if (e instanceof ApiError && e.code === 'service_not_offered') {
            setErrors({ subcategoryId: 'serviceNotOffered' });
            void choices.refetch();
          }
        },
      },
    );
  };
  return { choices, d, setD, errors, setErrors, clientId, send, formRef, set, fees, submit };
}
