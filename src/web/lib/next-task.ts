/** Resolves in a new task: work after it is not part of the current (possibly long) one. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
