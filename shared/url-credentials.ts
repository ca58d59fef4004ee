// A base URL may carry credentials (`http://user:secret@host`): they are never printed. Every
// URL in a text loses its userinfo part; one rule for the command line, the client's errors
// and the reports (which keep scheme, host and path only).

/** `scheme://user:pass@` anywhere in a text: the userinfo part, up to the host's `@`. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;

/** The text with every URL's userinfo replaced by `[redacted]`. */
export function hideUrlCredentials(text: string): string {
  return text.replace(USERINFO, '$1[redacted]@');
}
