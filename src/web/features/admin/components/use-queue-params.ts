import { useSearchParams } from 'react-router';

/** A queue's filter and page live in the address (?status=…&page=…), so a link or reload keeps them. */
export function useQueueParams(defaultStatus = '') {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? defaultStatus;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: { status?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status === defaultStatus) p.delete('status');
      else p.set('status', next.status);
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page <= 1) p.delete('page');
      else p.set('page', String(next.page));
    }
    setParams(p, { replace: true });
  };
  const search = params.toString() ? `?${params.toString()}` : '';
  return {
    status,
    page,
    setStatus: (s: string) => set({ status: s }),
    setPage: (n: number) => set({ page: n }),
    search,
  };
}
