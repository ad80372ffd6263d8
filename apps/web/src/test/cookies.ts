/** Sets a cookie in jsdom, as the server's Set-Cookie would in a browser. */
export function setCookie(pair: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no other way to receive a cookie
  document.cookie = pair;
}
