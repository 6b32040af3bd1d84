import { AD_FRAME } from '@portico/shared';
import { type CSSProperties, useEffect, useRef } from 'react';

/**
 * A third-party ad template, rendered only inside a sandboxed frame without allow-same-origin, so it can never reach
 * the portal's page, storage, cookies or tokens. A scripted template goes to the server's ad frame document (its own
 * CSP lets the template's scripts run there, while the portal page's CSP stays strict), sent by postMessage once
 * the frame says it is ready. A template without scripts is written into a srcdoc frame where scripts cannot run.
 */
export function AdFrame({
  title,
  template,
  isScript,
  style,
  testId,
}: {
  title: string;
  template: string;
  isScript: boolean;
  style: CSSProperties;
  testId: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!isScript) return;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || (event.data as { type?: unknown })?.type !== AD_FRAME.ready) return;
      // The sandboxed frame has an opaque origin, which only '*' can address; the template is not a secret.
      target.postMessage({ type: AD_FRAME.template, html: template }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [isScript, template]);

  if (!isScript) {
    return (
      <iframe
        title={title}
        srcDoc={template}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        style={style}
        data-testid={testId}
      />
    );
  }
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
