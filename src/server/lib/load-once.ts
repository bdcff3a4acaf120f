/**
 * A package loaded on first use and kept (decision 086). For the heavy ones that no first request
 * needs (sharp, pdfkit, stripe, nodemailer): importing them at start-up cost ~1.5 s of every start.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
