/** Width and height from the first bytes of a PNG, GIF or JPEG (the media manager's details); null otherwise. */
export function imageSize(head: Buffer): { width: number; height: number } | null {
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (head.length >= 10 && head.toString('latin1', 0, 4) === 'GIF8') return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) {
    let at = 2;
    while (at + 9 < head.length) {
      if (head[at] !== 0xff) return null;
      const marker = head[at + 1] as number;
      const length = head.readUInt16BE(at + 2);
      // Start-of-frame markers carry the size (C0-CF but C4, C8, CC).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: head.readUInt16BE(at + 5), width: head.readUInt16BE(at + 7) };
      }
      at += 2 + length;
    }
  }
  return null;
}

/** Whether a file's first bytes are those of the image type its extension names. */
export function looksLikeImage(extension: string, head: Buffer): boolean {
  switch (extension) {
    case 'png':
      return head.length >= 8 && head.readUInt32BE(0) === 0x89504e47;
    case 'jpg':
    case 'jpeg':
      return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'gif':
      return head.toString('latin1', 0, 4) === 'GIF8';
    case 'webp':
      return head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
    default:
      return true;
  }
}
