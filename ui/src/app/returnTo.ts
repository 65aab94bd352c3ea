/** Where the login sends the user afterwards; only same-site app paths are accepted. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Going back to the login or logout page after signing in would loop.
  if (/^\/(login|logout)(?:[/?#]|$)/i.test(value)) return '/';
  return value;
}

/** The login URL that remembers the wanted path (left out for the start page). */
export function loginHref(wanted: string): string {
  const target = safeReturnTo(wanted);
  return target === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(target)}`;
}
