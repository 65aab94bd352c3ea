/** Plays the server's Set-Cookie in tests (happy-dom has no Cookie Store API). */
export function setTestCookie(name: string, value: string, expired = false): void {
  const expiry = expired ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the tests stand in for the server that sets cookies.
  document.cookie = `${name}=${value}${expiry}; path=/`;
}
