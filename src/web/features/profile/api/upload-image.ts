import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';
import { ME_QUERY_KEY } from '../../../lib/query-keys';

export type ImageSlot = 'avatar' | 'background';
const PATHS: Record<ImageSlot, string> = { avatar: '/api/me/avatar', background: '/api/me/background-image' };

export function uploadImage({ slot, file }: { slot: ImageSlot; file: File }): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<User>(PATHS[slot], { method: 'POST', body: form });
}

export function removeImage(slot: ImageSlot): Promise<User> {
  return apiRequest<User>(PATHS[slot], { method: 'DELETE' });
}

function useImageMutation<T>(fn: (input: T) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (user) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      updateSessionUser(user);
    },
  });
}

export const useUploadImage = () => useImageMutation(uploadImage);
export const useRemoveImage = () => useImageMutation(removeImage);
