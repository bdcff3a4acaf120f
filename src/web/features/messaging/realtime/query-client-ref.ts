import type { QueryClient } from '@tanstack/react-query';

/** The app's query client, for code outside React (browser notifications read the settings). */
export const queryClientRef: { current: QueryClient | null } = { current: null };
