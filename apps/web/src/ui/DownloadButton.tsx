import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { toast } from './notify';

/** A button that downloads a file the server makes: busy while it comes, a failure toast (`failure` when unnamed). */
export function DownloadButton({
  download,
  failure,
  children,
  ...button
}: { download: () => Promise<void>; failure: string; children: ReactNode } & Pick<ButtonProps, 'variant' | 'size'>) {
  const [isDownloading, setDownloading] = useState(false);
  async function handleDownload() {
    setDownloading(true);
    try {
      await download();
    } catch (error) {
      toast('failure', error instanceof Error ? error.message : failure);
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button {...button} leftSection={<IconDownload size={16} aria-hidden />} loading={isDownloading} onClick={handleDownload}>
      {children}
    </Button>
  );
}
