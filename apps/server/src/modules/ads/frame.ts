import { AD_FRAME } from '@portico/shared';

/**
 * The ad frame: an empty document that the portal loads in `<iframe sandbox="allow-scripts ...">` (never
 * allow-same-origin) and to which it posts one ad template. The frame writes the template into itself, so the
 * template's scripts run under this document's own policy, not the portal page's: inline and https scripts may run,
 * and the `sandbox` directive gives the document an opaque origin even when opened outside a frame, so it can never
 * read the portal's storage, cookies or tokens. No data is served here: templates reach the frame only from the
 * signed-in page, through postMessage.
 */
export const AD_FRAME_CSP = [
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
  "default-src 'none'",
  "script-src 'unsafe-inline' https:",
  "style-src 'unsafe-inline' https:",
  'img-src https: data:',
  'font-src https: data:',
  'media-src https:',
  'connect-src https:',
  'frame-src https:',
  "base-uri 'none'",
  'form-action https:',
  "frame-ancestors 'self'",
].join('; ');

export const AD_FRAME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Advertisement</title></head><body><script>
addEventListener('message', function (event) {
  var data = event.data;
  if (event.source !== parent || !data || data.type !== '${AD_FRAME.template}' || typeof data.html !== 'string') return;
  document.open();
  document.write(data.html);
  document.close();
});
parent.postMessage({ type: '${AD_FRAME.ready}' }, '*');
</script></body></html>`;
