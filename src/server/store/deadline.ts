// Bounds a store call: a store that hangs must not hold a request open, so after `ms` the call is
// treated as failed (and the caller fails closed) while it finishes or fails in the background.
export class StoreTimeoutError extends Error {}

export function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  work.catch(() => {}); // its failure after the timeout is already answered
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
