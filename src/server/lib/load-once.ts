/**
 * A package imported on first use and kept (decision 086), for heavy ones no first request needs
 * (sharp, pdfkit): importing them at start-up cost every start about a second on a busy machine.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
