import type { TFunction } from 'i18next';
import { protectedTitleText } from '../../licences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AvailabilityBody,
  AvailabilityReply,
  CalendarUrlReply,
  ItineraryBody,
  OwnItinerary,
  ProfileBody,
  ProfileReply,
  RatesBody,
  RatesReply,
} from '../../../../shared/schemas/guide-business';
import type { ListingStatus } from '../../../../shared/schemas/guides';
import { apiRequest } from '../../../lib/api-client';

export const guideBusinessKeys = {
  availability: ['guide-business', 'availability'] as const,
  rates: ['guide-business', 'rates'] as const,
  calendar: ['guide-business', 'calendar-url'] as const,
  profile: ['guide-business', 'profile'] as const,
  itineraries: ['guide-business', 'itineraries'] as const,
  listing: ['guide-business', 'listing-status'] as const,
};

/** What the guide still lacks to be listed in search (decision 091). */
export function useListingStatus(enabled = true) {
  return useQuery({
    queryKey: guideBusinessKeys.listing,
    queryFn: () => apiRequest<ListingStatus>('/api/v2/guide/listing-status'),
    enabled,
  });
}

export function useMyAvailability() {
  return useQuery({
    queryKey: guideBusinessKeys.availability,
    queryFn: () => apiRequest<AvailabilityReply>('/api/v2/guides/me/availability'),
  });
}

export function useSaveAvailability() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilityBody) =>
      apiRequest<AvailabilityReply>('/api/v2/guides/me/availability', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(guideBusinessKeys.availability, data);
      void qc.invalidateQueries({ queryKey: ['guides'] });
      void qc.invalidateQueries({ queryKey: guideBusinessKeys.listing });
    },
  });
}

export function useMyRates() {
  return useQuery({
    queryKey: guideBusinessKeys.rates,
    queryFn: () => apiRequest<RatesReply>('/api/v2/guides/me/rates'),
  });
}

export function useSaveRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RatesBody) => apiRequest<RatesReply>('/api/v2/guides/me/rates', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(guideBusinessKeys.rates, data);
      void qc.invalidateQueries({ queryKey: ['guides'] });
    },
  });
}

export function useCalendarUrl() {
  return useQuery({
    queryKey: guideBusinessKeys.calendar,
    queryFn: () => apiRequest<CalendarUrlReply>('/api/v2/guides/me/calendar-url'),
  });
}

export function useResetCalendarUrl() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarUrlReply>('/api/v2/guides/me/calendar-url/reset', { method: 'POST' }),
    onSuccess: (data) => qc.setQueryData(guideBusinessKeys.calendar, data),
  });
}

export function useMyProfile(enabled = true) {
  return useQuery({
    queryKey: guideBusinessKeys.profile,
    queryFn: () => apiRequest<ProfileReply>('/api/v2/guides/me/profile'),
    enabled,
  });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => apiRequest<ProfileReply>('/api/v2/guides/me/profile', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(guideBusinessKeys.profile, data);
      void qc.invalidateQueries({ queryKey: ['guides'] });
      void qc.invalidateQueries({ queryKey: ['saved-guides'] });
    },
  });
}

export function useMyItineraries() {
  return useQuery({
    queryKey: guideBusinessKeys.itineraries,
    queryFn: () => apiRequest<{ data: OwnItinerary[] }>('/api/v2/guides/me/itineraries'),
  });
}

/** Create (no id) or replace an itinerary; delete with `remove`. Profiles and itinerary pages refetch. */
export function useSaveItinerary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ItineraryBody }) =>
      apiRequest<OwnItinerary>(id ? `/api/v2/guides/me/itineraries/${id}` : '/api/v2/guides/me/itineraries', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: guideBusinessKeys.itineraries });
      void qc.invalidateQueries({ queryKey: ['guides'] });
      void qc.invalidateQueries({ queryKey: ['itineraries'] });
    },
  });
}

export function useDeleteItinerary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/v2/guides/me/itineraries/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: guideBusinessKeys.itineraries });
      void qc.invalidateQueries({ queryKey: ['guides'] });
      void qc.invalidateQueries({ queryKey: ['itineraries'] });
    },
  });
}

/**
 * The text of a failed save: a protected title (decision 092) names the words the server found,
 * in the reader's language; anything else is the message of its code.
 */
export function saveErrorText(t: TFunction, err: unknown): string {
  return protectedTitleText(t, err) ?? t(saveErrorKey(err));
}

/** The locale key of a failed save (the server's stable code, or a generic one). */
export function saveErrorKey(err: unknown): string {
  const code = (err as { code?: string } | null)?.code;
  const known = [
    'overlapping_hours',
    'duplicate_date',
    'invalid_range',
    'unknown_service',
    'duplicate_extra',
    'overtime_price_required',
    'validation_failed',
    'not_a_guide',
    'invalid_postal_code',
    'text_required',
    'contact_details_not_allowed',
    'conflict',
  ];
  return code && known.includes(code) ? `guideBusiness:errors.${code}` : 'guideBusiness:errors.generic';
}
