import { AD_FRAME } from '@portico/shared';
import { type CSSProperties, useEffect, useRef } from 'react';

/**
 * A third-party ad template, rendered only inside a sandboxed frame without allow-same-origin, so it can never reach
 * the portal's page, storage, cookies or tokens. The frame loads the server's ad frame document, whose own CSP lets
 * the template's scripts run there while the portal page's CSP stays strict; the template is posted to it once the
 * frame says it is ready (decision 0150, "Ads"). Every template takes this one path, scripted or not: the sandbox,
 * not the isScript flag, is what keeps the portal safe.
 */
export function AdFrame({ title, template, style, testId }: { title: string; template: string; style: CSSProperties; testId: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || (event.data as { type?: unknown })?.type !== AD_FRAME.ready) return;
      // The sandboxed frame has an opaque origin, which only '*' can address; the template is not a secret.
      target.postMessage({ type: AD_FRAME.template, html: template }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [template]);

  return (
    <iframe
      key={template}
      ref={frame}
      title={title}
      src={AD_FRAME.path}
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      style={style}
      data-testid={testId}
    />
  );
}
