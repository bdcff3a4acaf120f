import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Fetches the export (it needs the bearer token, so it cannot be a plain link) and saves it as a file. */
export async function exportData(): Promise<void> {
  const data = await apiRequest<{ exportedAt: string }>('/api/me/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `tabi-guides-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}
