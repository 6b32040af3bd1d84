import { DEMO_BANNER_TEXT } from '@portico/shared';
import { useEffect } from 'react';
import { useInstance } from './api';

/** Its height, also the offset of the member shell's fixed header and navigation (MemberShell). */
export const DEMO_BANNER_HEIGHT = 28;

/**
 * The slim banner at the top of every page while the server runs in demo mode (decision 0940): in the page's flow and
 * sticky, so it covers nothing; the member shell's fixed header sits below it through `--demo-banner-height`.
 */
export function DemoBanner() {
  const demo = useInstance().data?.demo === true;
  useEffect(() => {
    if (!demo) return;
    document.documentElement.style.setProperty('--demo-banner-height', `${DEMO_BANNER_HEIGHT}px`);
    return () => {
      document.documentElement.style.removeProperty('--demo-banner-height');
    };
  }, [demo]);
  if (!demo) return null;
  return (
    <section
      aria-label="Demo notice"
      data-testid="demo-banner"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 150,
        height: DEMO_BANNER_HEIGHT,
        lineHeight: `${DEMO_BANNER_HEIGHT - 1}px`,
        padding: '0 12px',
        background: '#fff3bf',
        color: '#1a1b1e',
        borderBottom: '1px solid #e8c600',
        fontSize: 13,
        textAlign: 'center',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      {DEMO_BANNER_TEXT}
    </section>
  );
}
