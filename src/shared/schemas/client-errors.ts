import { z } from 'zod';

/** What the web app reports when a page crashes, so failures in the field reach the server log. */
export const clientErrorReportSchema = z.object({
  message: z.string().trim().min(1).max(500),
  stack: z.string().max(4000).optional(),
  url: z.string().max(1000),
  userAgent: z.string().max(300).optional(),
});
