/** The nonce of this page's style elements (the server's CSP allows styles with it; decision 0912). */
export function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}
