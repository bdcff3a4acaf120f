import { z } from 'zod';

/** What the web app reports when a page crashes, so failures in the field reach the server log. */
export const clientErrorReportSchema = z.object({
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000),
  userAgent: z.string().max(500).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
